/** Warehouse staff's login for the load budget and bench/load.mjs. */
export declare const FLOOR_USER: { email: string; password: string };
/** The floor's permissions, none of the office's. */
export declare const FLOOR_PERMISSIONS: string[];
