import {
  CreateSupplierDocument,
  DeleteSupplierDocument,
  SupplierDocument,
  SuppliersDocument,
  UpdateSupplierDocument,
  type SupplierQuery,
  type SuppliersQuery,
} from '../graphql/generated';
import {
  AddressFields,
  addressRules,
  addressValues,
  CheckboxField,
  createPage,
  editPage,
  Form,
  FormSection,
  i18n,
  ListPage,
  navigate,
  Page,
  rules,
  TextField,
  useKontorForm,
  useMutation,
  useTranslation,
  type ModulePages,
  type PageProps,
  type RecordFormProps,
} from '../shared-session';

// Suppliers (docs/product.md §2 /administration/supplier, issue 13): the list (search name and number,
// sort, paging, CSV export, delete with confirmation — refused by the server while an avis
// names the supplier), the create and the edit page with the address form.

const LIST = '/administration/supplier';
const T = 'warehouse:suppliers';

/** The server's rules of a supplier (server/src/suppliers/suppliers.ts); formats stay the server's. */
const SUPPLIER_RULES = {
  name: rules.text(),
  number: rules.text(50),
  isDropshipping: rules.flag(),
  contactPerson: rules.optionalText(),
  address: addressRules(),
};

// ------------------------------------------------------------------ list

type SupplierRow = SuppliersQuery['suppliers']['items'][number];

function SupplierList({ route }: PageProps) {
  const { t } = useTranslation(['warehouse', 'ui']);
  return (
    <ListPage<SupplierRow, 'NAME' | 'NUMBER' | 'ID', { id: string }>
      columns={[
        { title: t(`${T}.fields.name`), cell: (s) => s.name, sortKey: 'NAME', key: true },
        { title: t(`${T}.fields.number`), cell: (s) => s.number, sortKey: 'NUMBER', key: true },
        {
          title: t(`${T}.fields.dropshipping`),
          cell: (s) => (s.isDropshipping ? t(`${T}.yes`) : t(`${T}.no`)),
        },
        { title: t(`${T}.fields.contactPerson`), cell: (s) => s.contactPerson },
        { title: t(`${T}.fields.email`), cell: (s) => s.email },
        { title: t(`${T}.fields.phone`), cell: (s) => s.phone },
        {
          title: t(`${T}.fields.city`),
          cell: (s) => `${s.address.postcode} ${s.address.city}`.trim(),
        },
      ]}
      title={t(route.pageTitle!)}
      exportList="suppliers"
      permission="supplier"
      query={SuppliersDocument}
      forms={{ create: `${LIST}/create`, edit: (s) => `${LIST}/${s.id}/edit` }}
      remove={{
        mutation: DeleteSupplierDocument,
        success: t(`${T}.toasts.deleted`),
        question: (s) => t(`${T}.deleteQuestion`, { name: s.name }),
      }}
    />
  );
}

// ------------------------------------------------------------------ form

type Supplier = NonNullable<SupplierQuery['supplier']>;
type SupplierValues = {
  name: string;
  number: string;
  isDropshipping: boolean;
  contactPerson: string;
  address: ReturnType<typeof addressValues>;
};

function SupplierForm({ record: supplier, title, back }: RecordFormProps<Supplier>) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const initial: SupplierValues = {
    name: supplier?.name ?? '',
    number: supplier?.number ?? '',
    isDropshipping: supplier?.isDropshipping ?? false,
    contactPerson: supplier?.contactPerson ?? '',
    address: addressValues(supplier?.address),
  };
  const [create] = useMutation(CreateSupplierDocument);
  const [update] = useMutation(UpdateSupplierDocument);
  const form = useKontorForm({
    initial,
    rules: SUPPLIER_RULES,
    success: supplier ? t(`${T}.toasts.updated`) : t(`${T}.toasts.created`),
    save: async (values: SupplierValues) => {
      if (supplier)
        await update({ variables: { id: supplier.id, version: supplier.version, input: values } });
      else await create({ variables: { input: values } });
    },
    onSaved: () => navigate(LIST),
  });
  return (
    <Page title={title} back={back}>
      <Form form={form} cancelPath={LIST}>
        <FormSection title={t(`${T}.sections.supplier`)}>
          <TextField name="name" label={t(`${T}.fields.name`)} />
          <TextField name="number" label={t(`${T}.fields.number`)} />
          <CheckboxField name="isDropshipping" label={t(`${T}.fields.isDropshipping`)} />
          <TextField name="contactPerson" label={t(`${T}.fields.contactPerson`)} />
        </FormSection>
        <AddressFields name="address" />
      </Form>
    </Page>
  );
}

/** The back link of a supplier's pages. */
const toList = () => ({ to: LIST, label: i18n.t(`${T}.back`) });

/** Suppliers: list, create, edit. */
export const suppliersPages: ModulePages = {
  'warehouse.suppliers': SupplierList,
  'warehouse.suppliers.create': createPage(SupplierForm, { back: toList }),
  'warehouse.suppliers.edit': editPage(SupplierForm, SupplierDocument, (data) => data.supplier, {
    title: (s) => i18n.t(`${T}.titleOf`, { name: s.name, number: s.number }),
    back: toList,
  }),
};
