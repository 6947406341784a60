import {
  AvisImportClientChoicesDocument,
  AvisImportPreviewDocument,
  AvisImportReportDocument,
  AvisImportSupplierChoicesDocument,
  AvisImportWarehouseChoicesDocument,
  ImportAvisDocument,
} from '../graphql/generated';
import {
  i18n,
  ImportPage,
  useTranslation,
  type ModulePages,
  type PageProps,
} from '../shared-session';

// A supplier's avis file (issue 13) on ui's ImportPage: upload, preview and mapping, supplier,
// client, warehouse and mode, then the job's progress and report. One avis per delivery note;
// a note the supplier already has an avis for counts as unchanged.

/** A field's name in the user's language: the avis form's label (sku → SKU). */
function fieldLabel(field: string): string {
  const key = `warehouse:avis.fields.${field}`;
  return i18n.exists(key) ? i18n.t(key) : field;
}

/** /import/avis (avis:import). */
function AvisImport({ route }: PageProps) {
  const { t } = useTranslation(['warehouse', 'ui']);
  return (
    <ImportPage
      title={t(route.pageTitle!)}
      texts="warehouse:avisImport"
      list="/administration/avis"
      preview={AvisImportPreviewDocument}
      start={ImportAvisDocument}
      report={AvisImportReportDocument}
      pickers={[
        {
          name: 'supplierId',
          label: t('warehouse:avisImport.supplier'),
          query: AvisImportSupplierChoicesDocument,
        },
        {
          name: 'clientId',
          label: t('warehouse:avisImport.client'),
          query: AvisImportClientChoicesDocument,
        },
        {
          name: 'warehouseId',
          label: t('warehouse:avisImport.warehouse'),
          query: AvisImportWarehouseChoicesDocument,
        },
      ]}
      fieldLabel={fieldLabel}
    />
  );
}

/** The avis import's page. */
export const avisImportPages: ModulePages = {
  'warehouse.avis.import': AvisImport,
};
