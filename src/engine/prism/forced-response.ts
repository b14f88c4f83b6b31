import type { IHttpOperationConfig, IHttpRequest, IHttpResponse, PrismHttpComponents } from '@stoplight/prism-http';
import type { IHttpOperation, IHttpOperationResponse } from '@stoplight/types';
import { alternativesMatchedAlone, enumOfItsType, groupEnd, lengthBoundedPattern, type JsonSchema } from '../../document/index.js';
import { isForced, type RequestControls } from '../controls/index.js';
import { findSchemaProblems, unlessEvalBlocked } from '../schema/index.js';
import { errorResponse } from '../responses/index.js';
import { boundedForGeneration } from './bounded-generation.js';
import { leastGeneratedValues, MOST_GENERATED_VALUES } from './generated-size.js';
import { OptionalsNotToldApart } from './optionals-not-told-apart.js';

type PrismMock = PrismHttpComponents['mock'];
type PrismLogger = Parameters<ReturnType<PrismMock>>[0];

let loading: Promise<PrismMock> | undefined;
/** The mocker once loaded: a request that needs it takes it without waiting a turn. */
let loaded: PrismMock | undefined;
/** Made when the mocker is loaded, which every call of forceResponse follows. */
let mockerLogging: { silentLogger: PrismLogger } | undefined;

/**
 * Prism's own mocker (response negotiation, examples, seeded json-schema-faker), loaded on the first
 * forced response only: it brings Faker and json-schema-faker, which requests from the store never need.
 * Its logger comes with it: the mocker wants a pino logger with Prism's custom levels, which only
 * prism-core's createLogger makes, and pino is loaded and that logger made (~5 ms) only then.
 */
export function loadPrismMocker(): Promise<PrismMock> {
  return (loading ??= Promise.all([import('@stoplight/prism-http/dist/mocker/index.js'), import('@stoplight/prism-core/dist/logger.js')]).then(([module, loggerModule]) => {
    // CommonJS interop, as for the router: `default` is the module's exports (bundled), or absent.
    type LoggerExports = Pick<typeof loggerModule, 'createLogger'>;
    const { createLogger } = (loggerModule as LoggerExports & { default?: LoggerExports }).default ?? loggerModule;
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- pino 6 ships no types Prism's declarations can resolve.
    mockerLogging = { silentLogger: createLogger('petstore-mock', { level: 'silent' }) };
    // `default` is the module's exports or the mocker itself.
    const exported = (module as { default: unknown }).default as PrismMock | { default: PrismMock };
    loaded = typeof exported === 'function' ? exported : exported.default;
    return loaded;
  }));
}

/** Prism's mocker if `loadPrismMocker` has loaded it, else undefined. */
export function loadedPrismMocker(): PrismMock | undefined {
  return loaded;
}

/** The response `controls` choose: the forced code's, or else the lowest 2xx one, as Prism picks it. */
function chosenResponse(operation: IHttpOperation, controls: RequestControls): IHttpOperationResponse | undefined {
  if (controls.code !== undefined) return operation.responses.find(response => response.code === String(controls.code));
  return [...operation.responses].filter(response => /^2\d\d$/.test(response.code)).sort((a, b) => a.code.localeCompare(b.code))[0];
}

/** Why the operation cannot give what `controls` force, as a sentence; undefined when it can. */
export function findForcingProblem(operation: IHttpOperation, controls: RequestControls): string | undefined {
  if (!isForced(controls)) return undefined;
  const name = operation.iid ?? `${operation.method.toUpperCase()} ${operation.path}`;
  const response = chosenResponse(operation, controls);
  if (!response) {
    const declared = operation.responses.map(candidate => candidate.code).join(', ');
    return controls.code === undefined
      ? `${name} declares no success response to force; force one of its codes: ${declared}.`
      : `Cannot force ${controls.code}: ${name} declares ${declared}.`;
  }
  if (controls.example !== undefined) {
    const names = (response.contents ?? []).flatMap(content => (content.examples ?? []).map(example => example.key));
    if (!names.includes(controls.example)) {
      return `The ${response.code} response of ${name} has ${names.length > 0 ? `the examples ${names.join(', ')}` : 'no examples'}, not ${JSON.stringify(controls.example)}.`;
    }
  }
  if (controls.dynamic === true && !(response.contents ?? []).some(content => content.schema)) {
    return `The ${response.code} response of ${name} has no schema to generate a body from.`;
  }
  return undefined;
}

/**
 * The declared response `controls` force (or an override scripts; `cause` says which, for the message), made by Prism's mocker: the named or first example, or a
 * body generated from the schema with `seed`. Throws when Prism cannot make it.
 */
export function forceResponse(mock: PrismMock, operation: IHttpOperation, request: IHttpRequest, controls: RequestControls, seed: string, cause: string): IHttpResponse {
  // The mock answers JSON whatever the Accept header says, forced or not.
  const headers = { ...request.headers };
  delete headers['accept'];
  const config: IHttpOperationConfig = {
    dynamic: controls.dynamic === true,
    seed: controls.seed ?? seed,
    ...(controls.code !== undefined && { code: controls.code }),
    ...(controls.example !== undefined && { exampleKey: controls.example }),
  };
  if (mockerLogging === undefined) throw new Error('[petstore-mock] forceResponse needs the mocker from loadPrismMocker().');
  const tooLarge = generatedPastLimit(operation, controls);
  if (tooLarge !== undefined) return errorResponse('not_implemented', tooLarge);
  const logging = mockerLogging;
  const made = (resource: IHttpOperation): ReturnType<ReturnType<PrismMock>> => mock({ resource, input: { data: { ...request, headers }, validations: [] }, config })(logging.silentLogger);
  let result = made(closedForGeneration(operation));
  // A pattern the generator cannot read (a lookbehind it does not know, ...): the body made without patterns, rather than no answer.
  if (result._tag === 'Left') result = made(closedForGeneration(operation, { patterns: false }));
  if (result._tag === 'Left') throw result.left;
  const generated = renamesProperties.has(operation) ? { ...result.right, body: withPropertiesNamedBack(result.right.body) } : result.right;
  const response = withoutUnfitHeaders(generated, chosenResponse(operation, controls));
  // A generated `Error` body has a random status and made-up extra fields: keep the three the API
  // defines, with the status answered (a copy: examples belong to the document). Its message says
  // the answer was forced: an example's "see its log" or "No pet has id 42" would mislead.
  if (isErrorShaped(response.body)) {
    const { code } = response.body;
    return { ...response, body: { code, message: forcedMessage(operation, response.statusCode, controls, response.body.message, cause), status: response.statusCode } };
  }
  return response;
}

/** The least values each response of the operation as handed to the generator would be made of (see leastGeneratedValues). */
const leastValuesOf = new WeakMap<object, number>();

/**
 * Why the body `controls` choose cannot be generated, where it would be (no example is served) and
 * would hold more than MOST_GENERATED_VALUES values at least; undefined where it can.
 */
function generatedPastLimit(operation: IHttpOperation, controls: RequestControls): string | undefined {
  const chosen = chosenResponse(operation, controls);
  if (chosen === undefined) return undefined;
  const fromExample = controls.dynamic !== true && (chosen.contents ?? []).some(content => (content.examples?.length ?? 0) > 0);
  if (fromExample) return undefined;
  const handed = closedForGeneration(operation).responses[operation.responses.indexOf(chosen)];
  if (handed === undefined) return undefined;
  let least = leastValuesOf.get(handed);
  if (least === undefined) {
    least = Math.max(0, ...(handed.contents ?? []).map(content => leastGeneratedValues(content.schema)));
    leastValuesOf.set(handed, least);
  }
  if (least <= MOST_GENERATED_VALUES) return undefined;
  const name = operation.iid ?? `${operation.method.toUpperCase()} ${operation.path}`;
  return `The ${chosen.code} response of ${name} would be generated from its schema with more than ${MOST_GENERATED_VALUES.toLocaleString('en-US')} values (the lists it requires hold that many), past what the mock generates for one body; give the response an example, or script its body with an override.`;
}

/**
 * The response less each header it declares optional whose value breaks the header's schema: the
 * placeholders Prism's mocker gives a header without an example (`string` against a `pattern`,
 * `null` for a boolean or a number: Twilio's `Access-Control-Allow-Credentials`), which the document
 * then refuses (validateResponses answers 500, verify an error). A header the response requires is kept as it is.
 */
function withoutUnfitHeaders(response: IHttpResponse, declared: IHttpOperationResponse | undefined): IHttpResponse {
  const unfit = new Set(
    (declared?.headers ?? []).filter(header => header.required !== true && !fitsHeaderSchema(findHeader(response, header.name), header.schema)).map(header => header.name.toLowerCase()),
  );
  if (unfit.size === 0) return response;
  return { ...response, headers: Object.fromEntries(Object.entries(response.headers ?? {}).filter(([name]) => !unfit.has(name.toLowerCase()))) };
}

function findHeader(response: IHttpResponse, name: string): string | undefined {
  return Object.entries(response.headers ?? {}).find(([given]) => given.toLowerCase() === name.toLowerCase())?.[1];
}

/** Whether a header's text reads as its schema's type (a boolean `true`/`false`, a number, an integer) and fits its `pattern`. */
function fitsHeaderSchema(value: string | undefined, schema: { type?: unknown; pattern?: unknown; nullable?: unknown } | undefined): boolean {
  if (value === undefined || schema === undefined) return true;
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const nullable = types.includes('null') || schema.nullable === true;
  if (value === 'null' && nullable) return true;
  const fitsType =
    schema.type === undefined ||
    types.includes('string') ||
    types.includes('array') ||
    types.includes('object') ||
    (types.includes('boolean') && (value === 'true' || value === 'false')) ||
    (types.includes('integer') && /^-?\d+$/.test(value)) ||
    (types.includes('number') && value.trim() !== '' && Number.isFinite(Number(value)));
  return fitsType && (typeof schema.pattern !== 'string' || fitsPattern(value, schema.pattern));
}

function fitsPattern(value: string | undefined, pattern: string): boolean {
  if (value === undefined) return true;
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return true;
  }
}

/** The message of a forced or scripted `Error` body: its `cause`, and the named example's own message when one was asked for. */
function forcedMessage(operation: IHttpOperation, status: number, controls: RequestControls, exampleMessage: unknown, cause: string): string {
  const name = operation.iid ?? `${operation.method.toUpperCase()} ${operation.path}`;
  if (controls.example !== undefined && typeof exampleMessage === 'string') return `${cause}: ${exampleMessage}`;
  return `${cause}: the ${status} response ${name} declares; the mock did not fail and its store was not asked.`;
}

function isErrorShaped(body: unknown): body is { code: unknown; message: unknown; status: number } {
  return typeof body === 'object' && body !== null && 'code' in body && 'message' in body && typeof (body as { status?: unknown }).status === 'number';
}

/**
 * What an operation the store does not keep answers: its lowest 2xx response as Prism's mocker makes
 * it, the response's example when it has one its schema takes, else a body generated from its schema
 * with `seed` (PagerDuty's template render example holds `warnings` as an array its schema says is an
 * object: served as written, it broke the document, a 500 under `--validate-responses`).
 */
export function answerFromDocument(mock: PrismMock, operation: IHttpOperation, request: IHttpRequest, seed: string): IHttpResponse {
  const response = chosenResponse(operation, {});
  const controls: RequestControls = { dynamic: response === undefined || !examplesFit(operation, response), ...(response && { code: Number(response.code) }) };
  return forceResponse(mock, operation, request, controls, seed, 'Answered from the document');
}

const fittingExamples = new WeakMap<IHttpOperationResponse, boolean>();

/**
 * Whether the response has examples and the one Prism's mocker serves of each media type (its first)
 * fits that media type's schema; checked once per response. Where no schema can be compiled (a page
 * that forbids `eval`), the example is served as written.
 */
function examplesFit(operation: IHttpOperation, response: IHttpOperationResponse): boolean {
  const known = fittingExamples.get(response);
  if (known !== undefined) return known;
  const fits = servedExamplesFit(operation, response);
  fittingExamples.set(response, fits);
  return fits;
}

function servedExamplesFit(operation: IHttpOperation, response: IHttpOperationResponse): boolean {
  const served = (response.contents ?? []).flatMap(content => (content.examples ?? []).slice(0, 1).map(example => ({ example, schema: content.schema })));
  return served.length > 0 && served.every(({ example, schema }) => !('value' in example) || schema === undefined || unlessEvalBlocked(() => findSchemaProblems(example.value, schema, bundleOf(operation)), []).length === 0);
}

/**
 * The check `answerFromDocument` makes of the operation's examples before it first answers, as a
 * function to run where Prism's validator records compiles instead of making them (engine/schema
 * compileOffThread): their schemas then compile off the event loop. GitHub's issue events held every
 * client 2.7 s on the first read, compiling on the main thread. Nothing is remembered from such a
 * run (its validators pass whatever they are given); undefined where the answer checks no example.
 */
export function exampleChecksOf(operation: IHttpOperation): (() => void) | undefined {
  const response = chosenResponse(operation, {});
  if (response === undefined || fittingExamples.has(response) || !(response.contents ?? []).some(content => (content.examples ?? []).length > 0)) return undefined;
  return () => void servedExamplesFit(operation, response);
}

/**
 * A string of `format: url` (ajv-formats' name, which Prism's validator checks: PagerDuty's `self` and
 * `html_url`) drawn as a URL: json-schema-faker knows no such format and drew any text ("ad"), and
 * its `uri` draws hosts such a URL refuses (`https://elHnG.jfhaO+D`); a pattern it can draw from
 * does, where the schema has none of its own.
 */
function asGenerableUrl(schema: Record<string, unknown>): void {
  if (schema['pattern'] !== undefined) return;
  delete schema['format'];
  schema['pattern'] = GENERABLE_URL;
}

const GENERABLE_URL = '^https://[a-z]{4,10}\\.example\\.com/[a-z0-9]{6,12}$';

/**
 * A string of `format: byte` (base64, which Prism's validator checks: DigitalOcean's Kubernetes
 * credentials) drawn as base64: json-schema-faker knows no such format and drew any text
 * (`ecv5zd_U`) from the loose pattern Prism's reading adds, a 500 under `--validate-responses`. Where
 * the schema has no pattern of its own.
 */
function asGenerableBase64(schema: Record<string, unknown>): void {
  if (schema['pattern'] !== undefined && schema['pattern'] !== PRISM_BYTE_PATTERN) return;
  delete schema['format'];
  schema['pattern'] = GENERABLE_BASE64;
}

const GENERABLE_BASE64 = '^(?:[A-Za-z0-9+/]{4}){2,8}$';
/** What Prism's reading of OpenAPI adds to a `format: byte` (any length of word characters, `_` included), not the document's own pattern. */
const PRISM_BYTE_PATTERN = '^[\\w\\d+\\/=]*$';

/**
 * An `allOf` whose object requires a name none of its parts lists (PagerDuty's custom field requires
 * `namespace` beside `allOf: [{properties: {…}}]`): that name listed, of any value, as an object that
 * lists its own properties gets it, since json-schema-faker left it out and the answer broke the
 * document. Where a part is not an object that lists its properties (a `$ref` left for the bundle),
 * what it lists is not known here, and nothing is added.
 */
function withRequiredOfParts(object: Record<string, unknown>): void {
  const parts = object['allOf'] as unknown[];
  const required = Array.isArray(object['required']) ? (object['required'] as unknown[]).filter((name): name is string => typeof name === 'string') : [];
  if (required.length === 0 || !parts.every(part => typeof part === 'object' && part !== null && !('$ref' in part))) return;
  const listed = new Set(parts.flatMap(part => Object.keys((part as Record<string, unknown>)['properties'] ?? {})));
  const unlisted = required.filter(name => !listed.has(name));
  if (unlisted.length > 0) object['allOf'] = [...parts, { type: 'object', properties: Object.fromEntries(unlisted.map(name => [name, {}])) }];
}

const closed = new WeakMap<IHttpOperation, IHttpOperation>();
/** The same, each `pattern` left out: what a body is made from where the generator could not read a pattern. */
const closedWithoutPatterns = new WeakMap<IHttpOperation, IHttpOperation>();
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum', 'value']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * The operation as Prism's mocker is handed it: every object schema that lists its properties and
 * says nothing of others closed (`additionalProperties: false`), since json-schema-faker otherwise
 * adds made-up properties (`"in_da": false`) a client's types do not know. A schema that allows
 * others (`additionalProperties: {…}` or `true`, `patternProperties`) keeps them; a property it
 * requires without listing it is listed, of any value. A `pattern` of
 * Unicode classes is written in ASCII ones (see generablePattern), and exclusive bounds as
 * json-schema-faker reads them (see withDraft4Bounds). A `oneOf` is drawn only from alternatives a
 * value can match alone, and an optional property where none can is left out (see
 * OptionalsNotToldApart). Made once per operation; schemas shared within it stay shared.
 */
function closedForGeneration(operation: IHttpOperation, { patterns }: { patterns: boolean } = { patterns: true }): IHttpOperation {
  const copies = patterns ? closed : closedWithoutPatterns;
  let copy = copies.get(operation);
  if (copy === undefined) {
    const seen = new Map<object, unknown>();
    const allOfParts = new WeakSet<object>();
    const bounded = boundedForGeneration(operation);
    const optionals = new OptionalsNotToldApart(bounded);
    const close = (node: unknown, isMap = false): unknown => {
      if (typeof node !== 'object' || node === null) return node;
      const done = seen.get(node);
      if (done !== undefined) return done;
      if (Array.isArray(node)) {
        const list: unknown[] = [];
        seen.set(node, list);
        for (const item of node) list.push(close(item));
        return list;
      }
      const object: Record<string, unknown> = {};
      seen.set(node, object);
      // A map of schemas (`properties`): each member a schema, whatever its name (a property named `value`).
      if (isMap) {
        for (const [key, value] of Object.entries(node)) object[key] = close(value);
        return object;
      }
      // A part of an allOf may require what another part lists.
      const parts = (node as Record<string, unknown>)['allOf'];
      if (Array.isArray(parts)) for (const part of parts as unknown[]) if (typeof part === 'object' && part !== null) allOfParts.add(part);
      if (Array.isArray(parts)) optionals.noteAllOf(node as Record<string, unknown>);
      // Values (examples, defaults, enums) are data, not schemas: kept as written.
      for (const [key, value] of Object.entries(node)) object[key] = DATA_KEYWORDS.has(key) ? value : close(value, SCHEMA_MAPS.has(key));
      // Counts narrowed to the lengths the schema allows first (see lengthBoundedPattern): json-schema-faker cuts a longer text, which then breaks the pattern.
      if (!patterns) delete object['pattern'];
      if (typeof object['pattern'] === 'string') object['pattern'] = generablePattern(lengthBoundedPattern(object['pattern'], numberOrUndefined(object['minLength']), numberOrUndefined(object['maxLength'])) ?? object['pattern']);
      if (Array.isArray(object['enum'])) object['enum'] = enumOfItsType(object['enum'], object['type']);
      // An integer beside a plain number in a oneOf: json-schema-faker would draw values both match. Judged
      // as the document writes them, which the answer is checked by (not as closed for generation below).
      const alternatives = (node as Record<string, unknown>)['oneOf'];
      if (Array.isArray(alternatives)) object['oneOf'] = optionals.alternativesOf(node as Record<string, unknown>, alternativesMatchedAlone(alternatives as JsonSchema[])).map(alternative => close(alternative));
      // Parts holding one property to different values: json-schema-faker draws from their union, one value all allow is added last.
      const narrowing = Array.isArray(object['allOf']) ? optionals.narrowingPartOf(node as Record<string, unknown>) : undefined;
      if (narrowing !== undefined) object['allOf'] = [...(object['allOf'] as unknown[]), narrowing];
      withDraft4Bounds(object);
      withInferredType(object);
      if (object['format'] === 'url') asGenerableUrl(object);
      if (object['format'] === 'byte') asGenerableBase64(object);
      // An array of anything (`{type: array, uniqueItems: true}`, Keycloak's claims): json-schema-faker throws "missing items" without them.
      const type = object['type'];
      if ((type === 'array' || (Array.isArray(type) && type.includes('array'))) && object['items'] === undefined && object['prefixItems'] === undefined) object['items'] = {};
      withGeneratedItems(object);
      if (withPropertiesRenamedForGeneration(object)) renamesProperties.add(operation);
      const listsProperties = typeof object['properties'] === 'object' && object['properties'] !== null;
      if (listsProperties) optionals.noteObject(node as Record<string, unknown>, object);
      if (listsProperties && object['additionalProperties'] === undefined && object['patternProperties'] === undefined) {
        object['additionalProperties'] = false;
        // A name the object requires but does not list (Lago's OrganizationObject requires `email_settings`): any value, as the schema allows it.
        const properties = object['properties'] as Record<string, unknown>;
        const unlisted = Array.isArray(object['required']) && object['allOf'] === undefined && !allOfParts.has(node) ? (object['required'] as unknown[]).filter((name): name is string => typeof name === 'string' && !Object.hasOwn(properties, name)) : [];
        if (unlisted.length > 0) object['properties'] = { ...properties, ...Object.fromEntries(unlisted.map(name => [name, {}])) };
      }
      if (!listsProperties && Array.isArray(object['allOf'])) withRequiredOfParts(object);
      withinMaxProperties(object);
      return object;
    };
    copy = close(bounded) as IHttpOperation;
    optionals.leaveOut();
    copies.set(operation, copy);
  }
  return copy;
}

/** ASCII ranges inside each Unicode class the document's patterns commonly use: what they generate is in the class. */
const ASCII_OF_CLASS: Readonly<Record<string, string>> = {
  L: 'a-zA-Z',
  Letter: 'a-zA-Z',
  Alphabetic: 'a-zA-Z',
  Lu: 'A-Z',
  Uppercase_Letter: 'A-Z',
  Ll: 'a-z',
  Lowercase_Letter: 'a-z',
  N: '0-9',
  Nd: '0-9',
  Number: '0-9',
  Decimal_Number: '0-9',
  // A space: AWS's tags and names, `^([\p{L}\p{Z}\p{N}_.:/=+\-@]*)$`.
  Z: ' ',
  Zs: ' ',
  Separator: ' ',
  Space_Separator: ' ',
  // ASCII's punctuation and symbols, each in its class (`$`, `+`, `<`, `^` are symbols, not punctuation); `^` never first.
  P: '!"#%&\'()*,\\-./:;?@\\[\\\\\\]_{}',
  Punctuation: '!"#%&\'()*,\\-./:;?@\\[\\\\\\]_{}',
  S: '$+<=>^`|~',
  Symbol: '$+<=>^`|~',
};

/** A character written by its code (`\x5C`, `\u005C`, `\u{5C}`) where a pattern holds one. */
const HEX_ESCAPE = /\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|u\{[0-9A-Fa-f]+\})/;
const HEX_ESCAPE_AT = /^\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|u\{([0-9A-Fa-f]{1,6})\})/;

/**
 * `pattern` as json-schema-faker's generator reads it, for drawing strings the pattern takes:
 * - each Unicode class (`\p{L}`, `\p{Lu}`, `\p{N}`) written as ASCII ranges inside it: the generator
 *   reads `\p{L}` as the letters `p{L}`. Classes it does not know, negated ones (`\P{L}`) and those in
 *   a negated set (`[^\p{L}]`) are left as written;
 * - lazy quantifiers (`+?`, `{7,}?`) written greedy: the generator reads the `?` as "maybe", and drew ''
 *   for Bitbucket's commit hashes, `[0-9a-f]{7,}?`, one time in two (`a+?b` drew `b`). A lazy and a
 *   greedy quantifier find a match in the same texts, so the pattern takes every string drawn from either;
 * - a backslash or a hyphen written by its code (`\x5C`, `\u002D`) written escaped (`\\`, `\-`): the
 *   generator reads the code as the bare character, so WorkMail's `[^\x00-\x1F\x7F\x3C\x3E\x5C]{1,64}`
 *   escaped its `]` and threw ("Unterminated character class"), a 500 for every answer that held one;
 * - a lookbehind (`(?<!-)`, FSx's ARNs) left out and a named group (`(?<year>…)`) written plain: the
 *   generator does not read either, and threw ("Invalid group").
 */
function generablePattern(pattern: string): string {
  if (!pattern.includes('\\p{') && !/[*+?}]\?/.test(pattern) && !HEX_ESCAPE.test(pattern) && !pattern.includes('(?<')) return pattern;
  let written = '';
  let inClass = false;
  let negated = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index] ?? '';
    if (character === '?' && !inClass && quantifies(pattern, index - 1)) continue;
    if (character === '\\') {
      const name = pattern[index + 1] === 'p' ? /^\{([A-Za-z_]+)\}/.exec(pattern.slice(index + 2))?.[1] : undefined;
      const ascii = name === undefined ? undefined : ASCII_OF_CLASS[name];
      const hex = HEX_ESCAPE_AT.exec(pattern.slice(index, index + 8));
      const escaped = hex === null ? undefined : String.fromCodePoint(Number.parseInt(hex[1] ?? hex[2] ?? hex[3] ?? '', 16));
      if (name !== undefined && ascii !== undefined && !negated) {
        written += inClass ? ascii : `[${ascii}]`;
        index += name.length + 3;
      } else if (hex !== null && (escaped === '\\' || escaped === '-')) {
        written += `\\${escaped}`;
        index += hex[0].length - 1;
      } else {
        written += pattern.slice(index, index + 2);
        index += 1;
      }
      continue;
    }
    if (character === '(' && !inClass && pattern.startsWith('(?<', index)) {
      // A lookbehind (which the generator cannot read) left out, the text drawn checked as any other; a named group as a plain one.
      if (pattern[index + 3] === '=' || pattern[index + 3] === '!') index = groupEnd(pattern, index);
      else {
        written += '(';
        // Past the name's `>`; a `(?<` that closes no name is left as written.
        const nameEnd = pattern.indexOf('>', index);
        if (nameEnd !== -1) index = nameEnd;
      }
      continue;
    }
    if (character === '[' && !inClass) [inClass, negated] = [true, pattern[index + 1] === '^'];
    else if (character === ']' && inClass) [inClass, negated] = [false, false];
    written += character;
  }
  return written;
}

/**
 * Whether the character at `index` (outside a class) is a quantifier's `*`, `+`, `?` or `}`, so that a `?` after
 * it makes it lazy: not escaped (an odd run of `\` before it), not the `?` of a group's opening
 * (`(?:`), nor a `?` that is itself a lazy mark (`a??` is `a?` lazy; `a???` is refused by RegExp).
 */
function quantifies(pattern: string, index: number): boolean {
  const character = pattern[index];
  if (character === undefined || !'*+?}'.includes(character)) return false;
  let backslashes = 0;
  while (pattern[index - 1 - backslashes] === '\\') backslashes += 1;
  if (backslashes % 2 === 1) return false;
  if (character === '}') return /\{\d+(?:,\d*)?$/.test(pattern.slice(Math.max(0, index - 40), index));
  return character !== '?' || (pattern[index - 1] !== '(' && !quantifies(pattern, index - 1));
}

/**
 * An object that takes other properties than those it lists, each of them required (a map: AWS's
 * tags, `{additionalProperties: TagValue, minProperties: 1, maxProperties: 50}`), with its bound as
 * json-schema-faker keeps it. That generator draws such an object in two runs, each of up to
 * `maxProperties` names, and counts only the second against the bound: AppSync's and Personalize's
 * tags came out with up to twice the names the schema allows, and `--validate-responses` answered
 * 500. The bound is lowered so that the two runs together stay within the document's (with `k` the
 * names the object must have, by `required` or `minProperties`, each run may draw `min(⌊max/2⌋,
 * max − k)`, never fewer than the names it requires). Where no run may, the names are listed instead: those required, and
 * `additionalProp1`… up to `minProperties`, or one where the object must have none.
 */
function withinMaxProperties(schema: Record<string, unknown>): void {
  const { maxProperties, minProperties, additionalProperties, properties, required } = schema;
  if (typeof maxProperties !== 'number' || !Number.isInteger(maxProperties) || additionalProperties === false) return;
  const listed = typeof properties === 'object' && properties !== null ? (properties as Record<string, unknown>) : {};
  const requiredNames = Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : [];
  // With an optional property listed, the generator draws the listed ones and fills up to its bound once: within it.
  if (Object.keys(listed).some(name => !requiredNames.includes(name))) return;
  const least = Math.max(requiredNames.length, typeof minProperties === 'number' ? Math.ceil(minProperties) : 0);
  if (maxProperties < least) return;
  const eachRun = Math.min(Math.floor(maxProperties / 2), maxProperties - least);
  // Each run is at least the required names: the generator cuts them to the bound, then fills those cut with the map's schema.
  if (eachRun >= Math.max(1, requiredNames.length)) {
    schema['maxProperties'] = eachRun;
    return;
  }
  const others = typeof additionalProperties === 'object' && additionalProperties !== null ? additionalProperties : {};
  const names = new Map<string, unknown>(requiredNames.map(name => [name, listed[name] ?? others]));
  for (let index = 1; names.size < Math.max(least, Math.min(maxProperties, 1)); index += 1) if (!names.has(`additionalProp${index}`)) names.set(`additionalProp${index}`, others);
  Object.assign(schema, { properties: Object.fromEntries(names), required: [...names.keys()], additionalProperties: false });
  delete schema['maxProperties'];
  delete schema['minProperties'];
  delete schema['patternProperties'];
}

/**
 * Property names json-schema-faker reads as its own keyword wherever they are: it copied the schema of
 * a property named `definitions` into the body as it is (Oxford Dictionaries' sentences held
 * `"definitions": {"items": {"type": "string"}, "type": "array"}`, which the document refuses).
 * Such a property is generated under another name, and named back in the body.
 */
const GENERATOR_KEYWORDS = new Set(['definitions']);
const RENAMED_PREFIX = '__petstore_mock_property__';

/** The operations whose schemas name a property as GENERATOR_KEYWORDS does. */
const renamesProperties = new WeakSet<IHttpOperation>();

/** Renames each property of `schema` that GENERATOR_KEYWORDS names (in its `required` too); whether it renamed one. */
function withPropertiesRenamedForGeneration(schema: Record<string, unknown>): boolean {
  const properties = schema['properties'];
  if (typeof properties !== 'object' || properties === null || !Object.keys(properties).some(name => GENERATOR_KEYWORDS.has(name))) return false;
  const renamed = (name: string): string => (GENERATOR_KEYWORDS.has(name) ? `${RENAMED_PREFIX}${name}` : name);
  schema['properties'] = Object.fromEntries(Object.entries(properties).map(([name, property]) => [renamed(name), property]));
  if (Array.isArray(schema['required'])) schema['required'] = (schema['required'] as unknown[]).map(name => (typeof name === 'string' ? renamed(name) : name));
  return true;
}

/** A generated body with each property withPropertiesRenamedForGeneration renamed given its own name back. */
function withPropertiesNamedBack(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withPropertiesNamedBack);
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(Object.entries(body).map(([name, value]) => [name.startsWith(RENAMED_PREFIX) ? name.slice(RENAMED_PREFIX.length) : name, withPropertiesNamedBack(value)]));
}

/** Keywords that say which type a schema without `type` is of, as json-schema-faker infers it. */
const KEYWORDS_OF_TYPE: readonly (readonly [string, readonly string[]])[] = [
  ['object', ['properties', 'additionalProperties', 'patternProperties', 'minProperties', 'maxProperties', 'required']],
  ['array', ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems']],
];

/**
 * The `type` of a schema that does not write one, where its keywords say it (`properties`: an object),
 * written out: json-schema-faker infers it, but not for the schema of a property named after one of
 * its keywords, so the `properties` of every Azure resource whose schema wrote no `type` (Scheduler's
 * job histories) was made of the schema's own words, `{"properties": {…}, "additionalProperties": false}`.
 */
function withInferredType(schema: Record<string, unknown>): void {
  if (schema['type'] !== undefined || schema['$ref'] !== undefined || ['allOf', 'anyOf', 'oneOf', 'enum', 'const'].some(keyword => schema[keyword] !== undefined)) return;
  const types = KEYWORDS_OF_TYPE.filter(([, keywords]) => keywords.some(keyword => schema[keyword] !== undefined));
  if (types.length === 1) schema['type'] = (types[0] as (typeof KEYWORDS_OF_TYPE)[number])[0];
}

/** The most items a generated list holds where its schema allows more (and requires no more). */
export const GENERATED_ITEMS = 3;

/**
 * A list's `maxItems` as json-schema-faker is handed it: no more than `GENERATED_ITEMS`, unless its
 * `minItems` asks for more. Prism has the generator fill every list to its `maxItems`: RoboMaker's
 * batch answer, 1,000 pending requests of 6 data sources of 100 keys each, held the event loop for
 * minutes (every other client waited), where a list without `maxItems` gets 0 to 5 items.
 */
function withGeneratedItems(schema: Record<string, unknown>): void {
  const { maxItems, minItems } = schema;
  if (typeof maxItems !== 'number' || maxItems <= GENERATED_ITEMS) return;
  schema['maxItems'] = Math.max(GENERATED_ITEMS, typeof minItems === 'number' ? minItems : 0);
}

/**
 * A schema's exclusive bounds as numbers (`exclusiveMaximum: 600`, JSON Schema since draft 6, and
 * OpenAPI 3.0's `maximum: 600, exclusiveMaximum: true` once converted) written as json-schema-faker
 * reads them (draft 4: the bound in `maximum`, `exclusiveMaximum: true`): it ignores a number there
 * and drew values past the bound (a problem's `status` of 37906498). A tighter inclusive bound stays.
 */
function withDraft4Bounds(schema: Record<string, unknown>): void {
  const { exclusiveMaximum, maximum, exclusiveMinimum, minimum } = schema;
  if (typeof exclusiveMaximum === 'number') {
    if (typeof maximum === 'number' && maximum < exclusiveMaximum) delete schema['exclusiveMaximum'];
    else Object.assign(schema, { maximum: exclusiveMaximum, exclusiveMaximum: true });
  }
  if (typeof exclusiveMinimum === 'number') {
    if (typeof minimum === 'number' && minimum > exclusiveMinimum) delete schema['exclusiveMinimum'];
    else Object.assign(schema, { minimum: exclusiveMinimum, exclusiveMinimum: true });
  }
}

/**
 * The bundle the operation's `$ref`s point into (`#/__bundled__/…`), where it has one (a big or
 * recursive document): without it no validator of its schemas compiles, Prism's validator then calls
 * any value valid, and an example its schema refuses (PagerDuty's service orchestration `warnings`,
 * `rule_id: null` for a string) was served, a 500 under `--validate-responses`.
 */
function bundleOf(operation: IHttpOperation): Readonly<Record<string, unknown>> | undefined {
  const bundle = (operation as IHttpOperation & { __bundled__?: unknown }).__bundled__;
  return typeof bundle === 'object' && bundle !== null ? (bundle as Record<string, unknown>) : undefined;
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}
