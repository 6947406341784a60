// Where the shop connections' pages live: two segments below /administration/shops, so no
// connector's /administration/shops/{path} (one segment) can take them.

/** The shops page: every connection, and the connectors. */
export const LIST_PATH = '/administration/shops';

/** A new connection; `connector` chosen already (its name), or chosen first on the page. */
export const createPath = (connector?: string) =>
  `${LIST_PATH}/connections/create${connector ? `?connector=${encodeURIComponent(connector)}` : ''}`;

/** A connection's page: its health and actions. */
export const connectionPath = (id: string | number) => `${LIST_PATH}/connections/${id}`;

/** A connection's form. */
export const editPath = (id: string | number) => `${LIST_PATH}/connections/${id}/edit`;
