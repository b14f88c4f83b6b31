import type { IPrismDiagnostic, IPrismOutput } from '@stoplight/prism-core';
import type { IHttpRequest, IHttpResponse, PrismHttpComponents } from '@stoplight/prism-http';
import router from '@stoplight/prism-http/dist/router/index.js';
import { validateInput, validateOutput, validateSecurity } from '@stoplight/prism-http/dist/validator/index.js';
import type { IHttpOperation } from '@stoplight/types';
import type * as Either from 'fp-ts/lib/Either.js';
import { rememberVerdicts, type PureStages, type RememberingStages, type RequestIdentities } from './prism-verdicts.js';
import { createRouteCandidates } from './route-candidates.js';
import { compileEntriesOffThread, compileOffThread } from '../schema/index.js';

/** The mock stage, after Prism routed and checked the request: it sees Prism's diagnostics and the request's context, and answers. */
export type Responder<Context> = (operation: IHttpOperation, request: IHttpRequest, diagnostics: readonly IPrismDiagnostic[], context: Context) => IHttpResponse;

export type PrismResult = Either.Either<Error, IPrismOutput<IHttpResponse>>;

export interface PrismPipeline<Context> {
  /**
   * The request through the stages, in order, its `context` handed to the responder.
   * `identities` say which earlier requests it is identical to, for each verdict (see prism-verdicts); without them Prism decides it all.
   */
  run(request: IHttpRequest, context: Context, identities?: RequestIdentities): PrismResult;
  /**
   * Has Prism compile every operation's validators now (Ajv compiles a schema on its first use and
   * keeps it per schema object) by validating a made-up request of each operation, which touches no
   * store. The first real request of an operation then does not pay for it. Big schemas are compiled
   * in a worker thread (engine/schema compileOffThread), so the warm-up does not hold requests either.
   */
  warmUp(): void;
  /**
   * Before the first `run` of the request's operation: Prism's validators of its big schemas compiled
   * off the event loop (engine/schema compileOffThread), so that this request waits for them and no
   * other client does. `undefined` when there is nothing to wait for (then `run` at once, as ever);
   * concurrent first requests of an operation share the compile.
   */
  prepare(request: IHttpRequest): Promise<void> | undefined;
  /** The operation Prism routes the request to, as `run` routes it; undefined where none. */
  routed(request: IHttpRequest, identities?: RequestIdentities): IHttpOperation | undefined;
}

export interface PrismPipelineOptions {
  validateResponses: boolean;
  /** How many requests' verdicts to remember; 0 remembers none. */
  rememberedVerdicts: number;
  /**
   * The mock's own rule on credentials Prism found present (`--api-key`): true refuses them. A
   * request whose credentials Prism or this refuses is not validated further: it is answered 401
   * whatever its body or query, and a stranger cannot make the mock validate (and spend its CPU on)
   * a body it will refuse anyway.
   */
  refusesCredentials?: (operation: IHttpOperation, request: IHttpRequest) => boolean;
  /**
   * Whether the operation takes a request without credentials (an empty alternative, `security: [{}]`
   * or `- {}` beside others): Prism's verdict on it is then set aside. Prism reads `{}` as "no
   * `Authorization` header", so a client that sends its token to a public operation was refused;
   * OpenAPI reads it as "credentials optional".
   */
  opensWithoutCredentials?: (operation: IHttpOperation) => boolean;
  /**
   * The engine's own checks of the operation's first request beyond Prism's (the records it writes or
   * seeds checked against their collection's schema, by Prism's validator), run with Prism's in
   * `prepare`: their big schemas compile off the event loop too, and the request waits for them, not
   * every other client. Undefined where it has none.
   */
  ownChecks?: (operation: IHttpOperation) => (() => void) | undefined;
  /**
   * Other work of the operation's first request that it waits for, and other clients do not (each
   * promise settles after slices of work, or after a module is loaded): `beforeChecks` settles before
   * its checks are recorded (so that they find the schemas it walked), `afterChecks` runs once its
   * validators are compiled (so that the records it makes are checked by them). Undefined where it has none.
   */
  ownPreparation?: (operation: IHttpOperation) => OwnPreparation | undefined;
}

/** See `PrismPipelineOptions.ownPreparation`. */
export interface OwnPreparation {
  readonly beforeChecks?: Promise<void>;
  readonly afterChecks?: () => Promise<void> | undefined;
}

// The default import of this CommonJS module is its `exports` object under Node's ESM loader and
// esbuild (so the router is its `default`), but the router itself where a loader unwraps `__esModule`
// defaults (Vitest does).
const route: PrismHttpComponents['route'] = (router as { default: unknown }).default === undefined ? (router as unknown as PrismHttpComponents['route']) : router.default;

/** The longest message of a diagnostic the mock passes on (to an answer, a log line, the journal). */
export const DIAGNOSTIC_MESSAGE_CHARACTERS = 300;

/**
 * The diagnostic with its message cut to `DIAGNOSTIC_MESSAGE_CHARACTERS`: Prism writes out every
 * allowed value of an enum a value breaks (`…: a, b, c, …`), which for an enum of the document's
 * 200,000 values made every refused request's answer and log line 1.4 MB.
 */
function shortened(diagnostic: IPrismDiagnostic): IPrismDiagnostic {
  const { message } = diagnostic;
  if (message.length <= DIAGNOSTIC_MESSAGE_CHARACTERS) return diagnostic;
  return { ...diagnostic, message: `${message.slice(0, DIAGNOSTIC_MESSAGE_CHARACTERS - 1)}…` };
}

/**
 * Prism's stages as `run` runs them, in the order Prism's own pipeline does (see createPrismPipeline);
 * `respond` is the engine's responder, with stages of its own (operations' RESPONDER_STAGES).
 */
export const PRISM_STAGES = ['route', 'security', 'validation', 'respond', 'output'] as const;

/**
 * Whether the request's schemas (its body, parameters) refer into a bundle (src/document/prism-references.ts):
 * shared or recursive schemas, each compiled when a value first reaches it. Each request of such an
 * operation not answered from memory is validated once more before it is answered, with the entries it
 * reaches recorded (compileEntriesOffThread): one more validation of its input, so that none of its
 * compiles holds the event loop. An operation whose answers alone refer to the bundle pays nothing.
 */
function requestRefersToEntries(operation: IHttpOperation): boolean {
  let refers = requestEntriesOf.get(operation);
  if (refers === undefined) {
    try {
      refers = '__bundled__' in operation && JSON.stringify(operation.request ?? {}).includes('"#/__bundled__/');
    } catch {
      refers = true;
    }
    requestEntriesOf.set(operation, refers);
  }
  return refers;
}

const requestEntriesOf = new WeakMap<IHttpOperation, boolean>();

/**
 * Prism's stages, in the order its own pipeline runs them (prism-core's `factory`, mocking, never
 * forwarding): **route** (Prism's router), **security** (Prism's security check, then the mock's
 * key rule), **validation** (Prism's validator, skipped for a request whose credentials are refused),
 * **respond** (the engine's responder, handed the request's context), **output** (Prism's response
 * validator, with `validateResponses`). Run here, not through the factory, so that the context goes
 * to the responder as an argument and the answer comes back in the same task.
 */
export function createPrismPipeline<Context>(operations: readonly IHttpOperation[], respond: Responder<Context>, options: PrismPipelineOptions): PrismPipeline<Context> {
  const prismStages: PureStages = {
    route,
    // Prism's own createInstance passes it the same way; its declared input type is narrower.
    validateSecurity: validateSecurity as unknown as PrismHttpComponents['validateSecurity'],
    validateInput,
  };
  const remembering: RememberingStages | undefined = options.rememberedVerdicts > 0 ? rememberVerdicts(prismStages, options.rememberedVerdicts) : undefined;
  const resources = [...operations];
  const candidatesFor = createRouteCandidates(resources);
  const forInput = new Map(resources.map(resource => [resource, withoutEmptyParameterLists(resource)]));
  const inputCheckOf = (resource: IHttpOperation, element: IHttpRequest): { resource: IHttpOperation; element: IHttpRequest } => ({ resource: forInput.get(resource) ?? resource, element });
  // Each operation's first validation, until its compile settles (a promise), or done (null).
  const prepared = new Map<IHttpOperation, Promise<void> | null>();
  return {
    prepare(request) {
      try {
        const candidates = candidatesFor(request.url.path);
        // Once every operation of its method the path may name is prepared, a request costs no second
        // routing (a read of an item whose PUT and DELETE were never asked for routed twice).
        if (candidates.every(candidate => candidate.method !== request.method || (prepared.get(candidate) === null && !requestRefersToEntries(candidate)))) return undefined;
        const routed = route({ resources: candidates, input: request });
        if (routed._tag === 'Left') return undefined;
        const resource = routed.right;
        const state = prepared.get(resource);
        if (state === null && !requestRefersToEntries(resource)) return undefined;
        // A request refused for its credentials is not validated, so it compiles nothing (the next one
        // prepares) and waits for no compile under way: its 401 comes at once.
        const open = options.opensWithoutCredentials?.(resource) === true;
        if (!open && prismStages.validateSecurity({ resource, element: request })._tag === 'Left') return undefined;
        if (options.refusesCredentials?.(resource, request) === true) return undefined;
        // Prepared already: a value may still reach shared or recursive schemas the first request's did not.
        if (state === null) return compileEntriesOffThread(() => validateInput(inputCheckOf(resource, request)));
        if (state !== undefined) return state;
        const ownChecks = options.ownChecks?.(resource);
        const own = options.ownPreparation?.(resource);
        const compile = (): Promise<void> | undefined =>
          compileOffThread(() => {
            validateInput(inputCheckOf(resource, request));
            try {
              ownChecks?.();
            } catch {
              // A check that throws here compiles on its first real use, as before; Prism's compiles stand.
            }
          });
        const afterChecks = (): Promise<void> | undefined => own?.afterChecks?.();
        let preparing: Promise<void> | undefined;
        if (own?.beforeChecks !== undefined) {
          preparing = own.beforeChecks.then(compile).then(afterChecks);
        } else {
          const compiling = compile();
          preparing = compiling === undefined ? afterChecks() : compiling.then(afterChecks);
        }
        // What failed here (a module that would not load, records that cannot be made) is met again,
        // and answered, where the request needs it.
        preparing = preparing?.catch(() => undefined);
        if (preparing === undefined) {
          prepared.set(resource, null);
          return undefined;
        }
        const settled = preparing.finally(() => prepared.set(resource, null));
        prepared.set(resource, settled);
        return settled;
      } catch {
        // Prism threw on this request: `run` meets it again and answers it as before.
        return undefined;
      }
    },
    routed(request, identities) {
      try {
        // Looked up without counting as a use of what is remembered (which keeps what is asked again).
        const routed = (remembering && identities ? remembering.knownRoute(identities) : undefined) ?? route({ resources: candidatesFor(request.url.path), input: request });
        return routed._tag === 'Right' ? routed.right : undefined;
      } catch {
        // Prism threw on this request: `run` meets it again and answers it as before.
        return undefined;
      }
    },
    run(request, context, identities) {
      const routedAmong = { resources: candidatesFor(request.url.path), input: request };
      const routed = remembering && identities ? remembering.route(routedAmong, identities) : route(routedAmong);
      if (routed._tag === 'Left') return routed;
      const resource = routed.right;
      const diagnostics: IPrismDiagnostic[] = [];
      const checked = { resource, element: request };
      const open = options.opensWithoutCredentials?.(resource) === true;
      const security = open ? undefined : remembering && identities ? remembering.validateSecurity(checked, identities) : prismStages.validateSecurity(checked);
      if (security?._tag === 'Left') diagnostics.push(...security.left);
      const refused = security?._tag === 'Left' || options.refusesCredentials?.(resource, request) === true;
      if (!refused) {
        const inputChecked = inputCheckOf(resource, request);
        const input = remembering && identities ? remembering.validateInput(inputChecked, identities) : validateInput(inputChecked);
        if (input._tag === 'Left') diagnostics.push(...input.left.map(shortened));
      }
      const output = respond(resource, request, diagnostics, context);
      const outputChecked = options.validateResponses ? validateOutput({ resource, element: output }) : undefined;
      return { _tag: 'Right', right: { output, validations: { input: diagnostics, output: outputChecked?._tag === 'Left' ? outputChecked.left.map(shortened) : [] } } };
    },
    warmUp() {
      for (const resource of resources) {
        const element: IHttpRequest = {
          method: resource.method as IHttpRequest['method'],
          url: { path: resource.path.replace(/\{[^}]+\}/g, '1'), query: {} },
          headers: { authorization: 'Bearer warm-up', 'content-type': 'application/json', 'content-length': '2' },
          body: {},
        };
        const validate = (): void => {
          try {
            validateSecurity({ resource, element });
            validateInput(inputCheckOf(resource, element));
          } catch {
            // Prism threw on the made-up request: the operation's first real request meets its schemas.
          }
        };
        // Big schemas go to the worker (their first real request awaits the same compile); the rest compile here.
        const compile = compileOffThread(validate);
        if (compile === undefined) validate();
        else void compile.then(validate);
      }
    },
  };
}

/**
 * The operation as Prism's input validator is handed it: a list of header, query or path parameters
 * that declares none is left out. Prism's verdict on an empty list is always a pass, whatever the
 * request holds (`validateParams` of no specs gives the request back), but reaching it cost its
 * fp-ts pipeline, and the path's a match of the URI template, on every request: a create of the
 * Animal Store declares no parameter at all. The operation is otherwise the same object's fields.
 */
export function withoutEmptyParameterLists(operation: IHttpOperation): IHttpOperation {
  const { request } = operation;
  if (request === undefined) return operation;
  const empty = (list: readonly unknown[] | undefined): boolean => list?.length === 0;
  if (!empty(request.headers) && !empty(request.query) && !empty(request.path)) return operation;
  const { headers, query, path, ...rest } = request;
  return {
    ...operation,
    request: { ...rest, ...(!empty(headers) && headers && { headers }), ...(!empty(query) && query && { query }), ...(!empty(path) && path && { path }) },
  };
}
