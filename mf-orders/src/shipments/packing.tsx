import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  CreateShipmentDocument,
  OrderForPackingDocument,
  ShipAllDocument,
  type PackingOrderFieldsFragment,
  type ShipmentFieldsFragment,
} from '../graphql/generated';
import {
  graphqlProblem,
  Page,
  problemText,
  ScannerField,
  TableScroll,
  useApolloClient,
  useTranslation,
  type PageProps,
} from '../shared-session';
import { StatusTag } from '../orders/format';
import { DocumentLink } from './document-link';
import { beep } from './sound';
import './shipments.css';

// /shipment/create 'Sendung erstellen', the packing station, made for a hand scanner (a
// keyboard that types a code and presses Enter). Step 1 'Auftrag scannen': the focus sits in
// the scan field; the order's number + Enter shows its positions. Step 2 'Auftragspositionen
// zuordnen': every EAN scanned puts one unit of the first position of that EAN that still has
// something open into the current package (or the quantities are typed); 'Paket hinzufügen'
// opens the next package; weight and tracking number per package. Step 3: the packages once
// more, 'Fertigstellen' ships them (the server books the stock out and decides every rule),
// then the delivery note and the labels are linked and the scan field waits for the next
// order. 'Alle versenden' ships everything open in one further package after a confirmation.
// Right and wrong scans sound (WebAudio) and colour the message, which a screen reader hears.

type Order = PackingOrderFieldsFragment;
type Item = Order['items'][number];
type Step = 'scan' | 'assign' | 'finish';

interface Package {
  /** Units per order item id. */
  quantities: Record<string, number>;
  /** As typed (a decimal comma is fine). */
  weight: string;
  tracking: string;
}

interface Message {
  intent: Intent;
  text: ReactNode;
}

const emptyPackage = (): Package => ({ quantities: {}, weight: '', tracking: '' });

/** Open = ordered − already shipped. */
const openOf = (item: Item) => Math.max(0, item.orderedQuantity - item.shippedQuantity);

/** A typed weight in kg (`1,5` or `1.5`), null when empty, NaN when it is none. */
function parseWeight(text: string): number | null {
  const value = text.trim().replace(',', '.');
  if (!value) return null;
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}

/** What one EAN scan into package `p` does (pure): the packages after it and what to say. */
function applyScan(
  order: Order,
  packages: Package[],
  p: number,
  code: string,
): { packages: Package[]; ok: boolean; text: [string, Record<string, unknown>] } {
  const assigned = (id: string) =>
    packages.reduce((sum, pkg) => sum + (pkg.quantities[id] ?? 0), 0);
  // A product without an EAN is scanned by its sku.
  const withEan = order.items.filter((item) =>
    item.product?.ean ? item.product.ean === code : item.sku === code,
  );
  if (withEan.length === 0)
    return {
      packages,
      ok: false,
      text: ['orders:shipment.wrongEan', { ean: code, number: order.number }],
    };
  const next = withEan.find((item) => assigned(String(item.id)) < openOf(item));
  if (!next)
    return {
      packages,
      ok: false,
      text: ['orders:shipment.eanDone', { ean: code, sku: withEan[0]!.sku }],
    };
  const id = String(next.id);
  return {
    packages: packages.map((pkg, index) =>
      index === p
        ? { ...pkg, quantities: { ...pkg.quantities, [id]: (pkg.quantities[id] ?? 0) + 1 } }
        : pkg,
    ),
    ok: true,
    text: [
      'orders:shipment.scanned',
      { sku: next.sku, n: p + 1, assigned: assigned(id) + 1, open: openOf(next) },
    ],
  };
}

export function PackingStation({ route }: PageProps) {
  const { t } = useTranslation(['orders', 'ui']);
  const client = useApolloClient();
  const [step, setStep] = useState<Step>('scan');
  const [order, setOrder] = useState<Order | null>(null);
  const [packages, setPackages] = useState<Package[]>([emptyPackage()]);
  const [current, setCurrent] = useState(0);
  const [message, setMessage] = useState<Message | null>(null);
  const [eanWrong, setEanWrong] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shipped, setShipped] = useState<ShipmentFieldsFragment | null>(null);
  const [shipAllOpen, setShipAllOpen] = useState(false);
  const [shipAllTracking, setShipAllTracking] = useState('');
  /** Server field errors by `packages.<p>.items.<i>.quantity` etc., shown at their fields. */
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  // The scan field (ui's ScannerField) hands each code on and clears itself; codes scanned
  // while the order is looked up wait there and then go, as EANs, to the order shown.
  const scanRef = useRef<HTMLInputElement>(null);
  const setField = (value: string) => {
    if (scanRef.current) scanRef.current.value = value;
  };
  const finishRef = useRef<HTMLButtonElement>(null);
  // Focus follows the step as React shows it (in the same task: a scanner's next key lands there).
  useLayoutEffect(() => {
    if (shipAllOpen) return;
    if (step === 'finish') finishRef.current?.focus();
    else scanRef.current?.focus();
  }, [step, current, shipAllOpen]);

  const items = order?.items ?? [];
  const assigned = (itemId: string) =>
    packages.reduce((sum, p) => sum + (p.quantities[itemId] ?? 0), 0);

  /** Client-side checks per field (the server checks again). */
  const quantityError = (p: number, item: Item): string | undefined => {
    const own = packages[p]?.quantities[String(item.id)] ?? 0;
    if (!Number.isInteger(own) || own < 0) return t('orders:shipment.badQuantity');
    if (assigned(String(item.id)) > openOf(item))
      return t('orders:shipment.tooMuch', { open: openOf(item) });
    return undefined;
  };
  const weightError = (p: number) =>
    Number.isNaN(parseWeight(packages[p]?.weight ?? ''))
      ? t('orders:shipment.badWeight')
      : undefined;
  const serverError = (p: number, itemId: string) => {
    const index = sentItems(packages[p]!).indexOf(itemId);
    return index < 0 ? undefined : serverErrors[`packages.${p}.items.${index}.quantity`];
  };

  /** The item ids a package sends, in position order (the index the server's errors name). */
  const sentItems = (pkg: Package) =>
    items.map((item) => String(item.id)).filter((id) => (pkg.quantities[id] ?? 0) > 0);

  const say = (intent: Intent, text: ReactNode, sound?: 'ok' | 'error') => {
    setMessage({ intent, text });
    if (sound) beep(sound);
  };

  const startOver = () => {
    setOrder(null);
    setPackages([emptyPackage()]);
    setCurrent(0);
    setEanWrong(false);
    setServerErrors({});
    setField('');
    setStep('scan');
  };

  /** An order's number scanned: its positions show (false: refused, the scans after it dropped). */
  const lookUpOrder = async (number: string): Promise<boolean> => {
    setBusy(true);
    setShipped(null);
    /** A refusal: the scan field puts the number back, selected for the next scan. */
    const refuse = (text: string) => {
      say(Intent.DANGER, text, 'error');
      return false;
    };
    try {
      const { data } = await client.query({
        query: OrderForPackingDocument,
        variables: { number },
        fetchPolicy: 'network-only',
      });
      const found = data?.orderForPacking ?? null;
      if (!found) return refuse(t('orders:shipment.unknownOrder', { number }));
      if (found.items.every((item) => openOf(item) === 0))
        return refuse(t('orders:shipment.allShipped', { number: found.number }));
      if (found.status !== 'PENDING' && found.status !== 'PROCESSING')
        return refuse(
          t('orders:shipment.notPackable', {
            number: found.number,
            status: t(`orders:order.status.${found.status}`),
          }),
        );
      setOrder(found);
      setPackages([emptyPackage()]);
      setCurrent(0);
      setServerErrors({});
      setMessage(null);
      beep('ok');
      setStep('assign');
      return true;
    } catch (error) {
      return refuse(problemText(graphqlProblem(error)));
    } finally {
      setBusy(false);
    }
  };

  const setQuantity = (p: number, itemId: string, quantity: number) => {
    setServerErrors({});
    setPackages((all) =>
      all.map((pkg, index) =>
        index === p ? { ...pkg, quantities: { ...pkg.quantities, [itemId]: quantity } } : pkg,
      ),
    );
  };

  /** An EAN scanned: one unit into the current package (codes that waited come one by one). */
  const scanEan = (code: string) => {
    if (!order) return;
    const scanned = applyScan(order, packages, current, code);
    setServerErrors({});
    setPackages(scanned.packages);
    setEanWrong(!scanned.ok);
    say(
      scanned.ok ? Intent.SUCCESS : Intent.DANGER,
      t(...scanned.text),
      scanned.ok ? 'ok' : 'error',
    );
  };

  const addPackage = () => {
    setPackages((all) => [...all, emptyPackage()]);
    setCurrent(packages.length);
    setMessage(null);
  };

  const removePackage = (p: number) => {
    setPackages((all) => all.filter((_, index) => index !== p));
    setCurrent(0);
    setServerErrors({});
  };

  /** What blocks the finish, or null. */
  const problems = (): string | null => {
    if (items.every((item) => assigned(String(item.id)) === 0))
      return t('orders:shipment.nothingAssigned');
    for (let p = 0; p < packages.length; p++) {
      if (items.some((item) => quantityError(p, item)) || weightError(p))
        return t('orders:shipment.fixFirst');
      if (sentItems(packages[p]!).length === 0)
        return t('orders:shipment.packageEmpty', { n: p + 1 });
    }
    return null;
  };

  const forward = () => {
    const problem = problems();
    if (problem) return say(Intent.DANGER, problem, 'error');
    setMessage(null);
    setStep('finish');
  };

  const shownResult = (shipment: ShipmentFieldsFragment) => {
    setShipped(shipment);
    beep('ok');
    const complete = shipment.order.status === 'COMPLETE';
    say(
      Intent.SUCCESS,
      `${t('orders:shipment.shipped', { number: shipment.order.number, count: shipment.packages.length })} ${t(
        complete ? 'orders:shipment.shippedComplete' : 'orders:shipment.shippedPartial',
      )}`,
    );
    startOver();
  };

  /** A server rule broken on a field, in the user's language where the rule is known. */
  const ruleText = (rule: { rule: string; message: string; params?: Record<string, unknown> }) =>
    rule.rule === 'open' || rule.rule === 'max'
      ? t('orders:shipment.tooMuch', { open: rule.params?.open ?? 0 })
      : rule.rule === 'stock'
        ? t('orders:shipment.noStock')
        : rule.message;

  /** A refusal: a stale order is reloaded; field errors show at their fields and above. */
  const refused = async (error: unknown, sent: Package[]) => {
    const problem = graphqlProblem(error);
    const fields: Record<string, string> = {};
    const texts: string[] = [];
    for (const [name, list] of Object.entries(problem.fieldRules)) {
      const first = list[0];
      if (!first) continue;
      fields[name] = ruleText(first);
      // packages.<p>.items.<i>.quantity: name the package and the position's sku.
      const at = /^packages\.(\d+)\.items\.(\d+)\./.exec(name);
      const pkg = at ? sent[Number(at[1])] : undefined;
      const itemId = pkg ? sentItems(pkg)[Number(at![2])] : undefined;
      const item = items.find((i) => String(i.id) === itemId);
      texts.push(
        at && item
          ? `${t('orders:shipment.package', { n: Number(at[1]) + 1 })}, ${item.sku}: ${fields[name]}`
          : fields[name],
      );
    }
    setServerErrors(fields);
    if (problem.reason === 'stale' && order) {
      const { data } = await client.query({
        query: OrderForPackingDocument,
        variables: { number: order.number },
        fetchPolicy: 'network-only',
      });
      if (data?.orderForPacking) setOrder(data.orderForPacking);
      say(Intent.DANGER, t('orders:shipment.stale'), 'error');
      setStep('assign');
      return;
    }
    say(Intent.DANGER, texts.length > 0 ? texts.join(' ') : problemText(problem), 'error');
    if (texts.length > 0) setStep('assign');
  };

  const finish = async () => {
    if (!order || busy) return;
    const problem = problems();
    if (problem) {
      setStep('assign');
      return say(Intent.DANGER, problem, 'error');
    }
    setBusy(true);
    try {
      const { data } = await client.mutate({
        mutation: CreateShipmentDocument,
        variables: {
          orderId: String(order.id),
          version: order.version,
          packages: packages.map((pkg) => ({
            weightKg: parseWeight(pkg.weight),
            trackingNumber: pkg.tracking.trim() || null,
            items: sentItems(pkg).map((id) => ({
              orderItemId: id,
              quantity: pkg.quantities[id]!,
            })),
          })),
        },
      });
      if (data) shownResult(data.createShipment);
    } catch (error) {
      await refused(error, packages);
    } finally {
      setBusy(false);
    }
  };

  const shipAll = async () => {
    if (!order || busy) return;
    setBusy(true);
    try {
      const { data } = await client.mutate({
        mutation: ShipAllDocument,
        variables: {
          orderId: String(order.id),
          version: order.version,
          trackingNumber: shipAllTracking.trim() || null,
        },
      });
      setShipAllOpen(false);
      setShipAllTracking('');
      if (data) shownResult(data.shipAll);
    } catch (error) {
      setShipAllOpen(false);
      await refused(error, []);
    } finally {
      setBusy(false);
    }
  };

  const onEnter = (action: () => unknown) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void action();
  };

  const stepTitle = {
    scan: t('orders:shipment.scanOrder'),
    assign: t('orders:shipment.assignPositions'),
    finish: t('orders:shipment.finishStep'),
  }[step];
  const stepNumber = { scan: 1, assign: 2, finish: 3 }[step];
  const pkg = packages[current] ?? packages[0]!;

  return (
    <Page title={t(route.pageTitle!)}>
      <div className="kontor-packing">
        <ol className="kontor-packing-steps" aria-label={t('orders:shipment.steps')}>
          {(['scan', 'assign', 'finish'] as Step[]).map((s, index) => (
            <li key={s} aria-current={s === step ? 'step' : undefined}>
              {index + 1}.{' '}
              {
                {
                  scan: t('orders:shipment.scanOrder'),
                  assign: t('orders:shipment.assignPositions'),
                  finish: t('orders:shipment.finishStep'),
                }[s]
              }
            </li>
          ))}
        </ol>
        <h3 className="bp6-heading">
          {stepTitle}{' '}
          <span className="bp6-text-muted">({t('orders:shipment.step', { n: stepNumber })})</span>
        </h3>
        {/* Always present, so a screen reader hears every scan's result. */}
        <div aria-live="assertive" className="kontor-packing-message">
          {message ? (
            <Callout
              intent={message.intent}
              role={message.intent === Intent.DANGER ? 'alert' : 'status'}
              className={
                message.intent === Intent.DANGER ? 'kontor-scan-wrong' : 'kontor-scan-right'
              }
            >
              {message.text}
              {shipped ? <ShipmentLinks shipment={shipped} /> : null}
            </Callout>
          ) : null}
        </div>

        {/* One scan field for the order number and then the EANs: it keeps the focus (and
            what a fast scanner typed) while the order loads. */}
        {step !== 'finish' ? (
          <FormGroup
            label={
              step === 'scan' ? t('orders:shipment.orderNumber') : t('orders:shipment.scanEan')
            }
            labelFor="packing-scan"
            className="kontor-packing-scan"
            helperText={
              step === 'scan'
                ? t('orders:shipment.scanOrderHint')
                : t('orders:shipment.scanEanHint')
            }
            intent={step === 'assign' && eanWrong ? Intent.DANGER : Intent.NONE}
          >
            <ScannerField
              id="packing-scan"
              label={
                step === 'scan' ? t('orders:shipment.orderNumber') : t('orders:shipment.scanEan')
              }
              inputRef={scanRef}
              leftIcon="barcode"
              intent={step === 'assign' && eanWrong ? Intent.DANGER : Intent.NONE}
              onScan={step === 'scan' ? lookUpOrder : scanEan}
            />
          </FormGroup>
        ) : null}

        {order && step !== 'scan' ? (
          <>
            <dl className="kontor-packing-order">
              <dt>{t('orders:shipment.orderNumber')}</dt>
              <dd>
                <strong>{order.number}</strong> <StatusTag status={order.status} />
              </dd>
              <dt>{t('orders:shipment.client')}</dt>
              <dd>{order.client.name}</dd>
              <dt>{t('orders:shipment.shippingMethod')}</dt>
              <dd>{order.shippingMethod?.name ?? t('orders:shipment.nothing')}</dd>
              <dt>{t('orders:shipment.address')}</dt>
              <dd>
                {[
                  order.shippingAddress.company,
                  `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim(),
                  `${order.shippingAddress.street} ${order.shippingAddress.houseNumber}`.trim(),
                  `${order.shippingAddress.postcode} ${order.shippingAddress.city}`.trim(),
                ]
                  .filter(Boolean)
                  .join(', ')}
              </dd>
            </dl>
          </>
        ) : null}

        {order && step === 'assign' ? (
          <>
            <Tabs
              id="packing-packages"
              selectedTabId={String(current)}
              onChange={(id) => setCurrent(Number(id))}
              renderActiveTabPanelOnly
            >
              {packages.map((_, p) => (
                <Tab key={p} id={String(p)} title={t('orders:shipment.package', { n: p + 1 })} />
              ))}
            </Tabs>
            <div
              className="kontor-packing-package"
              role="group"
              aria-label={t('orders:shipment.package', { n: current + 1 })}
            >
              <TableScroll label={t('orders:shipment.package', { n: current + 1 })}>
                <HTMLTable compact className="kontor-order-table kontor-packing-items">
                  <thead>
                    <tr>
                      <th className="kontor-number">{t('orders:shipment.position')}</th>
                      <th>{t('orders:shipment.sku')}</th>
                      <th>{t('orders:shipment.name')}</th>
                      <th>{t('orders:shipment.ean')}</th>
                      <th className="kontor-number">{t('orders:shipment.orderedQuantity')}</th>
                      <th className="kontor-number">{t('orders:shipment.alreadyShipped')}</th>
                      <th className="kontor-number">{t('orders:shipment.remaining')}</th>
                      <th>{t('orders:shipment.inPackage', { n: current + 1 })}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((item) => {
                      const id = String(item.id);
                      const error = quantityError(current, item) ?? serverError(current, id);
                      const left = openOf(item) - assigned(id);
                      return (
                        <tr
                          key={id}
                          className={
                            openOf(item) === 0
                              ? 'kontor-packing-done'
                              : left === 0
                                ? 'kontor-packing-full'
                                : undefined
                          }
                        >
                          <td className="kontor-number">{item.position}</td>
                          <td>{item.sku}</td>
                          <td>{item.name}</td>
                          <td>{item.product?.ean ?? ''}</td>
                          <td className="kontor-number">{item.orderedQuantity}</td>
                          <td className="kontor-number">{item.shippedQuantity}</td>
                          <td className="kontor-number">{left}</td>
                          <td>
                            <InputGroup
                              type="number"
                              min={0}
                              max={openOf(item)}
                              disabled={openOf(item) === 0}
                              aria-label={t('orders:shipment.inPackageOf', {
                                sku: item.sku,
                                n: current + 1,
                              })}
                              aria-invalid={error ? true : undefined}
                              intent={error ? Intent.DANGER : Intent.NONE}
                              title={error}
                              value={String(pkg.quantities[id] ?? 0)}
                              onChange={(event) =>
                                setQuantity(
                                  current,
                                  id,
                                  event.target.value === '' ? 0 : Number(event.target.value),
                                )
                              }
                              onKeyDown={onEnter(() => scanRef.current?.focus())}
                            />
                            {error ? <div className="kontor-packing-error">{error}</div> : null}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </HTMLTable>
              </TableScroll>
              <div className="kontor-packing-row">
                <FormGroup
                  label={t('orders:shipment.weightKg')}
                  labelFor="packing-weight"
                  intent={weightError(current) ? Intent.DANGER : Intent.NONE}
                  helperText={weightError(current)}
                >
                  <InputGroup
                    id="packing-weight"
                    inputMode="decimal"
                    value={pkg.weight}
                    autoComplete="off"
                    intent={weightError(current) ? Intent.DANGER : Intent.NONE}
                    onChange={(event) => {
                      const weight = event.target.value;
                      setPackages((all) =>
                        all.map((p, i) => (i === current ? { ...p, weight } : p)),
                      );
                    }}
                    onKeyDown={onEnter(() => document.getElementById('packing-tracking')?.focus())}
                  />
                </FormGroup>
                <FormGroup label={t('orders:shipment.trackingNumber')} labelFor="packing-tracking">
                  <InputGroup
                    id="packing-tracking"
                    value={pkg.tracking}
                    autoComplete="off"
                    onChange={(event) => {
                      const tracking = event.target.value;
                      setPackages((all) =>
                        all.map((p, i) => (i === current ? { ...p, tracking } : p)),
                      );
                    }}
                    onKeyDown={onEnter(() => scanRef.current?.focus())}
                  />
                </FormGroup>
                {packages.length > 1 ? (
                  <Button
                    variant="minimal"
                    icon="trash"
                    text={t('orders:shipment.removePackage', { n: current + 1 })}
                    onClick={() => removePackage(current)}
                  />
                ) : null}
              </div>
            </div>
            <div className="kontor-packing-actions">
              <Button icon="arrow-left" text={t('orders:shipment.back')} onClick={startOver} />
              <Button icon="add" text={t('orders:shipment.addPackage')} onClick={addPackage} />
              <Button
                intent={Intent.WARNING}
                icon="send-message"
                text={t('orders:shipment.shipAll')}
                onClick={() => setShipAllOpen(true)}
              />
              <Button
                intent={Intent.PRIMARY}
                endIcon="arrow-right"
                text={t('orders:shipment.forward')}
                onClick={forward}
              />
            </div>
          </>
        ) : null}

        {order && step === 'finish' ? (
          <>
            <TableScroll label={t('orders:shipment.packages')}>
              <HTMLTable compact className="kontor-order-table kontor-packing-summary">
                <thead>
                  <tr>
                    <th>{t('orders:shipment.packages')}</th>
                    <th>{t('orders:shipment.contents')}</th>
                    <th className="kontor-number">{t('orders:shipment.weightKg')}</th>
                    <th>{t('orders:shipment.trackingNumber')}</th>
                  </tr>
                </thead>
                <tbody>
                  {packages.map((p, index) => (
                    <tr key={index}>
                      <td>{t('orders:shipment.package', { n: index + 1 })}</td>
                      <td>
                        {sentItems(p)
                          .map((id) => {
                            const item = items.find((i) => String(i.id) === id)!;
                            return `${p.quantities[id]} × ${item.sku}`;
                          })
                          .join(', ')}
                      </td>
                      <td className="kontor-number">{p.weight || t('orders:shipment.nothing')}</td>
                      <td>{p.tracking || t('orders:shipment.nothing')}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </TableScroll>
            <div className="kontor-packing-actions">
              <Button
                icon="arrow-left"
                text={t('orders:shipment.back')}
                onClick={() => {
                  setMessage(null);
                  setStep('assign');
                }}
              />
              <Button
                ref={finishRef}
                intent={Intent.PRIMARY}
                icon="tick"
                loading={busy}
                text={t('orders:shipment.finish')}
                onClick={() => void finish()}
              />
            </div>
          </>
        ) : null}
      </div>

      <Dialog
        isOpen={shipAllOpen}
        title={t('orders:shipment.shipAllTitle')}
        onClose={() => setShipAllOpen(false)}
        canEscapeKeyClose
      >
        <DialogBody>
          <p>{t('orders:shipment.shipAllText', { number: order?.number ?? '' })}</p>
          <FormGroup
            label={t('orders:shipment.shipAllTracking')}
            labelFor="packing-ship-all-tracking"
          >
            <InputGroup
              id="packing-ship-all-tracking"
              autoFocus
              value={shipAllTracking}
              autoComplete="off"
              onChange={(event) => setShipAllTracking(event.target.value)}
              onKeyDown={onEnter(shipAll)}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('orders:shipment.cancel')} onClick={() => setShipAllOpen(false)} />
              <Button
                intent={Intent.WARNING}
                loading={busy}
                text={t('orders:shipment.shipAll')}
                onClick={() => void shipAll()}
              />
            </>
          }
        />
      </Dialog>
    </Page>
  );
}

/** The finished shipment's documents: the delivery note and one label per package. */
function ShipmentLinks({ shipment }: { shipment: ShipmentFieldsFragment }) {
  const { t } = useTranslation('orders');
  return (
    <div className="kontor-packing-links">
      <DocumentLink
        variant="outlined"
        icon="document"
        href={`/spa/shipments/${shipment.id}/delivery-note.pdf`}
        text={t('orders:shipment.deliveryNote')}
      />
      {shipment.packages.map((pkg, index) => (
        <DocumentLink
          key={pkg.id}
          variant="outlined"
          icon="barcode"
          href={`/spa/shipments/packages/${pkg.id}/label.pdf`}
          text={t('orders:shipment.label', { n: index + 1 })}
        />
      ))}
    </div>
  );
}
