import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useState, type Ref } from 'react';
import type { ShipmentFieldsFragment } from '../graphql/generated';
import {
  format,
  Link,
  onEnterKey,
  ScanInput,
  ScanTarget,
  TableScroll,
  useTranslation,
} from '../shared-session';
import { count, orderPath } from '../orders/format';
import { DocumentLink } from './document-link';
import {
  assignedOf,
  nextItem,
  openOf,
  parseWeight,
  quantityProblem,
  remainingOf,
  sentItems,
  serverProblem,
  weightProblem,
  type Order,
  type PackingState,
  type Text,
} from './packing-state';

// The pieces of the packing station's screen (packing.tsx holds the flow): the order in one
// line, the positions of the current package as compact cards, its weight and tracking
// number, the packages once more before the finish, 'Alle versenden' and the documents.

/** A typed weight in the language's form (`3.8` typed shows `3,8` in German); as typed when it is none. */
function shownWeight(typed: string): string {
  const weight = parseWeight(typed);
  return weight === null || Number.isNaN(weight) ? typed : count(weight);
}

/** Why a scanned order cannot be packed, with a link to the order (where it is fixed). */
export function OrderRefused({ text, order }: { text: string; order: Order | null }) {
  const { t } = useTranslation('orders');
  return (
    <>
      {text}
      {order ? (
        <>
          {' '}
          <Link to={orderPath(order.id)}>
            {t('orders:shipment.openOrder', { number: order.number })}
          </Link>
        </>
      ) : null}
    </>
  );
}

/** The last EAN scan: the position it went to, or the code refused. */
export interface LastScan {
  item: string | null;
  code: string;
  ok: boolean;
}

/**
 * The order (confirmed once scanned) and, in step 2, the item: the one just scanned (green,
 * with what is left of it), the code refused (red), or the next one to scan.
 */
export function PackingTargets({ state, last }: { state: PackingState; last: LastScan | null }) {
  const { t } = useTranslation('orders');
  const { order, step } = state;
  if (!order) return null;
  const scanned = last?.item ? order.items.find((i) => String(i.id) === last.item) : undefined;
  const waiting = nextItem(state);
  return (
    <>
      <ScanTarget
        label={t('orders:shipment.orderTarget')}
        value={order.number}
        detail={t(`orders:order.status.${order.status}`)}
        state="confirmed"
      />
      {step === 'assign' ? (
        <ScanTarget
          label={t('orders:shipment.itemTarget', { n: state.current + 1 })}
          value={scanned?.sku ?? (last && !last.ok ? last.code : (waiting?.sku ?? '—'))}
          detail={
            scanned
              ? t('orders:shipment.itemLeft', { count: remainingOf(state, scanned) })
              : waiting && !last
                ? waiting.name
                : undefined
          }
          state={last ? (last.ok ? 'confirmed' : 'wrong') : 'waiting'}
        />
      ) : null}
    </>
  );
}

/** Client, shipping method and address of the order in one muted line. */
export function OrderLine({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const address = order.shippingAddress;
  return (
    <p className="kontor-packing-order bp6-text-muted">
      {[
        order.client.name,
        order.shippingMethod?.name ?? t('orders:shipment.nothing'),
        [
          address.company,
          `${address.firstName} ${address.lastName}`.trim(),
          `${address.street} ${address.houseNumber}`.trim(),
          `${address.postcode} ${address.city}`.trim(),
        ]
          .filter(Boolean)
          .join(', '),
      ].join(' · ')}
    </p>
  );
}

/**
 * The positions of package `p` as cards (one per position, no wide table): what is ordered,
 * already shipped, still to assign, and the package's quantity as a field. The figures a
 * packer looks at after each scan ('Noch zuzuordnen', 'In Paket n') sit side by side, so they
 * are in view at 390 px. The last scanned position is marked.
 */
export function PackageItems({
  listRef,
  state,
  lastItem,
  onQuantity,
  onEnter,
}: {
  listRef?: Ref<HTMLUListElement>;
  state: PackingState;
  lastItem: string | null;
  onQuantity: (itemId: string, quantity: number) => void;
  onEnter: () => void;
}) {
  const { t } = useTranslation('orders');
  const p = state.current;
  const tx = ([key, params]: Text) => t(key, params);
  return (
    <ul
      ref={listRef}
      className="kontor-packing-items"
      aria-label={t('orders:shipment.positionsOf', { n: p + 1 })}
    >
      {(state.order?.items ?? []).map((item) => {
        const id = String(item.id);
        const problem = quantityProblem(state, p, item);
        const error = problem ? tx(problem) : serverProblem(state, p, id);
        const left = openOf(item) - assignedOf(state.packages, id);
        const status = openOf(item) === 0 ? 'done' : left === 0 ? 'full' : 'open';
        return (
          <li
            key={id}
            className="kontor-packing-item"
            data-status={status}
            data-current={lastItem === id ? 'true' : undefined}
            aria-current={lastItem === id ? 'true' : undefined}
          >
            <div className="kontor-packing-item-name">
              <strong>{item.sku}</strong> {item.name}
              <span className="bp6-text-muted">
                {' '}
                · {t('orders:shipment.position')} {item.position}
                {item.product?.ean ? ` · ${t('orders:shipment.ean')} ${item.product.ean}` : ''}
              </span>
            </div>
            <dl className="kontor-packing-figures">
              <div>
                <dt>{t('orders:shipment.orderedQuantity')}</dt>
                <dd data-figure="ordered">{item.orderedQuantity}</dd>
              </div>
              <div>
                <dt>{t('orders:shipment.alreadyShipped')}</dt>
                <dd data-figure="shipped">{item.shippedQuantity}</dd>
              </div>
              <div className="kontor-packing-remaining">
                <dt>{t('orders:shipment.remaining')}</dt>
                <dd data-figure="remaining">{left}</dd>
              </div>
              <div className="kontor-packing-in-package">
                <dt>
                  <label htmlFor={`packing-q-${id}`}>
                    {t('orders:shipment.inPackage', { n: p + 1 })}
                  </label>
                </dt>
                <dd>
                  <InputGroup
                    id={`packing-q-${id}`}
                    type="number"
                    min={0}
                    max={openOf(item)}
                    disabled={openOf(item) === 0}
                    aria-label={t('orders:shipment.inPackageOf', { sku: item.sku, n: p + 1 })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `packing-q-${id}-error` : undefined}
                    intent={error ? Intent.DANGER : Intent.NONE}
                    value={String(state.packages[p]?.quantities[id] ?? 0)}
                    onChange={(event) =>
                      onQuantity(id, event.target.value === '' ? 0 : Number(event.target.value))
                    }
                    onKeyDown={onEnterKey(onEnter)}
                  />
                </dd>
              </div>
            </dl>
            {error ? (
              <div className="kontor-packing-error" id={`packing-q-${id}-error`}>
                {error}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Weight and tracking number of the current package; Enter goes on (then to the scan field). */
export function PackageFields({
  state,
  onWeight,
  onTracking,
  onDone,
}: {
  state: PackingState;
  onWeight: (weight: string) => void;
  onTracking: (tracking: string) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('orders');
  const pkg = state.packages[state.current] ?? state.packages[0]!;
  const problem = weightProblem(state, state.current);
  return (
    <div className="kontor-packing-row">
      <ScanInput
        id="packing-weight"
        label={t('orders:shipment.weightKg')}
        inputMode="decimal"
        value={pkg.weight}
        error={problem ? t(problem[0]) : undefined}
        onChange={onWeight}
        onEnter={() => document.getElementById('packing-tracking')?.focus()}
      />
      <ScanInput
        id="packing-tracking"
        label={t('orders:shipment.trackingNumber')}
        value={pkg.tracking}
        onChange={onTracking}
        onEnter={onDone}
      />
    </div>
  );
}

/** Step 3: the packages once more (contents, weight, tracking number). */
export function PackageSummary({ state }: { state: PackingState }) {
  const { t } = useTranslation('orders');
  const items = state.order?.items ?? [];
  const title = t('orders:shipment.packages');
  return (
    <TableScroll label={title}>
      <HTMLTable compact className="kontor-order-table kontor-packing-summary">
        <thead>
          <tr>
            <th data-key-column>{title}</th>
            <th data-key-column>{t('orders:shipment.contents')}</th>
            <th className="kontor-number">{t('orders:shipment.weightKg')}</th>
            <th>{t('orders:shipment.trackingNumber')}</th>
          </tr>
        </thead>
        <tbody>
          {state.packages.map((pkg, index) => (
            <tr key={index}>
              <td data-label={title} data-key-column>
                {t('orders:shipment.package', { n: index + 1 })}
              </td>
              <td data-label={t('orders:shipment.contents')} data-key-column>
                {sentItems(state.order, pkg)
                  .map((id) => {
                    const item = items.find((i) => String(i.id) === id)!;
                    return `${count(pkg.quantities[id] ?? 0)} × ${item.sku}`;
                  })
                  .join(', ')}
              </td>
              <td className="kontor-number" data-label={t('orders:shipment.weightKg')}>
                {shownWeight(pkg.weight) || t('orders:shipment.nothing')}
              </td>
              <td data-label={t('orders:shipment.trackingNumber')}>
                {pkg.tracking || t('orders:shipment.nothing')}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}

/** 'Alle versenden': what happens, a tracking number, Enter ships. */
export function ShipAllDialog({
  number,
  isOpen,
  busy,
  onClose,
  onShip,
}: {
  number: string;
  isOpen: boolean;
  busy: boolean;
  onClose: () => void;
  onShip: (tracking: string) => unknown;
}) {
  const { t } = useTranslation('orders');
  const [tracking, setTracking] = useState('');
  const ship = () => onShip(tracking.trim());
  return (
    <Dialog
      isOpen={isOpen}
      title={t('orders:shipment.shipAllTitle')}
      onClose={onClose}
      onOpening={() => setTracking('')}
      canEscapeKeyClose
    >
      <DialogBody>
        <p>{t('orders:shipment.shipAllText', { number })}</p>
        <FormGroup
          label={t('orders:shipment.shipAllTracking')}
          labelFor="packing-ship-all-tracking"
        >
          <InputGroup
            id="packing-ship-all-tracking"
            autoFocus
            value={tracking}
            autoComplete="off"
            onChange={(event) => setTracking(event.target.value)}
            onKeyDown={onEnterKey(ship)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('orders:shipment.cancel')} onClick={onClose} />
            <Button
              intent={Intent.WARNING}
              loading={busy}
              text={t('orders:shipment.shipAll')}
              onClick={() => void ship()}
            />
          </>
        }
      />
    </Dialog>
  );
}

/** The finished shipment's documents: the delivery note and one label per package. */
export function ShipmentLinks({ shipment }: { shipment: ShipmentFieldsFragment }) {
  const { t } = useTranslation('orders');
  return (
    <div className="kontor-packing-links">
      <DocumentLink
        variant="outlined"
        icon="document"
        href={`/spa/shipments/${shipment.id}/delivery-note.pdf?lang=${format.language}`}
        text={t('orders:shipment.deliveryNote')}
      />
      {shipment.packages.map((pkg, index) => (
        <DocumentLink
          key={pkg.id}
          variant="outlined"
          icon="barcode"
          href={`/spa/shipments/packages/${pkg.id}/label.pdf?lang=${format.language}`}
          text={t('orders:shipment.label', { n: index + 1 })}
        />
      ))}
    </div>
  );
}
