import { Button, Callout, HTMLTable, Intent } from '@blueprintjs/core';
import { useRef } from 'react';
import {
  AvisClientChoicesDocument,
  AvisDocument,
  AvisProductChoicesDocument,
  AvisProductDocument,
  AvisSupplierChoicesDocument,
  AvisWarehouseChoicesDocument,
  CreateAvisDocument,
  UpdateAvisDocument,
  type AvisFieldsFragment,
} from '../graphql/generated';
import {
  editPage,
  FormActions,
  FormSection,
  KontorForm,
  Link,
  navigate,
  Page,
  RecordPicker,
  ruleMessage,
  rules,
  SelectField,
  TableScroll,
  DateField,
  TextField,
  useChoices,
  useKontorForm,
  useMutation,
  useQuery,
  useTranslation,
  type FormState,
  type PageProps,
  type RecordFormProps,
  z,
} from '../shared-session';
import { AVIS_LIST, avisDetailsPath, StatusTag } from './common';

// /administration/avis/create and /administration/avis/{id}/edit: the header (supplier,
// client, warehouse, delivery note, date) and the lines (a product of the chosen client,
// the announced quantity, lot and best-before where the product needs them) as a table, a
// card per line on a phone. Editing is
// allowed while nothing is booked: the server refuses otherwise, and the page says so first.

type Avis = AvisFieldsFragment;

interface LineValues {
  /** The line's identity on the page (React's key; never sent). */
  key: string;
  productId: string;
  announcedQuantity: string;
  lot: string;
  bestBefore: string;
}

interface AvisValues {
  supplierId: string;
  clientId: string;
  warehouseId: string;
  deliveryNoteNumber: string;
  deliveryDate: string;
  comment: string;
  lines: LineValues[];
}

let keys = 0;
const newKey = () => `line-${++keys}`;

const emptyLine = (): LineValues => ({
  key: newKey(),
  productId: '',
  announcedQuantity: '',
  lot: '',
  bestBefore: '',
});

const AVIS_RULES = {
  supplierId: rules.choice(),
  clientId: rules.choice(),
  warehouseId: rules.choice(),
  deliveryNoteNumber: rules.text(100),
  deliveryDate: rules.day(),
  comment: rules.optionalText(1000),
  lines: z.array(
    z.object({
      key: z.string(),
      productId: rules.choice(),
      announcedQuantity: z
        .string()
        .check(
          z.trim(),
          z.regex(/^[1-9]\d{0,8}$/, { error: ruleMessage('warehouse:avis.rules.positive') }),
        ),
      lot: rules.optionalText(100),
      bestBefore: rules.day({ optional: true }),
    }),
  ),
};

function initialValues(avis: Avis | undefined): AvisValues {
  return {
    supplierId: avis ? String(avis.supplier.id) : '',
    clientId: avis ? String(avis.client.id) : '',
    warehouseId: avis ? String(avis.warehouse.id) : '',
    deliveryNoteNumber: avis?.deliveryNoteNumber ?? '',
    deliveryDate: avis?.deliveryDate ?? '',
    comment: avis?.comment ?? '',
    lines: avis
      ? avis.lines.map((line) => ({
          key: newKey(),
          productId: String(line.product.id),
          announcedQuantity: String(line.announcedQuantity),
          lot: line.lot ?? '',
          bestBefore: line.bestBefore ?? '',
        }))
      : [emptyLine()],
  };
}

/** The form's values as AvisInput. */
function inputOf(values: AvisValues) {
  return {
    supplierId: values.supplierId,
    clientId: values.clientId,
    warehouseId: values.warehouseId,
    deliveryNoteNumber: values.deliveryNoteNumber.trim(),
    deliveryDate: values.deliveryDate,
    comment: values.comment.trim() || null,
    lines: values.lines.map((line) => ({
      productId: line.productId,
      announcedQuantity: Number(line.announcedQuantity.trim()),
      lot: line.lot.trim() || null,
      bestBefore: line.bestBefore || null,
    })),
  };
}

/** One line of the form as a table row: the product (of the chosen client), quantity, lot and best-before. */
function LineRow({
  form,
  index,
  clientId,
  initialProduct,
  onRemove,
}: {
  form: FormState<AvisValues>;
  index: number;
  clientId: string;
  initialProduct: { id: string; name: string; sku?: string } | null;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const productId = form.methods.watch(`lines.${index}.productId`);
  const product = useQuery(AvisProductDocument, {
    variables: { id: productId },
    skip: !productId,
  }).data?.product;
  const position = index + 1;
  const name = (field: keyof LineValues) => `lines.${index}.${field}`;
  const label = (field: string) => t(`warehouse:avis.fields.${field}`);
  return (
    <tr className="kontor-avis-line" aria-label={t('warehouse:avis.line', { position })}>
      <td className="kontor-avis-line-position" data-label="#">
        {position}
      </td>
      <td className="kontor-avis-line-product" data-label={label('product')} data-key-column="">
        <RecordPicker
          name={name('productId')}
          label={label('product')}
          query={AvisProductChoicesDocument}
          // The products of the chosen client (none chosen yet: all).
          variables={{ clientId: clientId || null }}
          initial={initialProduct}
          required
        />
      </td>
      <td className="kontor-avis-line-quantity" data-label={label('announced')} data-key-column="">
        <TextField
          name={name('announcedQuantity')}
          label={label('announced')}
          type="number"
          required
        />
      </td>
      <td data-label={label('lot')}>
        {product?.lotTracked ? <TextField name={name('lot')} label={label('lot')} /> : null}
      </td>
      <td data-label={label('bestBefore')}>
        {product?.bestBefore ? (
          <DateField name={name('bestBefore')} label={label('bestBefore')} />
        ) : null}
      </td>
      <td className="kontor-avis-line-remove" data-label="">
        {onRemove ? (
          <Button
            icon="trash"
            variant="minimal"
            intent={Intent.DANGER}
            aria-label={t('warehouse:avis.removeLine', { position })}
            title={t('warehouse:avis.removeLine', { position })}
            onClick={onRemove}
          />
        ) : null}
      </td>
    </tr>
  );
}

/** The avis form: creates one, or edits `record` while nothing is booked on it. */
function AvisForm({ record: avis, title }: RecordFormProps<Avis>) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const [create] = useMutation(CreateAvisDocument);
  const [update] = useMutation(UpdateAvisDocument);
  const warehouses = useChoices(AvisWarehouseChoicesDocument);
  const latest = useRef(avis);
  latest.current = avis;
  // The products already on the lines, named for their pickers.
  const named = useRef(
    new Map(
      avis?.lines.map((line) => [
        String(line.product.id),
        { id: String(line.product.id), name: line.product.name, sku: line.product.sku },
      ]) ?? [],
    ),
  );
  const form = useKontorForm<AvisValues>({
    initial: initialValues(avis),
    rules: AVIS_RULES,
    success: avis ? t('warehouse:avis.updated') : t('warehouse:avis.created'),
    save: async (values) => {
      const input = inputOf(values);
      const current = latest.current;
      if (current) {
        await update({ variables: { id: String(current.id), version: current.version, input } });
        navigate(avisDetailsPath(current.id));
      } else {
        const result = await create({ variables: { input } });
        const id = result.data?.createAvis.id;
        navigate(id ? avisDetailsPath(id) : AVIS_LIST);
      }
    },
  });
  const { watch, getValues, setValue } = form.methods;
  const clientId = watch('clientId');
  const lines = watch('lines');

  const locked = avis !== undefined && (avis.status !== 'ANNOUNCED' || avis.receipts.length > 0);
  if (locked) {
    return (
      <Page title={title}>
        <Callout intent={Intent.WARNING} role="alert" className="kontor-avis-locked">
          <p>{t('warehouse:avis.locked')}</p>
          <p>
            {avis.number} · <StatusTag status={avis.status} />
          </p>
          <Link to={avisDetailsPath(avis.id)}>{t('warehouse:avis.toDetails')}</Link>
        </Callout>
      </Page>
    );
  }

  const addLine = () => {
    setValue('lines', [...getValues('lines'), emptyLine()]);
    // The new line's product picker takes the focus.
    setTimeout(() => {
      const pickers = document.querySelectorAll<HTMLInputElement>(
        '.kontor-avis-line [id$=".productId"]',
      );
      pickers[pickers.length - 1]?.focus();
    }, 0);
  };
  const removeLine = (key: string) =>
    setValue(
      'lines',
      getValues('lines').filter((line) => line.key !== key),
    );

  return (
    <Page
      title={avis ? `${title}: ${avis.number}` : title}
      back={
        avis
          ? { to: avisDetailsPath(avis.id), label: t('warehouse:avis.backToDetails') }
          : { to: AVIS_LIST, label: t('warehouse:avis.backToList') }
      }
    >
      <KontorForm form={form} className="kontor-record-form kontor-avis-form">
        <FormSection title={t('warehouse:avis.sections.header')}>
          <RecordPicker
            name="supplierId"
            label={t('warehouse:avis.fields.supplier')}
            query={AvisSupplierChoicesDocument}
            initial={avis ? { id: String(avis.supplier.id), name: avis.supplier.name } : null}
          />
          <RecordPicker
            name="clientId"
            label={t('warehouse:avis.fields.client')}
            query={AvisClientChoicesDocument}
            initial={avis ? { id: String(avis.client.id), name: avis.client.name } : null}
          />
          <SelectField
            name="warehouseId"
            label={t('warehouse:avis.fields.warehouse')}
            options={warehouses}
          />
          <TextField
            name="deliveryNoteNumber"
            label={t('warehouse:avis.fields.deliveryNoteNumber')}
          />
          <DateField name="deliveryDate" label={t('warehouse:avis.fields.deliveryDate')} required />
          <TextField name="comment" label={t('warehouse:avis.fields.comment')} wide />
        </FormSection>
        <FormSection title={t('warehouse:avis.sections.lines')}>
          <div className="kontor-field--wide kontor-avis-lines">
            {lines.length === 0 ? (
              <p className="bp6-text-muted">{t('warehouse:avis.noLines')}</p>
            ) : null}
            {lines.length > 0 ? (
              <TableScroll label={t('warehouse:avis.sections.lines')}>
                <HTMLTable compact className="kontor-avis-lines-table">
                  <thead>
                    <tr>
                      <th>#</th>
                      <th data-key-column="">{t('warehouse:avis.fields.product')}</th>
                      <th data-key-column="">{t('warehouse:avis.fields.announced')}</th>
                      <th>{t('warehouse:avis.fields.lot')}</th>
                      <th>{t('warehouse:avis.fields.bestBefore')}</th>
                      <th>
                        <span className="kontor-avis-hidden">{t('ui:actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {lines.map((line, index) => (
                      <LineRow
                        key={line.key}
                        form={form}
                        index={index}
                        clientId={clientId}
                        initialProduct={named.current.get(line.productId) ?? null}
                        onRemove={lines.length > 1 ? () => removeLine(line.key) : null}
                      />
                    ))}
                  </tbody>
                </HTMLTable>
              </TableScroll>
            ) : null}
            <Button icon="add" text={t('warehouse:avis.addLine')} onClick={addLine} />
          </div>
        </FormSection>
        <FormActions onCancel={() => navigate(avis ? avisDetailsPath(avis.id) : AVIS_LIST)} />
      </KontorForm>
    </Page>
  );
}

export function CreateAvis({ route }: PageProps) {
  const { t } = useTranslation();
  return <AvisForm title={t(route.pageTitle ?? '')} />;
}

export const EditAvis = editPage(AvisForm, AvisDocument, (data) => data.avis);
