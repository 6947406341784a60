import { Button, Intent, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  CreateShipmentDocument,
  OrderForPackingDocument,
  ShipAllDocument,
  type ShipmentFieldsFragment,
} from '../graphql/generated';
import {
  fieldRuleText,
  graphqlProblem,
  Page,
  problemText,
  revealInScanScreen,
  ScanFieldGroup,
  ScannerField,
  ScanScreen,
  useApolloClient,
  useScanFeedback,
  useSearchParams,
  useTranslation,
  type FieldRule,
  type PageProps,
} from '../shared-session';
import {
  addPackage,
  applyScan,
  backToAssign,
  blocker,
  forward,
  initial,
  nextStep,
  orderLoaded,
  orderRefusal,
  orderReloaded,
  refusedFields,
  removePackage,
  selectPackage,
  setQuantity,
  setTracking,
  setWeight,
  shipmentPackages,
  STEPS,
  type Package,
  type Text,
} from './packing-state';
import {
  PackingTargets,
  type LastScan,
  OrderLine,
  OrderRefused,
  PackageFields,
  PackageItems,
  PackageSummary,
  ShipAllDialog,
  ShipmentLinks,
} from './packing-parts';
import './shipments.css';

// /shipment/create 'Sendung erstellen', the packing station, made for a hand scanner (a
// keyboard that types a code and presses Enter) on the scanner-screen kit. Step 1 'Bestellung
// scannen': the focus sits in the scan field; the order's number + Enter shows its positions.
// Step 2 'Bestellpositionen zuordnen': every EAN scanned puts one unit of the first position
// of that EAN that still has something open into the current package (or the quantities are
// typed); 'Paket hinzufügen' opens the next package; weight and tracking number per package.
// Step 3: the packages once more, 'Fertigstellen' ships them (the server books the stock out
// and decides every rule), then the delivery note and the labels are linked and the scan field
// waits for the next order. 'Alle versenden' ships everything open in one further package
// after a confirmation. The logic is packing-state.ts; this file holds the flow and the server.

export function PackingStation({ route }: PageProps) {
  const { t } = useTranslation(['orders', 'ui']);
  const client = useApolloClient();
  const [state, setState] = useState(initial);
  const { message, say, clear } = useScanFeedback();
  const [busy, setBusy] = useState(false);
  const [shipAllOpen, setShipAllOpen] = useState(false);
  /** The last EAN scan: its position (marked) or the refused code. */
  const [last, setLast] = useState<LastScan | null>(null);

  // The scan field (ui's ScannerField) hands each code on and clears itself; codes scanned
  // while the order is looked up wait there and then go, as EANs, to the order shown. The
  // field stays mounted from step 1 to step 2 for that.
  const scanRef = useRef<HTMLInputElement>(null);
  const finishRef = useRef<HTMLButtonElement>(null);
  const { step, order, current } = state;
  // Focus follows the step as React shows it (in the same task: a scanner's next key lands there).
  useLayoutEffect(() => {
    if (shipAllOpen) return;
    if (step === 'finish') finishRef.current?.focus();
    else scanRef.current?.focus();
  }, [step, current, shipAllOpen]);
  // The position a scan went to comes into view between the scan field and the action bar.
  const itemsRef = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    if (last?.item)
      revealInScanScreen(itemsRef.current?.querySelector<HTMLElement>('[data-current="true"]'));
  }, [last]);

  /** A text of packing-state in the user's language (an order status named as such). */
  const tx = ([key, params]: Text) =>
    t(
      key,
      params && typeof params.status === 'string'
        ? { ...params, status: t(`orders:order.status.${params.status}`) }
        : params,
    );

  // `?order=<number>` (a finished picklist's link): that order as if scanned, once.
  const [params, setParams] = useSearchParams();
  const asked = params.get('order');
  useEffect(() => {
    if (!asked) return;
    setParams({}, { replace: true });
    void lookUpOrder(asked);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- the link's order, once
  }, [asked]);

  const startOver = () => {
    setState(initial);
    setLast(null);
    if (scanRef.current) scanRef.current.value = '';
  };

  /** An order's number scanned: its positions show (false: refused, the scans after it dropped). */
  const lookUpOrder = async (number: string): Promise<boolean> => {
    setBusy(true);
    try {
      const { data } = await client.query({
        query: OrderForPackingDocument,
        variables: { number },
        fetchPolicy: 'network-only',
      });
      const found = data?.orderForPacking ?? null;
      const refusal = orderRefusal(found, number);
      if (refusal || !found) {
        const text = tx(refusal ?? ['orders:shipment.unknownOrder', { number }]);
        say('wrong', <OrderRefused text={text} order={found} />);
        return false;
      }
      setState(orderLoaded(found));
      setLast(null);
      say('ok', t('orders:shipment.orderFound', { number: found.number }));
      return true;
    } catch (error) {
      say('wrong', problemText(graphqlProblem(error)));
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** An EAN scanned: one unit into the current package (codes that waited come one by one). */
  const scanEan = (code: string) => {
    const scanned = applyScan(state, code);
    setState(scanned.state);
    setLast({ item: scanned.item ? String(scanned.item.id) : null, code, ok: scanned.ok });
    say(scanned.ok ? 'ok' : 'wrong', tx(scanned.text));
  };

  const goForward = () => {
    const on = forward(state);
    if (on.problem) return say('wrong', tx(on.problem));
    clear();
    setState(on.state);
  };

  const shipped = (shipment: ShipmentFieldsFragment) => {
    const complete = shipment.order.status === 'COMPLETE';
    say(
      'ok',
      <>
        {`${t('orders:shipment.shipped', { number: shipment.order.number, count: shipment.packages.length })} ${t(
          complete ? 'orders:shipment.shippedComplete' : 'orders:shipment.shippedPartial',
        )}`}
        <ShipmentLinks shipment={shipment} />
      </>,
    );
    startOver();
  };

  /** A server rule broken on a field, in the user's language where the rule is known. */
  const ruleText = (rule: FieldRule) =>
    rule.rule === 'open' || rule.rule === 'max'
      ? t('orders:shipment.tooMuch', { open: rule.params?.open ?? 0 })
      : rule.rule === 'stock'
        ? t('orders:shipment.noStock')
        : fieldRuleText(rule);

  /** A refusal: a stale order is reloaded; field errors show at their fields and, once, above. */
  const refused = async (error: unknown, sent: Package[]) => {
    const problem = graphqlProblem(error);
    const fields: Record<string, string> = {};
    for (const [name, list] of Object.entries(problem.fieldRules))
      if (list[0]) fields[name] = ruleText(list[0]);
    const placed = refusedFields(state, sent, fields);
    if (problem.reason === 'stale' && order) {
      const { data } = await client.query({
        query: OrderForPackingDocument,
        variables: { number: order.number },
        fetchPolicy: 'network-only',
      });
      const reloaded = data?.orderForPacking;
      setState(reloaded ? orderReloaded(placed.state, reloaded) : backToAssign(placed.state));
      return say('wrong', t('orders:shipment.stale'));
    }
    const texts = placed.places.map(({ name, package: n, sku }) =>
      n ? `${t('orders:shipment.package', { n })}, ${sku}: ${fields[name]}` : fields[name],
    );
    setState(texts.length > 0 ? backToAssign(placed.state) : placed.state);
    say('wrong', texts.length > 0 ? texts.join(' ') : problemText(problem));
  };

  const finish = async () => {
    if (!order || busy) return;
    const problem = blocker(state);
    if (problem) {
      setState(backToAssign(state));
      return say('wrong', tx(problem));
    }
    setBusy(true);
    try {
      const { data } = await client.mutate({
        mutation: CreateShipmentDocument,
        variables: {
          orderId: String(order.id),
          version: order.version,
          packages: shipmentPackages(state),
        },
      });
      if (data) shipped(data.createShipment);
    } catch (error) {
      await refused(error, state.packages);
    } finally {
      setBusy(false);
    }
  };

  const shipAll = async (trackingNumber: string) => {
    if (!order || busy) return;
    setBusy(true);
    try {
      const { data } = await client.mutate({
        mutation: ShipAllDocument,
        variables: {
          orderId: String(order.id),
          version: order.version,
          trackingNumber: trackingNumber || null,
        },
      });
      setShipAllOpen(false);
      if (data) shipped(data.shipAll);
    } catch (error) {
      setShipAllOpen(false);
      await refused(error, []);
    } finally {
      setBusy(false);
    }
  };

  const stepTitle = {
    scan: t('orders:shipment.scanOrder'),
    assign: t('orders:shipment.assignPositions'),
    finish: t('orders:shipment.finishStep'),
  };
  const p = state.current;
  const fieldLabel =
    step === 'scan' ? t('orders:shipment.orderNumber') : t('orders:shipment.scanEan');

  return (
    <Page title={t(route.pageTitle!)}>
      <ScanScreen
        label={t(route.pageTitle!)}
        steps={STEPS.map((key) => ({ key, title: stepTitle[key] }))}
        step={step}
        targets={<PackingTargets state={state} last={last} />}
        field={
          // One scan field for the order number and then the EANs: it keeps the focus (and
          // what a fast scanner typed) while the order loads.
          step !== 'finish' ? (
            <ScanFieldGroup id="packing-scan" label={fieldLabel}>
              <ScannerField
                id="packing-scan"
                label={fieldLabel}
                inputRef={scanRef}
                leftIcon="barcode"
                intent={step === 'assign' && last && !last.ok ? Intent.DANGER : Intent.NONE}
                onScan={step === 'scan' ? lookUpOrder : scanEan}
              />
            </ScanFieldGroup>
          ) : null
        }
        message={message}
        next={tx(nextStep(state))}
        hint={t(`orders:shipment.keys.${step}`)}
        actions={
          step === 'assign' ? (
            <>
              <Button
                icon="add"
                text={t('orders:shipment.addPackage')}
                onClick={() => {
                  setState(addPackage(state));
                  clear();
                }}
              />
              <Button
                intent={Intent.PRIMARY}
                endIcon="arrow-right"
                text={t('orders:shipment.forward')}
                onClick={goForward}
              />
            </>
          ) : step === 'finish' ? (
            <>
              <Button
                icon="arrow-left"
                text={t('orders:shipment.back')}
                onClick={() => {
                  clear();
                  setState(backToAssign(state));
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
            </>
          ) : undefined
        }
      >
        {order && step !== 'scan' ? <OrderLine order={order} /> : null}
        {order && step === 'assign' ? (
          <>
            <Tabs
              id="packing-packages"
              selectedTabId={String(p)}
              onChange={(id) => setState(selectPackage(state, Number(id)))}
              renderActiveTabPanelOnly
            >
              {state.packages.map((_, n) => (
                <Tab key={n} id={String(n)} title={t('orders:shipment.package', { n: n + 1 })} />
              ))}
            </Tabs>
            <div
              className="kontor-packing-package"
              role="group"
              aria-label={t('orders:shipment.package', { n: p + 1 })}
            >
              <PackageItems
                listRef={itemsRef}
                state={state}
                lastItem={last?.item ?? null}
                onQuantity={(id, quantity) => setState(setQuantity(state, p, id, quantity))}
                onEnter={() => scanRef.current?.focus()}
              />
              <PackageFields
                state={state}
                onWeight={(weight) => setState(setWeight(state, p, weight))}
                onTracking={(tracking) => setState(setTracking(state, p, tracking))}
                onDone={() => scanRef.current?.focus()}
              />
            </div>
            {/* The rarer ways: another order, the whole rest in one package, a package less. */}
            <div className="kontor-packing-more">
              <Button icon="arrow-left" text={t('orders:shipment.back')} onClick={startOver} />
              <Button
                intent={Intent.WARNING}
                icon="send-message"
                text={t('orders:shipment.shipAll')}
                onClick={() => setShipAllOpen(true)}
              />
              {state.packages.length > 1 ? (
                <Button
                  variant="minimal"
                  icon="trash"
                  text={t('orders:shipment.removePackage', { n: p + 1 })}
                  onClick={() => setState(removePackage(state, p))}
                />
              ) : null}
            </div>
          </>
        ) : null}
        {order && step === 'finish' ? <PackageSummary state={state} /> : null}
      </ScanScreen>
      <ShipAllDialog
        number={order?.number ?? ''}
        isOpen={shipAllOpen}
        busy={busy}
        onClose={() => setShipAllOpen(false)}
        onShip={shipAll}
      />
    </Page>
  );
}
