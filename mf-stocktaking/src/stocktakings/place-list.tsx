import { HTMLTable, Intent, Spinner, Switch, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { StocktakingPlacesDocument } from '../graphql/generated';
import { EmptyState, TableScroll, useQuery, useTranslation } from '../shared-session';
import { dateTime, Pager, quantity } from './format';

const PLACES_PAGE = 50;

/**
 * The stocktaking's places in walking order, counted or open, with who counted them; only the
 * open ones on request. On a phone each place is a card: the place and its status first.
 */
export function PlaceList({
  stocktakingId,
  onChange,
}: {
  stocktakingId: string;
  onChange: () => void;
}) {
  const { t } = useTranslation(['stocktaking', 'ui']);
  const [onlyOpen, setOnlyOpen] = useState(false);
  const [page, setPage] = useState(1);
  const { data, loading } = useQuery(StocktakingPlacesDocument, {
    variables: {
      id: stocktakingId,
      page: { page, pageSize: PLACES_PAGE },
      filter: onlyOpen ? { counted: false } : null,
    },
  });
  const list = data?.stocktakingPlaces;
  // A count anywhere evicts the cached list pages: the new page means the progress moved too.
  useEffect(() => {
    if (list) onChange();
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- only a new answer counts
  }, [list]);
  const pages = Math.max(1, Math.ceil((list?.total ?? 0) / PLACES_PAGE));
  const title = t('stocktaking:counting.places');
  const label = {
    place: t('stocktaking:fields.place'),
    status: t('stocktaking:fields.status'),
    lines: t('stocktaking:counting.lines'),
    countedBy: t('stocktaking:fields.countedBy'),
    countedAt: t('stocktaking:fields.countedAt'),
  };
  return (
    <section className="kontor-stocktaking-places" aria-label={title}>
      <div className="kontor-stocktaking-places-head">
        <h3 className="bp6-heading">{title}</h3>
        <Switch
          checked={onlyOpen}
          label={t('stocktaking:counting.onlyOpen')}
          onChange={(event) => {
            setOnlyOpen(event.currentTarget.checked);
            setPage(1);
          }}
        />
      </div>
      {loading && !list ? <Spinner size={24} /> : null}
      {list && list.items.length === 0 ? <EmptyState /> : null}
      {list && list.items.length > 0 ? (
        <TableScroll label={title}>
          <HTMLTable compact striped aria-label={title}>
            <thead>
              <tr>
                <th data-key-column="">{label.place}</th>
                <th data-key-column="">{label.status}</th>
                <th className="kontor-number">{label.lines}</th>
                <th>{label.countedBy}</th>
                <th>{label.countedAt}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.id}>
                  <td data-label={label.place} data-key-column="">
                    {item.place.path}
                  </td>
                  <td data-label={label.status} data-key-column="">
                    <Tag minimal intent={item.counted ? Intent.SUCCESS : Intent.NONE}>
                      {item.counted
                        ? t('stocktaking:counting.placeCounted')
                        : t('stocktaking:counting.placeOpen')}
                    </Tag>
                  </td>
                  <td className="kontor-number" data-label={label.lines}>
                    {quantity(item.lines.length)}
                  </td>
                  <td data-label={label.countedBy}>{item.countedByName ?? ''}</td>
                  <td data-label={label.countedAt}>{dateTime(item.countedAt)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      ) : null}
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
