import type { IHttpRequest, PrismHttpComponents } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';
import { createSegmentedMemory, PROTECTED_SHARE } from '../remembering/index.js';

/** A request's verdicts: the route, and whether security and input passed (a failure's diagnostics are not kept: Prism decides it again). */
type Verdicts = {
  route?: ReturnType<PrismHttpComponents['route']>;
  securityPassed?: true;
  inputPassed?: true;
};

/**
 * The longest identity remembered, in characters: what the verdicts hold is bounded by
 * `capacity` × this (a request near Node's 16 KiB of headers is decided afresh each time).
 */
export const MAX_REMEMBERED_KEY_LENGTH = 2_048;

/** The characters of every identity remembered, together: as many as 1,024 of the longest (4 MiB at two bytes a character), for any `capacity`. */
export const MAX_REMEMBERED_KEY_CHARACTERS = 1_024 * MAX_REMEMBERED_KEY_LENGTH;

/** The stages whose verdicts can be remembered: pure functions of the document and the request. */
export type PureStages = Pick<PrismHttpComponents, 'route' | 'validateSecurity' | 'validateInput'>;

/**
 * What a request is identical to earlier ones by, for each of Prism's verdicts (see `requestIdentities`):
 * the whole request (every verdict, and the engine's remembered answers and journal), its method and
 * path (the route), its query and headers (the security check).
 */
export interface RequestIdentities {
  /** Method, URL and headers of a bodiless request; undefined for one with a body, or one too long to remember. */
  readonly request: string | undefined;
  /** Method and path: all Prism's router reads of a request (no base URL is handed to it). */
  readonly route: string;
  /** Query and headers: all Prism's security check reads of a request, besides the operation it was routed to. */
  readonly credentials: string;
}

/** The stages that remember, each handed the request's identities beside what Prism's own stage takes. */
export interface RememberingStages {
  route(options: Parameters<PureStages['route']>[0], identities: RequestIdentities): ReturnType<PureStages['route']>;
  /** The route remembered for an identical request, without marking it used (a look that is no use of it); undefined where none is. */
  knownRoute(identities: RequestIdentities): ReturnType<PureStages['route']> | undefined;
  validateSecurity(options: { resource: IHttpOperation; element: IHttpRequest }, identities: RequestIdentities): ReturnType<PureStages['validateSecurity']>;
  validateInput(options: { resource: IHttpOperation; element: IHttpRequest }, identities: RequestIdentities): ReturnType<PureStages['validateInput']>;
}

/**
 * Remembers Prism's verdicts for requests identical to an earlier one: the routed operation of the
 * same method and path, or of a path alike but for its whole-parameter segments among the same
 * operations (`routeShapeOf`: Prism's router reads nothing else of them); that security passed for
 * the same operation, query and headers; every verdict (route, security and input passed) of the same
 * bodiless request (method, URL, headers). Prism still decides every distinct request, and every one
 * that fails its checks; this only spares it deciding the same one twice. A create's body is always
 * validated afresh, as is a read of an id not asked before; their route and credentials are not. Bounded: `capacity` identities in all, and
 * `MAX_REMEMBERED_KEY_CHARACTERS` characters of them, the least recently used going first, none
 * longer than `MAX_REMEMBERED_KEY_LENGTH` (see `SegmentedMemory` for which goes first); neither a request
 * nor a failure's diagnostics are kept (1,024 failures of 1,800 bad query values each held 133 MiB).
 */
export function rememberVerdicts(stages: PureStages, capacity: number): RememberingStages {
  // Identities asked once (reads of ids asked once) replace only each other, never those asked again and again (a suite's pages).
  const verdicts = createSegmentedMemory<Verdicts>(Math.floor(capacity * PROTECTED_SHARE));
  let characters = 0;
  const forgetLeastValuable = (): void => {
    const [oldest] = verdicts.first() ?? [''];
    verdicts.delete(oldest);
    characters -= oldest.length;
  };

  /** The verdicts of `key`, marked as used (made, when `create`); undefined for a key too long to remember. */
  const entryFor = (key: string | undefined, create: boolean): Verdicts | undefined => {
    if (key === undefined || key.length > MAX_REMEMBERED_KEY_LENGTH) return undefined;
    const known = verdicts.use(key);
    if (known !== undefined) return known;
    if (!create) return undefined;
    const entry: Verdicts = {};
    characters += key.length;
    while (verdicts.size > 0 && (verdicts.size >= capacity || characters > MAX_REMEMBERED_KEY_CHARACTERS)) forgetLeastValuable();
    verdicts.set(key, entry);
    return entry;
  };
  /** The verdicts of the whole request, when it has an identity and they were taken (made by its route). */
  const requestEntry = (identities: RequestIdentities): Verdicts | undefined => (identities.request === undefined ? undefined : verdicts.peek(identities.request));

  return {
    knownRoute: identities => requestEntry(identities)?.route ?? verdicts.peek(`route ${identities.route}`)?.route,
    route: (options, identities) => {
      const whole = entryFor(identities.request, true);
      if (whole?.route) return whole.route;
      // A bodiless request's own identity holds its route; only a request with a body takes a place by its path.
      const byPath = entryFor(`route ${identities.route}`, whole === undefined);
      if (byPath?.route) return byPath.route;
      // A path like one routed before but for the values of its templated segments (a read of an id not read before):
      // only an operation found is remembered so, as a refusal's message names the very path.
      const shape = routeShapeOf(options);
      const byShape = entryFor(shape, false);
      const route = byShape?.route ?? stages.route(options);
      if (whole) whole.route = route;
      if (byPath) byPath.route = route;
      if (byShape === undefined && route._tag === 'Right') {
        const made = entryFor(shape, true);
        if (made) made.route = route;
      }
      return route;
    },
    validateSecurity: (options, identities) => {
      const whole = requestEntry(identities);
      if (whole?.securityPassed) return { _tag: 'Right', right: options.element };
      const credentials = `credentials ${options.resource.id}\n${identities.credentials}`;
      const passed = entryFor(credentials, false)?.securityPassed === true ? ({ _tag: 'Right', right: options.element } as const) : stages.validateSecurity(options);
      if (passed._tag === 'Right') {
        if (whole) whole.securityPassed = true;
        const byCredentials = entryFor(credentials, true);
        if (byCredentials) byCredentials.securityPassed = true;
      }
      return passed;
    },
    validateInput: (options, identities) => {
      const whole = requestEntry(identities);
      if (whole?.inputPassed) return { _tag: 'Right', right: options.element };
      const verdict = stages.validateInput(options);
      if (whole && verdict._tag === 'Right') whole.inputPassed = true;
      return verdict;
    },
  };
}

/**
 * A request's identities for `rememberVerdicts` (the `request` one also keys the engine's remembered
 * answers and journal). The headers are taken in their order, `content-length` last: the credentials'
 * identity leaves it out (a create's length changes with its body, and no security check reads it)
 * unless the document names it as a credential (`credentialNames`).
 */
export function requestIdentities(method: string, path: string, search: string, headers: Readonly<Record<string, string>>, hasBody: boolean, credentialNames: ReadonlySet<string>): RequestIdentities {
  let credentials = `?${search}`;
  for (const name in headers) if (name !== 'content-length') credentials += `\n${name}:${headers[name] ?? ''}`;
  const length = headers['content-length'];
  const lengthLine = length === undefined ? '' : `\ncontent-length:${length}`;
  if (credentialNames.has('content-length')) credentials += lengthLine;
  const whole = hasBody ? undefined : `${method} ${path}${credentials}${credentialNames.has('content-length') ? '' : lengthLine}`;
  return { request: whole !== undefined && whole.length <= MAX_REMEMBERED_KEY_LENGTH ? whole : undefined, route: `${method} ${path}`, credentials };
}

/**
 * Which segments of an operation's path are a whole parameter Prism matches as any text, by place:
 * `{petId}`, not `{name}.json`, nor `{+name}` or `{item.id}` (Prism escapes the segment's regular
 * expression characters before it makes each `{name}` a `(.*)`, which a name holding one defeats: the
 * segment then matches only its own text).
 */
const wholeParametersOf = new WeakMap<IHttpOperation, readonly boolean[]>();

function wholeParameters(operation: IHttpOperation): readonly boolean[] {
  let whole = wholeParametersOf.get(operation);
  if (whole === undefined) {
    whole = operation.path.split('/').map(segment => /^\{[^{}.*+?^$()|[\]\\]+\}$/.test(segment));
    wholeParametersOf.set(operation, whole);
  }
  return whole;
}

/**
 * What Prism's router decides a request by, among `resources`: its method, the operations it is
 * handed, and its path with each segment that every one of them takes as a whole parameter written
 * `{}`. Prism matches a whole-parameter segment whatever its text (any text, the empty one included,
 * matches its `(.*)`) and any other by its text, which stays in the identity (a literal, or a parameter
 * within text, `{name}.json`): two paths alike but for those segments are routed alike. But where the
 * text is an operation's very template (a request for `/users/{actor_id}`), Prism ranks that operation
 * first: a segment holding a brace, as written or escaped, stays in the identity too. Undefined where
 * no segment is left out (the path itself is the identity).
 */
export function routeShapeOf({ resources, input }: Parameters<PureStages['route']>[0]): string | undefined {
  const segments = input.url.path.split('/');
  const everywhereParameter = segments.map((segment, index) => index > 0 && resources.length > 0 && !/\{|%7b/i.test(segment));
  for (const resource of resources) {
    const whole = wholeParameters(resource);
    for (let index = 0; index < segments.length; index += 1) if (whole[index] !== true) everywhereParameter[index] = false;
  }
  if (!everywhereParameter.includes(true)) return undefined;
  const shape = segments.map((segment, index) => (everywhereParameter[index] === true ? '{}' : segment)).join('/');
  return `route shape ${input.method} ${resources.map(resource => resource.id).join(' ')} ${shape}`;
}
