import { HTMLTable, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { RackPlacesDocument } from '../graphql/generated';
import { format, TableScroll, useQuery, useTranslation } from '../shared-session';
import { cell, head } from '../table-cells';
import { RowActions, T, type Place } from './tree-parts';

// The places of an open rack (tree.tsx), in walking order: code and barcode are what a user
// comes for (the key columns, first on a phone's card), each row's edit and delete as the
// tree's other rows have them.

export function RackPlaces({
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
  const size = (value: number | null) => (value === null ? '' : format.number(value));
  const title = (field: string) => t(`${T}.fields.${field}`);
  const cellOf = (field: string, value: ReactNode, key = false, className?: string) =>
    cell(title(field), value, key, className);
  return (
    <div className="kontor-tree-places">
      <TableScroll label={t(`${T}.tree.place`)}>
        <HTMLTable compact striped aria-label={t(`${T}.tree.place`)}>
          <thead>
            <tr>
              {head(title('code'), true)}
              {head(title('name'))}
              {head(title('path'))}
              {head(title('barcode'), true)}
              {head(title('widthCm'))}
              {head(title('heightCm'))}
              {head(title('lengthCm'))}
              {editable ? <th aria-label={t('ui:actions')} /> : null}
            </tr>
          </thead>
          <tbody>
            {places.map((place) => (
              <tr key={place.id}>
                {cellOf('code', place.code, true)}
                {cellOf('name', place.name)}
                {cellOf('path', place.path)}
                {cellOf('barcode', place.barcode, true, 'kontor-tree-barcode')}
                {cellOf('widthCm', size(place.widthCm))}
                {cellOf('heightCm', size(place.heightCm))}
                {cellOf('lengthCm', size(place.lengthCm))}
                {editable ? (
                  <td className="kontor-tree-place-actions" data-label={t('ui:actions')}>
                    <RowActions
                      target={place.path}
                      actions={[
                        {
                          key: 'edit',
                          icon: 'edit',
                          text: t(`${T}.tree.editPlace`),
                          target: place.path,
                          onClick: () => onEdit(place),
                        },
                        {
                          key: 'delete',
                          icon: 'trash',
                          text: t(`${T}.tree.deletePlace`),
                          target: place.path,
                          danger: true,
                          onClick: () => onDelete(place),
                        },
                      ]}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
    </div>
  );
}
