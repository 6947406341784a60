import { connectionPages } from './connections/pages';
import type { ModulePages } from './shared-session';

/**
 * The module's pages by route name. registerShopConnector adds one per connector at
 * runtime: defineModule looks a page up when the route is rendered, so it finds them.
 */
export const pages: ModulePages = { ...connectionPages };
