import { DocumentShapeError } from './document-shape-error.js';

/**
 * What a document may hold for the mock to take it: past one of these it is refused at start (exit 2)
 * or, under `--watch`, the last good document is kept, with a message naming the limit and the place.
 * Each bounds the time and memory reading the document and answering by it can take.
 */
export interface DocumentLimits {
  /** Bytes of the document's text. */
  readonly maxDocumentBytes: number;
  /** Levels of nesting of its objects and arrays. */
  readonly maxDocumentDepth: number;
  /** Local `$ref`s it holds (edges of its reference graph). */
  readonly maxReferences: number;
  /** Values of one `enum`. */
  readonly maxEnumValues: number;
  /**
   * Properties one schema lists (and its allOf's parts together), and its patternProperties, required,
   * dependentSchemas or dependentRequired names each, and the places of one tuple (`prefixItems`, or
   * `items` given as a list): each a schema Ajv compiles into the validator of a request that reaches it.
   */
  readonly maxProperties: number;
  /**
   * Alternatives of one `oneOf` or `anyOf`. Ajv nests one block per alternative in the validator it
   * generates, and its compilation grows with the square of their count (2,000 alternatives: 30 s of
   * compiling for one request, every client waiting; ajv-validator/ajv#2641). Also the combinations
   * an `allOf` makes of its parts' `oneOf`s and `anyOf`s, which Prism's allOf merger tries one by one.
   */
  readonly maxAlternatives: number;
  /**
   * Characters of JSON of one example (an `example`, each entry of an `examples`, a `default`, a
   * `const`): an answer made of one is written out whole for each request that asks for it, every
   * client waiting meanwhile (a 20 MB example: 1.1 to 1.3 s each).
   */
  readonly maxExampleBytes: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxDocumentBytes: 32 * 1024 * 1024,
  maxDocumentDepth: 256,
  maxReferences: 200_000,
  maxEnumValues: 20_000,
  maxProperties: 1_000,
  maxAlternatives: 256,
  maxExampleBytes: 1024 * 1024,
};

/** Each limit's flag, for messages: the option's key in code is the limit's own name. */
export const DOCUMENT_LIMIT_FLAGS: Readonly<Record<keyof DocumentLimits, string>> = {
  maxDocumentBytes: '--max-document-bytes',
  maxDocumentDepth: '--max-document-depth',
  maxReferences: '--max-references',
  maxEnumValues: '--max-enum-values',
  maxProperties: '--max-properties',
  maxAlternatives: '--max-alternatives',
  maxExampleBytes: '--max-example-bytes',
};

/** The limits, each given one over the default. */
export function documentLimits(given: Partial<DocumentLimits> | undefined): DocumentLimits {
  return { ...DEFAULT_DOCUMENT_LIMITS, ...Object.fromEntries(Object.entries(given ?? {}).filter(([, value]) => (value as number | undefined) !== undefined)) };
}

function past(limit: keyof DocumentLimits, limits: DocumentLimits, what: string): DocumentShapeError {
  return new DocumentShapeError(`${what}, past the limit of ${limits[limit]} (${DOCUMENT_LIMIT_FLAGS[limit]}, ${limit} in code)`);
}

/** Refuses a text longer than `maxDocumentBytes`, before it is parsed. */
export function checkDocumentText(text: string, limits: DocumentLimits): void {
  // A UTF-16 length is at most the UTF-8 one: only a text near the limit is measured exactly.
  if (text.length * 3 <= limits.maxDocumentBytes) return;
  const size = new TextEncoder().encode(text).length;
  if (size > limits.maxDocumentBytes) throw past('maxDocumentBytes', limits, `is ${size} bytes`);
}

/** `$.components.schemas.Pet`, with a key that is not a plain name quoted. */
export function placeOf(path: readonly (string | number)[]): string {
  const place = `$${path.map(key => (typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$-]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`)).join('')}`;
  // A log line stays short however deep the place.
  return place.length <= 160 ? place : `${place.slice(0, 100)}…${place.slice(-50)}`;
}

/** One example being walked: the characters of JSON its values added so far, and its place. */
interface Example {
  size: number;
  readonly place: Place;
  readonly kind: string;
}

/** A value of the document as the walk reaches it. */
interface Place {
  readonly value: unknown;
  readonly parent: Place | undefined;
  readonly key: string | number;
  readonly depth: number;
  /** Below an `example`, `examples`, `default` or `const`: values, where `enum` and `properties` are names like any other. */
  readonly inData: boolean;
  /** The example this value is part of. */
  example: Example | undefined;
  /** An `examples` list or map, whose entries each start an example. */
  readonly examples: boolean;
}

/**
 * Refuses a parsed document past its depth, reference, enum, properties, alternatives or example limit, naming the first
 * place past it. Walks the document once, without recursion.
 */
export function checkDocumentShape(source: unknown, limits: DocumentLimits): void {
  checkPathTemplates(source);
  let references = 0;
  const pathOf = (place: Place): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let at: Place = place; at.parent !== undefined; at = at.parent) path.unshift(at.key);
    return path;
  };
  const stack: Place[] = [{ value: source, parent: undefined, key: '', depth: 0, inData: false, example: undefined, examples: false }];
  while (stack.length > 0) {
    const place = stack.pop() as Place;
    const { value, depth, example } = place;
    if (example !== undefined) {
      example.size += jsonSize(value);
      if (example.size > limits.maxExampleBytes) throw past('maxExampleBytes', limits, `has ${example.kind} of more than ${limits.maxExampleBytes} characters of JSON at ${placeOf(pathOf(example.place))}`);
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= limits.maxDocumentDepth) throw past('maxDocumentDepth', limits, `nests more than ${limits.maxDocumentDepth} levels deep at ${placeOf(pathOf(place))}`);
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push(child(place, value[index], index));
      continue;
    }
    const object = value as Record<string, unknown>;
    if (typeof object['$ref'] === 'string') {
      references += 1;
      if (references > limits.maxReferences) throw past('maxReferences', limits, `has more than ${limits.maxReferences} $refs (the one at ${placeOf(pathOf(place))} is one more)`);
    }
    const { enum: values, properties, oneOf, anyOf } = object;
    if (!place.inData && Array.isArray(values) && values.length > limits.maxEnumValues) throw past('maxEnumValues', limits, `has an enum of ${values.length} values at ${placeOf([...pathOf(place), 'enum'])}`);
    if (!place.inData && typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
      const count = Object.keys(properties).length;
      if (count > limits.maxProperties) throw past('maxProperties', limits, `has a schema of ${count} properties at ${placeOf(pathOf(place))}`);
    }
    // The other lists of property names: 20,000 patternProperties kept the mock from starting for 2 minutes (1.2 GiB),
    // 200,000 required names exhausted the stack.
    for (const keyword of ['patternProperties', 'dependentSchemas', 'dependentRequired', 'required'] as const) {
      const listed = object[keyword];
      const count = Array.isArray(listed) ? listed.length : typeof listed === 'object' && listed !== null ? Object.keys(listed).length : 0;
      if (!place.inData && count > limits.maxProperties) throw past('maxProperties', limits, `has a ${keyword} of ${count} properties at ${placeOf([...pathOf(place), keyword])}`);
    }
    // A tuple's places: 100,000 prefixItems held every client for 419 ms on the first create, and more places longer.
    for (const keyword of ['prefixItems', 'items'] as const) {
      const places = object[keyword];
      if (!place.inData && Array.isArray(places) && places.length > limits.maxProperties) {
        throw past('maxProperties', limits, `has a tuple of ${places.length} places (${keyword}) at ${placeOf([...pathOf(place), keyword])}`);
      }
    }
    for (const [keyword, alternatives] of [['oneOf', oneOf], ['anyOf', anyOf]] as const) {
      if (!place.inData && Array.isArray(alternatives) && alternatives.length > limits.maxAlternatives) {
        throw past('maxAlternatives', limits, `has a ${keyword} of ${alternatives.length} alternatives at ${placeOf([...pathOf(place), keyword])}`);
      }
    }
    if (!place.inData && Array.isArray(object['allOf'])) {
      const combinations = allOfCombinations(object, limits.maxDocumentDepth);
      if (combinations > limits.maxAlternatives) {
        throw past('maxAlternatives', limits, `has an allOf whose parts' oneOf and anyOf make ${combinations} combinations at ${placeOf([...pathOf(place), 'allOf'])}`);
      }
      const merged = allOfProperties(object, limits.maxDocumentDepth);
      if (merged > limits.maxProperties) throw past('maxProperties', limits, `has an allOf whose parts list ${merged} properties together at ${placeOf([...pathOf(place), 'allOf'])}`);
    }
    const keys = Object.keys(object);
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const key = keys[index] as string;
      stack.push(child(place, object[key], key));
    }
  }
}

/** The place of `value` under `parent`: in data below an `example`, `examples`, `default` or `const`, each example counted on its own. */
function child(parent: Place, value: unknown, key: string | number): Place {
  const data = !parent.inData && typeof key === 'string' && DATA_KEYS.has(key);
  const place: Place = { value, parent, key, depth: parent.depth + 1, inData: parent.inData || data, example: parent.example, examples: data && key === 'examples' };
  if (parent.examples) place.example = { size: 0, place, kind: 'an example' };
  else if (data && key !== 'examples') place.example = { size: 0, place, kind: key === 'example' ? 'an example' : `a ${key}` };
  return place;
}

/** The characters of JSON `value` adds beside its children's: a string's and a number's text, an object's braces, commas and keys. */
function jsonSize(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value !== 'object' || value === null) return String(value).length;
  if (Array.isArray(value)) return 1 + Math.max(1, value.length);
  let size = 1;
  for (const key in value) if (Object.hasOwn(value, key)) size += key.length + 4;
  return Math.max(2, size);
}

/**
 * How many alternatives Prism's allOf merger (json-schema-merge-allof, run on a request body's schema
 * before validating it) makes of a schema: the product of the oneOf and anyOf of the schema and of its
 * allOf parts, nested allOfs flattened as the merger flattens them. It tries every combination, in
 * time that grows faster than their count: 2 parts of 64 alternatives each (4,096) took 58 s of
 * one request, every client waiting; 22 parts of 2 (a 19 KB document) never finished. Nesting past
 * `depth` levels is left to the depth limit.
 */
function allOfCombinations(schema: Record<string, unknown>, depth: number): number {
  const own = (keyword: string): number => (Array.isArray(schema[keyword]) ? Math.max(1, (schema[keyword] as unknown[]).length) : 1);
  let combinations = own('oneOf') * own('anyOf');
  const parts = schema['allOf'];
  if (!Array.isArray(parts) || depth <= 0) return combinations;
  for (const part of parts as unknown[]) {
    if (typeof part === 'object' && part !== null && !Array.isArray(part)) combinations = Math.min(Number.MAX_SAFE_INTEGER, combinations * allOfCombinations(part as Record<string, unknown>, depth - 1));
  }
  return combinations;
}

/**
 * How many properties the parts of a schema's allOf list together, as one schema merged of them has:
 * 100,000 parts of one property each kept the mock from starting for 2 minutes (3.4 GiB).
 */
function allOfProperties(schema: Record<string, unknown>, depth: number): number {
  const { properties, allOf } = schema;
  let count = typeof properties === 'object' && properties !== null ? Object.keys(properties).length : 0;
  if (!Array.isArray(allOf) || depth <= 0) return count;
  for (const part of allOf as unknown[]) if (typeof part === 'object' && part !== null && !Array.isArray(part)) count += allOfProperties(part as Record<string, unknown>, depth - 1);
  return count;
}

/**
 * Refuses a path template whose parameter is named like a member of every JavaScript object
 * (`/kennels/{constructor}`, `{toString}`, `{hasOwnProperty}`): Prism's path matching (uri-template-lite)
 * looks the name up on a plain object, builds its regular expression of `function Object() { … }`,
 * and every request to the path answered 500.
 */
function checkPathTemplates(source: unknown): void {
  const paths = typeof source === 'object' && source !== null ? (source as { paths?: unknown }).paths : undefined;
  if (typeof paths !== 'object' || paths === null) return;
  for (const template of Object.keys(paths)) {
    for (const [, name] of template.matchAll(/\{([^}]*)\}/g)) {
      if (name !== undefined && (name in Object.prototype || name === '__proto__')) {
        throw new DocumentShapeError(`has a path parameter named ${JSON.stringify(name)} at ${placeOf(['paths', template])}, a name every JavaScript object has, which Prism cannot match a path by: rename it`);
      }
    }
  }
}

/** Values, where `enum` and `properties` are names like any other. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const']);
