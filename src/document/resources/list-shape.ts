import { mergeAllOf, typeIncludes, type JsonSchema } from '../json-schema.js';

/**
 * How a list operation answers its records: a bare array, or an object wrapping the array beside
 * page facts (`{data: [...], meta: {total}}`, `{content, totalElements, totalPages}`), each named by
 * where it sits in the wrapper.
 */
export type ListShape = (
  | { readonly kind: 'array' }
  | {
      readonly kind: 'wrapped';
      /** Where the array sits: `['data']`, `['content']`. */
      readonly items: readonly string[];
      /** Where page facts sit, by what they say. */
      readonly facts: readonly { readonly path: readonly string[]; readonly fact: PageFact }[];
      /** The wrapper's schema, for what the mock must generate besides the array and the facts. */
      readonly schema: JsonSchema;
    }
) & {
  /** The most items the array may hold (its `maxItems`: PagerDuty's `ip_allow_lists`, one): no page holds more. */
  readonly maxItems?: number;
};

/** What a wrapper's property says of the page. */
export type PageFact = 'total' | 'totalPages' | 'page' | 'nextPage' | 'previousPage' | 'lastPage' | 'size' | 'offset' | 'hasMore' | 'count' | 'nextCursor' | 'firstKey' | 'lastKey' | 'nextUrl' | 'previousUrl';

const FACT_NAMES: Readonly<Record<string, PageFact>> = {
  total: 'total',
  totalcount: 'total',
  totalelements: 'total',
  totalitems: 'total',
  totalresults: 'total',
  totalrecords: 'total',
  totalentries: 'total',
  totalpages: 'totalPages',
  pagecount: 'totalPages',
  pages: 'totalPages',
  page: 'page',
  number: 'page',
  pagenumber: 'page',
  pageindex: 'page',
  currentpage: 'page',
  nextpage: 'nextPage',
  previouspage: 'previousPage',
  prevpage: 'previousPage',
  lastpage: 'lastPage',
  size: 'size',
  limit: 'size',
  pagesize: 'size',
  perpage: 'size',
  offset: 'offset',
  skip: 'offset',
  start: 'offset',
  hasmore: 'hasMore',
  hasnext: 'hasMore',
  more: 'hasMore',
  count: 'count',
  numberofelements: 'count',
  returned: 'count',
  nextcursor: 'nextCursor',
  nextpagetoken: 'nextCursor',
  nexttoken: 'nextCursor',
  nextpagecursor: 'nextCursor',
  endcursor: 'nextCursor',
  continuationtoken: 'nextCursor',
  firstid: 'firstKey',
  lastid: 'lastKey',
  nextpageurl: 'nextUrl',
  nexturl: 'nextUrl',
  nextlink: 'nextUrl',
  next: 'nextUrl',
  previouspageurl: 'previousUrl',
  previousurl: 'previousUrl',
  prevpageurl: 'previousUrl',
  previouslink: 'previousUrl',
  previous: 'previousUrl',
  prev: 'previousUrl',
};

/**
 * The list shape of a success schema whose records are `isItem`, or undefined when it answers no list
 * of them. A wrapper may itself sit in an envelope (listmonk's `{data: {results: [...], total, page}}`):
 * one object property holding the wrapped page, its path then leading to the array and the facts.
 */
export function findListShape(schema: JsonSchema | undefined, isItem: (schema: JsonSchema) => boolean, depth = 0): ListShape | undefined {
  if (schema === undefined) return undefined;
  if (typeIncludes(schema, 'array')) return schema.items !== undefined && isItem(schema.items) ? { kind: 'array', ...(schema.maxItems !== undefined && { maxItems: schema.maxItems }) } : undefined;
  const merged = mergeAllOf(schema);
  const arrays = Object.entries(merged.properties ?? {}).filter(([, property]) => typeIncludes(property, 'array') && property.items !== undefined && isItem(property.items));
  if (arrays.length === 0 && depth === 0) return enveloped(merged, isItem);
  const [only] = arrays;
  if (arrays.length !== 1 || only === undefined) return undefined;
  const facts: { path: string[]; fact: PageFact }[] = [];
  collectFacts(merged, [], facts, 0);
  // `{"articles": [...], "articlesCount": 3}` (RealWorld Conduit): a count named after the array is the total.
  const counts = new Set([`${only[0]}count`, `total${only[0]}`].map(name => name.toLowerCase().replaceAll(/[_-]/g, '')));
  for (const [name, property] of Object.entries(merged.properties ?? {})) {
    if (counts.has(name.toLowerCase().replaceAll(/[_-]/g, '')) && (typeIncludes(property, 'integer') || typeIncludes(property, 'number')) && !facts.some(fact => fact.path.length === 1 && fact.path[0] === name)) facts.push({ path: [name], fact: 'total' });
  }
  // A bare `count` beside no total is the total (DRF, ASP.NET's `PaginatedItems`, FastAPI's `{data, count}`): a page's own length is `numberOfElements`, `returned`.
  const hasTotal = facts.some(fact => fact.fact === 'total');
  const counted = hasTotal ? facts : facts.map(fact => (fact.fact === 'count' && fact.path.at(-1)?.toLowerCase() === 'count' ? { ...fact, fact: 'total' as const } : fact));
  return { kind: 'wrapped', items: [only[0]], facts: counted, schema: merged, ...(only[1].maxItems !== undefined && { maxItems: only[1].maxItems }) };
}

/** The wrapped page in the one object property of `wrapper` that holds one, its paths led by that property's name. */
function enveloped(wrapper: JsonSchema, isItem: (schema: JsonSchema) => boolean): ListShape | undefined {
  const found = Object.entries(wrapper.properties ?? {}).flatMap(([name, property]) => {
    if (typeIncludes(property, 'array')) return [];
    const inner = findListShape(property, isItem, 1);
    return inner?.kind === 'wrapped' ? [{ name, inner }] : [];
  });
  const [only] = found;
  if (found.length !== 1 || only === undefined) return undefined;
  const { name, inner } = only;
  return { kind: 'wrapped', items: [name, ...inner.items], facts: inner.facts.map(({ path, fact }) => ({ path: [name, ...path], fact })), schema: wrapper, ...(inner.maxItems !== undefined && { maxItems: inner.maxItems }) };
}

function collectFacts(schema: JsonSchema, at: string[], facts: { path: string[]; fact: PageFact }[], depth: number): void {
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const merged = mergeAllOf(property);
    const fact = asUrlWhereText(FACT_NAMES[name.toLowerCase().replaceAll('_', '').replaceAll('-', '')], merged);
    const isKey = fact === 'nextCursor' || fact === 'firstKey' || fact === 'lastKey';
    const isUrl = fact === 'nextUrl' || fact === 'previousUrl';
    const fits = fact === 'hasMore' ? typeIncludes(merged, 'boolean') : isUrl ? typeIncludes(merged, 'string') : isKey ? typeIncludes(merged, 'string') || typeIncludes(merged, 'integer') : typeIncludes(merged, 'integer') || typeIncludes(merged, 'number');
    if (fact !== undefined && fits) {
      facts.push({ path: [...at, name], fact });
    } else if (depth < 2 && (typeIncludes(merged, 'object') || merged.properties !== undefined) && !typeIncludes(merged, 'array')) {
      // `meta`, `pagination`, `page`: facts one or two levels down.
      collectFacts(merged, [...at, name], facts, depth + 1);
    }
  }
}

/** A page named as the next or previous (`next_page`) that is text is that page's URL (Zendesk's), not its number (Hetzner's). */
function asUrlWhereText(fact: PageFact | undefined, schema: JsonSchema): PageFact | undefined {
  if ((fact === 'nextPage' || fact === 'previousPage') && typeIncludes(schema, 'string') && !typeIncludes(schema, 'integer') && !typeIncludes(schema, 'number')) return fact === 'nextPage' ? 'nextUrl' : 'previousUrl';
  return fact;
}

/**
 * The number of a wrapper's first page where no query parameter says it (Hetzner's `meta.pagination.page`
 * beside no `page` parameter): a page property's `minimum` where it is 0 or 1, else 0 for Spring's
 * `number` and `pageable.pageNumber` and for a `pageIndex`, 1 for a `page` (Hetzner, Laravel's
 * `current_page`, GitLab). Every page fact is read: Spring's `pageable.pageNumber` comes before its `number`.
 */
export function firstPageOf(shape: Extract<ListShape, { kind: 'wrapped' }>): number {
  const facts = shape.facts.filter(candidate => candidate.fact === 'page');
  if (facts.length === 0) return 0;
  for (const { path } of facts) {
    let at: JsonSchema | undefined = shape.schema;
    for (const name of path) at = at === undefined ? undefined : mergeAllOf(at).properties?.[name];
    const minimum = at === undefined ? undefined : mergeAllOf(at).minimum;
    if (minimum === 0 || minimum === 1) return minimum;
  }
  const countsFromZero = facts.some(({ path }) => {
    const name = (path.at(-1) ?? '').toLowerCase().replaceAll(/[_-]/g, '');
    return name === 'number' || name === 'pageindex' || path.includes('pageable');
  });
  return countsFromZero ? 0 : 1;
}

/** Query parameters of a list operation that page through it, by what they do. */
export interface Paging {
  /** The page size (`limit`, `size`, `per_page`). */
  readonly size?: string;
  /** How many to skip (`offset`, `skip`). */
  readonly offset?: string;
  /** The page number (`page`), and the number of the first page (0 or 1, read from its minimum or default). */
  readonly page?: { readonly name: string; readonly first: number };
  /** A cursor: the records after the one whose key it is (`starting_after`, `after`, `cursor`, `page_token`); the mock hands out the last key of a page. */
  readonly after?: string;
  /** A cursor: the records before the one whose key it is (`ending_before`, `before`). */
  readonly before?: string;
  /** The direction (`order=asc|desc`, `direction`): `desc` lists the newest first; `first` is the default's. */
  readonly order?: { readonly name: string; readonly descending: string; readonly first: 'ascending' | 'descending' };
}

const SIZE_NAMES = new Set(['limit', 'size', 'perpage', 'pagesize', 'count', 'max', 'maxresults', 'top', 'first', 'take']);
const OFFSET_NAMES = new Set(['offset', 'skip', 'start', 'from']);
const PAGE_NAMES = new Set(['page', 'pagenumber', 'pageindex', 'pageno']);
const AFTER_NAMES = new Set(['startingafter', 'after', 'cursor', 'pagetoken', 'nexttoken', 'continuationtoken', 'continuation', 'startafter', 'afterid', 'since', 'sinceid', 'nextcursor']);
const BEFORE_NAMES = new Set(['endingbefore', 'before', 'beforeid']);

/** The paging parameters among the query parameters that name no property; a lone integer one of unknown name is the page size. */
export function findPaging(parameters: readonly { name: string; schema?: JsonSchema }[]): Paging {
  const normalized = (name: string): string => name.toLowerCase().replaceAll('_', '').replaceAll('-', '').replace(/^\$/, '');
  const isCursor = (name: string): boolean => AFTER_NAMES.has(normalized(name)) || BEFORE_NAMES.has(normalized(name));
  const integers = parameters.filter(parameter => !isCursor(parameter.name) && (allows(parameter.schema, 'integer') || allows(parameter.schema, 'number')));
  const size = integers.find(parameter => SIZE_NAMES.has(normalized(parameter.name)));
  const offset = integers.find(parameter => OFFSET_NAMES.has(normalized(parameter.name)));
  const page = integers.find(parameter => PAGE_NAMES.has(normalized(parameter.name)));
  const cursor = (names: ReadonlySet<string>) => parameters.find(parameter => names.has(normalized(parameter.name)) && (typeIncludes(parameter.schema, 'string') || typeIncludes(parameter.schema, 'integer')));
  const after = cursor(AFTER_NAMES);
  const before = cursor(BEFORE_NAMES);
  const paging: { size?: string; offset?: string; page?: { name: string; first: number }; after?: string; before?: string; order?: NonNullable<Paging['order']> } = {};
  if (after) paging.after = after.name;
  if (before) paging.before = before.name;
  const order = findOrder(parameters);
  if (order) paging.order = order;
  if (size) paging.size = size.name;
  else if (integers.length === 1 && !offset && !page && integers[0]) paging.size = integers[0].name;
  if (offset) paging.offset = offset.name;
  if (page) {
    const schema = page.schema ?? {};
    const first = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.default === 'number' ? schema.default : 1;
    paging.page = { name: page.name, first: first <= 0 ? 0 : 1 };
  }
  return paging;
}

/** The schema's type includes `type`, or one of its alternatives' does (`per_page: oneOf [integer, {enum: [all]}]`). */
function allows(schema: JsonSchema | undefined, type: string): boolean {
  if (typeIncludes(schema, type)) return true;
  return [...(schema?.oneOf ?? []), ...(schema?.anyOf ?? [])].some(alternative => typeIncludes(alternative, type));
}

const ORDER_NAMES = new Set(['order', 'sortorder', 'direction', 'sortdirection', 'sort']);

/** A parameter that sets the list's direction: its enum holds `asc` and `desc` (or `ascending`/`descending`). */
function findOrder(parameters: readonly { name: string; schema?: JsonSchema }[]): Paging['order'] {
  for (const parameter of parameters) {
    if (!ORDER_NAMES.has(parameter.name.toLowerCase().replaceAll(/[_-]/g, ''))) continue;
    const values = (mergeAllOf(parameter.schema ?? {}).enum ?? []).filter((value): value is string => typeof value === 'string');
    const descending = values.find(value => /^desc(?:ending)?$/i.test(value));
    if (descending === undefined || !values.some(value => /^asc(?:ending)?$/i.test(value))) continue;
    const fallback = parameter.schema?.default;
    return { name: parameter.name, descending, first: fallback === descending ? 'descending' : 'ascending' };
  }
  return undefined;
}
