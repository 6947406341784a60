import {
  ImportOrdersDocument,
  OrderClientChoicesDocument,
  OrderImportPreviewDocument,
  OrderImportReportDocument,
} from '../graphql/generated';
import { ImportPage, useTranslation, type ModulePages, type PageProps } from '../shared-session';

// Orders from a CSV or XLSX file (issue 14), one row per position, on ui's ImportPage: upload,
// preview and mapping, the client and the mode, then the job's progress and report. Orders the
// client already has (by shop and number) count as unchanged.

/** /import/order (order:import). */
function OrderImport({ route }: PageProps) {
  const { t } = useTranslation(['orders', 'ui']);
  return (
    <ImportPage
      title={t(route.pageTitle!)}
      texts="orders:orderImport"
      list="/orders"
      preview={OrderImportPreviewDocument}
      start={ImportOrdersDocument}
      report={OrderImportReportDocument}
      pickers={[
        {
          name: 'clientId',
          label: t('orders:orderImport.client'),
          query: OrderClientChoicesDocument,
        },
      ]}
    />
  );
}

/** The order import's page. */
export const orderImportPages: ModulePages = {
  'orders.import': OrderImport,
};
