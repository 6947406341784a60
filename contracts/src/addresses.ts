// What an address starts with, known to the server and every form (docs/domain.md "Addresses").

/**
 * The country a new address starts with (ISO 3166-1 alpha-2): every address form's (clients,
 * suppliers, warehouses, an order's shipping and billing address) and the database's column
 * default (server/test/country-default.test.ts holds them to it).
 */
export const DEFAULT_COUNTRY = 'DE';
