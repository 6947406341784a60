import { clientList } from '../clients/list';
import { departmentList } from '../departments/list';
import { roleList } from '../roles/list';
import { shipperList, shippingMethodList } from '../shipping/list';
import { userList } from '../users/list';
import type { ExportableList } from './export';
import type { ListDefinition } from './list';

const lists: readonly ListDefinition<string, string>[] = [
  clientList,
  departmentList,
  roleList,
  shipperList,
  shippingMethodList,
  userList,
];

/** The lists with a CSV export (GET /export/<list>.csv); an area adds its list above. */
export const EXPORTABLE_LISTS = lists.filter((list): list is ExportableList => !!list.csv);
