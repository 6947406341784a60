// Generated from the migrated database by server/test/db-schema.test.ts; do not edit.
// After a migration: UPDATE_DB_SCHEMA=1 npx jest server/test/db-schema.test.ts
import type { ColumnType, Generated } from 'kysely';

/** bigint: pg reads it as a string, PGlite as a number. */
export type Int8 = string | number;
// json/jsonb columns: read parsed, written as JSON text (`JSON.stringify`).

/** The table access_epoch. */
export interface AccessEpochTable {
  only_row: Generated<boolean>;
  n: Int8;
}

/** The table audit_log. */
export interface AuditLogTable {
  id: Generated<Int8>;
  user_id: number | null;
  action: string;
  subject_id: number | null;
  data: ColumnType<unknown, string | undefined, string>;
  created_at: Generated<Date>;
}

/** The table avis. */
export interface AvisTable {
  id: Generated<number>;
  number: Generated<string>;
  supplier_id: number;
  client_id: number;
  warehouse_id: number;
  delivery_note_number: string;
  delivery_date: Date;
  status: Generated<string>;
  comment: Generated<string>;
  close_reason: string | null;
  version: Generated<number>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The table avis_events. */
export interface AvisEventsTable {
  id: Generated<Int8>;
  avis_id: number;
  at: Generated<Date>;
  user_id: number | null;
  acting_user_id: number | null;
  kind: string;
  detail: string | null;
}

/** The table avis_lines. */
export interface AvisLinesTable {
  id: Generated<number>;
  avis_id: number;
  position: number;
  product_id: number;
  announced_quantity: number;
  received_quantity: Generated<number>;
  lot: Generated<string>;
  best_before: Date | null;
}

/** The table avis_receipt_lines. */
export interface AvisReceiptLinesTable {
  id: Generated<number>;
  receipt_id: number;
  line_id: number;
  place_id: number;
  quantity: number;
  lot: Generated<string>;
  best_before: Date | null;
  over_delivery: Generated<number>;
  stock_change_id: Int8 | null;
}

/** The table avis_receipts. */
export interface AvisReceiptsTable {
  id: Generated<number>;
  avis_id: number;
  sequence: number;
  number: string;
  user_id: number | null;
  acting_user_id: number | null;
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

/** The table installation. */
export interface InstallationTable {
  id: Generated<boolean>;
  time_zone: Generated<string>;
}

/** The table invoice_export_files. */
export interface InvoiceExportFilesTable {
  job_id: string;
  chunk: number;
  data: Uint8Array;
  created_at: Generated<Date>;
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
  summaries: ColumnType<unknown, string | null, string | null>;
  title: ColumnType<unknown, string | null, string | null>;
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

/** The table order_attributes. */
export interface OrderAttributesTable {
  id: Generated<number>;
  order_id: number;
  key: string;
  value: Generated<string>;
}

/** The table order_day_counts. */
export interface OrderDayCountsTable {
  day: Date;
  n: Int8;
}

/** The table order_events. */
export interface OrderEventsTable {
  id: Generated<Int8>;
  order_id: number;
  at: Generated<Date>;
  user_id: number | null;
  acting_user_id: number | null;
  kind: string;
  from_status: string | null;
  to_status: string | null;
  detail: ColumnType<unknown, string | null, string | null>;
}

/** The table order_items. */
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  product_id: number | null;
  sku: string;
  name: Generated<string>;
  ordered_quantity: number;
  shipped_quantity: Generated<number>;
  item_price_cents: Int8;
  vat_rate: number;
}

/** The table order_status_counts. */
export interface OrderStatusCountsTable {
  status: string;
  n: Int8;
}

/** The table order_words. */
export interface OrderWordsTable {
  word: string;
  numbered: boolean;
}

/** The table orders. */
export interface OrdersTable {
  id: Generated<number>;
  client_id: number;
  shop: string | null;
  number: string;
  order_date: Generated<Date>;
  shipping_method_id: number | null;
  status: Generated<string>;
  held_from_status: string | null;
  ship_company: Generated<string>;
  ship_prefix: Generated<string>;
  ship_first_name: Generated<string>;
  ship_middle_name: Generated<string>;
  ship_last_name: Generated<string>;
  ship_suffix: Generated<string>;
  ship_street: Generated<string>;
  ship_house_number: Generated<string>;
  ship_postcode: Generated<string>;
  ship_city: Generated<string>;
  ship_country_code: Generated<string>;
  ship_state: Generated<string>;
  ship_email: Generated<string>;
  ship_phone: Generated<string>;
  ship_additional_lines: Generated<string>;
  ship_name: string | null;
  billing_same: Generated<boolean>;
  bill_company: Generated<string>;
  bill_prefix: Generated<string>;
  bill_first_name: Generated<string>;
  bill_middle_name: Generated<string>;
  bill_last_name: Generated<string>;
  bill_suffix: Generated<string>;
  bill_street: Generated<string>;
  bill_house_number: Generated<string>;
  bill_postcode: Generated<string>;
  bill_city: Generated<string>;
  bill_country_code: Generated<string>;
  bill_state: Generated<string>;
  bill_email: Generated<string>;
  bill_phone: Generated<string>;
  bill_additional_lines: Generated<string>;
  subtotal_cents: Generated<Int8>;
  vat_cents: Generated<Int8>;
  total_cents: Generated<Int8>;
  currency: Generated<string>;
  item_skus: Generated<string>;
  fulfillment_error: string | null;
  fulfillment_error_at: Date | null;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  created_by: number | null;
  department_id: number | null;
  search_words: string | null;
  fulfillment_problems: ColumnType<unknown, string | null, string | null>;
}

/** The table permissions. */
export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}

/** The table picklist_line_items. */
export interface PicklistLineItemsTable {
  picklist_line_id: number;
  order_item_id: number;
  quantity: number;
}

/** The table picklist_lines. */
export interface PicklistLinesTable {
  id: Generated<number>;
  picklist_id: number;
  product_id: number;
  place_id: number;
  stock_id: Int8 | null;
  lot: Generated<string>;
  best_before: Date | null;
  quantity: number;
  picked_quantity: Generated<number>;
  picked_by: number | null;
  picked_at: Date | null;
}

/** The table picklist_orders. */
export interface PicklistOrdersTable {
  picklist_id: number;
  order_id: number;
}

/** The table picklists. */
export interface PicklistsTable {
  id: Generated<number>;
  number: Generated<string>;
  status: Generated<string>;
  client_id: number | null;
  shipping_method_id: number | null;
  max_orders: number | null;
  single_item_only: Generated<boolean>;
  version: Generated<number>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  cancelled_at: Date | null;
  cancelled_by: number | null;
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
  former_barcode: string | null;
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

/** The table shipment_day_counts. */
export interface ShipmentDayCountsTable {
  day: Date;
  n: Int8;
}

/** The table shipment_package_items. */
export interface ShipmentPackageItemsTable {
  id: Generated<number>;
  package_id: number;
  order_item_id: number;
  quantity: number;
}

/** The table shipment_packages. */
export interface ShipmentPackagesTable {
  id: Generated<number>;
  shipment_id: number;
  weight_kg: string | null;
  tracking_number: Generated<string>;
}

/** The table shipments. */
export interface ShipmentsTable {
  id: Generated<number>;
  order_id: number;
  created_at: Generated<Date>;
  created_by: number | null;
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

/** The table shop_connections. */
export interface ShopConnectionsTable {
  id: Generated<number>;
  name: string;
  connector: string;
  client_id: number;
  department_id: number | null;
  base_url: string;
  settings: ColumnType<unknown, string | undefined, string>;
  secrets: Generated<string>;
  secret_names: Generated<string[]>;
  import_states: string[];
  webhook_key: string;
  webhooks_enabled: Generated<boolean>;
  paused: Generated<boolean>;
  cursor_at: Date | null;
  next_sync_at: Generated<Date>;
  sync_requested_at: Date | null;
  sync_lease_owner: string | null;
  sync_lease_until: Date | null;
  last_sync_at: Date | null;
  last_success_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  failures: Generated<number>;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The table shop_dead_letters. */
export interface ShopDeadLettersTable {
  id: Generated<Int8>;
  connection_id: number;
  external_id: string;
  external_number: Generated<string>;
  reason: string;
  attempts: Generated<number>;
  first_at: Generated<Date>;
  last_at: Generated<Date>;
}

/** The table shop_order_bindings. */
export interface ShopOrderBindingsTable {
  connection_id: number;
  external_id: string;
  order_id: number;
  external_number: string;
  shop_state: string;
  shop_modified_at: Date | null;
  shop_data: ColumnType<unknown, string | undefined, string>;
  conflict: string | null;
  conflict_at: Date | null;
  imported_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The table shop_outbox. */
export interface ShopOutboxTable {
  id: Generated<Int8>;
  connection_id: number;
  order_id: number;
  shipment_id: number | null;
  idempotency_key: string;
  state: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  created_at: Generated<Date>;
  done_at: Date | null;
}

/** The table shop_requests. */
export interface ShopRequestsTable {
  id: Generated<Int8>;
  connection_id: number;
  at: Generated<Date>;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  error: string | null;
}

/** The table shop_shipping_mappings. */
export interface ShopShippingMappingsTable {
  connection_id: number;
  shop_key: string;
  shipping_method_id: number;
}

/** The table shop_webhook_events. */
export interface ShopWebhookEventsTable {
  connection_id: number;
  dedupe_key: string;
  external_ids: Generated<string[]>;
  received_at: Generated<Date>;
  processed_at: Date | null;
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
  comment_message: ColumnType<unknown, string | null, string | null>;
}

/** The table stock_reservations. */
export interface StockReservationsTable {
  id: Generated<Int8>;
  order_item_id: number;
  stock_id: Int8;
  picklist_id: number | null;
  quantity: number;
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

/** The table stocktaking_lines. */
export interface StocktakingLinesTable {
  id: Generated<number>;
  stocktaking_id: number;
  stocktaking_place_id: number;
  place_id: number;
  product_id: number;
  lot: Generated<string>;
  best_before: Date | null;
  expected_quantity: Generated<number>;
  found: Generated<boolean>;
  counted_quantity: number | null;
  counted_by: number | null;
  counted_at: Date | null;
  price_net_cents: Generated<Int8>;
}

/** The table stocktaking_locks. */
export interface StocktakingLocksTable {
  place_id: number;
  stocktaking_id: number;
  client_id: number | null;
}

/** The table stocktaking_places. */
export interface StocktakingPlacesTable {
  id: Generated<number>;
  stocktaking_id: number;
  place_id: number;
  path_sort: string;
  counted: Generated<boolean>;
  counted_by: number | null;
  counted_at: Date | null;
}

/** The table stocktakings. */
export interface StocktakingsTable {
  id: Generated<number>;
  number: Generated<string>;
  name: Generated<string>;
  status: Generated<string>;
  warehouse_id: number;
  storage_id: number | null;
  rack_id: number | null;
  client_id: number | null;
  blind: Generated<boolean>;
  places_total: Generated<number>;
  version: Generated<number>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  started_at: Date | null;
  started_by: number | null;
  completed_at: Date | null;
  completed_by: number | null;
  booked_at: Date | null;
  booked_by: number | null;
  cancelled_at: Date | null;
  cancelled_by: number | null;
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

/** The table suppliers. */
export interface SuppliersTable {
  id: Generated<number>;
  name: string;
  number: string;
  is_dropshipping: Generated<boolean>;
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
  contact_person: Generated<string>;
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
  access_epoch: AccessEpochTable;
  audit_log: AuditLogTable;
  avis: AvisTable;
  avis_events: AvisEventsTable;
  avis_lines: AvisLinesTable;
  avis_receipt_lines: AvisReceiptLinesTable;
  avis_receipts: AvisReceiptsTable;
  clients: ClientsTable;
  departments: DepartmentsTable;
  installation: InstallationTable;
  invoice_export_files: InvoiceExportFilesTable;
  jobs: JobsTable;
  live_modules: LiveModulesTable;
  login_known_addresses: LoginKnownAddressesTable;
  login_throttle: LoginThrottleTable;
  module_releases: ModuleReleasesTable;
  notifications: NotificationsTable;
  order_attributes: OrderAttributesTable;
  order_day_counts: OrderDayCountsTable;
  order_events: OrderEventsTable;
  order_items: OrderItemsTable;
  order_status_counts: OrderStatusCountsTable;
  order_words: OrderWordsTable;
  orders: OrdersTable;
  permissions: PermissionsTable;
  picklist_line_items: PicklistLineItemsTable;
  picklist_lines: PicklistLinesTable;
  picklist_orders: PicklistOrdersTable;
  picklists: PicklistsTable;
  places: PlacesTable;
  product_hazmat: ProductHazmatTable;
  product_images: ProductImagesTable;
  products: ProductsTable;
  racks: RacksTable;
  role_permissions: RolePermissionsTable;
  roles: RolesTable;
  sessions: SessionsTable;
  shipment_day_counts: ShipmentDayCountsTable;
  shipment_package_items: ShipmentPackageItemsTable;
  shipment_packages: ShipmentPackagesTable;
  shipments: ShipmentsTable;
  shippers: ShippersTable;
  shipping_methods: ShippingMethodsTable;
  shop_connections: ShopConnectionsTable;
  shop_dead_letters: ShopDeadLettersTable;
  shop_order_bindings: ShopOrderBindingsTable;
  shop_outbox: ShopOutboxTable;
  shop_requests: ShopRequestsTable;
  shop_shipping_mappings: ShopShippingMappingsTable;
  shop_webhook_events: ShopWebhookEventsTable;
  stock: StockTable;
  stock_changes: StockChangesTable;
  stock_reservations: StockReservationsTable;
  stock_totals: StockTotalsTable;
  stocktaking_lines: StocktakingLinesTable;
  stocktaking_locks: StocktakingLocksTable;
  stocktaking_places: StocktakingPlacesTable;
  stocktakings: StocktakingsTable;
  storages: StoragesTable;
  suppliers: SuppliersTable;
  upload_chunks: UploadChunksTable;
  uploads: UploadsTable;
  user_roles: UserRolesTable;
  users: UsersTable;
  warehouses: WarehousesTable;
}
