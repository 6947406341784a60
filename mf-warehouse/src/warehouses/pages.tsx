import { useRef } from 'react';
import {
  CreateWarehouseDocument,
  DeleteWarehouseDocument,
  UpdateWarehouseDocument,
  WarehouseDocument,
  WarehousesDocument,
  type WarehouseQuery,
  type WarehousesQuery,
} from '../graphql/generated';
import {
  addTranslations,
  AddressFields,
  addressRules,
  addressValues,
  editPage,
  createPage,
  Form,
  FormSection,
  i18n,
  ListPage,
  navigate,
  Page,
  rules,
  TextField,
  useMutation,
  useKontorForm,
  useTranslation,
  type ModulePages,
  type PageProps,
  type RecordFormProps,
} from '../shared-session';
import { WarehouseTree } from './tree';
import { T } from './tree-parts';
import { warehouseRuleTexts } from './texts';
import './warehouses.css';

// Warehouses (docs/product.md §2 /administration/warehouses): the list, the create page, and the edit
// page: the tree storages → racks → places first (tree.tsx), the name, code and address
// folded after it.

addTranslations(warehouseRuleTexts);

const LIST = '/administration/warehouses';

/** A warehouse's address has no person: company, address and how to reach it. */
const ADDRESS_PARTS = ['address', 'reach'] as const;

/** The server's rules of a warehouse (server/src/warehouses/warehouses.ts); formats stay the server's. */
const WAREHOUSE_RULES = {
  name: rules.text(),
  code: rules.text(20),
  address: addressRules(ADDRESS_PARTS),
};

// ------------------------------------------------------------------ list

type WarehouseRow = NonNullable<WarehousesQuery['warehouses']['items'][number]>;

function WarehouseList({ route }: PageProps) {
  const { t } = useTranslation(['warehouse', 'ui']);
  return (
    <ListPage<WarehouseRow, 'NAME' | 'CODE' | 'CITY' | 'ID', { id: string }>
      columns={[
        { title: t(`${T}.fields.name`), cell: (w) => w.name, sortKey: 'NAME', key: true },
        { title: t(`${T}.fields.code`), cell: (w) => w.code, sortKey: 'CODE', key: true },
        {
          title: t(`${T}.fields.city`),
          cell: (w) => `${w.address.postcode} ${w.address.city}`.trim(),
          sortKey: 'CITY',
        },
      ]}
      title={t(route.pageTitle!)}
      exportList="warehouses"
      permission="warehouse"
      query={WarehousesDocument}
      forms={{ create: `${LIST}/create`, edit: (w) => `${LIST}/${w.id}/edit` }}
      remove={{
        mutation: DeleteWarehouseDocument,
        success: t(`${T}.toasts.warehouseDeleted`),
        question: (w) => t(`${T}.tree.deleteWarehouseQuestion`, { name: w.name }),
      }}
    />
  );
}

// ------------------------------------------------------------------ warehouse form

type Warehouse = NonNullable<WarehouseQuery['warehouse']>;
type WarehouseValues = {
  name: string;
  code: string;
  address: ReturnType<typeof addressValues>;
};

function WarehouseForm({ record: warehouse, title, back }: RecordFormProps<Warehouse>) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const initial: WarehouseValues = {
    name: warehouse?.name ?? '',
    code: warehouse?.code ?? '',
    address: addressValues(warehouse?.address, ADDRESS_PARTS),
  };
  const [create] = useMutation(CreateWarehouseDocument);
  const [update] = useMutation(UpdateWarehouseDocument);
  const created = useRef<string | null>(null);
  const form = useKontorForm({
    initial,
    rules: WAREHOUSE_RULES,
    success: warehouse ? t(`${T}.toasts.warehouseUpdated`) : t(`${T}.toasts.warehouseCreated`),
    save: async (values: WarehouseValues) => {
      if (warehouse) {
        await update({
          variables: { id: warehouse.id, version: warehouse.version, input: values },
        });
      } else {
        const answer = await create({ variables: { input: values } });
        created.current = answer.data?.createWarehouse.id ?? null;
      }
    },
    // A new warehouse opens its edit page, where its storages, racks and places are added.
    onSaved: () => {
      if (created.current) navigate(`${LIST}/${created.current}/edit`);
    },
  });
  const fields = (
    <Form form={form} cancelPath={LIST}>
      <FormSection title={t(`${T}.sections.warehouse`)}>
        <TextField name="name" label={t(`${T}.fields.name`)} />
        <TextField name="code" label={t(`${T}.fields.code`)} />
      </FormSection>
      <AddressFields name="address" parts={ADDRESS_PARTS} />
    </Form>
  );
  // A new warehouse: its form, and the hint that the tree comes after saving. An existing
  // one: the tree first (the page's real content), its name, code and address folded after.
  if (!warehouse)
    return (
      <Page title={title} back={back}>
        {fields}
        <p className="kontor-warehouse-hint">{t(`${T}.tree.createFirst`)}</p>
      </Page>
    );
  return (
    <Page title={title} back={back}>
      <WarehouseTree warehouseId={warehouse.id} />
      <details className="kontor-warehouse-master">
        <summary>
          <span className="bp6-heading">{t(`${T}.sections.master`)}</span>{' '}
          <span className="bp6-text-muted">
            {warehouse.code} · {`${warehouse.address.postcode} ${warehouse.address.city}`.trim()}
          </span>
        </summary>
        {fields}
      </details>
    </Page>
  );
}

/** The back link of a warehouse's pages. */
const toList = () => ({ to: LIST, label: i18n.t(`${T}.back`) });

/** Warehouses: list, create, edit with the tree. */
export const warehousesPages: ModulePages = {
  'warehouse.warehouses': WarehouseList,
  'warehouse.warehouses.create': createPage(WarehouseForm, { back: toList }),
  'warehouse.warehouses.edit': editPage(
    WarehouseForm,
    WarehouseDocument,
    (data) => data.warehouse,
    {
      title: (w) => i18n.t(`${T}.titles.edit`, { name: w.name, code: w.code }),
      back: toList,
    },
  ),
};
