import type { ModulePages } from '../shared-session';
import { OrderCreatePage, OrderEditPage } from './edit';
import { OrderList } from './list';

/** Order list, creation, editing (with details); the order import's page is in import.tsx. */
export const ordersPages: ModulePages = {
  'orders.list': OrderList,
  'orders.create': OrderCreatePage,
  'orders.edit': OrderEditPage,
};
