import { Callout, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { ProductStockDocument } from '../graphql/generated';
import { can, graphqlProblem, problemText, useQuery, useTranslation } from '../shared-session';

/** A date `YYYY-MM-DD` as the page's language writes it. */
function shownDate(date: string | null | undefined, language: string): string {
  if (!date) return '';
  const [year, month, day] = date.split('-');
  return language === 'en' ? date : `${day}.${month}.${year}`;
}

/**
 * The stock tab: the product's stock by place and lot in walking order (Product.stock of the
 * stock area), with the totals; shown to holders of stock:view (the server decides anyway).
 */
export function StockTab({ productId }: { productId: string }) {
  const { t, i18n } = useTranslation(['warehouse', 'ui']);
  const allowed = can('stock:view');
  const { data, loading, error } = useQuery(ProductStockDocument, {
    variables: { id: productId },
    skip: !allowed,
    fetchPolicy: 'cache-and-network',
  });
  if (!allowed) return <Callout>{t('ui:errors.FORBIDDEN')}</Callout>;
  if (error) return <Callout intent="danger">{problemText(graphqlProblem(error))}</Callout>;
  const rows = data?.product?.stock;
  if (!rows) return loading ? <Spinner size={20} /> : null;
  if (rows.length === 0)
    return <NonIdealState icon="box" title={t('warehouse:products.noStock')} />;
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const sum = (pick: (row: NonNullable<typeof rows>[number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  return (
    <div data-tab="stock">
      <HTMLTable compact striped aria-label={t('warehouse:products.tabs.stock')}>
        <thead>
          <tr>
            <th>{t('warehouse:products.stock.place')}</th>
            <th>{t('warehouse:products.stock.lot')}</th>
            <th>{t('warehouse:products.stock.bestBefore')}</th>
            <th className="kontor-number">{t('warehouse:products.stock.quantity')}</th>
            <th className="kontor-number">{t('warehouse:products.stock.locked')}</th>
            <th className="kontor-number">{t('warehouse:products.stock.available')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.place.path}</td>
              <td>{row.lot}</td>
              <td>{shownDate(row.bestBefore, i18n.language)}</td>
              <td className="kontor-number">{number(row.quantity)}</td>
              <td className="kontor-number">{number(row.locked)}</td>
              <td className="kontor-number">{number(row.available)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={3}>{t('warehouse:products.stock.total')}</th>
            <th className="kontor-number">{number(sum((row) => row.quantity))}</th>
            <th className="kontor-number">{number(sum((row) => row.locked))}</th>
            <th className="kontor-number">{number(sum((row) => row.available))}</th>
          </tr>
        </tfoot>
      </HTMLTable>
    </div>
  );
}
