import { Callout, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { ProductStockDocument } from '../graphql/generated';
import {
  can,
  format,
  graphqlProblem,
  problemText,
  TableScroll,
  useQuery,
  useTranslation,
} from '../shared-session';

/** The columns: the field's text key and whether it is a key column (first on a phone's card). */
const COLUMNS: [field: string, key: boolean][] = [
  ['place', true],
  ['lot', false],
  ['bestBefore', false],
  ['quantity', true],
  ['locked', false],
  ['available', true],
];
const NUMBERS = ['quantity', 'locked', 'available'];

/**
 * The stock tab: the product's stock by place and lot in walking order (Product.stock of the
 * stock area), with the totals; shown to holders of stock:view (the server decides anyway).
 */
export function StockTab({ productId }: { productId: string }) {
  const { t } = useTranslation(['warehouse', 'ui']);
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
  const number = (value: number) => format.number(value);
  const label = (field: string) => t(`warehouse:products.stock.${field}`);
  /** Cells titled by their columns (from column `from` on), key ones marked. */
  const cells = (values: string[], from = 0) =>
    values.map((value, index) => {
      const [field, key] = COLUMNS[from + index]!;
      return (
        <td
          key={field}
          data-label={label(field)}
          data-key-column={key ? '' : undefined}
          className={NUMBERS.includes(field) ? 'kontor-number' : undefined}
        >
          {value}
        </td>
      );
    });
  const sum = (pick: (row: NonNullable<typeof rows>[number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  return (
    <div data-tab="stock">
      <TableScroll label={t('warehouse:products.tabs.stock')}>
        <HTMLTable compact striped aria-label={t('warehouse:products.tabs.stock')}>
          <thead>
            <tr>
              {COLUMNS.map(([field, key]) => (
                <th
                  key={field}
                  data-key-column={key ? '' : undefined}
                  className={NUMBERS.includes(field) ? 'kontor-number' : undefined}
                >
                  {label(field)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {cells([
                  row.place.path,
                  row.lot,
                  row.bestBefore ? format.date(row.bestBefore) : '',
                  number(row.quantity),
                  number(row.locked),
                  number(row.available),
                ])}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={3} scope="row" data-label={label('total')}>
                {label('total')}
              </th>
              {cells(
                [
                  number(sum((row) => row.quantity)),
                  number(sum((row) => row.locked)),
                  number(sum((row) => row.available)),
                ],
                3,
              )}
            </tr>
          </tfoot>
        </HTMLTable>
      </TableScroll>
    </div>
  );
}
