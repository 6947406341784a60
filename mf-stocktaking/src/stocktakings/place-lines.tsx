import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import type {
  StocktakingLineFieldsFragment,
  StocktakingPlaceFieldsFragment,
} from '../graphql/generated';
import { TableScroll, useTranslation } from '../shared-session';
import { dateTime, LineCells, quantity } from './format';

/**
 * The lines of the place being counted: expected ones (their expected quantity hidden in a
 * blind count) and found ones, with what was counted and by whom. A line's "Zählen" button
 * picks it, as its scanned EAN would (a line without a code at hand, or one of several lots).
 * On a phone each line is a card: SKU, expected and counted first (`data-key-column`).
 */
export function PlaceLines({
  place,
  blind,
  onChoose,
}: {
  place: StocktakingPlaceFieldsFragment;
  blind: boolean;
  onChoose: (line: StocktakingLineFieldsFragment) => void;
}) {
  const { t } = useTranslation(['stocktaking', 'ui']);
  const caption = `${t('stocktaking:counting.lines')}: ${place.place.path}`;
  const label = {
    sku: t('stocktaking:fields.sku'),
    product: t('stocktaking:fields.product'),
    lot: t('stocktaking:fields.lot'),
    bestBefore: t('stocktaking:fields.bestBefore'),
    expected: t('stocktaking:fields.expected'),
    counted: t('stocktaking:fields.counted'),
    countedBy: t('stocktaking:fields.countedBy'),
    action: t('ui:actions'),
  };
  return (
    <section className="kontor-stocktaking-place" aria-label={caption}>
      <h3 className="bp6-heading">
        {place.place.path}{' '}
        <Tag minimal intent={place.counted ? Intent.SUCCESS : Intent.NONE}>
          {place.counted
            ? `${t('stocktaking:counting.placeCounted')}${place.countedByName ? ` · ${place.countedByName}` : ''}`
            : t('stocktaking:counting.placeOpen')}
        </Tag>
      </h3>
      {place.lines.length === 0 ? (
        <p className="bp6-text-muted">{t('stocktaking:counting.noLines')}</p>
      ) : (
        <TableScroll label={caption}>
          <HTMLTable compact striped aria-label={caption}>
            <thead>
              <tr>
                <th data-key-column="">{label.sku}</th>
                <th>{label.product}</th>
                <th>{label.lot}</th>
                <th>{label.bestBefore}</th>
                {blind ? null : (
                  <th className="kontor-number" data-key-column="">
                    {label.expected}
                  </th>
                )}
                <th className="kontor-number" data-key-column="">
                  {label.counted}
                </th>
                <th>{label.countedBy}</th>
                <th>{label.action}</th>
              </tr>
            </thead>
            <tbody>
              {place.lines.map((line) => (
                <tr key={line.id}>
                  <LineCells line={line} />
                  {blind ? null : (
                    <td className="kontor-number" data-label={label.expected} data-key-column="">
                      {line.expectedQuantity === null ? '' : quantity(line.expectedQuantity)}
                    </td>
                  )}
                  <td className="kontor-number" data-label={label.counted} data-key-column="">
                    {line.countedQuantity === null ? '' : quantity(line.countedQuantity)}
                  </td>
                  <td data-label={label.countedBy}>
                    {line.countedByName ?? ''}
                    {line.countedAt ? ` · ${dateTime(line.countedAt)}` : ''}
                  </td>
                  <td className="kontor-row-actions" data-label={label.action}>
                    <Button
                      size="small"
                      variant="outlined"
                      icon="edit"
                      text={t('stocktaking:count')}
                      aria-label={t('stocktaking:counting.chooseLine', { sku: line.product.sku })}
                      onClick={() => onChoose(line)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
    </section>
  );
}
