import { Button, Dialog, DialogBody, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import {
  DeletePlaceDocument,
  DeleteRackDocument,
  DeleteStorageDocument,
  WarehouseTreeDocument,
} from '../graphql/generated';
import {
  can,
  graphqlProblem,
  problemText,
  showToast,
  useApolloClient,
  useConfirm,
  useQuery,
  useTranslation,
} from '../shared-session';
import { RackPlaces } from './rack-places';
import { dialogTitle, TreeForm } from './tree-forms';
import {
  labelsAction,
  RowActions,
  T,
  TreeRow,
  useRefetch,
  type Editing,
  type RowAction,
} from './tree-parts';

// The warehouse page's real content: its storages → racks → places, edited in place through
// dialogs (add, edit, delete, a series of places at once, labels as PDF). Compact at every
// width: a row's actions sit beside it on a desk and in one menu on a tablet or a phone.

export function WarehouseTree({ warehouseId }: { warehouseId: string }) {
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
  const opened = (key: string) => setOpen((current) => new Set(current).add(key));
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

  /** An action of a row, shown only to those who may change the tree. */
  const when = (action: RowAction): RowAction[] => (editable ? [action] : []);

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
          <RowActions
            target={warehouse.code}
            actions={[labelsAction(t, `warehouseId=${warehouseId}`, warehouse.code)]}
          />
        </div>
      </header>
      {warehouse.storages.length === 0 ? (
        <NonIdealState icon="office" description={t(`${T}.tree.empty`)} />
      ) : (
        <ul className="kontor-tree-level" role="tree" aria-label={t(`${T}.sections.tree`)}>
          {warehouse.storages.map((storage) => {
            const storageOpen = !open.has(`s${storage.id}`); // storages start open
            const storageName = `${storage.code} – ${storage.name}`;
            const target = storage.code;
            return (
              <li
                key={storage.id}
                role="treeitem"
                aria-expanded={storageOpen}
                aria-label={storageName}
              >
                <TreeRow
                  kind="storage"
                  code={storage.code}
                  name={storage.name}
                  open={storageOpen}
                  onToggle={() => toggle(`s${storage.id}`)}
                  actions={[
                    ...when({
                      key: 'add',
                      icon: 'add',
                      text: t(`${T}.tree.addRack`),
                      target,
                      labelled: true,
                      onClick: () => setEditing({ kind: 'rack', storageId: storage.id }),
                    }),
                    ...when({
                      key: 'edit',
                      icon: 'edit',
                      text: t(`${T}.tree.editStorage`),
                      target,
                      onClick: () => setEditing({ kind: 'storage', warehouseId, record: storage }),
                    }),
                    labelsAction(t, `storageId=${storage.id}`, target),
                    ...when({
                      key: 'delete',
                      icon: 'trash',
                      text: t(`${T}.tree.deleteStorage`),
                      target,
                      danger: true,
                      onClick: () =>
                        void remove(
                          DeleteStorageDocument,
                          storage.id,
                          t(`${T}.tree.deleteStorageQuestion`, { name: storageName }),
                          t(`${T}.toasts.storageDeleted`),
                        ),
                    }),
                  ]}
                />
                {!storageOpen ? null : storage.racks.length === 0 ? (
                  <p className="kontor-tree-empty">{t(`${T}.tree.noRacks`)}</p>
                ) : (
                  <ul className="kontor-tree-level" role="group">
                    {storage.racks.map((rack) => {
                      const rackOpen = open.has(`r${rack.id}`);
                      const rackName = `${rack.code} – ${rack.name}`;
                      const prefix = `${warehouse.code} / ${storage.code} / ${rack.code}`;
                      const place = (kind: 'place' | 'places') => () => {
                        opened(`r${rack.id}`);
                        setEditing({ kind, rackId: rack.id, prefix });
                      };
                      return (
                        <li
                          key={rack.id}
                          role="treeitem"
                          aria-expanded={rackOpen}
                          aria-label={rackName}
                        >
                          <TreeRow
                            kind="rack"
                            code={rack.code}
                            name={rack.name}
                            count={t(`${T}.tree.placeCount`, { count: rack.placeCount })}
                            open={rackOpen}
                            onToggle={() => toggle(`r${rack.id}`)}
                            actions={[
                              ...when({
                                key: 'add',
                                icon: 'add',
                                text: t(`${T}.tree.addPlace`),
                                target: rack.code,
                                labelled: true,
                                onClick: place('place'),
                              }),
                              ...when({
                                key: 'series',
                                icon: 'layers',
                                text: t(`${T}.tree.addPlaces`),
                                target: rack.code,
                                labelled: true,
                                onClick: place('places'),
                              }),
                              ...when({
                                key: 'edit',
                                icon: 'edit',
                                text: t(`${T}.tree.editRack`),
                                target: rack.code,
                                onClick: () =>
                                  setEditing({ kind: 'rack', storageId: storage.id, record: rack }),
                              }),
                              labelsAction(t, `rackId=${rack.id}`, rack.code),
                              ...when({
                                key: 'delete',
                                icon: 'trash',
                                text: t(`${T}.tree.deleteRack`),
                                target: rack.code,
                                danger: true,
                                onClick: () =>
                                  void remove(
                                    DeleteRackDocument,
                                    rack.id,
                                    t(`${T}.tree.deleteRackQuestion`, { name: rackName }),
                                    t(`${T}.toasts.rackDeleted`),
                                  ),
                              }),
                            ]}
                          />
                          {rackOpen ? (
                            <RackPlaces
                              rackId={rack.id}
                              editable={editable}
                              onEdit={(record) =>
                                setEditing({ kind: 'place', rackId: rack.id, prefix, record })
                              }
                              onDelete={(record) =>
                                void remove(
                                  DeletePlaceDocument,
                                  record.id,
                                  t(`${T}.tree.deletePlaceQuestion`, { name: record.path }),
                                  t(`${T}.toasts.placeDeleted`),
                                )
                              }
                            />
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                )}
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
