import { expect, type Page } from '@playwright/test';
import type { FloorSeed } from './floor-seed';
import type { PageKind } from './floor-rules';

// The pages of the floor sweep: every business list and details page of the modules'
// manifests (mf-*/src/manifest.json), with rows made by floor-seed.ts. Each says when it has
// loaded by the seed's own records (never by a text that a translation may change), and the
// scanner screens what a hand scanner types there (nothing that books: the records stay).

export interface Visit {
  name: string;
  path: (s: FloorSeed) => string;
  kind: PageKind;
  /** The page has loaded its records. */
  ready: (page: Page, s: FloorSeed) => Promise<void>;
  /** The scans of a scanner screen, each a code ended by Enter. */
  scans?: (s: FloorSeed) => string[];
}

const content = (page: Page) => page.locator('#kontor-content');

/** Some text of the seed is shown in the content area. */
const shows =
  (...texts: ((s: FloorSeed) => string)[]) =>
  async (page: Page, s: FloorSeed) => {
    for (const text of texts) await expect(content(page).getByText(text(s)).first()).toBeVisible();
  };

/** A field of the form shows the value (a record's form has loaded). */
const holds = (value: (s: FloorSeed) => string) => async (page: Page, s: FloorSeed) => {
  await expect
    .poll(() =>
      page.evaluate(
        (wanted) =>
          [...document.querySelectorAll<HTMLInputElement>('#kontor-content input')].some(
            (input) => input.value === wanted,
          ),
        value(s),
      ),
    )
    .toBe(true);
};

/** A scanner screen waits with the focus in one of its fields. */
const waitsForScan = async (page: Page) => {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const field = document.activeElement;
        return (
          field instanceof HTMLInputElement && !!field.closest('#kontor-content') && field.type
        );
      }),
    )
    .toBeTruthy();
};

/** A table of the page has a row. */
const hasRows = async (page: Page) => {
  await expect(content(page).locator('table tbody tr').first()).toBeVisible();
};

export const VISITS: Visit[] = [
  { name: 'dashboard', path: () => '/dashboard', kind: 'page', ready: async () => {} },
  {
    name: 'orders',
    path: (s) => `/orders?search=${s.tag}`,
    kind: 'list',
    ready: shows(
      (s) => s.shipped.number,
      (s) => s.packable.number,
    ),
  },
  {
    name: 'order',
    path: (s) => `/order/${s.shipped.id}/edit`,
    kind: 'details',
    ready: shows((s) => s.cups.name),
  },
  {
    name: 'order-errors',
    path: (s) => `/order/error?search=${s.tag}`,
    kind: 'list',
    ready: shows((s) => s.failing.number),
  },
  {
    name: 'picklists',
    path: (s) => `/picklist?search=${s.picklist.number}`,
    kind: 'list',
    ready: shows((s) => s.picklist.number),
  },
  {
    name: 'picking',
    path: (s) => `/picklist?id=${s.picklist.id}`,
    kind: 'scan',
    ready: async (page, s) => {
      await shows((x) => x.cups.sku)(page, s);
      await waitsForScan(page);
    },
    scans: (s) => [s.warehouse.places[0]!.barcode],
  },
  {
    name: 'packing',
    path: () => '/shipment/create',
    kind: 'scan',
    ready: waitsForScan,
    scans: (s) => [s.packable.number, s.cups.ean],
  },
  {
    name: 'products',
    path: (s) => `/products?search=${s.tag}`,
    kind: 'list',
    ready: shows((s) => s.missing.sku),
  },
  {
    name: 'product',
    path: (s) => `/products/${s.cups.id}/edit`,
    kind: 'form',
    ready: holds((s) => s.cups.sku),
  },
  {
    name: 'warehouses',
    path: (s) => `/administration/warehouses?search=${s.tag}`,
    kind: 'list',
    ready: shows((s) => s.countWarehouse.name),
  },
  {
    name: 'warehouse',
    path: (s) => `/administration/warehouses/${s.warehouse.id}/edit`,
    kind: 'details',
    ready: holds((s) => s.warehouse.name),
  },
  {
    name: 'inventory',
    path: (s) => `/administration/currentinventory?search=${s.tag}`,
    kind: 'list',
    ready: shows((s) => s.books.sku),
  },
  {
    name: 'ledger',
    path: (s) => `/storage/bookings?productId=${s.cups.id}`,
    kind: 'list',
    ready: hasRows,
  },
  {
    name: 'stock-change',
    path: () => '/stockchange',
    kind: 'scan',
    ready: waitsForScan,
    scans: (s) => [s.warehouse.places[0]!.barcode],
  },
  {
    name: 'avis-list',
    path: (s) => `/administration/avis?search=${s.tag}`,
    kind: 'list',
    ready: shows((s) => s.avis.number),
  },
  {
    name: 'avis-booking',
    path: (s) => `/administration/avis/${s.avis.id}/details?book=1`,
    kind: 'scan',
    ready: async (page, s) => {
      await shows((x) => x.cups.sku)(page, s);
      await waitsForScan(page);
    },
    scans: (s) => ['2', s.warehouse.places[0]!.barcode],
  },
  {
    name: 'suppliers',
    path: (s) => `/administration/supplier?search=${s.tag}`,
    kind: 'list',
    ready: hasRows,
  },
  {
    name: 'avis',
    path: (s) => `/administration/avis/${s.avis.id}/details`,
    kind: 'details',
    ready: shows((s) => s.cups.sku),
  },
  {
    name: 'stocktakings',
    path: (s) => `/stocktaking?search=${s.tag}`,
    kind: 'list',
    ready: shows((s) => s.stocktaking.number),
  },
  {
    name: 'stocktaking-summary',
    path: (s) => `/stocktaking/${s.stocktaking.id}/summary`,
    kind: 'details',
    ready: shows((s) => s.books.sku),
  },
  {
    name: 'counting',
    path: (s) => `/stocktaking/${s.stocktaking.id}/edit`,
    kind: 'scan',
    ready: waitsForScan,
    scans: (s) => [s.countWarehouse.places[0]!.barcode, s.cups.ean],
  },
  {
    name: 'clients',
    path: (s) => `/administration/clients?search=${s.tag}`,
    kind: 'list',
    ready: shows((s) => s.client.name),
  },
  {
    name: 'client',
    path: (s) => `/administration/clients/${s.client.id}/edit`,
    kind: 'form',
    ready: holds((s) => s.client.name),
  },
  {
    name: 'departments',
    path: (s) => `/administration/departments?search=${s.tag}`,
    kind: 'list',
    ready: shows((s) => `KD-${s.tag}`),
  },
  {
    name: 'users',
    path: () => '/administration/users?search=packer',
    kind: 'list',
    ready: shows(() => 'packer@kontor.test'),
  },
  {
    name: 'roles',
    path: () => '/administration/roles?search=packer',
    kind: 'list',
    ready: async (page) => {
      await expect(content(page).getByText('packer', { exact: true }).first()).toBeVisible();
    },
  },
  {
    name: 'role',
    path: (s) => `/administration/roles/${s.roleId}/edit`,
    kind: 'form',
    ready: holds(() => 'packer'),
  },
  {
    name: 'shippers',
    path: (s) => `/administration/shipping/shippers?search=${s.tag}`,
    kind: 'list',
    ready: shows((s) => `Post ${s.tag}`),
  },
  {
    name: 'shipping-methods',
    path: (s) => `/administration/shipping/methods?search=${s.tag}`,
    kind: 'list',
    ready: shows((s) => `Paket ${s.tag}`),
  },
  {
    name: 'invoice-export',
    path: (s) => {
      const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
      return `/export/invoice?clientId=${s.client.id}&from=${today}&to=${today}`;
    },
    kind: 'details',
    ready: hasRows,
  },
  {
    name: 'jobs',
    path: (s) => `/horizon?search=floor-${s.tag}`,
    kind: 'list',
    ready: shows((s) => `floor-${s.tag}.csv`),
  },
  {
    name: 'job',
    path: (s) => `/horizon/jobs/${s.jobId}`,
    kind: 'details',
    ready: shows((s) => `floor-${s.tag}.csv`),
  },
  {
    name: 'shops',
    path: (s) => `/administration/shops?search=${s.tag}`,
    kind: 'list',
    ready: shows((s) => `Webshop ${s.tag}`),
  },
  {
    name: 'shop',
    path: (s) => `/administration/shops/connections/${s.shopId}`,
    kind: 'details',
    ready: shows((s) => s.client.name),
  },
];
