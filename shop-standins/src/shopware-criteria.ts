// Shopware's search criteria (RequestCriteriaBuilder + EntitySearcher), on in-memory entities.
import { sortRows } from './common';
import type { ShopwareEntity } from './shopware-model';

export interface SwErrorEntry {
  status: string;
  code: string;
  /** Absent in write errors (they carry a template instead). */
  title?: string;
  detail: string | null;
  template?: string;
  meta?: { parameters: Record<string, unknown> };
  source?: { pointer: string };
}

/** An error answer of the Admin API: the status and the `errors` list. */
export class SwHttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: SwErrorEntry[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors[0]?.detail ?? String(status));
  }
}

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** A ShopwareHttpException's error entry. */
export function swException(
  status: number,
  code: string,
  detail: string,
  parameters: Record<string, unknown> = {},
): SwErrorEntry {
  return {
    status: String(status),
    code,
    title: STATUS_TITLES[status] ?? 'unknown status',
    detail,
    meta: { parameters },
  };
}

/** A plain Symfony/league exception's error entry (code "0" or the numeric OAuth code). */
export function plainError(
  status: number,
  detail: string | null,
  code = '0',
  title?: string,
): SwErrorEntry {
  return { code, status: String(status), title: title ?? STATUS_TITLES[status] ?? '', detail };
}

export const MAX_LIMIT = 500;

export type Filter =
  | { type: 'equals'; field: string[]; value: unknown }
  | { type: 'equalsAny'; field: string[]; values: unknown[] }
  | { type: 'equalsAll'; field: string[]; values: unknown[] }
  | { type: 'range'; field: string[]; params: Record<string, unknown> }
  | { type: 'contains' | 'prefix' | 'suffix'; field: string[]; value: string }
  | { type: 'multi' | 'not' | 'nand' | 'nor'; op: 'AND' | 'OR'; queries: Filter[] };

export interface Sort {
  field: string[];
  desc: boolean;
  natural: boolean;
}

export interface Criteria {
  ids: string[] | null;
  limit: number | null;
  offset: number;
  totalCountMode: 0 | 1 | 2;
  filters: Filter[];
  postFilters: Filter[];
  sorts: Sort[];
  associations: Map<string, Criteria>;
  includes: Record<string, string[]> | null;
}

export function emptyCriteria(): Criteria {
  return {
    ids: null,
    limit: null,
    offset: 0,
    totalCountMode: 0,
    filters: [],
    postFilters: [],
    sorts: [],
    associations: new Map(),
    includes: null,
  };
}

// --- the entity "definitions" the engine needs ------------------------------------------------

interface AssociationDef {
  entity: string;
  many: boolean;
}

/** ApiAware associations per entity, and which of them load without being asked. */
export const ASSOCIATIONS: Record<string, Record<string, AssociationDef>> = {
  order: {
    stateMachineState: { entity: 'state_machine_state', many: false },
    orderCustomer: { entity: 'order_customer', many: false },
    currency: { entity: 'currency', many: false },
    language: { entity: 'language', many: false },
    addresses: { entity: 'order_address', many: true },
    billingAddress: { entity: 'order_address', many: false },
    primaryOrderDelivery: { entity: 'order_delivery', many: false },
    primaryOrderTransaction: { entity: 'order_transaction', many: false },
    deliveries: { entity: 'order_delivery', many: true },
    lineItems: { entity: 'order_line_item', many: true },
    transactions: { entity: 'order_transaction', many: true },
    documents: { entity: 'document', many: true },
    tags: { entity: 'tag', many: true },
  },
  order_delivery: {
    stateMachineState: { entity: 'state_machine_state', many: false },
    shippingOrderAddress: { entity: 'order_address', many: false },
    shippingMethod: { entity: 'shipping_method', many: false },
    positions: { entity: 'order_delivery_position', many: true },
  },
  order_transaction: {
    stateMachineState: { entity: 'state_machine_state', many: false },
    paymentMethod: { entity: 'payment_method', many: false },
    captures: { entity: 'order_transaction_capture', many: true },
  },
  order_address: {
    country: { entity: 'country', many: false },
    countryState: { entity: 'country_state', many: false },
    salutation: { entity: 'salutation', many: false },
  },
  order_line_item: {
    cover: { entity: 'media', many: false },
    orderDeliveryPositions: { entity: 'order_delivery_position', many: true },
    downloads: { entity: 'order_line_item_download', many: true },
    parent: { entity: 'order_line_item', many: false },
    children: { entity: 'order_line_item', many: true },
  },
  order_customer: { salutation: { entity: 'salutation', many: false } },
  order_delivery_position: {},
  shipping_method: {
    deliveryTime: { entity: 'delivery_time', many: false },
    availabilityRule: { entity: 'rule', many: false },
    prices: { entity: 'shipping_method_price', many: true },
    media: { entity: 'media', many: false },
    tags: { entity: 'tag', many: true },
    tax: { entity: 'tax', many: false },
  },
  payment_method: {
    media: { entity: 'media', many: false },
    availabilityRule: { entity: 'rule', many: false },
  },
  country: {
    states: { entity: 'country_state', many: true },
    translations: { entity: 'country_translation', many: true },
  },
  state_machine_state: {
    stateMachine: { entity: 'state_machine', many: false },
    fromStateMachineTransitions: { entity: 'state_machine_transition', many: true },
    toStateMachineTransitions: { entity: 'state_machine_transition', many: true },
    translations: { entity: 'state_machine_state_translation', many: true },
  },
  currency: {},
};

/** Loaded although nobody asked (OneToOne associations autoload in Shopware). */
const AUTOLOAD: Record<string, string[]> = { order: ['orderCustomer'] };

/** Fields whose content is JSON: any sub-path is allowed. */
const JSON_FIELDS = new Set([
  'payload',
  'customFields',
  'price',
  'shippingCosts',
  'amount',
  'priceDefinition',
  'validationData',
  'translated',
  'itemRounding',
  'totalRounding',
]);

/** Back-references the engine may walk although the API never writes them. */
export type BackReference = (entity: ShopwareEntity, key: string) => ShopwareEntity | undefined;

// --- parsing ------------------------------------------------------------------------------------

interface Collected {
  errors: SwErrorEntry[];
}

function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (typeof v !== 'string') return false;
  return /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(v);
}

const phpInt = (v: unknown): number => Math.trunc(Number(v));

function addError(
  c: Collected,
  pointer: string,
  code: string,
  detail: string,
  parameters: Record<string, unknown>,
): void {
  c.errors.push({ ...swException(400, code, detail, parameters), source: { pointer } });
}

function filterError(c: Collected, message: string, path: string): void {
  addError(c, path, 'FRAMEWORK__INVALID_FILTER_QUERY', message, { path });
}

const stripPrefix = (field: string, entity: string): string[] => {
  const parts = field.split('.');
  return parts[0] === entity && parts.length > 1 ? parts.slice(1) : parts;
};

function parseFilter(entity: string, q: unknown, path: string, c: Collected): Filter | null {
  if (q === null || typeof q !== 'object' || Array.isArray(q)) {
    filterError(c, 'The filter parameter has to be an array.', path);
    return null;
  }
  const query = q as Record<string, unknown>;
  const type =
    typeof query.type === 'string' ? query.type : query.type ? JSON.stringify(query.type) : '';
  if (!type) {
    filterError(c, 'Value for filter type is required.', path);
    return null;
  }
  const field = typeof query.field === 'string' ? query.field : '';
  const needField = (name: string): boolean => {
    if (!field) {
      filterError(c, `Parameter "field" for ${name} filter is missing.`, path + '/field');
      return false;
    }
    return true;
  };
  const sub = (): Filter[] => {
    const queries = Array.isArray(query.queries) ? query.queries : [];
    const out: Filter[] = [];
    queries.forEach((sq, i) => {
      const f = parseFilter(entity, sq, `${path}/queries/${i}`, c);
      if (f) out.push(f);
    });
    return out;
  };
  switch (type) {
    case 'equals': {
      if (!needField('equals')) return null;
      if (!('value' in query) || query.value === '') {
        filterError(c, 'Parameter "value" for equals filter is missing.', path + '/value');
        return null;
      }
      const v = query.value;
      if (v !== null && typeof v === 'object') {
        filterError(
          c,
          'Parameter "value" for equals filter must be scalar or null.',
          path + '/value',
        );
        return null;
      }
      return { type: 'equals', field: stripPrefix(field, entity), value: v };
    }
    case 'equalsAny':
    case 'equalsAll': {
      if (!field) {
        filterError(c, 'Parameter "field" for equalsAny filter is missing.', path + '/field');
        return null;
      }
      let values = query.value;
      if (
        values === undefined ||
        values === null ||
        values === '' ||
        (Array.isArray(values) && values.length === 0)
      ) {
        filterError(c, `Parameter "value" for ${type} filter is missing.`, path + '/value');
        return null;
      }
      if (typeof values === 'string') values = values.split('|').filter((x) => x !== '');
      if (!Array.isArray(values)) values = [values];
      if ((values as unknown[]).length === 0) {
        filterError(
          c,
          `Parameter "value" for ${type} filter does not contain any value.`,
          path + '/value',
        );
        return null;
      }
      return { type, field: stripPrefix(field, entity), values: values as unknown[] };
    }
    case 'range': {
      const params = query.parameters;
      if (!params || typeof params !== 'object' || Object.keys(params).length === 0) {
        filterError(c, 'Parameter "parameters" for range filter is missing.', path + '/parameters');
        return null;
      }
      for (const key of Object.keys(params)) {
        if (!['gte', 'gt', 'lte', 'lt'].includes(key)) {
          filterError(
            c,
            `The parameters provided for the range filter are not valid. Allowed are "gte", "gt", "lte" and "lt", "${key}" given.`,
            path + '/parameters',
          );
          return null;
        }
      }
      if (!needField('range')) return null;
      return {
        type: 'range',
        field: stripPrefix(field, entity),
        params: params as Record<string, unknown>,
      };
    }
    case 'contains':
    case 'prefix':
    case 'suffix': {
      if (!needField(type)) return null;
      if (query.value === undefined || query.value === null || query.value === '') {
        filterError(c, `Parameter "value" for ${type} filter is missing.`, path + '/value');
        return null;
      }
      return { type, field: stripPrefix(field, entity), value: String(query.value) };
    }
    case 'multi':
    case 'not': {
      const op = String(query.operator ?? 'AND').toUpperCase() === 'OR' ? 'OR' : 'AND';
      return { type, op, queries: sub() };
    }
    case 'and':
    case 'or':
      return { type: 'multi', op: type === 'or' ? 'OR' : 'AND', queries: sub() };
    case 'nand':
    case 'nor':
      return { type, op: type === 'nor' ? 'OR' : 'AND', queries: sub() };
    default:
      filterError(c, `Unsupported filter type: ${type}`, path + '/type');
      return null;
  }
}

function parseFilters(entity: string, raw: unknown, key: string, c: Collected): Filter[] {
  if (raw === null || typeof raw !== 'object') {
    filterError(c, 'The filter parameter has to be a list of filters.', '/' + key);
    return [];
  }
  if (Array.isArray(raw)) {
    const out: Filter[] = [];
    raw.forEach((q, i) => {
      const f = parseFilter(entity, q, `/${key}/${i}`, c);
      if (f) out.push(f);
    });
    return out;
  }
  // The simple form {"field": "value", …}: equals filters joined by AND.
  const queries: Filter[] = [];
  Object.entries(raw as Record<string, unknown>).forEach(([field, value], index) => {
    if (field === '') {
      filterError(
        c,
        `The key for filter at position "${index}" must not be blank.`,
        `/filter/${index}`,
      );
    } else if (value === '') {
      filterError(c, `The value for filter "${field}" must not be blank.`, `/filter/${field}`);
    } else if (value !== null && typeof value === 'object') {
      filterError(c, `The value for filter "${field}" must be scalar.`, `/filter/${field}`);
    } else {
      queries.push({ type: 'equals', field: stripPrefix(field, entity), value });
    }
  });
  return [{ type: 'multi', op: 'AND', queries }];
}

function parseSorts(entity: string, raw: unknown, c: Collected): Sort[] {
  if (typeof raw === 'string') {
    const parts = raw.split(',').filter((p) => p !== '');
    if (parts.length === 0) {
      addError(
        c,
        '/sort',
        'FRAMEWORK__INVALID_SORT_QUERY',
        'The "sort" parameter needs to be a sorting array or a comma separated list of fields',
        { path: '/sort' },
      );
      return [];
    }
    return parts.map((p) => {
      const desc = p.startsWith('-');
      return { field: stripPrefix(desc ? p.slice(1) : p, entity), desc, natural: false };
    });
  }
  if (!Array.isArray(raw)) {
    addError(
      c,
      '/sort',
      'FRAMEWORK__INVALID_SORT_QUERY',
      'The "sort" parameter needs to be a sorting array or a comma separated list of fields',
      { path: '/sort' },
    );
    return [];
  }
  const out: Sort[] = [];
  for (let i = 0; i < raw.length; i++) {
    const s = raw[i] as Record<string, unknown> | null;
    if (s === null || typeof s !== 'object' || typeof s.field !== 'string') {
      addError(
        c,
        `/sort/${i}`,
        'FRAMEWORK__INVALID_SORT_QUERY',
        'The "sort" array needs to be an associative array at least containing a field name',
        { path: `/sort/${i}` },
      );
      return out;
    }
    out.push({
      field: stripPrefix(s.field, entity),
      desc: String(s.order ?? 'asc').toLowerCase() === 'desc',
      natural: Boolean(s.naturalSorting),
    });
  }
  return out;
}

/**
 * The criteria of a request payload, as RequestCriteriaBuilder::parse reads them. `maxLimit` is
 * 500 at the top level (shopware.api.max_limit) and null for nested association criteria.
 */
export function parseCriteria(
  entity: string,
  payload: Record<string, unknown>,
  maxLimit: number | null,
  c: Collected = { errors: [] },
): Criteria {
  const criteria = emptyCriteria();
  // PHP reads a list (`associations[lineItems][]=`) as an array without these keys.
  if (Array.isArray(payload)) payload = {};
  if (payload.ids !== undefined && payload.ids !== null) {
    const ids =
      typeof payload.ids === 'string'
        ? payload.ids.split('|').filter((x) => x !== '')
        : Array.isArray(payload.ids)
          ? payload.ids
          : [];
    if (ids.some((id) => typeof id !== 'string' || id === '')) {
      throw new SwHttpError(400, [
        swException(
          400,
          'FRAMEWORK__INVALID_API_CRITERIA_IDS',
          'Inconsistent argument for Criteria. Please filter all invalid values first.',
          {},
        ),
      ]);
    }
    criteria.ids = (ids as string[]).map((id) => id.toLowerCase());
    criteria.limit = null;
  } else {
    if (payload['total-count-mode'] !== undefined) {
      const m = payload['total-count-mode'];
      const mapped = isNumeric(m)
        ? phpInt(m)
        : (({ none: 0, exact: 1, 'next-pages': 2 } as Record<string, number>)[String(m)] ?? 0);
      criteria.totalCountMode = (mapped >= 0 && mapped <= 2 ? mapped : 0) as 0 | 1 | 2;
    }
    if (payload.limit !== undefined && payload.limit !== null) {
      const raw = payload.limit;
      if (raw === '') {
        addError(
          c,
          '/limit',
          'FRAMEWORK__INVALID_LIMIT_QUERY',
          'The limit parameter must be a positive integer greater or equals than 1. Given: (empty)',
          { limit: '(empty)' },
        );
      } else if (!isNumeric(raw)) {
        addError(
          c,
          '/limit',
          'FRAMEWORK__INVALID_LIMIT_QUERY',
          `The limit parameter must be a positive integer greater or equals than 1. Given: ${String(raw)}`,
          { limit: raw },
        );
      } else {
        const limit = phpInt(raw);
        if (limit <= 0) {
          addError(
            c,
            '/limit',
            'FRAMEWORK__INVALID_LIMIT_QUERY',
            `The limit parameter must be a positive integer greater or equals than 1. Given: ${limit}`,
            { limit },
          );
        } else if (maxLimit !== null && limit > maxLimit) {
          addError(
            c,
            '/limit',
            'FRAMEWORK__QUERY_LIMIT_EXCEEDED',
            `The limit must be lower than or equal to MAX_LIMIT(=${maxLimit}). Given: ${limit}`,
            { maxLimit, limit },
          );
        } else {
          criteria.limit = limit;
        }
      }
    }
    if (criteria.limit === null && maxLimit !== null) criteria.limit = maxLimit;
    if (payload.page !== undefined && payload.page !== null) {
      const raw = payload.page;
      if (raw === '') {
        addError(
          c,
          '/page',
          'FRAMEWORK__INVALID_PAGE_QUERY',
          'The page parameter must be a positive integer. Given: (empty)',
          { page: '(empty)' },
        );
      } else if (!isNumeric(raw)) {
        addError(
          c,
          '/page',
          'FRAMEWORK__INVALID_PAGE_QUERY',
          `The page parameter must be a positive integer. Given: ${String(raw)}`,
          { page: raw },
        );
      } else {
        const page = phpInt(raw);
        // The offset uses the limit *of the payload*: without one, every page is page 1.
        const limit = isNumeric(payload.limit) ? phpInt(payload.limit) : 0;
        if (page <= 0) {
          addError(
            c,
            '/page',
            'FRAMEWORK__INVALID_PAGE_QUERY',
            `The page parameter must be a positive integer. Given: ${page}`,
            { page },
          );
        } else {
          criteria.offset = limit * (page - 1);
        }
      }
    }
  }
  if (payload.includes !== undefined) {
    if (
      payload.includes === null ||
      typeof payload.includes !== 'object' ||
      Array.isArray(payload.includes)
    ) {
      throw new SwHttpError(400, [
        swException(
          400,
          'FRAMEWORK__EXPECTED_ARRAY_WITH_TYPE',
          `Expected "includes" to be an array, but got ${typeof payload.includes}`,
          {},
        ),
      ]);
    }
    criteria.includes = {};
    for (const [alias, fields] of Object.entries(payload.includes as Record<string, unknown>)) {
      criteria.includes[alias] = Array.isArray(fields)
        ? fields.map(String)
        : typeof fields === 'string'
          ? fields.split(',')
          : Object.values(fields as object).map(String);
    }
  }
  if (payload.filter !== undefined)
    criteria.filters = parseFilters(entity, payload.filter, 'filter', c);
  if (payload['post-filter'] !== undefined) {
    criteria.postFilters = parseFilters(entity, payload['post-filter'], 'post-filter', c);
  }
  if (payload.sort !== undefined) criteria.sorts = parseSorts(entity, payload.sort, c);
  if (
    payload.associations !== undefined &&
    payload.associations !== null &&
    typeof payload.associations === 'object'
  ) {
    for (const [name, nested] of Object.entries(payload.associations as Record<string, unknown>)) {
      if (nested === null || typeof nested !== 'object') continue;
      const def = ASSOCIATIONS[entity]?.[name];
      if (!def) {
        throw new SwHttpError(400, [
          swException(
            400,
            'FRAMEWORK__ASSOCIATION_NOT_FOUND',
            `Can not find association by name ${name}`,
            { association: name },
          ),
        ]);
      }
      const inner = parseCriteria(def.entity, nested as Record<string, unknown>, null, c);
      criteria.associations.set(name, inner);
    }
  }
  if (maxLimit !== null && c.errors.length > 0) {
    // SearchRequestException: one entry per failure, with a JSON pointer.
    throw new SwHttpError(400, c.errors);
  }
  return criteria;
}

// --- evaluation ------------------------------------------------------------------------------

const DATE_RE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Parsed date-time texts: a search compares the same few thousand stored values again and again. */
const parsedDates = new Map<string, number | null>();

function dateMs(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const known = parsedDates.get(v);
  if (known !== undefined) return known;
  const ms = parseDateMs(v);
  if (parsedDates.size > 200_000) parsedDates.clear();
  parsedDates.set(v, ms);
  return ms;
}

function parseDateMs(v: string): number | null {
  if (!DATE_RE.test(v)) return null;
  let s = v.replace(' ', 'T');
  if (s.length === 10) s += 'T00:00:00';
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(s)) s += 'Z';
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? null : ms;
}

/** MySQL-ish comparison: numbers numerically, dates as instants, strings case-insensitively. */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'boolean') a = a ? 1 : 0;
  if (typeof b === 'boolean') b = b ? 1 : 0;
  if (typeof a === 'number' || typeof b === 'number') {
    const x = Number(a);
    const y = Number(b);
    if (!Number.isNaN(x) && !Number.isNaN(y)) return x < y ? -1 : x > y ? 1 : 0;
  }
  const da = dateMs(a);
  const db = dateMs(b);
  if (da !== null && db !== null) return da < db ? -1 : da > db ? 1 : 0;
  const sa = String(a).toLowerCase();
  const sb = String(b).toLowerCase();
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

export class CriteriaEngine {
  constructor(
    private readonly back: BackReference,
    /** The fields each entity has (from a sample), to answer FRAMEWORK__UNMAPPED_FIELD. */
    private readonly fieldsOf: (entity: string) => Set<string> | undefined,
  ) {}

  /** Throws FRAMEWORK__UNMAPPED_FIELD for a path the entity does not have. */
  checkPath(entity: string, path: string[]): void {
    let current = entity;
    for (let i = 0; i < path.length; i++) {
      const key = path[i];
      const fields = this.fieldsOf(current);
      if (fields === undefined) return; // an entity the stand-in does not model: nothing to check
      const assoc = ASSOCIATIONS[current]?.[key];
      if (assoc) {
        current = assoc.entity;
        continue;
      }
      if (key === 'order' && current !== 'order') {
        current = 'order';
        continue;
      }
      if (!fields.has(key)) {
        throw new SwHttpError(400, [
          swException(
            400,
            'FRAMEWORK__UNMAPPED_FIELD',
            `Field "${key}" in entity "${current}" was not found.`,
            {
              field: key,
              entity: current,
            },
          ),
        ]);
      }
      if (JSON_FIELDS.has(key)) return;
      if (i < path.length - 1) return; // a scalar with a sub-path: no value, no error
    }
  }

  checkFilters(entity: string, filters: Filter[]): void {
    for (const f of filters) {
      if ('field' in f) this.checkPath(entity, f.field);
      else this.checkFilters(entity, f.queries);
    }
  }

  /** Every value at `path` (to-many associations fan out). */
  values(entity: ShopwareEntity, path: string[]): unknown[] {
    let current: unknown[] = [entity];
    for (const key of path) {
      const next: unknown[] = [];
      for (const node of current) {
        if (node === null || node === undefined || typeof node !== 'object') {
          next.push(null);
          continue;
        }
        let value = (node as Record<string, unknown>)[key];
        if (value === undefined && key === 'order') value = this.back(node as ShopwareEntity, key);
        if (Array.isArray(value) && (value.length === 0 || isEntity(value[0]))) {
          if (value.length === 0) next.push(null);
          else next.push(...value);
        } else {
          next.push(value === undefined ? null : value);
        }
      }
      current = next;
    }
    return current;
  }

  matches(entity: ShopwareEntity, f: Filter): boolean {
    switch (f.type) {
      case 'multi':
      case 'not':
      case 'nand':
      case 'nor': {
        const results = f.queries.map((q) => this.matches(entity, q));
        const combined =
          f.queries.length === 0
            ? true
            : f.op === 'AND'
              ? results.every(Boolean)
              : results.some(Boolean);
        return f.type === 'multi' ? combined : f.queries.length === 0 ? true : !combined;
      }
      case 'equals': {
        const vals = this.values(entity, f.field);
        if (f.value === null) return vals.some((v) => v === null);
        return vals.some((v) => v !== null && !Array.isArray(v) && compareValues(v, f.value) === 0);
      }
      case 'equalsAny': {
        const vals = this.values(entity, f.field);
        return vals.some((v) => {
          if (Array.isArray(v))
            return v.some((x) => f.values.some((w) => compareValues(x, w) === 0));
          return v !== null && f.values.some((w) => w !== null && compareValues(v, w) === 0);
        });
      }
      case 'equalsAll': {
        const vals = this.values(entity, f.field).flat();
        return f.values.every((w) => vals.some((v) => v !== null && compareValues(v, w) === 0));
      }
      case 'range': {
        const vals = this.values(entity, f.field);
        return vals.some((v) => {
          if (v === null || v === undefined) return false;
          for (const [op, bound] of Object.entries(f.params)) {
            if (bound === null || bound === undefined) continue;
            const c = compareValues(v, bound);
            if (op === 'gte' && !(c >= 0)) return false;
            if (op === 'gt' && !(c > 0)) return false;
            if (op === 'lte' && !(c <= 0)) return false;
            if (op === 'lt' && !(c < 0)) return false;
          }
          return true;
        });
      }
      case 'contains':
      case 'prefix':
      case 'suffix': {
        const needle = f.value.toLowerCase();
        return this.values(entity, f.field).some((v) => {
          if (v === null || typeof v === 'object') return false;
          const s = String(v).toLowerCase();
          return f.type === 'contains'
            ? s.includes(needle)
            : f.type === 'prefix'
              ? s.startsWith(needle)
              : s.endsWith(needle);
        });
      }
    }
  }

  private sortKey(entity: ShopwareEntity, s: Sort): unknown {
    const vals = this.values(entity, s.field).filter((v) => v !== null && v !== undefined);
    if (vals.length === 0) return null;
    if (vals.length === 1) return vals[0];
    // A to-many sort groups: MIN() ascending, MAX() descending.
    return vals.reduce((best, v) => {
      const c = compareValues(v, best);
      return s.desc ? (c > 0 ? v : best) : c < 0 ? v : best;
    });
  }

  comparator(sorts: Sort[]): (a: ShopwareEntity, b: ShopwareEntity) => number {
    // Each row's sort keys are read once (a sort compares a row some log n times).
    const keys = new WeakMap<ShopwareEntity, unknown[]>();
    const keysOf = (entity: ShopwareEntity): unknown[] => {
      let found = keys.get(entity);
      if (!found) keys.set(entity, (found = sorts.map((s) => this.sortKey(entity, s))));
      return found;
    };
    return (a, b) => {
      const ka = keysOf(a);
      const kb = keysOf(b);
      for (const [i, s] of sorts.entries()) {
        const x = ka[i];
        const y = kb[i];
        let c: number;
        if (x === null || y === null) {
          // MySQL: NULL first ascending, last descending.
          c = x === y ? 0 : x === null ? -1 : 1;
        } else if (s.natural) {
          const lx = String(x).length;
          const ly = String(y).length;
          c = lx !== ly ? (lx < ly ? -1 : 1) : compareValues(x, y);
        } else {
          c = compareValues(x, y);
        }
        if (c !== 0) return s.desc ? -c : c;
      }
      return 0;
    };
  }

  /** Filter, sort (ties shuffled when asked), page; `total` as the total-count-mode says. */
  search(
    entityName: string,
    all: ShopwareEntity[],
    criteria: Criteria,
    shuffleTies: boolean,
  ): { total: number; rows: ShopwareEntity[] } {
    this.checkFilters(entityName, criteria.filters);
    this.checkFilters(entityName, criteria.postFilters);
    for (const s of criteria.sorts) this.checkPath(entityName, s.field);

    let rows = all;
    if (criteria.ids) {
      const wanted = new Set(criteria.ids);
      rows = rows.filter((e) => wanted.has(e.id));
    }
    const filters = [...criteria.filters, ...criteria.postFilters];
    if (filters.length) rows = rows.filter((e) => filters.every((f) => this.matches(e, f)));

    if (criteria.sorts.length) {
      rows = sortRows(rows, this.comparator(criteria.sorts), shuffleTies);
    } else if (criteria.ids) {
      const position = new Map(criteria.ids.map((id, i) => [id, i]));
      rows = rows.slice().sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    } else {
      // No ORDER BY: MySQL gives rows in primary key order, or any order at all.
      rows = sortRows(
        rows,
        (a, b) => (shuffleTies ? 0 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        shuffleTies,
      );
    }

    const matching = rows.length;
    const offset = criteria.offset;
    const limit = criteria.limit;
    if (limit === null) {
      const page = rows.slice(offset);
      return { total: criteria.totalCountMode === 1 ? matching : page.length, rows: page };
    }
    if (criteria.totalCountMode === 2) {
      const fetched = rows.slice(offset, offset + limit * 6 + 1);
      return { total: fetched.length, rows: fetched.slice(0, limit) };
    }
    const page = rows.slice(offset, offset + limit);
    return { total: criteria.totalCountMode === 1 ? matching : page.length, rows: page };
  }

  /**
   * The entity as the API writes it: associations that were not asked for (and do not autoload)
   * are null; nested criteria of to-many associations filter, sort and limit their rows.
   */
  project(
    entityName: string,
    entity: ShopwareEntity,
    criteria: Criteria,
    shuffleTies: boolean,
  ): ShopwareEntity {
    const defs = ASSOCIATIONS[entityName] ?? {};
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(entity)) {
      const def = defs[key];
      if (!def) {
        out[key] = value;
        continue;
      }
      const nested =
        criteria.associations.get(key) ??
        (AUTOLOAD[entityName]?.includes(key) ? emptyCriteria() : undefined);
      if (nested === undefined || value === null || value === undefined) {
        out[key] = null;
        continue;
      }
      if (def.many) {
        const list = value as ShopwareEntity[];
        const { rows } = this.search(
          def.entity,
          list,
          nested,
          shuffleTies && nested.sorts.length > 0,
        );
        // Nested rows come back in insertion order when there is no sort.
        const ordered = nested.sorts.length ? rows : list.filter((e) => rows.includes(e));
        out[key] = ordered.map((e) => this.project(def.entity, e, nested, shuffleTies));
      } else {
        out[key] = this.project(def.entity, value as ShopwareEntity, nested, shuffleTies);
      }
    }
    return out as ShopwareEntity;
  }
}

function isEntity(v: unknown): boolean {
  return (
    v !== null &&
    typeof v === 'object' &&
    typeof (v as { apiAlias?: unknown }).apiAlias === 'string' &&
    'id' in (v as object)
  );
}

/** `includes`: only the named properties per apiAlias (apiAlias itself stays). */
export function applyIncludes(value: unknown, includes: Record<string, string[]>): unknown {
  if (Array.isArray(value)) return value.map((v) => applyIncludes(v, includes));
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  const alias = typeof obj.apiAlias === 'string' ? obj.apiAlias : undefined;
  const allowed = alias ? includes[alias] : undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (allowed && k !== 'apiAlias' && !allowed.includes(k)) continue;
    out[k] = applyIncludes(v, includes);
  }
  return out;
}
