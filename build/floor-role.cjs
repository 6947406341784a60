// Warehouse staff as the load budget (e2e/load-budget.spec.ts) and bench/load.mjs measure the
// scanner screens: a user whose role holds the floor's permissions and none of the office's.
const FLOOR_USER = { email: 'lager@kontor.test', password: 'Kiste7-Regalgang-Morgenschicht' };
const FLOOR_PERMISSIONS = [
  'order:view',
  'shipment:create',
  'picklist:view',
  'picklist:pick',
  'stocktaking:view',
  'stocktaking:count',
  'stock:view',
  'stock:book',
  'stock:correct',
  'warehouse:view',
  'product:view',
  'avis:view',
  'avis:book',
];

module.exports = { FLOOR_USER, FLOOR_PERMISSIONS };
