import { Button, HTMLTable, InputGroup, Intent, Menu, MenuItem } from '@blueprintjs/core';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { OrderProductSearchDocument } from '../graphql/generated';
import {
  errorText,
  TableScroll,
  TextField,
  useQuery,
  useTranslation,
  type FormState,
} from '../shared-session';
import { formatPrice } from './format';
import type { OrderValues, Product } from './form-values';

// The order form's positions: the editable list and the product search that adds to it.

/**
 * Finds a product of the order's client by sku, EAN or name: typing asks the server (250 ms
 * after typing stops); Enter adds the only match, or the one whose sku or EAN is exactly what
 * was typed (a hand scanner), and the field is ready for the next.
 */
function ProductSearch({
  clientId,
  onPick,
}: {
  clientId: string;
  onPick: (product: Product) => void;
}) {
  const { t } = useTranslation('orders');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [enterFor, setEnterFor] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, loading } = useQuery(OrderProductSearchDocument, {
    variables: { search, clientId },
    skip: !clientId || !search,
    fetchPolicy: 'network-only',
  });
  const current = search === typed.trim() && !loading;
  const found = current && search ? (data?.products.items ?? []) : [];
  const exact = (items: Product[]) => {
    if (items.length === 1) return items[0]!;
    const text = typed.trim().toLocaleLowerCase();
    const hits = items.filter(
      (p) => p.sku.toLocaleLowerCase() === text || (p.ean ?? '').toLocaleLowerCase() === text,
    );
    return hits.length === 1 ? hits[0]! : null;
  };
  const pick = (product: Product) => {
    onPick(product);
    setTyped('');
    setSearch('');
    setEnterFor(null);
  };
  // An Enter pressed before the answer came picks once it is there.
  useEffect(() => {
    if (enterFor === null || !current || enterFor !== typed) return;
    setEnterFor(null);
    const hit = exact(found);
    if (hit) pick(hit);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- runs when the answer arrives
  }, [enterFor, current, found]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter here adds a product; it never submits the order.
    event.preventDefault();
    if (!typed.trim()) return;
    if (current) {
      const hit = exact(found);
      if (hit) pick(hit);
    } else setEnterFor(typed);
  };
  return (
    <div className="kontor-order-search">
      <label className="bp6-label" htmlFor="order-product-search">
        {t('orders:order.productSearch')}
      </label>
      <InputGroup
        id="order-product-search"
        leftIcon="search"
        disabled={!clientId}
        placeholder={
          clientId ? t('orders:order.productSearchHint') : t('orders:order.chooseClientFirst')
        }
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
      />
      {typed.trim() && current && search ? (
        found.length === 0 ? (
          <p role="status">{t('orders:order.noProducts')}</p>
        ) : (
          <Menu aria-label={t('orders:order.productSearch')}>
            {found.map((p) => (
              <MenuItem
                key={p.id}
                icon="add"
                text={`${p.sku} – ${p.name}`}
                label={p.ean ?? ''}
                onClick={() => pick(p)}
              />
            ))}
          </Menu>
        )
      ) : null}
    </div>
  );
}

/** The positions: quantity and net unit price per product, remove, and the product search. */
export function ItemsEditor({ form }: { form: FormState<OrderValues> }) {
  const { t } = useTranslation(['orders', 'ui']);
  const f = (field: string) => t(`orders:order.fields.${field}`);
  const { watch, setValue, getValues, formState } = form.methods;
  const items = watch('items');
  const clientId = watch('clientId');
  const itemsError = errorText(
    (formState.errors.items as { message?: string } | undefined)?.message,
  );
  const add = (product: Product) => {
    const current = getValues('items');
    const at = current.findIndex((item) => item.productId === String(product.id));
    if (at >= 0) {
      const quantity = Number(current[at]!.quantity) || 0;
      setValue(`items.${at}.quantity`, String(quantity + 1), { shouldDirty: true });
      return;
    }
    setValue(
      'items',
      [
        ...current,
        {
          productId: String(product.id),
          sku: product.sku,
          name: product.name,
          quantity: '1',
          itemPrice: formatPrice(product.priceNet),
          shipped: 0,
        },
      ],
      { shouldDirty: true, shouldValidate: form.failures > 0 },
    );
  };
  const remove = (index: number) =>
    setValue(
      'items',
      getValues('items').filter((_, i) => i !== index),
      { shouldDirty: true },
    );
  return (
    <fieldset className="kontor-form-section">
      <legend className="kontor-form-section-title">{t('orders:order.sections.items')}</legend>
      {items.length === 0 ? (
        <p>{t('orders:order.noItems')}</p>
      ) : (
        <TableScroll label={t('orders:order.sections.items')}>
          <HTMLTable
            compact
            className="kontor-order-table kontor-order-items"
            aria-label={t('orders:order.sections.items')}
          >
            <thead>
              <tr>
                <th data-key-column>{f('sku')}</th>
                <th>{f('product')}</th>
                <th data-key-column>{f('quantity')}</th>
                <th>{f('itemPrice')}</th>
                <th className="kontor-number">{f('shipped')}</th>
                <th>{t('ui:actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, i) => (
                <tr key={item.productId || i}>
                  <td data-label={f('sku')} data-key-column>
                    {item.sku}
                  </td>
                  <td data-label={f('product')}>{item.name}</td>
                  <td data-label={f('quantity')} data-key-column>
                    <TextField
                      name={`items.${i}.quantity`}
                      label={`${t('orders:order.fields.quantity')} ${item.sku}`}
                      type="text"
                      required
                    />
                  </td>
                  <td data-label={f('itemPrice')}>
                    <TextField
                      name={`items.${i}.itemPrice`}
                      label={`${t('orders:order.fields.itemPrice')} ${item.sku}`}
                    />
                  </td>
                  <td className="kontor-number" data-label={f('shipped')}>
                    {item.shipped}
                  </td>
                  <td className="kontor-row-actions" data-label={t('ui:actions')}>
                    <Button
                      icon="trash"
                      variant="minimal"
                      intent={Intent.DANGER}
                      aria-label={t('orders:order.removeItem', { sku: item.sku })}
                      title={t('orders:order.removeItem', { sku: item.sku })}
                      onClick={() => remove(i)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
      {itemsError ? (
        <p
          className="bp6-text-muted"
          role="alert"
          style={{ color: 'var(--bp-intent-danger-text, #cd4246)' }}
        >
          {itemsError}
        </p>
      ) : null}
      <ProductSearch clientId={clientId} onPick={add} />
    </fieldset>
  );
}
