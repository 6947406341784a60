import { Button, Callout, HTMLTable, InputGroup, Intent, Menu, MenuItem } from '@blueprintjs/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  CreateOrderDocument,
  OrderClientChoicesDocument,
  OrderDepartmentsDocument,
  OrderProductSearchDocument,
  OrderShippingMethodsDocument,
  UpdateOrderDocument,
  type OrderFieldsFragment,
  type OrderProductSearchQuery,
} from '../graphql/generated';
import {
  AddressFields,
  addressRules,
  addressValues,
  can,
  CheckboxField,
  errorText,
  FormActions,
  FormSection,
  KontorForm,
  navigate,
  RecordPicker,
  ruleMessage,
  rules,
  SelectField,
  TableScroll,
  TextField,
  useKontorForm,
  useMutation,
  useQuery,
  useTranslation,
  type AddressField,
  type FormState,
} from '../shared-session';
import { OrderTotals } from './details';
import { dayAgo, formatPrice, orderPath, parsePrice } from './format';

type Order = OrderFieldsFragment;
type Product = OrderProductSearchQuery['products']['items'][number];

/** A position as the form holds it: the product (its sku and name shown), texts as typed. */
interface ItemValues {
  productId: string;
  sku: string;
  name: string;
  quantity: string;
  itemPrice: string;
  /** Already shipped (an existing position); shown, never sent. */
  shipped: number;
}

/** The form's values: the OrderInput's fields, the billing address only when it differs. */
export interface OrderValues {
  clientId: string;
  shop: string;
  number: string;
  orderDate: string;
  shippingMethodId: string;
  departmentId: string;
  shippingAddress: Record<AddressField, string>;
  billingSame: boolean;
  billingAddress: Record<AddressField, string>;
  items: ItemValues[];
}

/** The browser's rules (the server's are the same and decide). The billing address and items are checked in `check`. */
const ORDER_RULES = {
  clientId: rules.choice(),
  shop: rules.optionalText(100),
  number: rules.optionalText(100),
  orderDate: rules.text(10),
  shippingMethodId: rules.optionalText(20),
  departmentId: rules.optionalText(20),
  shippingAddress: addressRules(),
  billingSame: rules.flag(),
};

/** The required parts of an address (addressRules' required fields). */
const REQUIRED_ADDRESS: AddressField[] = [
  'street',
  'houseNumber',
  'postcode',
  'city',
  'countryCode',
];

/** Checks across fields: a differing billing address is complete, every item has a quantity and a price. */
function checkOrder(values: OrderValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.billingSame)
    for (const field of REQUIRED_ADDRESS)
      if (!values.billingAddress[field]?.trim())
        errors[`billingAddress.${field}`] = ruleMessage('required');
  if (values.items.length === 0) errors.items = ruleMessage('orders:order.rules.items');
  values.items.forEach((item, i) => {
    if (!/^\s*[1-9]\d*\s*$/.test(item.quantity))
      errors[`items.${i}.quantity`] = ruleMessage('orders:order.rules.quantity');
    if (item.itemPrice.trim() && parsePrice(item.itemPrice) === null)
      errors[`items.${i}.itemPrice`] = ruleMessage('orders:order.rules.price');
  });
  return errors;
}

function initialValues(order: Order | undefined): OrderValues {
  const same = !order || order.billingSameAsShipping;
  return {
    clientId: order ? String(order.client.id) : '',
    shop: order?.shop ?? '',
    number: order?.number ?? '',
    orderDate: order?.orderDate.slice(0, 10) ?? dayAgo(0),
    shippingMethodId: order?.shippingMethod ? String(order.shippingMethod.id) : '',
    departmentId: order?.department ? String(order.department.id) : '',
    shippingAddress: addressValues(order?.shippingAddress),
    billingSame: same,
    billingAddress: addressValues(same ? undefined : order?.billingAddress),
    items:
      order?.items.map((item) => ({
        productId: item.product ? String(item.product.id) : '',
        sku: item.sku,
        name: item.name,
        quantity: String(item.orderedQuantity),
        itemPrice: formatPrice(item.itemPrice),
        shipped: item.shippedQuantity,
      })) ?? [],
  };
}

/** The form's values as OrderInput. */
function inputOf(values: OrderValues, order: Order | undefined) {
  return {
    clientId: values.clientId,
    shop: values.shop.trim() || null,
    number: values.number.trim() || null,
    orderDate: values.orderDate,
    shippingMethodId: values.shippingMethodId || null,
    departmentId: values.departmentId || null,
    shippingAddress: values.shippingAddress,
    billingAddress: values.billingSame ? null : values.billingAddress,
    items: values.items.map((item) => ({
      productId: item.productId,
      quantity: Number(item.quantity.trim()),
      itemPrice: parsePrice(item.itemPrice),
    })),
    // The form does not edit attributes (they come from the shop or the import): kept as they are.
    attributes: order?.attributes.map(({ key, value }) => ({ key, value })) ?? [],
  };
}

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

/**
 * The department the order is invoiced to: one of the chosen client's (the server checks it).
 * Choosing another client clears it; the order's own department stays shown even for a user
 * who may not list departments.
 */
function DepartmentField({ form, order }: { form: FormState<OrderValues>; order?: Order }) {
  const { t } = useTranslation('orders');
  const { watch, setValue } = form.methods;
  const clientId = watch('clientId');
  const shownFor = useRef(clientId);
  useEffect(() => {
    if (shownFor.current === clientId) return;
    shownFor.current = clientId;
    setValue('departmentId', '', { shouldDirty: true });
  }, [clientId, setValue]);
  const listed = useQuery(OrderDepartmentsDocument, {
    variables: { clientId },
    skip: !clientId || !can('department:view'),
  }).data?.departments.items;
  const own = order?.department && String(order.client.id) === clientId ? [order.department] : [];
  const choices = listed
    ? [...listed, ...own.filter((o) => !listed.some((d) => d.id === o.id))]
    : own;
  return (
    <SelectField
      name="departmentId"
      label={t('orders:order.fields.department')}
      options={choices.map((d) => ({
        value: String(d.id),
        label: `${d.name} (${d.customerNumber})`,
      }))}
    />
  );
}

/** The positions: quantity and net unit price per product, remove, and the product search. */
function ItemsEditor({ form }: { form: FormState<OrderValues> }) {
  const { t } = useTranslation(['orders', 'ui']);
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
                <th>{t('orders:order.fields.sku')}</th>
                <th>{t('orders:order.fields.product')}</th>
                <th>{t('orders:order.fields.quantity')}</th>
                <th>{t('orders:order.fields.itemPrice')}</th>
                <th className="kontor-number">{t('orders:order.fields.shipped')}</th>
                <th>{t('ui:actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, i) => (
                <tr key={item.productId || i}>
                  <td>{item.sku}</td>
                  <td>{item.name}</td>
                  <td>
                    <TextField
                      name={`items.${i}.quantity`}
                      label={`${t('orders:order.fields.quantity')} ${item.sku}`}
                      type="text"
                      required
                    />
                  </td>
                  <td>
                    <TextField
                      name={`items.${i}.itemPrice`}
                      label={`${t('orders:order.fields.itemPrice')} ${item.sku}`}
                    />
                  </td>
                  <td className="kontor-number">{item.shipped}</td>
                  <td>
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

/**
 * Creates an order, or edits one that is pending or on hold: client, number, date, method,
 * shipping and (when it differs) billing address, positions. `version` is the version the
 * edit started from: an order changed meanwhile by someone else is refused as stale.
 */
export function OrderForm({
  order,
  version,
  onSaved,
}: {
  order?: Order;
  version?: number;
  onSaved?: (order: Order) => void;
}) {
  const { t } = useTranslation(['orders', 'ui']);
  const [create] = useMutation(CreateOrderDocument);
  const [update] = useMutation(UpdateOrderDocument);
  const methods = useQuery(OrderShippingMethodsDocument, { skip: !can('shipping:view') }).data
    ?.shippingMethods.items;
  const latest = useRef({ order, version });
  latest.current = { order, version };
  // The values as typed: the rules' parse keeps only the fields they name (not items, billing).
  const typed = useRef<() => OrderValues>(() => initialValues(order));
  const form = useKontorForm<OrderValues>({
    initial: initialValues(order),
    rules: ORDER_RULES,
    check: checkOrder,
    success: order ? t('orders:order.updated') : t('orders:order.created'),
    save: async () => {
      const { order: current, version: base } = latest.current;
      const input = inputOf(typed.current(), current);
      if (current) {
        const result = await update({
          variables: { id: String(current.id), version: base ?? current.version, input },
        });
        if (result.data) onSaved?.(result.data.updateOrder);
      } else {
        const result = await create({ variables: { input } });
        const id = result.data?.createOrder.id;
        navigate(id ? orderPath(id) : '/orders');
      }
    },
  });
  typed.current = () => form.methods.getValues();
  const billingSame = form.methods.watch('billingSame');
  return (
    <KontorForm form={form} className="kontor-record-form kontor-order-form">
      <FormSection title={t('orders:order.sections.order')}>
        <RecordPicker
          name="clientId"
          label={t('orders:order.fields.client')}
          query={OrderClientChoicesDocument}
          initial={order ? { id: String(order.client.id), name: order.client.name } : null}
          wide
        />
        <TextField
          name="number"
          label={`${t('orders:order.fields.number')} (${t('orders:order.fields.numberHint')})`}
        />
        <TextField name="shop" label={t('orders:order.fields.shop')} />
        <TextField name="orderDate" type="date" label={t('orders:order.fields.orderDate')} />
        <SelectField
          name="shippingMethodId"
          label={t('orders:order.fields.shippingMethod')}
          options={(methods ?? []).map((m) => ({
            value: String(m.id),
            label: `${m.shipper.name} – ${m.name}`,
          }))}
        />
        <DepartmentField form={form} order={order} />
      </FormSection>
      <AddressFields
        name="shippingAddress"
        autoCompleteSection="shipping"
        titles={{
          contact: `${t('orders:order.sections.shipping')}: ${t('ui:address.sections.contact')}`,
          address: `${t('orders:order.sections.shipping')}: ${t('ui:address.sections.address')}`,
          reach: `${t('orders:order.sections.shipping')}: ${t('ui:address.sections.reach')}`,
        }}
      />
      <fieldset className="kontor-form-section">
        <legend className="kontor-form-section-title">{t('orders:order.sections.billing')}</legend>
        <CheckboxField name="billingSame" label={t('orders:order.billingSame')} />
      </fieldset>
      {billingSame ? null : (
        <AddressFields
          name="billingAddress"
          autoCompleteSection="billing"
          titles={{
            contact: `${t('orders:order.sections.billing')}: ${t('ui:address.sections.contact')}`,
            address: `${t('orders:order.sections.billing')}: ${t('ui:address.sections.address')}`,
            reach: `${t('orders:order.sections.billing')}: ${t('ui:address.sections.reach')}`,
          }}
        />
      )}
      <ItemsEditor form={form} />
      <fieldset className="kontor-form-section">
        <legend className="kontor-form-section-title">{t('orders:order.sections.totals')}</legend>
        {order ? (
          <OrderTotals order={order} />
        ) : (
          <Callout>{t('orders:order.totalsAfterSave')}</Callout>
        )}
      </fieldset>
      <FormActions onCancel={() => navigate('/orders')} />
    </KontorForm>
  );
}
