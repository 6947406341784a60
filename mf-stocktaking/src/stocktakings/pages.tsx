import { Button, Dialog, DialogBody, Intent } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import {
  CancelStocktakingDocument,
  CreateStocktakingDocument,
  StartStocktakingDocument,
  StocktakingClientChoicesDocument,
  StocktakingsDocument,
  StocktakingWarehouseChoicesDocument,
  StocktakingWarehouseTreeDocument,
  UpdateStocktakingDocument,
  type StocktakingFieldsFragment,
  type StocktakingsQuery,
  type StocktakingSort,
} from '../graphql/generated';
import {
  can,
  CheckboxField,
  DataTable,
  FormActions,
  graphqlProblem,
  KontorForm,
  Link,
  navigate,
  Page,
  problemText,
  RecordPicker,
  rules,
  SelectField,
  showToast,
  TextField,
  useApolloClient,
  useConfirm,
  useKontorForm,
  useMutation,
  useQuery,
  useTranslation,
  type ModulePages,
  type PageProps,
} from '../shared-session';
import { CountingPage } from './counting';
import { dateTime, Progress, scopeText, StatusTags } from './format';
import { SummaryPage } from './summary';
import './stocktakings.css';

type Row = StocktakingFieldsFragment;

const STATUSES = ['DRAFT', 'COUNTING', 'COUNTED', 'BOOKED', 'CANCELLED'] as const;

/** The form's values: ids as strings ('' = none), as the selects hold them. */
interface StocktakingValues {
  name: string;
  warehouseId: string;
  storageId: string;
  rackId: string;
  clientId: string;
  blind: boolean;
}

const formRules = {
  name: rules.text(255),
  warehouseId: rules.choice(),
  storageId: rules.optionalText(20),
  rackId: rules.optionalText(20),
  clientId: rules.optionalText(20),
  blind: rules.flag(),
};

/** Options of a select: name (and code) of each record. */
const named = (items: { id: string | number; name: string; code?: string }[]) =>
  items.map((item) => ({
    value: String(item.id),
    label: item.code ? `${item.name} (${item.code})` : item.name,
  }));

/** The scope's pickers: a warehouse, then optionally one of its storages, then one of its racks. */
function ScopeFields({ values }: { values: StocktakingValues }) {
  const { t } = useTranslation('stocktaking');
  const warehouses = useQuery(StocktakingWarehouseChoicesDocument).data?.warehouses.items ?? [];
  const tree = useQuery(StocktakingWarehouseTreeDocument, {
    variables: { id: values.warehouseId },
    skip: !values.warehouseId,
  }).data?.warehouse;
  const storages = tree?.storages ?? [];
  const racks = storages.find((s) => String(s.id) === values.storageId)?.racks ?? [];
  return (
    <>
      <SelectField
        name="warehouseId"
        label={t('stocktaking:fields.warehouse')}
        options={named(warehouses)}
      />
      <SelectField
        name="storageId"
        label={t('stocktaking:fields.storage')}
        emptyLabel={t('stocktaking:fields.allWarehouse')}
        options={named(storages)}
      />
      {values.storageId ? (
        <SelectField
          name="rackId"
          label={t('stocktaking:fields.rack')}
          emptyLabel={t('stocktaking:fields.allStorage')}
          options={named(racks)}
        />
      ) : null}
    </>
  );
}

/** Creates a stocktaking, or edits a draft: name, scope, optionally a client, blind or not. */
function StocktakingForm({ record, done }: { record?: Row; done: () => void }) {
  const { t } = useTranslation('stocktaking');
  const [create] = useMutation(CreateStocktakingDocument);
  const [update] = useMutation(UpdateStocktakingDocument);
  const form = useKontorForm<StocktakingValues>({
    initial: {
      name: record?.name ?? '',
      warehouseId: record ? String(record.warehouse.id) : '',
      storageId: record?.storage ? String(record.storage.id) : '',
      rackId: record?.rack ? String(record.rack.id) : '',
      clientId: record?.client ? String(record.client.id) : '',
      blind: record?.blind ?? false,
    },
    rules: formRules,
    success: record ? t('stocktaking:toasts.updated') : t('stocktaking:toasts.created'),
    onSaved: done,
    save: (values) => {
      const input = {
        name: values.name,
        warehouseId: values.warehouseId,
        storageId: values.storageId || null,
        rackId: (values.storageId && values.rackId) || null,
        clientId: values.clientId || null,
        blind: values.blind,
      };
      return record
        ? update({ variables: { id: String(record.id), version: record.version, input } })
        : create({ variables: { input } });
    },
  });
  const values = form.methods.watch();
  // A narrower scope belongs to the wider one: another warehouse or storage clears it.
  const scopeOf = useRef({ w: values.warehouseId, s: values.storageId });
  useEffect(() => {
    const before = scopeOf.current;
    if (before.w === values.warehouseId && before.s === values.storageId) return;
    if (before.w !== values.warehouseId) form.methods.setValue('storageId', '');
    form.methods.setValue('rackId', '');
    scopeOf.current = { w: values.warehouseId, s: values.storageId };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- only the scope's ids matter
  }, [values.warehouseId, values.storageId]);
  return (
    <KontorForm form={form}>
      <TextField name="name" label={t('stocktaking:fields.name')} />
      <ScopeFields values={values} />
      {can('client:view') ? (
        <RecordPicker
          name="clientId"
          label={`${t('stocktaking:fields.client')} (${t('stocktaking:fields.anyClient')})`}
          query={StocktakingClientChoicesDocument}
          initial={
            record?.client ? { id: String(record.client.id), name: record.client.name } : null
          }
        />
      ) : null}
      <CheckboxField name="blind" label={t('stocktaking:fields.blind')} />
      <p className="bp6-text-muted">{t('stocktaking:fields.blindHint')}</p>
      <FormActions onCancel={done} />
    </KontorForm>
  );
}

/**
 * /stocktaking: every stocktaking with status, scope, progress, creator and date; create and
 * edit (a draft) in a dialog, start and cancel after a confirmation, count and summary links.
 * Another user's change (RecordChanged of Stocktaking) refetches the table by itself.
 */
function StocktakingList({ route }: PageProps) {
  const { t } = useTranslation(['stocktaking', 'ui']);
  const title = t(route.pageTitle!);
  const client = useApolloClient();
  const { confirm, dialog: question } = useConfirm();
  // The dialog's record (undefined: a new one); null while closed.
  const [open, setOpen] = useState<{ row?: Row } | null>(null);
  const warehouses = useQuery(StocktakingWarehouseChoicesDocument, {
    skip: !can('warehouse:view'),
  }).data?.warehouses.items;

  const run = async (
    row: Row,
    mutation: typeof StartStocktakingDocument | typeof CancelStocktakingDocument,
    questionKey: 'start' | 'cancel',
    label: string,
    toast: string,
  ) => {
    if (!(await confirm(t(`stocktaking:questions.${questionKey}`, { name: row.name }), label)))
      return;
    try {
      await client.mutate({
        mutation,
        variables: { id: String(row.id), version: row.version },
      });
      showToast(toast, 'success');
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    }
  };

  return (
    <Page
      title={title}
      actions={
        can('stocktaking:create') ? (
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text={t('stocktaking:create')}
            onClick={() => setOpen({})}
          />
        ) : null
      }
    >
      <DataTable<StocktakingsQuery, Row, StocktakingSort>
        query={StocktakingsDocument}
        pageOf={(data) => data.stocktakings}
        label={title}
        defaultSort="CREATED"
        defaultDir="desc"
        filters={[
          {
            name: 'status',
            label: t('stocktaking:fields.status'),
            choices: STATUSES.map((status) => ({
              value: status,
              label: t(`stocktaking:status.${status}`),
            })),
          },
          // Counting or counted (the dashboard's "Laufende Inventuren" links here).
          {
            name: 'phase',
            label: t('stocktaking:fields.phase'),
            choices: [{ value: 'RUNNING', label: t('stocktaking:fields.running') }],
          },
          ...(warehouses
            ? [
                {
                  name: 'warehouseId',
                  label: t('stocktaking:fields.warehouse'),
                  choices: warehouses.map((w) => ({ value: String(w.id), label: w.name })),
                },
              ]
            : []),
        ]}
        columns={[
          {
            title: t('stocktaking:fields.number'),
            sortKey: 'NUMBER',
            key: true,
            cell: (row) => (
              <Link
                to={
                  row.status === 'DRAFT' || row.status === 'COUNTING'
                    ? `/stocktaking/${row.id}/edit`
                    : `/stocktaking/${row.id}/summary`
                }
              >
                {row.number}
              </Link>
            ),
          },
          { title: t('stocktaking:fields.name'), cell: (row) => row.name },
          {
            title: t('stocktaking:fields.status'),
            cell: (row) => <StatusTags stocktaking={row} />,
            key: true,
          },
          { title: t('stocktaking:fields.scope'), cell: (row) => scopeText(row) },
          {
            title: t('stocktaking:fields.progress'),
            cell: (row) => (row.status === 'DRAFT' ? '' : <Progress stocktaking={row} />),
            key: true,
          },
          { title: t('stocktaking:fields.createdBy'), cell: (row) => row.createdByName ?? '' },
          {
            title: t('stocktaking:fields.createdAt'),
            cell: (row) => dateTime(row.createdAt),
            sortKey: 'CREATED',
          },
        ]}
        actions={(row) => (
          <>
            {row.status === 'DRAFT' && can('stocktaking:update') ? (
              <>
                <Button
                  icon="edit"
                  variant="minimal"
                  aria-label={`${t('stocktaking:editAction')}: ${row.name}`}
                  title={t('stocktaking:editAction')}
                  onClick={() => setOpen({ row })}
                />
                <Button
                  icon="play"
                  variant="minimal"
                  intent={Intent.PRIMARY}
                  aria-label={`${t('stocktaking:start')}: ${row.name}`}
                  title={t('stocktaking:start')}
                  onClick={() =>
                    void run(
                      row,
                      StartStocktakingDocument,
                      'start',
                      t('stocktaking:start'),
                      t('stocktaking:toasts.started'),
                    )
                  }
                />
              </>
            ) : null}
            {row.status === 'COUNTING' && can('stocktaking:count') ? (
              <Button
                icon="barcode"
                variant="minimal"
                onClick={() => navigate(`/stocktaking/${row.id}/edit`)}
                aria-label={`${t('stocktaking:count')}: ${row.name}`}
                title={t('stocktaking:count')}
              />
            ) : null}
            {row.status !== 'DRAFT' ? (
              <Button
                icon="th-list"
                variant="minimal"
                onClick={() => navigate(`/stocktaking/${row.id}/summary`)}
                aria-label={`${t('stocktaking:summaryAction')}: ${row.name}`}
                title={t('stocktaking:summaryAction')}
              />
            ) : null}
            {(row.status === 'DRAFT' || row.status === 'COUNTING' || row.status === 'COUNTED') &&
            can('stocktaking:delete') ? (
              <Button
                icon="cross-circle"
                variant="minimal"
                intent={Intent.DANGER}
                aria-label={`${t('stocktaking:cancel')}: ${row.name}`}
                title={t('stocktaking:cancel')}
                onClick={() =>
                  void run(
                    row,
                    CancelStocktakingDocument,
                    'cancel',
                    t('stocktaking:cancel'),
                    t('stocktaking:toasts.cancelled'),
                  )
                }
              />
            ) : null}
          </>
        )}
      />
      <Dialog
        isOpen={open !== null}
        onClose={() => setOpen(null)}
        title={
          open?.row
            ? t('stocktaking:titles.edit', { number: open.row.number, name: open.row.name })
            : t('stocktaking:create')
        }
      >
        <DialogBody>
          {open ? <StocktakingForm record={open.row} done={() => setOpen(null)} /> : null}
        </DialogBody>
      </Dialog>
      {question}
    </Page>
  );
}

/** Stocktakings (inventory counts): list, counting, summary. */
export const stocktakingsPages: ModulePages = {
  'stocktaking.list': StocktakingList,
  'stocktaking.edit': CountingPage,
  'stocktaking.summary': SummaryPage,
};
