import { Callout, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import {
  CreateProductDocument,
  DeleteProductDocument,
  ProductClientChoicesDocument,
  ProductClientNameDocument,
  ProductDocument,
  ProductsDocument,
  UpdateProductDocument,
  type ProductFieldsFragment,
} from '../graphql/generated';
import {
  CheckboxField,
  CountryField,
  editPage,
  FormActions,
  FormSection,
  i18n,
  KontorForm,
  ListPage,
  navigate,
  Page,
  RecordPicker,
  TextField,
  useKontorForm,
  useMutation,
  useTranslation,
  type ModulePages,
  type PageProps,
  type RecordFormProps,
} from '../shared-session';
import { HazmatTab, NO_HAZMAT } from './hazmat';
import { ImagesTab } from './images';
import { PriceFields } from './prices';
import { StockTab } from './stock';
import { parseDecimal } from '@kontor/contracts';
import { formatDecimal, PRODUCT_RULES } from './rules';
import './products.css';

const LIST = '/products';
const CREATE = '/administration/product/create';
const editPath = (id: string | number) => `/products/${id}/edit`;

function ProductList({ route }: PageProps) {
  const { t } = useTranslation(['warehouse', 'ui']);
  return (
    <ListPage
      columns={[
        {
          title: t('warehouse:products.fields.sku'),
          cell: (p) => p.sku,
          sortKey: 'SKU',
          key: true,
        },
        {
          title: t('warehouse:products.fields.name'),
          cell: (p) => p.name,
          sortKey: 'NAME',
          key: true,
        },
        { title: t('warehouse:products.fields.ean'), cell: (p) => p.ean },
        { title: t('warehouse:products.fields.client'), cell: (p) => p.client.name },
      ]}
      title={t(route.pageTitle!)}
      exportList="products"
      // One client of possibly many: chosen with the server search, kept in the URL.
      filters={[
        {
          name: 'clientId',
          label: t('warehouse:products.fields.client'),
          search: ProductClientChoicesDocument,
          chosen: ProductClientNameDocument,
        },
      ]}
      permission="product"
      query={ProductsDocument}
      forms={{ create: CREATE, edit: (p) => editPath(p.id) }}
      remove={{
        mutation: DeleteProductDocument,
        success: t('warehouse:products.deleted'),
        question: (p) => t('ui:confirmDelete', { name: `${p.sku} – ${p.name}` }),
      }}
    />
  );
}

export type HazmatValues = Record<
  | 'unNumber'
  | 'casNumber'
  | 'shippingName'
  | 'description'
  | 'hazmatClass'
  | 'riskClass'
  | 'packingGroup'
  | 'hazardIdNumber'
  | 'classificationCode'
  | 'packingIdCode'
  | 'tunnelRestrictionCode'
  | 'netWeightKg'
  | 'grossWeightKg'
  | 'factor'
  | 'additional',
  string
>;

/** The form's values: texts as typed (numbers too, `12,50` in German), flags as booleans. */
export interface ProductValues {
  clientId: string;
  sku: string;
  altSku: string;
  ean: string;
  name: string;
  url: string;
  weightKg: string;
  widthCm: string;
  heightCm: string;
  lengthCm: string;
  countryOfManufacture: string;
  priceNet: string;
  priceGross: string;
  vatRate: string;
  lotTracked: boolean;
  bestBefore: boolean;
  hasHazmat: boolean;
  hazmat: HazmatValues;
}

type Product = ProductFieldsFragment;

function initialValues(product: Product | undefined): ProductValues {
  const h = product?.hazmat;
  return {
    clientId: product ? String(product.client.id) : '',
    sku: product?.sku ?? '',
    altSku: product?.altSku ?? '',
    ean: product?.ean ?? '',
    name: product?.name ?? '',
    url: product?.url ?? '',
    weightKg: formatDecimal(product?.weightKg),
    widthCm: formatDecimal(product?.widthCm),
    heightCm: formatDecimal(product?.heightCm),
    lengthCm: formatDecimal(product?.lengthCm),
    countryOfManufacture: product?.countryOfManufacture ?? '',
    priceNet: product ? formatDecimal(product.priceNet, 2) : '',
    priceGross: product ? formatDecimal(product.priceGross, 2) : '',
    vatRate: String(product?.vatRate ?? 19),
    lotTracked: product?.lotTracked ?? false,
    bestBefore: product?.bestBefore ?? false,
    hasHazmat: Boolean(h),
    hazmat: h
      ? {
          unNumber: h.unNumber,
          casNumber: h.casNumber,
          shippingName: h.shippingName,
          description: h.description,
          hazmatClass: h.hazmatClass,
          riskClass: h.riskClass,
          packingGroup: h.packingGroup,
          hazardIdNumber: h.hazardIdNumber,
          classificationCode: h.classificationCode,
          packingIdCode: h.packingIdCode,
          tunnelRestrictionCode: h.tunnelRestrictionCode,
          netWeightKg: formatDecimal(h.netWeightKg),
          grossWeightKg: formatDecimal(h.grossWeightKg),
          factor: formatDecimal(h.factor),
          additional: h.additional,
        }
      : NO_HAZMAT,
  };
}

/** A number field's value for the server: null when empty (the rules made sure it parses). */
const num = (text: string) => parseDecimal(text) ?? null;

/** The form's values as ProductInput. */
function inputOf(values: ProductValues) {
  const h = values.hazmat;
  return {
    clientId: values.clientId,
    sku: values.sku,
    altSku: values.altSku,
    ean: values.ean,
    name: values.name,
    url: values.url,
    weightKg: num(values.weightKg),
    widthCm: num(values.widthCm),
    heightCm: num(values.heightCm),
    lengthCm: num(values.lengthCm),
    countryOfManufacture: values.countryOfManufacture,
    // An empty price is null: the server computes it from the other (docs/domain.md "VAT").
    priceNet: num(values.priceNet),
    priceGross: num(values.priceGross),
    vatRate: Number(values.vatRate),
    lotTracked: values.lotTracked,
    bestBefore: values.bestBefore,
    hazmat: values.hasHazmat
      ? {
          ...h,
          netWeightKg: num(h.netWeightKg),
          grossWeightKg: num(h.grossWeightKg),
          factor: num(h.factor) ?? 0,
        }
      : null,
  };
}

type TabId = 'data' | 'hazmat' | 'images' | 'stock';

/**
 * The product form with its tabs: data and hazmat are one form (one save); images are saved
 * as they are uploaded (the product must exist first). A failed save shows the tab of the
 * first field in error and focuses that field.
 */
function ProductForm({ record: product, title, back }: RecordFormProps<Product>) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const [tab, setTab] = useState<TabId>('data');
  const [create] = useMutation(CreateProductDocument);
  const [update] = useMutation(UpdateProductDocument);
  const latest = useRef(product);
  latest.current = product;
  const form = useKontorForm<ProductValues>({
    initial: initialValues(product),
    rules: PRODUCT_RULES,
    success: product ? t('warehouse:products.updated') : t('warehouse:products.created'),
    save: async (values) => {
      const input = inputOf(values);
      const current = latest.current;
      if (current) {
        await update({ variables: { id: String(current.id), version: current.version, input } });
        navigate(LIST);
      } else {
        const result = await create({ variables: { input } });
        // The new product's page: its images can be uploaded now.
        const id = result.data?.createProduct.id;
        navigate(id ? editPath(id) : LIST);
      }
    },
  });

  // After a failed save: the tab with the first error, and the focus on its field.
  const panels = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (form.failures === 0) return;
    const errors = form.methods.formState.errors as Record<string, unknown>;
    const names = Object.keys(errors);
    if (names.length === 0) return;
    const target: TabId = names.some((n) => n !== 'hazmat') ? 'data' : 'hazmat';
    setTab(target);
    const timer = setTimeout(() => {
      const field = panels.current
        ?.querySelector(`[data-tab="${target}"] .bp6-form-group.bp6-intent-danger`)
        ?.querySelector<HTMLElement>('input, select, textarea');
      field?.focus();
    }, 0);
    return () => clearTimeout(timer);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- runs once per failed save
  }, [form.failures]);

  const dataPanel = (
    <div data-tab="data">
      <FormSection title={t('warehouse:products.sections.product')}>
        <RecordPicker
          name="clientId"
          label={t('warehouse:products.fields.client')}
          query={ProductClientChoicesDocument}
          initial={product ? { id: String(product.client.id), name: product.client.name } : null}
          wide
        />
        <TextField name="sku" label={t('warehouse:products.fields.sku')} />
        <TextField name="altSku" label={t('warehouse:products.fields.altSku')} />
        <TextField name="name" label={t('warehouse:products.fields.name')} wide />
        <TextField name="ean" label={t('warehouse:products.fields.ean')} />
        <CountryField
          name="countryOfManufacture"
          label={t('warehouse:products.fields.countryOfManufacture')}
        />
        <TextField name="url" type="url" label={t('warehouse:products.fields.url')} wide />
      </FormSection>
      <FormSection title={t('warehouse:products.sections.measures')}>
        <TextField name="weightKg" label={t('warehouse:products.fields.weightKg')} />
        <TextField name="widthCm" label={t('warehouse:products.fields.widthCm')} />
        <TextField name="heightCm" label={t('warehouse:products.fields.heightCm')} />
        <TextField name="lengthCm" label={t('warehouse:products.fields.lengthCm')} />
      </FormSection>
      <PriceFields form={form} />
      <FormSection title={t('warehouse:products.sections.handling')}>
        <CheckboxField name="lotTracked" label={t('warehouse:products.fields.lotTracked')} />
        <CheckboxField name="bestBefore" label={t('warehouse:products.fields.bestBefore')} />
      </FormSection>
    </div>
  );

  return (
    <Page title={title} back={back}>
      <KontorForm form={form} className="kontor-record-form kontor-product-form">
        <div ref={panels}>
          <Tabs id="product-tabs" selectedTabId={tab} onChange={(id) => setTab(id as TabId)} large>
            <Tab id="data" title={t('warehouse:products.tabs.data')} panel={dataPanel} />
            <Tab
              id="hazmat"
              title={t('warehouse:products.tabs.hazmat')}
              panel={
                <div data-tab="hazmat">
                  <HazmatTab form={form} />
                </div>
              }
            />
            <Tab
              id="images"
              title={t('warehouse:products.tabs.images')}
              panel={
                product ? (
                  <ImagesTab product={product} />
                ) : (
                  <Callout>{t('warehouse:products.imagesAfterSave')}</Callout>
                )
              }
            />
            {product ? (
              <Tab
                id="stock"
                title={t('warehouse:products.tabs.stock')}
                panel={<StockTab productId={String(product.id)} />}
              />
            ) : null}
          </Tabs>
        </div>
        <FormActions onCancel={() => navigate(LIST)} />
      </KontorForm>
    </Page>
  );
}

function CreateProduct({ route }: PageProps) {
  const { t } = useTranslation();
  return <ProductForm title={t(route.pageTitle ?? '')} back={toList()} />;
}

/** The back link of a product's pages. */
const toList = () => ({ to: LIST, label: i18n.t('warehouse:products.back') });

/** Products with their hazardous-goods data and images: list, create, edit, delete. */
export const productsPages: ModulePages = {
  'warehouse.products': ProductList,
  'warehouse.products.create': CreateProduct,
  // Titled with the product: 'Produkt MV-30001 – Farbe rot'.
  'warehouse.products.edit': editPage(ProductForm, ProductDocument, (data) => data.product, {
    title: (p) => i18n.t('warehouse:products.titleOf', { sku: p.sku, name: p.name }),
    back: toList,
  }),
};
