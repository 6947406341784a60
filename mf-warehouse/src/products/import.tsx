import {
  ImportProductsDocument,
  ProductImportClientChoicesDocument,
  ProductImportPreviewDocument,
  ProductImportReportDocument,
} from '../graphql/generated';
import {
  i18n,
  ImportPage,
  useTranslation,
  type ModulePages,
  type PageProps,
} from '../shared-session';

// Products from a CSV or XLSX file (issue 12) on ui's ImportPage: upload, preview and mapping,
// the client and the mode, then the job's progress and report. Products are matched by client
// and SKU: the report counts created and updated ones.

/** A field's name in the user's language: the product form's label (hazmat.unNumber → UN number). */
function fieldLabel(field: string): string {
  const key = `warehouse:products.fields.${field.replace(/^hazmat\./, '')}`;
  return i18n.exists(key) ? i18n.t(key) : field;
}

/** /import/product (product:import). */
function ProductImport({ route }: PageProps) {
  const { t } = useTranslation(['warehouse', 'ui']);
  return (
    <ImportPage
      title={t(route.pageTitle!)}
      texts="warehouse:productImport"
      list="/products"
      preview={ProductImportPreviewDocument}
      start={ImportProductsDocument}
      report={ProductImportReportDocument}
      pickers={[
        {
          name: 'clientId',
          label: t('warehouse:productImport.client'),
          query: ProductImportClientChoicesDocument,
        },
      ]}
      ownRules="warehouse:products.rules"
      fieldLabel={fieldLabel}
    />
  );
}

/** The product import's page. */
export const productImportPages: ModulePages = {
  'warehouse.products.import': ProductImport,
};
