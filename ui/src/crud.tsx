import { Button, Dialog, DialogBody, Intent } from '@blueprintjs/core';
import type { CrudEntity } from '@kontor/contracts';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useState, type ComponentType, type ReactNode } from 'react';
import {
  can,
  i18n,
  navigate,
  Page,
  showToast,
  useTranslation,
  type PageProps,
} from '@kontor/shared-session';
import { useConfirm } from './confirm';
import { DataTable, type Column, type ListFilter, type ListVariables } from './data-table';
import type { FieldValues } from 'react-hook-form';
import { FormActions, KontorForm, useKontorForm, type FormState } from './forms';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { graphqlProblem, queryState } from './graphql';
import type { FormRules } from './rules';
import { problemText } from './server-problem';
import { RecordPage, type PageBack } from './record-page';
import './toolkit-i18n';

// The screens of a kind of record (clients, products, avis …), built from its columns,
// GraphQL operations, fields and toasts: a list with create, edit and confirmed delete, and
// one form that creates or updates.

/** How a list deletes a row: the mutation, its toast, and when and how to ask first. */
export interface RowDelete<Row, Variables> {
  mutation: TypedDocumentNode<unknown, Variables>;
  /** The success toast. */
  success: string;
  /** The mutation's variables for a row; `{ id }` when not given. */
  variables?: (row: Row) => Variables;
  /** The question instead of 'Soll „…“ wirklich gelöscht werden?' (e.g. for a record in use). */
  question?: (row: Row) => string | undefined;
  /** Further limits beyond `{permission}:delete` (e.g. not yourself). */
  allowed?: (row: Row) => boolean;
}

/** Where a list's create and edit buttons lead: the form pages, or a dialog over the list. */
export type ListForms<Row> =
  | { create: string; edit: (row: Row) => string }
  | { dialog: (row: Row | undefined, done: () => void) => ReactNode };

/** A record of a list: its id, and its name in delete buttons and questions. */
type ListRow = { id: string | number; name?: string };

/** A list query's answer: one field, the page of records (`{ clients: { items, total } }`). */
type ListData<Row> = Record<string, { items: Row[]; total: number; totalIsLowerBound?: boolean }>;

/**
 * A list page: the title with the create button, the DataTable paged, sorted and searched on
 * the server (by the first sortable column until the user picks another), and each row's edit
 * and delete buttons. Buttons show only with the permission `{permission}:create`, `:update`
 * or `:delete`; a delete asks 'Bestätigung Erforderlich' first and shows the success or
 * error toast.
 */
export function ListPage<Row extends ListRow, Sort extends string, DeleteVariables>({
  columns,
  title,
  permission,
  query,
  forms,
  remove,
  rowActions,
  exportList,
  filters,
  filter,
  actions,
}: {
  columns: Column<Row, Sort>[];
  title: string;
  /** The entity of the permissions (`client` for client:create …). */
  permission: CrudEntity;
  query: TypedDocumentNode<ListData<Row>, ListVariables<Sort>>;
  forms: ListForms<Row>;
  remove?: RowDelete<Row, DeleteVariables>;
  /** Buttons of a row between its edit and delete buttons. */
  rowActions?: (row: Row) => ReactNode;
  /** The GraphQL list field (`clients`) whose whole filtered list 'CSV exportieren' downloads. */
  exportList?: string;
  /** Filters beside the search (kept in the URL, sent as the query's `filter`). */
  filters?: ListFilter[];
  /** A filter the list always has, not shown (one connector's shop connections). */
  filter?: Record<string, string>;
  /** Further buttons in the title bar, before 'Erstellen' (e.g. the list's import). */
  actions?: ReactNode;
}) {
  useTranslation('ui');
  const { confirm, dialog: question } = useConfirm();
  // The dialog's record (undefined: a new one); null while closed.
  const [open, setOpen] = useState<{ row?: Row } | null>(null);
  // A dialog's save shows in a fresh table.
  const [generation, setGeneration] = useState(0);
  const inDialog = 'dialog' in forms;
  const defaultSort = columns.find((column) => column.sortKey)?.sortKey;
  if (!defaultSort) throw new Error(`${title}: a list needs a sortable column`);

  const client = useApolloClient();
  const deleteRow = async (row: Row) => {
    const name = row.name ?? String(row.id);
    const text = remove!.question?.(row) ?? i18n.t('ui:confirmDelete', { name });
    if (!(await confirm(text))) return;
    try {
      const variables = remove!.variables?.(row) ?? ({ id: String(row.id) } as DeleteVariables);
      // The mutation evicts the cached list pages: the table refetches without the deleted row.
      await client.mutate({ mutation: remove!.mutation, variables } as never);
      showToast(remove!.success, 'success');
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    }
  };
  const creatable = can(`${permission}:create`);
  const deletable = (row: Row) =>
    remove !== undefined && can(`${permission}:delete`) && (remove.allowed?.(row) ?? true);

  return (
    <Page
      title={title}
      actions={
        actions || creatable ? (
          <>
            {actions}
            {creatable ? (
              <Button
                icon="add"
                intent={Intent.PRIMARY}
                text={i18n.t('ui:create')}
                onClick={() => (inDialog ? setOpen({}) : navigate(forms.create))}
              />
            ) : null}
          </>
        ) : null
      }
    >
      <DataTable
        {...{ query, columns, defaultSort }}
        key={generation}
        label={title}
        exportList={exportList}
        filters={filters}
        filter={filter}
        pageOf={(data) => Object.values(data)[0]!}
        actions={(row) => (
          <>
            {can(`${permission}:update`) ? (
              <Button
                icon="edit"
                variant="minimal"
                aria-label={i18n.t('ui:edit')}
                title={i18n.t('ui:edit')}
                onClick={() => (inDialog ? setOpen({ row }) : navigate(forms.edit(row)))}
              />
            ) : null}
            {rowActions?.(row)}
            {deletable(row) ? (
              <Button
                icon="trash"
                variant="minimal"
                intent={Intent.DANGER}
                aria-label={`${i18n.t('ui:delete')} ${row.name ?? row.id}`}
                title={i18n.t('ui:delete')}
                onClick={() => void deleteRow(row)}
              />
            ) : null}
          </>
        )}
      />
      {inDialog ? (
        <Dialog isOpen={open !== null} onClose={() => setOpen(null)} title={title}>
          <DialogBody>
            {open
              ? forms.dialog(open.row, () => {
                  setOpen(null);
                  setGeneration((n) => n + 1);
                })
              : null}
          </DialogBody>
        </Dialog>
      ) : null}
      {question}
    </Page>
  );
}

/** What a choices query answers: one field with the records to choose from. */
type ChoicesData = Record<string, { items: { id: string | number; name: string }[] }>;

/**
 * The options of a select or checkbox list, from a query that asks for one list of
 * `{ id, name }` (e.g. `clients(page: { pageSize: 100 }) { items { id name } }`).
 */
export function useChoices(
  query: TypedDocumentNode<ChoicesData, Record<string, never>>,
  options: { skip?: boolean } = {},
): { value: string; label: string }[] {
  const { data } = useQuery(query, { skip: options.skip });
  const items = data ? Object.values(data)[0]!.items : [];
  return items.map((item) => ({ value: String(item.id), label: item.name }));
}

/** A record a form updates: its id and the version the update must match (stale edits fail). */
export interface VersionedRecord {
  id: string | number;
  version: number;
}

/**
 * The state of a form that creates a record, or updates `record` when given: runs the create
 * or update mutation with `{ input }` (`input(values)`, or the values themselves), shows the
 * created or updated toast, then goes to `onSaved` (a path, e.g. the list, or a callback).
 */
export function useRecordForm<Values extends FieldValues, Input>(
  options: {
    record: VersionedRecord | undefined;
    initial: Values;
    /** The fields' rules (`rules.text(100)` …), checked before the server is asked. */
    rules: FormRules;
    create: TypedDocumentNode<unknown, { input: Input }>;
    update: TypedDocumentNode<unknown, { id: string; version: number; input: Input }>;
    toasts: { created: string; updated: string };
    onSaved: string | (() => void);
  } & (Values extends Input
    ? { input?: (values: Values) => Input }
    : { input: (values: Values) => Input }),
): FormState<Values> {
  const { record, onSaved } = options;
  // Apollo's mutations: the answer updates the record in the normalized cache, and the cached
  // list pages are evicted (shared-session's graphql/apollo.ts), so the lists show the change.
  const [create] = useMutation(options.create);
  const [update] = useMutation(options.update);
  return useKontorForm({
    initial: options.initial,
    rules: options.rules,
    success: record ? options.toasts.updated : options.toasts.created,
    onSaved: typeof onSaved === 'string' ? () => navigate(onSaved) : onSaved,
    save: (values) => {
      // Without `input` the types made sure the values are the input.
      const toInput = options.input as ((values: Values) => Input) | undefined;
      const input = toInput ? toInput(values) : (values as unknown as Input);
      const saved = record
        ? update({ variables: { id: String(record.id), version: record.version, input } })
        : create({ variables: { input } });
      return saved.then((result) => result.data);
    },
  });
}

/** A form that validates on submit, its fields, then save (and cancel when `cancelPath` is given). */
export function Form<Values extends FieldValues>({
  form,
  cancelPath,
  children,
}: {
  form: FormState<Values>;
  cancelPath?: string;
  children: ReactNode;
}) {
  return (
    <KontorForm form={form} className="kontor-record-form">
      {children}
      <FormActions onCancel={cancelPath ? () => navigate(cancelPath) : undefined} />
    </KontorForm>
  );
}

/**
 * A form page: the back link (when given), the title, then the form with save and cancel
 * (back to `cancelPath`).
 */
export function FormPage<Values extends FieldValues>({
  title,
  back,
  ...formProps
}: {
  title: string;
  back?: PageBack;
  form: FormState<Values>;
  cancelPath: string;
  children: ReactNode;
}) {
  return (
    <Page title={title} back={back}>
      <Form {...formProps} />
    </Page>
  );
}

/**
 * What a record's form page gets: the record to edit (none: create), the page title (naming
 * the record when the page's `title` option does) and the back link for its `Page`/`FormPage`.
 */
export interface RecordFormProps<Entity> {
  record?: Entity;
  title: string;
  back?: PageBack;
}

/**
 * The options of a record's pages, read while rendering (so in the user's language): `title`
 * names the loaded record ('Produkt MV-30001 – Farbe rot', 'Bestellung K-2026-000001' for one
 * that can only be read) instead of the route's title; `back` is the link above the heading.
 */
export interface RecordPageOptions<Entity> {
  title?: (record: Entity) => string;
  back?: () => PageBack;
}

/** The create page of a record form: the empty form under the route's title. */
export function createPage<Entity>(
  RecordForm: ComponentType<RecordFormProps<Entity>>,
  options: Pick<RecordPageOptions<Entity>, 'back'> = {},
): ComponentType<PageProps> {
  return function CreatePage({ route }: PageProps) {
    const { t } = useTranslation();
    return <RecordForm title={t(route.pageTitle ?? '')} back={options.back?.()} />;
  };
}

/**
 * The edit page of a record form: loads the record of the route's `:id` with `query`, shows
 * the spinner meanwhile (under the route's title) and 'Der Eintrag wurde nicht gefunden.'
 * when there is none; the loaded record's title by `options.title`.
 */
export function editPage<Data, Entity>(
  RecordForm: ComponentType<RecordFormProps<Entity>>,
  query: TypedDocumentNode<Data, { id: string }>,
  pick: (data: Data) => Entity | null | undefined,
  options: RecordPageOptions<Entity> = {},
): ComponentType<PageProps> {
  return function EditPage({ route, params }: PageProps) {
    const { t } = useTranslation();
    const title = t(route.pageTitle ?? '');
    const back = options.back?.();
    const loaded = queryState(useQuery(query, { variables: { id: params.id ?? '' } as never }));
    return (
      <RecordPage title={title} back={back} query={loaded} pick={pick}>
        {(record) => (
          <RecordForm record={record} title={options.title?.(record) ?? title} back={back} />
        )}
      </RecordPage>
    );
  };
}
