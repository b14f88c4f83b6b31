import type { IPrismDiagnostic } from '@stoplight/prism-core';
import type { IHttpRequest, IHttpResponse, PrismHttpComponents } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';
import { mergeAllOf, partListing, requestBodySchema, resolvedDefinitionOf, type JsonSchema, type OperationPlan, type PetstoreDocument } from '../../document/index.js';
import type { SessionEntry } from '../../sessions/index.js';
import { drawDelay, drawFault, FAULT_RETRY_AFTER_SECONDS, isForced, type Clock, type DelayRange, type Override, type OverrideRegistry, type RequestControls } from '../controls/index.js';
import { deprecationHeaders, goneResponse, sunsetOf } from './deprecation.js';
import { challengeFor, credentialPathOf, describeDiagnostic, findCredentialProblem, findInputProblem, isError, missingCredentialsMessage, unauthorizedResponse } from '../checks/index.js';
import { answerFromDocument, findForcingProblem, forceResponse } from '../prism/index.js';
import type { ParentLink, Resource } from '../../document/index.js';
import { withOtherKeysResolved } from './other-keys.js';
import { StoreFullError, type ChangeTracking, type RecordStore } from '../../store/index.js';
import { completeRecord } from '../state/collection-records.js';
import { namesABodyMayHold, sendableFieldKeys } from '../state/unsent-properties.js';
import { fitToRecord } from '../state/fit-to-record.js';
import { readPathParameters, readQuery, type ParameterValues } from './parameters.js';
import { findMissingRecord, locationOf, pathKey, recordInBody, recordOperations, type RecordInput, type RecordLookup } from './record-operations.js';
import { recordReferences } from './removed-references.js';
import { createPresenter, createRecordUrls } from './record-views.js';
import { createShowRecord } from './shown-records.js';
import type { BodyOnUse } from '../http/index.js';
import { typedFormValue } from './form-values.js';
import type { JournalProblem } from '../journal/index.js';
import { absoluteLocation, createErrorShapes, errorResponse, createDeclaredAnswers, jsonResponse } from '../responses/index.js';

/** Which of the mock's controls made an answer, for the journal: null for the API's own behaviour. */
export type AnswerControl = 'forced' | 'fault' | 'override' | null;

/** What the engine learnt of a request outside Prism's view of it, and what the responder decided beyond the response. */
export interface RequestContext {
  /** The request's body, decoded the first time something reads it (after the credentials passed). */
  body: BodyOnUse;
  /** The `X-Petstore-Session` the request names; undefined for the default session. */
  sessionId: string | undefined;
  /** Opens the request's session (or touches it, as most recently used); called only once its credentials passed. */
  enterSession: () => SessionEntry;
  /** The session, once entered. */
  session?: SessionEntry;
  controls: RequestControls;
  /** Milliseconds to hold the answer back; drawn from the session's stream once it is entered. */
  delay: number;
  control: AnswerControl;
  /** Prism's mocker, loaded before the pipeline runs when the request forces a response. */
  mocker?: PrismHttpComponents['mock'];
  operationId?: string;
  /** Prism's error diagnostics of the request, for the journal. */
  problems: JournalProblem[];
  /** The limit that refused the request (`maxStoredBytes`, `maxPets`, `bodyLimit`, …), for the journal. */
  limit?: string;
  /**
   * What a write did to its store, until the answer is final: undone when the answer turns out a
   * 500 (a response the document forbids, a failure after the write), kept otherwise. Set by a write.
   */
  changes?: ChangeTracking;
  /** Where the client sent the request (`http://127.0.0.1:4010`), where known: an absolute `Location` names it. */
  origin?: string;
}

export interface OperationResponderOptions {
  document: PetstoreDocument;
  apiKeys: ReadonlySet<string>;
  bodyLimit: number;
  faultRate: number;
  /** `--delay`, drawn per request from the session's stream. */
  latency: DelayRange | undefined;
  /** Scripted answers (`POST /__admin/overrides`). */
  overrides: OverrideRegistry;
  clock: Clock;
  /** Seed of generated (`dynamic=true`) bodies when the request names none. */
  seed: number;
}

/**
 * The responder's stages, in the order it runs them once Prism routed the request and checked its
 * security and input; each answers the request or passes it on to the next:
 * - **sunset**: an operation past its `Sunset` answers 410;
 * - **credentials**: a forced or scripted 401 (which needs none), else Prism's verdict and the mock's key rule;
 * - **session**: the session is entered (only with acceptable credentials) and its delay drawn;
 * - **faults**: a fault drawn from the session's stream (`--fault-rate`), unless forced or scripted;
 * - **input**: a control that cannot be honoured, else the request's problems (Prism's diagnostics, the body's limit);
 * - **forced**: the declared response the controls force;
 * - **scripted**: the session's override;
 * - **role**: the operation's role in the store (list, read, create, …), else its answer from the document.
 */
export const RESPONDER_STAGES = ['sunset', 'credentials', 'session', 'faults', 'input', 'forced', 'scripted', 'role'] as const;

export type ResponderStageName = (typeof RESPONDER_STAGES)[number];

/** What the responder's stages read of one request, handed to each: Prism's view of it, its context, and what its controls and overrides ask. */
interface RequestWay {
  readonly operation: IHttpOperation;
  /** The operation's id (`iid`). */
  readonly id: string;
  readonly request: IHttpRequest;
  readonly diagnostics: readonly IPrismDiagnostic[];
  readonly context: RequestContext;
  /** The controls force a response. */
  readonly forced: boolean;
  /** The override scripted for the request's session and operation, if any. */
  readonly scripted: Override | undefined;
}

/** Prism's mock stage: after Prism routed the request and checked its security and input, decides the answer through RESPONDER_STAGES. */
export function createOperationResponder(options: OperationResponderOptions) {
  const { document, apiKeys, bodyLimit, faultRate, latency, clock, overrides } = options;
  const deprecations = new Map([...document.operations].map(([id, operation]) => [id, deprecationHeaders(operation, document)]));
  const sunsets = new Map([...document.operations].flatMap(([id, operation]) => {
    const sunset = sunsetOf(operation);
    return sunset ? [[id, { sunset, operation }] as const] : [];
  }));

  const shapeError = createErrorShapes(document, options.seed);
  const fitDeclared = createDeclaredAnswers(options.seed, id => deprecations.get(id));
  const { plans, actions, byName } = document.resources;
  const primary = document.firstCollection.resource.name;
  const resourceOf = (name: string): Resource => byName.get(name) as Resource;
  /** Resources whose records some path keeps apart by a segment's value (`scope`). */
  const scopedResources = new Set([...plans.values(), ...actions.values()].flatMap(each => (each.scope === undefined ? [] : [each.resource])));
  const urlOf = createRecordUrls(document);
  const show = createShowRecord(options.seed);
  const referencesTo = recordReferences(plans, document.resources.resources);
  // What each operation's request body declares, read once per operation.
  const bodiesByOperation = new Map<string, DeclaredBody>();
  const declaredBodyOf = (plan: OperationPlan): DeclaredBody => {
    const known = bodiesByOperation.get(plan.operationId);
    if (known !== undefined) return known;
    const definition = resolvedDefinitionOf(document, plan.operationId);
    // A multipart form's fields are what the client may send too (Netlify's builds, made from `formData`).
    const body = requestBodySchema(definition) ?? requestBodySchema(definition, 'multipart/form-data');
    const merged = body === undefined ? undefined : mergeAllOf(body);
    const wrapped = plan.requestEnvelope === undefined || body === undefined ? merged : partListing(body, plan.requestEnvelope)?.properties?.[plan.requestEnvelope];
    const names = wrapped === undefined ? undefined : namesABodyMayHold(wrapped);
    const declared: DeclaredBody = {
      sendable: names === undefined ? undefined : sendableFieldKeys(names, resourceOf(plan.resource)),
      requiresNothing: wrapped !== undefined && names !== undefined && names.length > 0 && requiresNothing(wrapped),
    };
    bodiesByOperation.set(plan.operationId, declared);
    return declared;
  };
  /** The schema a form body's fields take their types from, by operation. */
  const formSchemaOf = (operationId: string, mediaType: string): JsonSchema | undefined => requestBodySchema(resolvedDefinitionOf(document, operationId), mediaType);
  // A body the document accepts but shaped unlike the record is stored as far as it fits, the rest generated (never a 400).
  const complete: RecordInput['complete'] = (record, resource, alsoStamped) => {
    const draw = { seed: options.seed, now: clock() };
    const completed = completeRecord(record, resource, draw, alsoStamped);
    if ('record' in completed) return completed;
    const fitted = completeRecord(fitToRecord(record, resource, draw), resource, draw, alsoStamped);
    return 'record' in fitted ? fitted : completed;
  };

  // The responder's stages (RESPONDER_STAGES, in that order): each decides the answer, or passes the request on.
  const stages: Record<Exclude<ResponderStageName, 'role'>, (way: RequestWay) => IHttpResponse | undefined> = {
    sunset: ({ id }) => {
      const retired = sunsets.get(id);
      return retired && clock().getTime() >= retired.sunset.getTime() ? goneResponse(retired.operation, document, retired.sunset) : undefined;
    },
    credentials: ({ operation, request, diagnostics, context, forced, scripted }) => {
      // A forced 401 needs no credentials, and so opens no session; nor does a scripted one.
      if (forced && context.controls.code === 401) return findForcingProblemResponse(operation, context.controls) ?? force(operation, request, context);
      if (!forced && scripted?.status === 401) return script(operation, request, context, scripted);
      const prismRefused = diagnostics.some(diagnostic => isError(diagnostic) && diagnostic.code === 401);
      const credentialProblem = findCredentialProblem(operation, request, apiKeys, prismRefused);
      return credentialProblem ? unauthorizedResponse(operation, credentialProblem) : undefined;
    },
    // Only now, with acceptable credentials, is the session opened and are its streams drawn from.
    session: ({ context }) => {
      const { session } = (context.session = context.enterSession());
      if (context.controls.delay === undefined && latency) context.delay = drawDelay(latency, session.latencyRandom);
      return undefined;
    },
    faults: ({ context, forced, scripted }) => {
      const fault = faultRate > 0 ? drawFault(faultRate, context.enterSession().session.faultRandom) : undefined;
      if (!fault || forced || scripted) return undefined;
      context.control = 'fault';
      return errorResponse(fault.code, fault.message, { ...fault.headers });
    },
    input: ({ operation, request, diagnostics, context }) => {
      const forcingProblem = findForcingProblemResponse(operation, context.controls);
      if (forcingProblem) return forcingProblem;
      const body = context.body.decoded();
      const problem = findInputProblem({ operation, request, diagnostics, body, bodyLimit });
      if (problem && body.kind === 'too-large') context.limit = 'bodyLimit';
      return problem;
    },
    forced: ({ operation, request, context, forced }) => (forced ? force(operation, request, context) : undefined),
    scripted: ({ operation, request, context, scripted }) => (scripted ? script(operation, request, context, scripted) : undefined),
  };
  const passing = RESPONDER_STAGES.flatMap(name => (name === 'role' ? [] : [stages[name]]));
  /** The last stage, which always answers: by the operation's role in the store, else from the document. */
  const role = ({ operation, id, request, context }: RequestWay): IHttpResponse => {
    if (document.operations.get(id)?.definition['x-not-implemented'] === true) {
      return errorResponse('not_implemented', `${operation.method.toUpperCase()} ${document.basePath}${operation.path} is marked x-not-implemented in the document.`);
    }
    const plan = plans.get(id);
    // Entered by the session stage: this gives the same entry.
    const { session } = context.enterSession();
    const unscoped = (name: string): RecordStore => (name === primary ? session.store : (session.storeOf(name) ?? session.store));
    // A path that names no scope of records other paths keep apart (`/builds/{build_id}` beside
    // `/sites/{site_id}/builds`, or a site made at `/{account_slug}/sites` under `/sites/{site_id}/deploys`):
    // a record made under one scope is found by its key alone, as the service's one store would find it
    // (a session's stores of a collection number their records as one, so that a made key is in one scope
    // only). The path's own (unscoped) records come first; the starting records every scope holds a copy
    // of are found there only, not in whichever scope; a key two scopes hold (each given it by a client) is
    // left to the path's own records.
    /** Whether `store` holds the record of `name` the path parameter names (by its key, or by another property: `{build_name}`). */
    const namedIn = (store: RecordStore | undefined, name: string, parameter: string, pathParameters: ParameterValues): boolean => {
      if (store === undefined) return false;
      const resource = resourceOf(name);
      const resolved = resource.otherKeys?.[parameter] === undefined ? pathParameters : withOtherKeysResolved(pathParameters, { keyParameter: parameter, resource: name, parents: [] }, resourceOf, () => store);
      const key = pathKey(resource, resolved, parameter);
      return key !== undefined && store.has(key);
    };
    /** The one scope of `name` whose store `holds` the record, where neither its unscoped records nor its starting records do; else ''. */
    const scopeWhere = (name: string, holds: (store: RecordStore | undefined) => boolean): string => {
      if (holds(unscoped(name)) || holds(session.startingStoreOf(name))) return '';
      const [holder, another] = session.scopesOf(name).filter(scoped => holds(scoped.store));
      return holder !== undefined && another === undefined ? holder.scope : '';
    };
    const scopeNaming = (name: string, parameter: string, pathParameters: ParameterValues): string => scopeWhere(name, store => namedIn(store, name, parameter, pathParameters));
    const scopeHolding = (lookup: RecordLookup['plan'] & { resource: string }, pathParameters: ParameterValues, named: string): string => {
      const { keyParameter } = lookup;
      if (named !== '' || !scopedResources.has(lookup.resource) || keyParameter === undefined) return named;
      if (lookup.keyProperty === undefined) return scopeNaming(lookup.resource, keyParameter, pathParameters);
      // Keyed by another property than the path names (`keyProperty`): each store's records say which record it is.
      const resource = resourceOf(lookup.resource);
      const holds = (store: RecordStore | undefined): boolean => {
        if (store === undefined) return false;
        const storeOf = (name: string): RecordStore => (name === lookup.resource ? store : unscoped(name));
        return findMissingRecord({ plan: lookup, resource, pathParameters: withOtherKeysResolved(pathParameters, lookup, resourceOf, storeOf), storeOf, resourceOf }) === undefined;
      };
      return scopeWhere(lookup.resource, holds);
    };
    /** The scope of each parent's records the path names, where it names none: the one holding the parent (see scopeNaming), once per request. */
    const parentScopesOn = (parents: readonly ParentLink[], pathParameters: ParameterValues): ((name: string) => string) => {
      if (!parents.some(parent => scopedResources.has(parent.resource))) return noScope;
      const found = new Map<string, string>();
      return name => {
        let scope = found.get(name);
        if (scope === undefined) {
          const link = scopedResources.has(name) ? parents.find(parent => parent.resource === name) : undefined;
          scope = link === undefined ? '' : scopeNaming(name, link.parameter, pathParameters);
          found.set(name, scope);
        }
        return scope;
      };
    };
    if (plan === undefined) {
      // An action on one record (`POST /orders/{id}/cancel`): 404 where it does not exist, else the document's answer.
      const action = actions.get(id);
      if (action === undefined) return answerByDocument(operation, request, context);
      const pathParameters = readPathParameters(operation, request.url.path);
      const pathScopeOf = scopesOn(operation.path, action.resource, action.scope, action.parents, pathParameters);
      const parentScopeOf = parentScopesOn(action.parents, pathParameters);
      const actionScope = scopeHolding(action, pathParameters, pathScopeOf(action.resource));
      const storeOf = (name: string): RecordStore => {
        const scope = name === action.resource ? actionScope : pathScopeOf(name) || parentScopeOf(name);
        return scope === '' || !scopedResources.has(name) ? unscoped(name) : (session.readStoreOf(name, scope) ?? unscoped(name));
      };
      const missing = findMissingRecord({ plan: action, resource: resourceOf(action.resource), pathParameters: withOtherKeysResolved(pathParameters, action, resourceOf, storeOf), storeOf, resourceOf });
      return missing ?? answerByDocument(operation, request, context);
    }
    const pathParameters = readPathParameters(operation, request.url.path);
    // Records kept apart by a path segment's value (`/{realm}/clients`): a write opens the scope's store (counted against
    // maxStoredBytes), a read sees the scope's store if opened, else the starting records.
    const scope = scopeHolding(plan, pathParameters, scopeKeyOf(plan.scope, pathParameters));
    const writes = plan.role !== 'list' && plan.role !== 'read';
    // A scope opened by a write that is then refused is closed again: a refused write changes nothing.
    const opensScope = scope !== '' && writes && scopedResources.has(plan.resource) && session.liveStoreOf(plan.resource, scope) === undefined;
    if (opensScope) {
      try {
        session.storeOf(plan.resource, scope);
      } catch (error) {
        if (!(error instanceof StoreFullError)) throw error;
        context.limit = error.limit;
        return errorResponse('store_full', `${error.message.replace('[petstore-mock] ', '')} Nothing was stored; delete records or reset a session (POST /__admin/reset).`);
      }
    }
    const pathScopeOf = scopesOn(operation.path, plan.resource, plan.scope, plan.parents, pathParameters);
    const parentScopeOf = parentScopesOn(plan.parents, pathParameters);
    const storeOf = (name: string): RecordStore => {
      const named = name === plan.resource ? scope : pathScopeOf(name) || parentScopeOf(name);
      if (named === '' || !scopedResources.has(name)) return unscoped(name);
      return (writes && name === plan.resource ? session.liveStoreOf(name, named) : session.readStoreOf(name, named)) ?? unscoped(name);
    };
    // Until the answer is final: a 500 after the write (`--validate-responses`) stores nothing, in any store it changed.
    const trackings = new Map<RecordStore, ChangeTracking>();
    const tracked = (store: RecordStore): RecordStore => {
      if (!trackings.has(store)) trackings.set(store, store.track());
      return store;
    };
    if (writes) {
      tracked(storeOf(plan.resource));
      context.changes = {
        undo() {
          for (const tracking of trackings.values()) tracking.undo();
          if (opensScope) session.closeScope(plan.resource, scope);
        },
        keep: () => {
          for (const tracking of trackings.values()) tracking.keep();
        },
      };
    }
    // Another collection's store a write may change (records naming one deleted): not one kept apart by a scope this path does not write.
    const changedStoreOf = (name: string): RecordStore | undefined => (!writes || (scope !== '' && scopedResources.has(name) && name !== plan.resource) ? undefined : tracked(storeOf(name)));
    const decoded = context.body.decoded();
    const formBody = decoded.kind === 'form' ? decoded : undefined;
    const sentBody = formBody === undefined ? request.body : typedFormValue(formBody.value, formSchemaOf(id, formBody.contentType));
    const declared = declaredBodyOf(plan);
    const answer = recordOperations[plan.role]({
      plan,
      resource: resourceOf(plan.resource),
      query: readQuery(operation, request.url.query ?? {}),
      querySent: new Set(Object.keys(request.url.query ?? {})),
      pathParameters: withOtherKeysResolved(pathParameters, plan, resourceOf, storeOf),
      givenPathParameters: pathParameters,
      body: recordInBody(plan, sentBody),
      sentBody,
      storeOf,
      changedStoreOf,
      referencesTo,
      sendable: declared.sendable,
      updatesSentOnly: plan.role === 'replace' && declared.requiresNothing,
      resourceOf,
      urlOf,
      complete,
      present: createPresenter(document, storeOf),
      show,
      listUrl: listUrlOf(request),
      reachLimit: limit => {
        context.limit = limit;
      },
      declaresConflict: operation.responses.some(response => response.code === '409' || response.code.toUpperCase() === '4XX' || response.code === 'default'),
      seed: options.seed,
    });
    // A refused write's changes are undone with the scope it opened (context.changes); a redirect's here.
    if (opensScope && answer.statusCode >= 300 && answer.statusCode < 400) session.closeScope(plan.resource, scope);
    // In the media type the operation declares (`application/vnd.api+json`), with the headers it requires (`ETag`).
    return answer.statusCode < 300 ? fitDeclared(operation, request, answer, context.origin) : answer;
  };
  const decide = (operation: IHttpOperation, request: IHttpRequest, diagnostics: readonly IPrismDiagnostic[], context: RequestContext): IHttpResponse => {
    const id = operation.iid ?? '';
    const way: RequestWay = { operation, id, request, diagnostics, context, forced: isForced(context.controls), scripted: overrides.size > 0 ? overrides.find(context.sessionId, id) : undefined };
    for (const stage of passing) {
      const answer = stage(way);
      if (answer !== undefined) return answer;
    }
    return role(way);
  };

  /** The request's URL with its query changed, absolute on the host the request names (a page's `next_page_url`). */
  const listUrlOf = (request: IHttpRequest): RecordInput['listUrl'] => changes => {
      // Looked up only when a page links to another: no cost to a list without such links.
      const host = Object.entries(request.headers ?? {}).find(([name]) => name.toLowerCase() === 'host')?.[1];
      if (host === undefined || host === '') return undefined;
      let url: URL;
      try {
        url = new URL(`${document.basePath}${request.url.path}`, `http://${host}`);
      } catch {
        // A Host no URL can be made of (`Host: a b`, a bench's bare port): the page links to none.
        return undefined;
      }
      for (const [name, value] of Object.entries(request.url.query ?? {})) for (const each of Array.isArray(value) ? value : [value]) url.searchParams.append(name, each);
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined) url.searchParams.delete(name);
        else url.searchParams.set(name, value);
      }
      return url.href;
    };

  /** The declared response the controls force, with the headers the engine itself would have sent. */
  const force = (operation: IHttpOperation, request: IHttpRequest, context: RequestContext): IHttpResponse => {
    context.control = 'forced';
    return fromDocument(operation, request, context, context.controls, `Forced by ${context.controls.forcedBy ?? 'a control'}`);
  };

  /** An override's answer: its body, or the response's example as Prism's mocker gives it; one call of it used. */
  const script = (operation: IHttpOperation, request: IHttpRequest, context: RequestContext, override: Override): IHttpResponse => {
    overrides.use(override);
    context.control = 'override';
    if (override.delay !== undefined && context.controls.delay === undefined) context.delay = override.delay;
    if (override.body !== undefined) return withEngineHeaders(operation, jsonResponse(override.status, override.body), request, context.origin);
    const controls: RequestControls = { code: override.status, ...(override.example !== undefined && { example: override.example }) };
    return fromDocument(operation, request, context, controls, `Scripted by override ${override.id}`);
  };

  const fromDocument = (operation: IHttpOperation, request: IHttpRequest, context: RequestContext, controls: RequestControls, cause: string): IHttpResponse =>
    withEngineHeaders(operation, forceResponse(mockerOf(context), operation, request, controls, String(options.seed), cause), request, context.origin);

  /** An operation the store does not keep: its example, else a body generated from its schema, by Prism's mocker. */
  const answerByDocument = (operation: IHttpOperation, request: IHttpRequest, context: RequestContext): IHttpResponse =>
    withEngineHeaders(operation, answerFromDocument(mockerOf(context), operation, request, String(options.seed)), request, context.origin);

  const mockerOf = (context: RequestContext): NonNullable<RequestContext['mocker']> => {
    if (!context.mocker) throw new Error('[petstore-mock] An answer from the document came before Prism\'s mocker was loaded.');
    return context.mocker;
  };

  /** Headers the engine sends with such an answer, instead of Prism's placeholders: Location, the bearer challenge, Retry-After. */
  const withEngineHeaders = (operation: IHttpOperation, response: IHttpResponse, request: IHttpRequest, origin: string | undefined): IHttpResponse => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers ?? {})) headers[name.toLowerCase()] = value;
    const plan = plans.get(operation.iid ?? '');
    if (plan?.role === 'create') {
      const { location } = locationOf(response.body, resourceOf(plan.resource), urlOf, plan.success.envelope, readPathParameters(operation, request.url.path));
      if (location !== undefined) headers['location'] = absoluteLocation(operation, response.statusCode, location, origin);
    }
    const challenge = response.statusCode === 401 ? challengeFor(operation) : undefined;
    if (challenge !== undefined) headers['www-authenticate'] = challenge;
    if (response.statusCode === 503) headers['retry-after'] = String(FAULT_RETRY_AFTER_SECONDS);
    return { ...response, headers };
  };

  return {
    respond(operation: IHttpOperation, request: IHttpRequest, given: readonly IPrismDiagnostic[], context: RequestContext): IHttpResponse {
      if (operation.iid) context.operationId = operation.iid;
      // A merge patch's `null` removes an optional property (RFC 7396): the patch is applied, then the record checked, not the patch.
      const plan = plans.get(operation.iid ?? '');
      const diagnostics = plan?.role === 'merge' ? withoutRemovals(given, request.body, plan.requestEnvelope) : given;
      context.problems = diagnostics.filter(isError).map(diagnostic => ({ path: problemPath(diagnostic, operation), message: describeProblem(diagnostic, operation) }));
      const response = shapeError(operation.iid, decide(operation, request, diagnostics, context));
      const extraHeaders = deprecations.get(operation.iid ?? '');
      if (extraHeaders) Object.assign(response.headers ??= {}, extraHeaders);
      return response;
    },
  };
}

/** The diagnostics less those about a top-level `null` of a merge patch: a removal, checked once the patch is applied. */
function withoutRemovals(diagnostics: readonly IPrismDiagnostic[], body: unknown, envelope: string | undefined): readonly IPrismDiagnostic[] {
  const patch = envelope === undefined || typeof body !== 'object' || body === null ? body : (body as Record<string, unknown>)[envelope];
  if (typeof patch !== 'object' || patch === null) return diagnostics;
  const at = envelope === undefined ? ['body'] : ['body', envelope];
  return diagnostics.filter(diagnostic => {
    const path = (diagnostic.path ?? []).map(String);
    const removal = path.length === at.length + 1 && at.every((name, index) => path[index] === name) && (patch as Record<string, unknown>)[path[at.length] ?? ''] === null;
    return !removal;
  });
}

function findForcingProblemResponse(operation: IHttpOperation, controls: RequestControls): IHttpResponse | undefined {
  const problem = findForcingProblem(operation, controls);
  return problem === undefined ? undefined : errorResponse('invalid_request', problem);
}

/** A diagnostic's message for the journal: Prism's security verdict (a missing credential) in the 401's own words. */
function describeProblem(diagnostic: IPrismDiagnostic, operation: IHttpOperation): string {
  return diagnostic.code === 401 ? missingCredentialsMessage(operation) : describeDiagnostic(diagnostic, operation);
}

/** Where a diagnostic points: Prism gives its security verdict no path; it is about where the document puts the credential. */
function problemPath(diagnostic: IPrismDiagnostic, operation: IHttpOperation): string {
  const path = (diagnostic.path ?? []).join('.');
  if (path !== '') return path;
  return diagnostic.code === 401 ? credentialPathOf(operation) : 'request';
}

const noScope = (): string => '';

/** The text naming a request's scope: its scope parameters' values in path order, each URI-encoded, joined by `/` (`master`, `octo/hello`); `''` for none. */
/**
 * The scope key of each collection's records on a path: the path's own for the records it names; for a
 * parent's, only the segments before the parent's own (`/{realm}/clients/{id}/roles` keeps its roles
 * apart by realm and client, and finds the client among the realm's).
 */
function scopesOn(path: string, own: string, scope: readonly string[] | undefined, parents: readonly ParentLink[], pathParameters: ParameterValues): (name: string) => string {
  const ownKey = scopeKeyOf(scope, pathParameters);
  if (scope === undefined || parents.length === 0) return () => ownKey;
  const order = [...path.matchAll(/\{([^}]+)\}/g)].map(match => match[1]);
  return name => {
    const link = name === own ? undefined : parents.find(parent => parent.resource === name);
    if (link === undefined) return ownKey;
    const at = order.indexOf(link.parameter);
    return scopeKeyOf(scope.filter(parameter => order.indexOf(parameter) < at), pathParameters);
  };
}

export function scopeKeyOf(scope: readonly string[] | undefined, pathParameters: ParameterValues): string {
  if (scope === undefined) return '';
  return scope
    .map(name => {
      const value = pathParameters[name];
      return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
    })
    .join('/');
}

/** What an operation's request body declares: the record's properties it may set, and whether it requires none of them. */
interface DeclaredBody {
  readonly sendable: ReadonlySet<string> | undefined;
  /**
   * The body declares properties and requires none, nor does any alternative it may take: a `PUT` of
   * some of them changes those and keeps the rest (Linode's "only fields passed in the request will
   * be changed", Hetzner's `{name, labels}`). A body that requires something replaces the record.
   */
  readonly requiresNothing: boolean;
}

function requiresNothing(body: JsonSchema): boolean {
  const merged = mergeAllOf(body);
  return (merged.required ?? []).length === 0 && [...(merged.oneOf ?? []), ...(merged.anyOf ?? [])].every(requiresNothing);
}
