import type { IHttpRequest, IHttpResponse } from '@stoplight/prism-http';
import { matchPath } from '@stoplight/prism-http/dist/router/matchPath.js';
import { MatchType } from '@stoplight/prism-http/dist/router/types.js';
import { isUnderBasePath, type PetstoreDocument, type Resource } from '../../document/index.js';
import { inSlices, type Step } from '../../scheduling/index.js';
import type { SessionRegistry } from '../../sessions/index.js';
import { credentialRulesOf, declaredCredentialNames, findCredentialProblem } from '../checks/index.js';
import { createAdminEndpoints, describeOperations } from '../admin/index.js';
import { describeDocument } from '../document-state.js';
import type { EngineServices } from '../engine-services.js';
import { createOperationResponder, type RequestContext } from '../operations/index.js';
import { createPrismPipeline, exampleChecksOf, type OwnPreparation, type PrismPipeline, type RequestIdentities } from '../prism/index.js';
import { createErrorShapes, errorResponse, toMockResponse } from '../responses/index.js';
import type { MockResponse } from '../types.js';
import { withHead } from './answer.js';
import { rememberAnswers, type RememberedAnswers } from './remembered-answers.js';
import { readAsBodiesInSteps } from '../schema/index.js';
import { checkRecordsOf } from '../state/collection-records.js';
import { createFragmentRouter, type FragmentRouter } from '../../document/fragment-paths.js';

/** Everything the engine derives from one document; a new document (`--watch`) makes a new one, whole. */
export interface DocumentRuntime {
  readonly document: PetstoreDocument;
  /** Prism's route → credentials → input → our responder → output, for this document's operations. */
  readonly pipeline: PrismPipeline<RequestContext>;
  /**
   * The path Prism routes a request by, where the document writes operations that share a method and path with a
   * fragment that tells them apart (`/#X-Amz-Target=…`, see fragment-paths): the request's path with the fragment of
   * the one it is for. Undefined for a document without such paths (every other).
   */
  readonly fragmentRouter: FragmentRouter | undefined;
  /** The store's answers to reads, remembered per identical request and store revision (see remembered-answers). */
  readonly answers: RememberedAnswers;
  readonly admin: ReturnType<typeof createAdminEndpoints>;
  /** Every method of the document's operations (HEAD beside GET), for CORS preflights. */
  readonly documentMethods: readonly string[];
  /** Headers and query parameters (lower-case) that carry the document's API keys: the journal redacts them. */
  readonly credentialNames: ReadonlySet<string>;
  /**
   * Whether Prism's mocker answers the request's operation (one the store does not keep, nor marked
   * `x-not-implemented`): it is loaded by the first request that needs it, never by one the store answers.
   */
  answeredFromDocument(request: IHttpRequest, identities: RequestIdentities): boolean;
  /** `404 route_not_found`, naming the path as typed and the document's operations, under `basePath` (default: the document's). */
  notFound(path: string, basePath?: string): MockResponse;
  /** The methods of the operations at `path` (under the base path), for `405` and `Allow`. */
  allowedMethods(path: string): string[];
  /** Whether the document declares a `head` operation and no `get` at `path` (under the base path): HEAD goes to it there, elsewhere it is the GET without a body. */
  declaresHead(path: string): boolean;
  /**
   * An error the engine makes outside the responder (a bad session id or control, a response the
   * document forbids) in the shape the operation declares for its status, as the responder's are:
   * the operation named, or else the one at `method` `path` (under the base path); unchanged where there is none.
   */
  shapeError(error: IHttpResponse, at: { operationId: string | undefined } | { method: string; path: string }): IHttpResponse;
}

/** How many of the document's operations a `404 route_not_found` names. */
const OPERATIONS_NAMED = 20;

/**
 * Where a path missed because of the base path, what to ask for instead: a path of an operation typed
 * without the base path the mock serves (`/repositories` where it serves `/2.0`), or with the document's
 * base path typed again under a base URL that does not end in it (MSW's `baseUrl:
 * 'https://api.bitbucket.org'` for a document whose servers say `/2.0`, asked for `/2.0/repositories`).
 * Empty where the path names no operation either way.
 */
function basePathHint(path: string, servedAt: string, documentBasePath: string, namesOperation: (path: string) => boolean): string {
  if (servedAt !== '' && !isUnderBasePath(path, servedAt) && namesOperation(path)) return ` This mock serves them under ${servedAt}: ask for ${servedAt}${path}.`;
  const typedAgain = path.slice(servedAt.length);
  if (documentBasePath !== '' && servedAt !== documentBasePath && isUnderBasePath(path, servedAt) && isUnderBasePath(typedAgain, documentBasePath) && namesOperation(typedAgain.slice(documentBasePath.length))) {
    return ` The document's servers put its paths under ${documentBasePath}, and this mock's base URL does not end in it: with a base URL ending in ${servedAt}${documentBasePath}, ${path} is ${typedAgain.slice(documentBasePath.length)} of the document.`;
  }
  return '';
}

/** The runtime of `document`: its responder, Prism's pipeline over its operations, its admin endpoints, what they read from it. */
export function createDocumentRuntime(document: PetstoreDocument, { state, settings, shown }: Pick<EngineServices, 'state' | 'settings' | 'shown'>): DocumentRuntime {
  const { overrides } = state;
  const { apiKeys, bodyLimit, faultRate, latency, clock, seed } = settings;
  const operations = [...document.operations.values()];
  const answeredOperations = new Set(operations.filter(operation => !document.resources.plans.has(operation.operationId) && operation.definition['x-not-implemented'] !== true).map(operation => operation.operationId));
  const responder = createOperationResponder({ document, apiKeys, bodyLimit, faultRate, latency, overrides, clock, seed });
  const pipeline = createPrismPipeline<RequestContext>(
    document.prismOperations,
    (operation, request, diagnostics, context) => responder.respond(operation, request, diagnostics, context),
    {
      validateResponses: settings.validateResponses,
      rememberedVerdicts: settings.rememberedVerdicts,
      refusesCredentials: (operation, request) => findCredentialProblem(operation, request, apiKeys, false) !== undefined,
      opensWithoutCredentials: operation => credentialRulesOf(operation).open,
      // The store's operations check records; the others, the examples Prism's mocker would serve.
      ownChecks: operation => recordChecksOf(document, operation.iid) ?? (answeredOperations.has(operation.iid ?? '') ? exampleChecksOf(operation) : undefined),
      ownPreparation: operation => preparationOf(document, state.sessions, operation.iid),
    },
  );
  const admin = createAdminEndpoints({
    ...state,
    document,
    adminToken: settings.adminToken,
    bodyLimit,
    settings: { ...shown, document: describeDocument(document), operations: describeOperations(document) },
  });
  // The first few, so that a 404 of a document of hundreds of operations stays a few lines (Bitbucket's listed 20 KB).
  const operationList = (basePath: string): string => {
    const named = operations.slice(0, OPERATIONS_NAMED).map(operation => `${operation.method.toUpperCase()} ${basePath}${operation.path}`).join(', ');
    return operations.length > OPERATIONS_NAMED ? `${named} and ${operations.length - OPERATIONS_NAMED} more` : named;
  };
  const shapeError = createErrorShapes(document, seed);
  const methodsAt = (path: string): Set<string> =>
    new Set(
      document.prismOperations
        .filter(operation => {
          const match = matchPath(path, operation.path);
          return match._tag === 'Right' && match.right !== MatchType.NOMATCH;
        })
        .map(operation => operation.method),
    );
  // A HEAD beside a GET stays the GET without its body (the records' answer, with its headers).
  const declaresHead = (path: string): boolean => {
    const methods = methodsAt(path);
    return methods.has('head') && !methods.has('get');
  };
  /** The operation at `method` `path`, as Prism routes: one at a path without parameters before one at a template. */
  const operationAt = (method: string, path: string): string | undefined => {
    const prismMethod = method === 'HEAD' && !declaresHead(path) ? 'get' : method.toLowerCase();
    let templated: string | undefined;
    for (const operation of document.prismOperations) {
      if (operation.method !== prismMethod) continue;
      const match = matchPath(path, operation.path);
      if (match._tag !== 'Right' || match.right === MatchType.NOMATCH) continue;
      if (match.right === MatchType.CONCRETE) return operation.iid;
      templated ??= operation.iid;
    }
    return templated;
  };
  const answers = rememberAnswers(
    document,
    { overridesExist: () => overrides.size > 0, drawsPerRequest: faultRate > 0 || latency !== undefined, clock },
    // Without Prism's verdicts remembered, Prism decides every request: no answer is remembered either.
    settings.rememberedVerdicts > 0 ? undefined : 0,
  );
  return {
    document,
    pipeline,
    fragmentRouter: createFragmentRouter(operations),
    answers,
    answeredFromDocument: (request, identities) => {
      if (answeredOperations.size === 0) return false;
      const operationId = pipeline.routed(request, identities)?.iid;
      return operationId !== undefined && answeredOperations.has(operationId);
    },
    admin,
    documentMethods: withHead([...new Set(operations.map(operation => operation.method.toUpperCase()))]),
    credentialNames: declaredCredentialNames(document.prismOperations),
    notFound: (path, basePath = document.basePath) =>
      toMockResponse(errorResponse('route_not_found', `No operation of ${document.source.info.title} is at ${path}; it has ${operationList(basePath)}.${basePathHint(path, basePath, document.basePath, typed => methodsAt(typed).size > 0)}`)),
    declaresHead,
    allowedMethods: path =>
      withHead([
        ...new Set(
          document.prismOperations
            .filter(operation => {
              const match = matchPath(path, operation.path);
              return match._tag === 'Right' && match.right !== MatchType.NOMATCH;
            })
            .map(operation => operation.method.toUpperCase()),
        ),
      ]),
    shapeError: (error, at) => shapeError('operationId' in at ? at.operationId : operationAt(at.method, at.path), error),
  };
}

/**
 * The checks of records an operation's first request may make beyond Prism's: of its collection's
 * records (a create's, a replace's, those seeded on the collection's first use) and of its parents'
 * (seeded when it finds its parent). Undefined for an operation the store does not keep.
 */
function recordChecksOf(document: PetstoreDocument, operationId: string | undefined): (() => void) | undefined {
  const resources = resourcesCheckedBy(document, operationId);
  if (resources.length === 0) return undefined;
  return () => {
    for (const resource of resources) checkRecordsOf(resource);
  };
}

/** The collections whose records an operation's requests write, seed or find (its own and its parents'); none for one the store does not keep. */
function resourcesCheckedBy(document: PetstoreDocument, operationId: string | undefined): Resource[] {
  const plan = operationId === undefined ? undefined : (document.resources.plans.get(operationId) ?? document.resources.actions.get(operationId));
  if (plan === undefined) return [];
  const names = new Set([plan.resource, ...plan.parents.map(parent => parent.resource)]);
  return [...names].flatMap(name => document.resources.byName.get(name) ?? []);
}

/**
 * What an operation's first request does before it is answered, so that no task of it holds other
 * clients long (a Stripe-sized document's first create of a collection held them 100–200 ms): its
 * collections' schemas walked as Prism reads bodies, and their starting records made, a slice of the
 * event loop at a time.
 */
function preparationOf(document: PetstoreDocument, sessions: SessionRegistry, operationId: string | undefined): OwnPreparation | undefined {
  const resources = resourcesCheckedBy(document, operationId);
  if (resources.length === 0) return undefined;
  return {
    beforeChecks: inSlices(readAsBodiesInSteps(resources.map(resource => resource.schema))),
    afterChecks: () =>
      inSlices(
        (function* startingRecords(): Generator<Step, void, void> {
          for (const resource of resources) yield* sessions.startingRecordsInSteps(resource.name);
        })(),
      ),
  };
}
