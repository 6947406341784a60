import {
  Button,
  Dialog,
  DialogBody,
  HTMLTable,
  Icon,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useRef, useState } from 'react';
import {
  CreatePlaceDocument,
  CreatePlacesDocument,
  CreateRackDocument,
  CreateStorageDocument,
  CreateWarehouseDocument,
  DeletePlaceDocument,
  DeleteRackDocument,
  DeleteStorageDocument,
  DeleteWarehouseDocument,
  RackPlacesDocument,
  UpdatePlaceDocument,
  UpdateRackDocument,
  UpdateStorageDocument,
  UpdateWarehouseDocument,
  WarehouseDocument,
  WarehousesDocument,
  WarehouseTreeDocument,
  type RackPlacesQuery,
  type WarehouseQuery,
  type WarehouseTreeQuery,
} from '../graphql/generated';
import {
  addTranslations,
  can,
  AddressFields,
  addressRules,
  addressValues,
  editPage,
  createPage,
  Form,
  FormActions,
  FormSection,
  graphqlProblem,
  KontorForm,
  ListPage,
  navigate,
  Page,
  problemText,
  ruleMessage,
  rules,
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
  type RecordFormProps,
} from '../shared-session';
import { warehouseRuleTexts } from './texts';
import './warehouses.css';

// Warehouses (SPEC.md §2 /administration/warehouses): the list, the create page, and the edit
// page with the address form and the tree storages → racks → places, edited in place through
// dialogs (add, edit, delete, a series of places at once, labels as PDF).

addTranslations(warehouseRuleTexts);

const LIST = '/administration/warehouses';
const T = 'warehouse:warehouses';

/** A warehouse's address has no person: company, address and how to reach it. */
const ADDRESS_PARTS = ['address', 'reach'] as const;

/** The server's rules of a warehouse (server/src/warehouses/warehouses.ts); formats stay the server's. */
const WAREHOUSE_RULES = {
  name: rules.text(),
  code: rules.text(20),
  address: addressRules(ADDRESS_PARTS),
};

/** The refetch after a change of the tree: the open tree and racks show it at once. */
function useRefetch() {
  const client = useApolloClient();
  return () => client.refetchQueries({ include: [WarehouseTreeDocument, RackPlacesDocument] });
}

/** A tree row's icon button (edit, delete): its name says what it does to which node. */
function TreeAction({
  icon,
  label,
  target,
  danger = false,
  onClick,
}: {
  icon: 'edit' | 'trash';
  label: string;
  target: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      small
      variant="minimal"
      intent={danger ? Intent.DANGER : undefined}
      icon={icon}
      aria-label={`${label} ${target}`}
      title={label}
      onClick={onClick}
    />
  );
}

/** A labels PDF link (opens in a new tab; the server checks warehouse:view). */
function LabelsLink({ query, name }: { query: string; name: string }) {
  const { t } = useTranslation('warehouse');
  return (
    <a
      className="bp6-button bp6-minimal bp6-small"
      href={`/spa/warehouses/labels.pdf?${query}`}
      target="_blank"
      rel="noreferrer"
      aria-label={`${t(`${T}.tree.labels`)} ${name}`}
    >
      <Icon icon="barcode" />
      <span className="bp6-button-text">{t(`${T}.tree.labels`)}</span>
    </a>
  );
}

// ------------------------------------------------------------------ list

type WarehouseRow = NonNullable<
  import('../graphql/generated').WarehousesQuery['warehouses']['items'][number]
>;

function WarehouseList({ route }: PageProps) {
  const { t } = useTranslation(['warehouse', 'ui']);
  return (
    <ListPage<WarehouseRow, 'NAME' | 'CODE' | 'CITY' | 'ID', { id: string }>
      columns={[
        { title: t(`${T}.fields.name`), cell: (w) => w.name, sortKey: 'NAME' },
        { title: t(`${T}.fields.code`), cell: (w) => w.code, sortKey: 'CODE' },
        {
          title: t(`${T}.fields.city`),
          cell: (w) => `${w.address.postcode} ${w.address.city}`.trim(),
          sortKey: 'CITY',
        },
      ]}
      title={t(route.pageTitle!)}
      exportList="warehouses"
      permission="warehouse"
      query={WarehousesDocument}
      forms={{ create: `${LIST}/create`, edit: (w) => `${LIST}/${w.id}/edit` }}
      remove={{
        mutation: DeleteWarehouseDocument,
        success: t(`${T}.toasts.warehouseDeleted`),
        question: (w) => t(`${T}.tree.deleteWarehouseQuestion`, { name: w.name }),
      }}
    />
  );
}

// ------------------------------------------------------------------ warehouse form

type Warehouse = NonNullable<WarehouseQuery['warehouse']>;
type WarehouseValues = {
  name: string;
  code: string;
  address: ReturnType<typeof addressValues>;
};

function WarehouseForm({ record: warehouse, title }: RecordFormProps<Warehouse>) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const initial: WarehouseValues = {
    name: warehouse?.name ?? '',
    code: warehouse?.code ?? '',
    address: addressValues(warehouse?.address, ADDRESS_PARTS),
  };
  const [create] = useMutation(CreateWarehouseDocument);
  const [update] = useMutation(UpdateWarehouseDocument);
  const created = useRef<string | null>(null);
  const form = useKontorForm({
    initial,
    rules: WAREHOUSE_RULES,
    success: warehouse ? t(`${T}.toasts.warehouseUpdated`) : t(`${T}.toasts.warehouseCreated`),
    save: async (values: WarehouseValues) => {
      if (warehouse) {
        await update({
          variables: { id: warehouse.id, version: warehouse.version, input: values },
        });
      } else {
        const answer = await create({ variables: { input: values } });
        created.current = answer.data?.createWarehouse.id ?? null;
      }
    },
    // A new warehouse opens its edit page, where its storages, racks and places are added.
    onSaved: () => {
      if (created.current) navigate(`${LIST}/${created.current}/edit`);
    },
  });
  return (
    <Page title={title}>
      <Form form={form} cancelPath={LIST}>
        <FormSection title={t(`${T}.sections.warehouse`)}>
          <TextField name="name" label={t(`${T}.fields.name`)} />
          <TextField name="code" label={t(`${T}.fields.code`)} />
        </FormSection>
        <AddressFields name="address" parts={ADDRESS_PARTS} />
      </Form>
      {warehouse ? (
        <WarehouseTree warehouseId={warehouse.id} />
      ) : (
        <p className="kontor-warehouse-hint">{t(`${T}.tree.createFirst`)}</p>
      )}
    </Page>
  );
}

// ------------------------------------------------------------------ the tree

type Storage = NonNullable<WarehouseTreeQuery['warehouse']>['storages'][number];
type Rack = Storage['racks'][number];
type Place = NonNullable<RackPlacesQuery['rack']>['places'][number];

/** What the tree's dialog edits: a new or existing storage, rack or place, or a series of places. */
type Editing =
  | { kind: 'storage'; warehouseId: string; record?: Storage }
  | { kind: 'rack'; storageId: string; record?: Rack }
  | { kind: 'place'; rackId: string; prefix: string; record?: Place }
  | { kind: 'places'; rackId: string; prefix: string };

function WarehouseTree({ warehouseId }: { warehouseId: string }) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const { data, loading } = useQuery(WarehouseTreeDocument, { variables: { id: warehouseId } });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const { confirm, dialog: question } = useConfirm();
  const client = useApolloClient();
  const refetch = useRefetch();
  const editable = can('warehouse:update');
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const warehouse = data?.warehouse;

  /** Asks, deletes, toasts; a refusal (stock on a place) shows the server's reason. */
  const remove = async (
    mutation: typeof DeleteStorageDocument | typeof DeleteRackDocument | typeof DeletePlaceDocument,
    id: string,
    questionText: string,
    success: string,
  ) => {
    if (!(await confirm(questionText))) return;
    try {
      await client.mutate({ mutation, variables: { id } });
      showToast(success, 'success');
      await refetch();
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    }
  };

  if (loading && !warehouse) return <Spinner aria-label={t('ui:loading')} />;
  if (!warehouse) return null;
  return (
    <section className="kontor-warehouse-tree" aria-label={t(`${T}.sections.tree`)}>
      <header className="kontor-warehouse-tree-header">
        <h3 className="bp6-heading">{t(`${T}.sections.tree`)}</h3>
        <div className="kontor-warehouse-tree-actions">
          {editable ? (
            <Button
              icon="add"
              intent={Intent.PRIMARY}
              text={t(`${T}.tree.addStorage`)}
              onClick={() => setEditing({ kind: 'storage', warehouseId })}
            />
          ) : null}
          <LabelsLink query={`warehouseId=${warehouseId}`} name={warehouse.code} />
        </div>
      </header>
      {warehouse.storages.length === 0 ? (
        <NonIdealState icon="office" description={t(`${T}.tree.empty`)} />
      ) : (
        <ul className="kontor-tree-level" role="tree" aria-label={t(`${T}.sections.tree`)}>
          {warehouse.storages.map((storage) => {
            const storageOpen = !open.has(`s${storage.id}`); // storages start open
            const storageName = `${storage.code} – ${storage.name}`;
            return (
              <li
                key={storage.id}
                role="treeitem"
                aria-expanded={storageOpen}
                aria-label={storageName}
              >
                <div className="kontor-tree-row kontor-tree-row--storage">
                  <Button
                    variant="minimal"
                    small
                    icon={storageOpen ? 'caret-down' : 'caret-right'}
                    aria-label={t(`${T}.tree.${storageOpen ? 'close' : 'open'}`, {
                      name: storageName,
                    })}
                    onClick={() => toggle(`s${storage.id}`)}
                  />
                  <span className="kontor-tree-kind">{t(`${T}.tree.storage`)}</span>
                  <strong className="kontor-tree-code">{storage.code}</strong>
                  <span className="kontor-tree-name">{storage.name}</span>
                  <span className="kontor-tree-spacer" />
                  {editable ? (
                    <>
                      <Button
                        small
                        variant="minimal"
                        icon="add"
                        text={t(`${T}.tree.addRack`)}
                        aria-label={`${t(`${T}.tree.addRack`)} ${storage.code}`}
                        onClick={() => setEditing({ kind: 'rack', storageId: storage.id })}
                      />
                      <TreeAction
                        icon="edit"
                        label={t(`${T}.tree.editStorage`)}
                        target={storage.code}
                        onClick={() =>
                          setEditing({ kind: 'storage', warehouseId, record: storage })
                        }
                      />
                    </>
                  ) : null}
                  <LabelsLink query={`storageId=${storage.id}`} name={storage.code} />
                  {editable ? (
                    <TreeAction
                      icon="trash"
                      label={t(`${T}.tree.deleteStorage`)}
                      target={storage.code}
                      danger
                      onClick={() =>
                        void remove(
                          DeleteStorageDocument,
                          storage.id,
                          t(`${T}.tree.deleteStorageQuestion`, { name: storageName }),
                          t(`${T}.toasts.storageDeleted`),
                        )
                      }
                    />
                  ) : null}
                </div>
                {storageOpen ? (
                  storage.racks.length === 0 ? (
                    <p className="kontor-tree-empty">{t(`${T}.tree.noRacks`)}</p>
                  ) : (
                    <ul className="kontor-tree-level" role="group">
                      {storage.racks.map((rack) => {
                        const rackOpen = open.has(`r${rack.id}`);
                        const rackName = `${rack.code} – ${rack.name}`;
                        const prefix = `${warehouse.code} / ${storage.code} / ${rack.code}`;
                        return (
                          <li
                            key={rack.id}
                            role="treeitem"
                            aria-expanded={rackOpen}
                            aria-label={rackName}
                          >
                            <div className="kontor-tree-row kontor-tree-row--rack">
                              <Button
                                variant="minimal"
                                small
                                icon={rackOpen ? 'caret-down' : 'caret-right'}
                                aria-label={t(`${T}.tree.${rackOpen ? 'close' : 'open'}`, {
                                  name: rackName,
                                })}
                                onClick={() => toggle(`r${rack.id}`)}
                              />
                              <span className="kontor-tree-kind">{t(`${T}.tree.rack`)}</span>
                              <strong className="kontor-tree-code">{rack.code}</strong>
                              <span className="kontor-tree-name">{rack.name}</span>
                              <span className="kontor-tree-count">
                                {t(`${T}.tree.placeCount`, { count: rack.placeCount })}
                              </span>
                              <span className="kontor-tree-spacer" />
                              {editable ? (
                                <>
                                  <Button
                                    small
                                    variant="minimal"
                                    icon="add"
                                    text={t(`${T}.tree.addPlace`)}
                                    aria-label={`${t(`${T}.tree.addPlace`)} ${rack.code}`}
                                    onClick={() => {
                                      setOpen((current) => new Set(current).add(`r${rack.id}`));
                                      setEditing({ kind: 'place', rackId: rack.id, prefix });
                                    }}
                                  />
                                  <Button
                                    small
                                    variant="minimal"
                                    icon="layers"
                                    text={t(`${T}.tree.addPlaces`)}
                                    aria-label={`${t(`${T}.tree.addPlaces`)} ${rack.code}`}
                                    onClick={() => {
                                      setOpen((current) => new Set(current).add(`r${rack.id}`));
                                      setEditing({ kind: 'places', rackId: rack.id, prefix });
                                    }}
                                  />
                                  <TreeAction
                                    icon="edit"
                                    label={t(`${T}.tree.editRack`)}
                                    target={rack.code}
                                    onClick={() =>
                                      setEditing({
                                        kind: 'rack',
                                        storageId: storage.id,
                                        record: rack,
                                      })
                                    }
                                  />
                                </>
                              ) : null}
                              <LabelsLink query={`rackId=${rack.id}`} name={rack.code} />
                              {editable ? (
                                <TreeAction
                                  icon="trash"
                                  label={t(`${T}.tree.deleteRack`)}
                                  target={rack.code}
                                  danger
                                  onClick={() =>
                                    void remove(
                                      DeleteRackDocument,
                                      rack.id,
                                      t(`${T}.tree.deleteRackQuestion`, { name: rackName }),
                                      t(`${T}.toasts.rackDeleted`),
                                    )
                                  }
                                />
                              ) : null}
                            </div>
                            {rackOpen ? (
                              <RackPlaces
                                rackId={rack.id}
                                editable={editable}
                                onEdit={(place) =>
                                  setEditing({
                                    kind: 'place',
                                    rackId: rack.id,
                                    prefix,
                                    record: place,
                                  })
                                }
                                onDelete={(place) =>
                                  void remove(
                                    DeletePlaceDocument,
                                    place.id,
                                    t(`${T}.tree.deletePlaceQuestion`, { name: place.path }),
                                    t(`${T}.toasts.placeDeleted`),
                                  )
                                }
                              />
                            ) : null}
                          </li>
                        );
                      })}
                    </ul>
                  )
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Dialog
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? dialogTitle(editing, t) : ''}
      >
        <DialogBody>
          {editing ? (
            <TreeForm
              editing={editing}
              done={() => {
                setEditing(null);
                void refetch();
              }}
            />
          ) : null}
        </DialogBody>
      </Dialog>
      {question}
    </section>
  );
}

function dialogTitle(editing: Editing, t: (key: string) => string): string {
  switch (editing.kind) {
    case 'storage':
      return t(`${T}.tree.${editing.record ? 'editStorage' : 'addStorage'}`);
    case 'rack':
      return t(`${T}.tree.${editing.record ? 'editRack' : 'addRack'}`);
    case 'place':
      return t(`${T}.tree.${editing.record ? 'editPlace' : 'addPlace'}`);
    case 'places':
      return t(`${T}.tree.addPlaces`);
  }
}

/** The places of an open rack, in walking order, with their edit and delete buttons. */
function RackPlaces({
  rackId,
  editable,
  onEdit,
  onDelete,
}: {
  rackId: string;
  editable: boolean;
  onEdit: (place: Place) => void;
  onDelete: (place: Place) => void;
}) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const { data, loading } = useQuery(RackPlacesDocument, { variables: { id: rackId } });
  const places = data?.rack?.places;
  if (!places) return loading ? <Spinner size={20} aria-label={t('ui:loading')} /> : null;
  if (places.length === 0) return <p className="kontor-tree-empty">{t(`${T}.tree.noPlaces`)}</p>;
  const size = (value: number | null) => (value === null ? '' : value.toLocaleString());
  return (
    <div className="kontor-tree-places">
      <HTMLTable compact striped aria-label={t(`${T}.tree.place`)}>
        <thead>
          <tr>
            <th>{t(`${T}.fields.code`)}</th>
            <th>{t(`${T}.fields.name`)}</th>
            <th>{t(`${T}.fields.path`)}</th>
            <th>{t(`${T}.fields.barcode`)}</th>
            <th>{t(`${T}.fields.widthCm`)}</th>
            <th>{t(`${T}.fields.heightCm`)}</th>
            <th>{t(`${T}.fields.lengthCm`)}</th>
            {editable ? <th aria-label={t('ui:actions')} /> : null}
          </tr>
        </thead>
        <tbody>
          {places.map((place) => (
            <tr key={place.id}>
              <td>{place.code}</td>
              <td>{place.name}</td>
              <td>{place.path}</td>
              <td className="kontor-tree-barcode">{place.barcode}</td>
              <td>{size(place.widthCm)}</td>
              <td>{size(place.heightCm)}</td>
              <td>{size(place.lengthCm)}</td>
              {editable ? (
                <td className="kontor-tree-place-actions">
                  <TreeAction
                    icon="edit"
                    label={t(`${T}.tree.editPlace`)}
                    target={place.path}
                    onClick={() => onEdit(place)}
                  />
                  <TreeAction
                    icon="trash"
                    label={t(`${T}.tree.deletePlace`)}
                    target={place.path}
                    danger
                    onClick={() => onDelete(place)}
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

// ------------------------------------------------------------------ the tree's forms

/** A number typed in a field ('12,5' or '12.5'); '' is null, anything else NaN. */
function numberOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The browser's check of number fields (the server checks the same). */
function numberProblems(
  values: Record<string, string>,
  fields: { name: string; min: number; max: number; whole?: boolean; required?: boolean }[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const value = numberOf(values[field.name] ?? '');
    if (value === null) {
      if (field.required) problems[field.name] = ruleMessage('required');
    } else if (Number.isNaN(value) || (field.whole && !Number.isInteger(value)))
      problems[field.name] = ruleMessage(field.whole ? 'wholeNumber' : 'format');
    else if (value < field.min) problems[field.name] = ruleMessage('numberMin', { min: field.min });
    else if (value > field.max) problems[field.name] = ruleMessage('numberMax', { max: field.max });
  }
  return problems;
}

const DIMENSIONS = [
  { name: 'widthCm', min: 0, max: 9_999_999.9 },
  { name: 'heightCm', min: 0, max: 9_999_999.9 },
  { name: 'lengthCm', min: 0, max: 9_999_999.9 },
];

function TreeForm({ editing, done }: { editing: Editing; done: () => void }) {
  switch (editing.kind) {
    case 'storage':
    case 'rack':
      return <NodeForm editing={editing} done={done} />;
    case 'place':
      return <PlaceForm editing={editing} done={done} />;
    case 'places':
      return <PlacesForm editing={editing} done={done} />;
  }
}

/**
 * Runs a dialog's save and moves the server's field errors under `group` (`code` →
 * `node.code`): the dialog's values live in a group of their own, so their field ids never
 * meet the warehouse form's on the same page.
 */
async function underGroup<T>(group: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const problem = graphqlProblem(error);
    if (problem.code === 'NETWORK') throw error;
    const moved = <V,>(fields: Record<string, V>) =>
      Object.fromEntries(
        Object.entries(fields).map(([name, value]) => [`${group}.${name}`, value]),
      );
    // The shape graphqlProblem reads, so the form shows each error beside its field.
    throw {
      errors: [
        {
          message: problem.message,
          extensions: {
            code: problem.code,
            reason: problem.reason,
            fieldErrors: moved(problem.fieldErrors),
            fieldRules: moved(problem.fieldRules),
          },
        },
      ],
    };
  }
}

/** A check's problems under `group`. */
const inGroup = (group: string, problems: Record<string, string>) =>
  Object.fromEntries(Object.entries(problems).map(([name, text]) => [`${group}.${name}`, text]));

type NodeValues = { node: { name: string; code: string } };

/** A storage's or a rack's name and code. */
function NodeForm({
  editing,
  done,
}: {
  editing: Extract<Editing, { kind: 'storage' | 'rack' }>;
  done: () => void;
}) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const [createStorage] = useMutation(CreateStorageDocument);
  const [updateStorage] = useMutation(UpdateStorageDocument);
  const [createRack] = useMutation(CreateRackDocument);
  const [updateRack] = useMutation(UpdateRackDocument);
  const record = editing.record;
  const kind = editing.kind;
  const form = useKontorForm({
    initial: { node: { name: record?.name ?? '', code: record?.code ?? '' } },
    rules: { node: rules.group({ name: rules.text(), code: rules.text(20) }) },
    success: t(`${T}.toasts.${kind}${record ? 'Updated' : 'Created'}`),
    save: ({ node: input }: NodeValues) =>
      underGroup('node', async () => {
        if (editing.kind === 'storage') {
          if (record)
            await updateStorage({ variables: { id: record.id, version: record.version, input } });
          else await createStorage({ variables: { warehouseId: editing.warehouseId, input } });
        } else if (record) {
          await updateRack({ variables: { id: record.id, version: record.version, input } });
        } else {
          await createRack({ variables: { storageId: editing.storageId, input } });
        }
      }),
    onSaved: done,
  });
  return (
    <KontorForm form={form} className="kontor-record-form">
      <TextField name="node.code" label={t(`${T}.fields.code`)} />
      <TextField name="node.name" label={t(`${T}.fields.name`)} />
      <FormActions onCancel={done} />
    </KontorForm>
  );
}

type PlaceValues = {
  place: {
    name: string;
    code: string;
    barcode: string;
    widthCm: string;
    heightCm: string;
    lengthCm: string;
  };
};

/** One place: name, code, barcode (empty: the path without spaces), dimensions. */
function PlaceForm({
  editing,
  done,
}: {
  editing: Extract<Editing, { kind: 'place' }>;
  done: () => void;
}) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const [createPlace] = useMutation(CreatePlaceDocument);
  const [updatePlace] = useMutation(UpdatePlaceDocument);
  const record = editing.record;
  const text = (value: number | null | undefined) => (value == null ? '' : String(value));
  const form = useKontorForm({
    initial: {
      place: {
        name: record?.name ?? '',
        code: record?.code ?? '',
        barcode: record?.barcode ?? '',
        widthCm: text(record?.widthCm),
        heightCm: text(record?.heightCm),
        lengthCm: text(record?.lengthCm),
      },
    },
    rules: {
      place: rules.group({
        name: rules.text(),
        code: rules.text(20),
        barcode: rules.optionalText(64),
        widthCm: rules.optionalText(),
        heightCm: rules.optionalText(),
        lengthCm: rules.optionalText(),
      }),
    },
    check: ({ place }: PlaceValues) => inGroup('place', numberProblems(place, DIMENSIONS)),
    success: t(`${T}.toasts.${record ? 'placeUpdated' : 'placeAdded'}`),
    save: ({ place }: PlaceValues) =>
      underGroup('place', async () => {
        const input = {
          name: place.name,
          code: place.code,
          barcode: place.barcode,
          widthCm: numberOf(place.widthCm),
          heightCm: numberOf(place.heightCm),
          lengthCm: numberOf(place.lengthCm),
        };
        if (record)
          await updatePlace({ variables: { id: record.id, version: record.version, input } });
        else await createPlace({ variables: { rackId: editing.rackId, input } });
      }),
    onSaved: done,
  });
  return (
    <KontorForm form={form} className="kontor-record-form">
      <p className="kontor-tree-dialog-path">{editing.prefix}</p>
      <TextField name="place.code" label={t(`${T}.fields.code`)} />
      <TextField name="place.name" label={t(`${T}.fields.name`)} />
      <TextField
        name="place.barcode"
        label={`${t(`${T}.fields.barcode`)} (${t(`${T}.fields.barcodeHint`)})`}
      />
      <TextField name="place.widthCm" label={t(`${T}.fields.widthCm`)} />
      <TextField name="place.heightCm" label={t(`${T}.fields.heightCm`)} />
      <TextField name="place.lengthCm" label={t(`${T}.fields.lengthCm`)} />
      <FormActions onCancel={done} />
    </KontorForm>
  );
}

type SeriesValues = {
  series: {
    prefix: string;
    from: string;
    to: string;
    digits: string;
    widthCm: string;
    heightCm: string;
    lengthCm: string;
  };
};

/** A series of places on a rack: prefix P, 1 to 40, 2 digits → P01 … P40, in one transaction. */
function PlacesForm({
  editing,
  done,
}: {
  editing: Extract<Editing, { kind: 'places' }>;
  done: () => void;
}) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const [createPlaces] = useMutation(CreatePlacesDocument);
  const created = useRef(0);
  const form = useKontorForm({
    initial: {
      series: {
        prefix: 'P',
        from: '1',
        to: '40',
        digits: '2',
        widthCm: '',
        heightCm: '',
        lengthCm: '',
      },
    },
    rules: {
      series: rules.group({
        prefix: rules.optionalText(10),
        from: rules.text(),
        to: rules.text(),
        digits: rules.text(),
        widthCm: rules.optionalText(),
        heightCm: rules.optionalText(),
        lengthCm: rules.optionalText(),
      }),
    },
    check: ({ series }: SeriesValues) =>
      inGroup(
        'series',
        numberProblems(series, [
          { name: 'from', min: 0, max: 999_999, whole: true, required: true },
          { name: 'to', min: 0, max: 999_999, whole: true, required: true },
          { name: 'digits', min: 1, max: 6, whole: true, required: true },
          ...DIMENSIONS,
        ]),
      ),
    save: ({ series }: SeriesValues) =>
      underGroup('series', async () => {
        const answer = await createPlaces({
          variables: {
            rackId: editing.rackId,
            input: {
              prefix: series.prefix,
              from: numberOf(series.from) ?? 0,
              to: numberOf(series.to) ?? 0,
              digits: numberOf(series.digits) ?? 1,
              widthCm: numberOf(series.widthCm),
              heightCm: numberOf(series.heightCm),
              lengthCm: numberOf(series.lengthCm),
            },
          },
        });
        created.current = answer.data?.createPlaces.length ?? 0;
      }),
    onSaved: () => {
      showToast(t(`${T}.toasts.placesAdded`, { count: created.current }), 'success');
      done();
    },
  });
  const series = form.methods.watch('series');
  const from = numberOf(series.from);
  const to = numberOf(series.to);
  const digits = numberOf(series.digits);
  const valid = (n: number | null): n is number => n !== null && Number.isInteger(n) && n >= 0;
  const code = (n: number) => `${series.prefix.trim()}${String(n).padStart(digits ?? 1, '0')}`;
  const preview =
    valid(from) && valid(to) && valid(digits) && to >= from
      ? to === from
        ? t(`${T}.tree.bulkPreviewOne`, { first: code(from) })
        : t(`${T}.tree.bulkPreview`, { count: to - from + 1, first: code(from), last: code(to) })
      : null;
  return (
    <KontorForm form={form} className="kontor-record-form">
      <p className="kontor-tree-dialog-path">{editing.prefix}</p>
      <TextField name="series.prefix" label={t(`${T}.fields.prefix`)} />
      <TextField name="series.digits" label={t(`${T}.fields.digits`)} />
      <TextField name="series.from" label={t(`${T}.fields.from`)} />
      <TextField name="series.to" label={t(`${T}.fields.to`)} />
      <TextField name="series.widthCm" label={t(`${T}.fields.widthCm`)} />
      <TextField name="series.heightCm" label={t(`${T}.fields.heightCm`)} />
      <TextField name="series.lengthCm" label={t(`${T}.fields.lengthCm`)} />
      {preview ? (
        <p className="kontor-tree-preview" role="status">
          {preview}
        </p>
      ) : null}
      <FormActions onCancel={done} />
    </KontorForm>
  );
}

/** Warehouses: list, create, edit with the tree. */
export const warehousesPages: ModulePages = {
  'warehouse.warehouses': WarehouseList,
  'warehouse.warehouses.create': createPage(WarehouseForm),
  'warehouse.warehouses.edit': editPage(WarehouseForm, WarehouseDocument, (data) => data.warehouse),
};
