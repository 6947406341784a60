import { Callout } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import {
  CreateOrderDocument,
  OrderClientChoicesDocument,
  OrderDepartmentsDocument,
  OrderShippingMethodsDocument,
  UpdateOrderDocument,
} from '../graphql/generated';
import {
  AddressFields,
  can,
  CheckboxField,
  FormActions,
  FormSection,
  KontorForm,
  Link,
  navigate,
  RecordPicker,
  SelectField,
  DateField,
  TextField,
  useKontorForm,
  useMutation,
  useQuery,
  useTranslation,
  type FormState,
} from '../shared-session';
import { OrderTotals } from './details';
import { ItemsEditor } from './form-items';
import {
  checkOrder,
  initialValues,
  inputOf,
  orderRules,
  type Order,
  type OrderValues,
} from './form-values';
import { orderPath } from './format';

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

/**
 * The shipping method: a required choice (docs/domain.md "Outbound"). With none set up yet (a
 * fresh Kontor) the field says so and links to where methods are made; with exactly one, a new
 * order starts with it chosen.
 */
function ShippingMethodField({ form, order }: { form: FormState<OrderValues>; order?: Order }) {
  const { t } = useTranslation('orders');
  const methods = useQuery(OrderShippingMethodsDocument, { skip: !can('shipping:view') }).data
    ?.shippingMethods.items;
  const { getValues, setValue } = form.methods;
  const only = methods?.length === 1 ? String(methods[0]!.id) : null;
  useEffect(() => {
    if (only && !order && getValues('shippingMethodId') === '') setValue('shippingMethodId', only);
  }, [only, order, getValues, setValue]);
  return (
    <>
      <SelectField
        name="shippingMethodId"
        label={t('orders:order.fields.shippingMethod')}
        options={(methods ?? []).map((m) => ({
          value: String(m.id),
          label: `${m.shipper.name} – ${m.name}`,
        }))}
      />
      {methods?.length === 0 ? (
        <Callout intent="warning" className="kontor-field kontor-order-no-method" role="note">
          {t('orders:order.noShippingMethod')}{' '}
          {can('shipping:create') ? (
            <Link to="/administration/shipping/methods">{t('orders:order.toShippingMethods')}</Link>
          ) : (
            t('orders:order.askForShippingMethod')
          )}
        </Callout>
      ) : null}
    </>
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
  const latest = useRef({ order, version });
  latest.current = { order, version };
  // The values as typed: the rules' parse keeps only the fields they name (not items, billing).
  const typed = useRef<() => OrderValues>(() => initialValues(order));
  const form = useKontorForm<OrderValues>({
    initial: initialValues(order),
    rules: orderRules(can('shipping:view')),
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
        <DateField name="orderDate" label={t('orders:order.fields.orderDate')} />
        <ShippingMethodField form={form} order={order} />
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
