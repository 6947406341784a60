// Generated from the migrated database by server/test/db-schema.test.ts; do not edit.
// After a migration: UPDATE_DB_SCHEMA=1 npx jest server/test/db-schema.test.ts
import type { ColumnType, Generated } from 'kysely';

/** bigint: pg reads it as a string, PGlite as a number. */
export type Int8 = string | number;
// json/jsonb columns: read parsed, written as JSON text (`JSON.stringify`).

/** The table audit_log. */
export interface AuditLogTable {
  id: Generated<Int8>;
  user_id: number | null;
  action: string;
  subject_id: number | null;
  data: ColumnType<unknown, string | undefined, string>;
  created_at: Generated<Date>;
}

/** The table clients. */
export interface ClientsTable {
  id: Generated<number>;
  name: string;
  company: Generated<string>;
  prefix: Generated<string>;
  first_name: Generated<string>;
  middle_name: Generated<string>;
  last_name: Generated<string>;
  suffix: Generated<string>;
  street: Generated<string>;
  house_number: Generated<string>;
  postcode: Generated<string>;
  city: Generated<string>;
  country_code: Generated<string>;
  state: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  additional_lines: Generated<string>;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The table departments. */
export interface DepartmentsTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  customer_number: string;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The table jobs. */
export interface JobsTable {
  seq: Generated<number>;
  id: string;
  kind: string;
  created_by: number | null;
  summary: string;
  progress: ColumnType<unknown, string | null, string | null>;
  node: string | null;
  heartbeat_at: Date | null;
  created_at: Generated<Date>;
}

/** The table live_modules. */
export interface LiveModulesTable {
  position: Generated<Int8>;
  module: string;
  release_id: Int8;
  updated_at: Generated<Date>;
}

/** The table login_known_addresses. */
export interface LoginKnownAddressesTable {
  user_id: number;
  ip: string;
  last_login_at: Generated<Date>;
}

/** The table login_throttle. */
export interface LoginThrottleTable {
  key: string;
  attempts: number;
  reset_at: Date;
}

/** The table module_releases. */
export interface ModuleReleasesTable {
  id: Generated<Int8>;
  module: string;
  version: string;
  url: string;
  integrity: string;
  manifest: ColumnType<unknown, string | null, string | null>;
  action: string;
  replaced_id: Int8 | null;
  actor: string;
  created_at: Generated<Date>;
}

/** The table notifications. */
export interface NotificationsTable {
  id: Generated<string>;
  user_id: number;
  type: string;
  data: ColumnType<unknown, string, string>;
  read_at: Date | null;
  created_at: Generated<Date>;
}

/** The table permissions. */
export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}

/** The table places. */
export interface PlacesTable {
  id: Generated<number>;
  rack_id: number;
  warehouse_id: number;
  name: string;
  code: string;
  barcode: string;
  width_cm: string | null;
  height_cm: string | null;
  length_cm: string | null;
  path: string;
  path_sort: string;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The table product_hazmat. */
export interface ProductHazmatTable {
  product_id: number;
  un_number: Generated<string>;
  cas_number: Generated<string>;
  shipping_name: Generated<string>;
  description: Generated<string>;
  hazmat_class: Generated<string>;
  risk_class: Generated<string>;
  packing_group: Generated<string>;
  hazard_id_number: Generated<string>;
  classification_code: Generated<string>;
  packing_id_code: Generated<string>;
  tunnel_restriction_code: Generated<string>;
  net_weight_kg: string | null;
  gross_weight_kg: string | null;
  factor: Generated<string>;
  additional: Generated<string>;
  updated_at: Generated<Date>;
}

/** The table product_images. */
export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  position: Generated<number>;
  name: string;
  content_type: string;
  width: number;
  height: number;
  data: Uint8Array;
  thumbnail: Uint8Array;
  created_at: Generated<Date>;
}

/** The table products. */
export interface ProductsTable {
  id: Generated<number>;
  client_id: number;
  sku: string;
  alt_sku: Generated<string>;
  ean: Generated<string>;
  name: string;
  url: Generated<string>;
  weight_kg: string | null;
  width_cm: string | null;
  height_cm: string | null;
  length_cm: string | null;
  country_of_manufacture: Generated<string>;
  price_net_cents: Generated<Int8>;
  price_gross_cents: Generated<Int8>;
  vat_rate: Generated<number>;
  lot_tracked: Generated<boolean>;
  best_before: Generated<boolean>;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: Date | null;
}

/** The table racks. */
export interface RacksTable {
  id: Generated<number>;
  storage_id: number;
  name: string;
  code: string;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The table role_permissions. */
export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

/** The table roles. */
export interface RolesTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

/** The table sessions. */
export interface SessionsTable {
  id: string;
  user_id: number | null;
  csrf_token: string;
  impersonator_id: number | null;
  remember: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  last_activity: Generated<Date>;
  expires_at: Date;
  created_at: Generated<Date>;
  public_id: Generated<string>;
}

/** The table shippers. */
export interface ShippersTable {
  id: Generated<number>;
  name: string;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The table shipping_methods. */
export interface ShippingMethodsTable {
  id: Generated<number>;
  shipper_id: number;
  name: string;
  hazmat_allowed: Generated<boolean>;
  tracking_required: Generated<boolean>;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The table stock. */
export interface StockTable {
  id: Generated<Int8>;
  product_id: number;
  place_id: number;
  client_id: number;
  warehouse_id: number;
  lot: Generated<string>;
  best_before: Date | null;
  quantity: Generated<number>;
  locked_qty: Generated<number>;
  first_booked_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The table stock_changes. */
export interface StockChangesTable {
  id: Generated<Int8>;
  product_id: number;
  place_id: number;
  client_id: number;
  warehouse_id: number;
  lot: Generated<string>;
  best_before: Date | null;
  delta: number;
  quantity_after: number;
  reason: string;
  reference: Generated<string>;
  comment: Generated<string>;
  user_id: number | null;
  acting_user_id: number | null;
  created_at: Generated<Date>;
}

/** The table stock_totals. */
export interface StockTotalsTable {
  product_id: number;
  warehouse_id: number;
  client_id: number;
  quantity: Generated<Int8>;
  locked_qty: Generated<Int8>;
  id: Generated<number>;
}

/** The table storages. */
export interface StoragesTable {
  id: Generated<number>;
  warehouse_id: number;
  name: string;
  code: string;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The table upload_chunks. */
export interface UploadChunksTable {
  upload_id: string;
  seq: number;
  data: Uint8Array;
}

/** The table uploads. */
export interface UploadsTable {
  id: string;
  user_id: number;
  name: string;
  type: string;
  size: Generated<Int8>;
  complete: Generated<boolean>;
  created_at: Generated<Date>;
}

/** The table user_roles. */
export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

/** The table users. */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

/** The table warehouses. */
export interface WarehousesTable {
  id: Generated<number>;
  name: string;
  code: string;
  company: Generated<string>;
  street: Generated<string>;
  house_number: Generated<string>;
  postcode: Generated<string>;
  city: Generated<string>;
  country_code: Generated<string>;
  state: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  additional_lines: Generated<string>;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Every table by name: the database type of Kysely (db/kysely.ts). */
export interface Tables {
  audit_log: AuditLogTable;
  clients: ClientsTable;
  departments: DepartmentsTable;
  jobs: JobsTable;
  live_modules: LiveModulesTable;
  login_known_addresses: LoginKnownAddressesTable;
  login_throttle: LoginThrottleTable;
  module_releases: ModuleReleasesTable;
  notifications: NotificationsTable;
  permissions: PermissionsTable;
  places: PlacesTable;
  product_hazmat: ProductHazmatTable;
  product_images: ProductImagesTable;
  products: ProductsTable;
  racks: RacksTable;
  role_permissions: RolePermissionsTable;
  roles: RolesTable;
  sessions: SessionsTable;
  shippers: ShippersTable;
  shipping_methods: ShippingMethodsTable;
  stock: StockTable;
  stock_changes: StockChangesTable;
  stock_totals: StockTotalsTable;
  storages: StoragesTable;
  upload_chunks: UploadChunksTable;
  uploads: UploadsTable;
  user_roles: UserRolesTable;
  users: UsersTable;
  warehouses: WarehousesTable;
}
