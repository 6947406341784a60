import type { ReactNode } from 'react';
import {
  DeleteShopConnectionDocument,
  ShopConnectionsDocument,
  ShopConnectorsDocument,
  type ShopConnectionRowFragment,
} from '../graphql/generated';
import { ConnectorsSection } from '../connectors/ConnectorsSection';
import {
  Link,
  ListPage,
  useQuery,
  useTranslation,
  type Column,
  type PageProps,
} from '../shared-session';
import { ConnectionActions } from './actions';
import { connectionPath, createPath, editPath } from './paths';
import { count, lag, Since, StatusTag } from './format';

type Row = ShopConnectionRowFragment;
type Sort = 'NAME' | 'CLIENT' | 'CONNECTOR';

/** The connector's label as the server names it (`Shopware 6`), else its name. */
export function useConnectorLabels(): (name: string) => string {
  const { data } = useQuery(ShopConnectorsDocument);
  const labels = new Map(data?.shopConnectors.map((c) => [c.name, c.label]) ?? []);
  return (name) => labels.get(name) ?? name;
}

/** The columns of a connections list: what staff come for (status, last sync, lag, today, errors). */
function useColumns(withConnector: boolean): Column<Row, Sort>[] {
  const { t } = useTranslation('shops');
  const label = useConnectorLabels();
  // The figures staff come for first, and key: a phone or tablet shows them first in each card.
  const columns: (Column<Row, Sort> | null)[] = [
    {
      title: t('shops:fields.name'),
      cell: (c) => <Link to={connectionPath(c.id)}>{c.name}</Link>,
      sortKey: 'NAME',
      key: true,
    },
    { title: t('shops:fields.status'), cell: (c) => <StatusTag status={c.status} />, key: true },
    {
      title: t('shops:fields.openErrors'),
      cell: (c) =>
        c.openErrors > 0 ? (
          <Link to={connectionPath(c.id)} className="kontor-shop-errors">
            {count(c.openErrors)}
          </Link>
        ) : (
          count(0)
        ),
      key: true,
    },
    { title: t('shops:fields.ordersToday'), cell: (c) => count(c.ordersToday), key: true },
    {
      title: t('shops:fields.lastSuccessShort'),
      cell: (c) => <Since at={c.lastSuccessAt} />,
      key: true,
    },
    { title: t('shops:fields.lag'), cell: (c) => lag(c.lagSeconds) },
    { title: t('shops:fields.client'), cell: (c) => c.client.name, sortKey: 'CLIENT' },
    withConnector
      ? {
          title: t('shops:fields.connector'),
          cell: (c) => label(c.connector),
          sortKey: 'CONNECTOR',
        }
      : null,
  ];
  return columns.filter((column): column is Column<Row, Sort> => column !== null);
}

/**
 * A list of shop connections (all, or one connector's): server-side paging, search and sort,
 * edit and delete by shop:update/shop:delete, pause/resume and sync now in each row.
 */
export function ConnectionsList({
  title,
  connector,
  actions,
}: {
  title: string;
  /** Only this connector's connections (its screen); the connector column is left out. */
  connector?: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('shops');
  const columns = useColumns(connector === undefined);
  return (
    <ListPage
      columns={columns}
      title={title}
      permission="shop"
      query={ShopConnectionsDocument}
      filter={connector ? { connector } : undefined}
      forms={{ create: createPath(connector), edit: (c) => editPath(c.id) }}
      remove={{ mutation: DeleteShopConnectionDocument, success: t('shops:toasts.deleted') }}
      rowActions={(c) => <ConnectionActions connection={c} compact />}
      actions={actions}
    />
  );
}

/** /administration/shops: every client's shop connections, then the connectors. */
export function ShopsPage({ route }: PageProps) {
  const { t } = useTranslation('shops');
  return (
    <>
      <ConnectionsList title={t(route.pageTitle ?? 'shops:list.title')} />
      <ConnectorsSection />
    </>
  );
}
