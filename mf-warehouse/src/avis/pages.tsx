import { AnchorButton, Button, Intent } from '@blueprintjs/core';
import {
  AvisListDocument,
  AvisSupplierChoicesDocument,
  AvisSupplierNameDocument,
  DeleteAvisDocument,
  type AvisListQuery,
} from '../graphql/generated';
import {
  can,
  DataTable,
  graphqlProblem,
  Link,
  navigate,
  Page,
  problemText,
  showToast,
  useApolloClient,
  useConfirm,
  useTranslation,
  type ModulePages,
  type PageProps,
} from '../shared-session';
import {
  AVIS_CREATE,
  AVIS_IMPORT,
  avisDetailsPath,
  avisEditPath,
  bookable,
  day,
  number,
  StatusTag,
  STATUSES,
} from './common';
import { AvisDetails } from './details';
import { CreateAvis, EditAvis } from './form';
import './avis.css';

type Row = AvisListQuery['avisList']['items'][number];

/**
 * /administration/avis: the advance delivery notices, latest delivery date first, filtered by
 * status, supplier, delivery date and due today (all in the URL); each row links to its details and,
 * while it is open, to its booking. Others' bookings evict the cached pages (RecordChanged of
 * Avis), so the table refetches by itself.
 */
function AvisList({ route }: PageProps) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const client = useApolloClient();
  const { confirm, dialog } = useConfirm();
  const title = t(route.pageTitle!);

  const remove = async (row: Row) => {
    if (!(await confirm(t('ui:confirmDelete', { name: row.number })))) return;
    try {
      await client.mutate({ mutation: DeleteAvisDocument, variables: { id: String(row.id) } });
      showToast(t('warehouse:avis.deleted'), 'success');
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    }
  };

  return (
    <Page
      title={title}
      actions={
        <>
          {can('avis:import') ? (
            <AnchorButton
              icon="import"
              text={t('warehouse:avis.import')}
              href={AVIS_IMPORT}
              onClick={(event) => {
                event.preventDefault();
                navigate(AVIS_IMPORT);
              }}
            />
          ) : null}
          {can('avis:create') ? (
            <Button
              icon="add"
              intent={Intent.PRIMARY}
              text={t('ui:create')}
              onClick={() => navigate(AVIS_CREATE)}
            />
          ) : null}
        </>
      }
    >
      <DataTable<AvisListQuery, Row, 'DELIVERY_DATE' | 'NUMBER'>
        query={AvisListDocument}
        pageOf={(data) => data.avisList}
        label={title}
        defaultSort="DELIVERY_DATE"
        // The latest deliveries first unless the URL says otherwise.
        defaultDir="desc"
        filters={[
          {
            name: 'status',
            label: t('warehouse:avis.fields.status'),
            choices: STATUSES.map((status) => ({
              value: status,
              label: t(`warehouse:avis.status.${status}`),
            })),
          },
          {
            name: 'supplierId',
            label: t('warehouse:avis.fields.supplier'),
            search: AvisSupplierChoicesDocument,
            chosen: AvisSupplierNameDocument,
          },
          { name: 'from', label: t('warehouse:avis.fields.from'), date: true },
          { name: 'to', label: t('warehouse:avis.fields.to'), date: true },
          // Still to be received with today's delivery date (the dashboard's figure links here).
          {
            name: 'due',
            label: t('warehouse:avis.fields.due'),
            choices: [{ value: 'TODAY', label: t('warehouse:avis.fields.dueToday') }],
          },
        ]}
        columns={[
          {
            title: t('warehouse:avis.fields.number'),
            cell: (a) => (
              <Link className="kontor-avis-nowrap" to={avisDetailsPath(a.id)}>
                {a.number}
              </Link>
            ),
            sortKey: 'NUMBER',
            key: true,
          },
          {
            title: t('warehouse:avis.fields.deliveryNoteNumber'),
            cell: (a) => a.deliveryNoteNumber,
          },
          {
            title: t('warehouse:avis.fields.deliveryDate'),
            cell: (a) => <span className="kontor-avis-nowrap">{day(a.deliveryDate)}</span>,
            sortKey: 'DELIVERY_DATE',
          },
          { title: t('warehouse:avis.fields.supplier'), cell: (a) => a.supplier.name },
          { title: t('warehouse:avis.fields.client'), cell: (a) => a.client.name },
          {
            title: t('warehouse:avis.fields.status'),
            cell: (a) => <StatusTag status={a.status} />,
            key: true,
          },
          {
            title: t('warehouse:avis.fields.progress'),
            cell: (a) => `${number(a.receivedTotal)} / ${number(a.announcedTotal)}`,
            key: true,
          },
        ]}
        actions={(row) => (
          <>
            {can('avis:book') && bookable(row.status) ? (
              <Button
                icon="log-in"
                variant="minimal"
                intent={Intent.PRIMARY}
                aria-label={t('warehouse:avis.bookAria', { number: row.number })}
                title={t('warehouse:avis.book')}
                onClick={() => navigate(avisDetailsPath(row.id, true))}
              />
            ) : null}
            {can('avis:update') && row.status === 'ANNOUNCED' && row.receivedTotal === 0 ? (
              <Button
                icon="edit"
                variant="minimal"
                aria-label={`${t('ui:edit')} ${row.number}`}
                title={t('ui:edit')}
                onClick={() => navigate(avisEditPath(row.id))}
              />
            ) : null}
            {can('avis:delete') && row.status === 'ANNOUNCED' && row.receivedTotal === 0 ? (
              <Button
                icon="trash"
                variant="minimal"
                intent={Intent.DANGER}
                aria-label={`${t('ui:delete')} ${row.number}`}
                title={t('ui:delete')}
                onClick={() => void remove(row)}
              />
            ) : null}
          </>
        )}
      />
      {dialog}
    </Page>
  );
}

/** Advance delivery notices (avis) from suppliers: list, create, edit, details with booking. */
export const avisPages: ModulePages = {
  'warehouse.avis': AvisList,
  'warehouse.avis.create': CreateAvis,
  'warehouse.avis.edit': EditAvis,
  'warehouse.avis.details': AvisDetails,
};
