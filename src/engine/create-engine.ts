import type { IPrismDiagnostic } from '@stoplight/prism-core';
import type { IHttpRequest, IHttpResponse } from '@stoplight/prism-http';
import { matchPath } from '@stoplight/prism-http/dist/router/matchPath.js';
import { MatchType } from '@stoplight/prism-http/dist/router/types.js';
import type { HttpMethod, IHttpOperation } from '@stoplight/types';
import { loadDocument, type PetstoreDocument } from '../document/index.js';
import { buildPets, DEFAULT_SEED } from '../fixtures/index.js';
import { createPetStore, type PetStore } from '../store/index.js';
import { answerAdminRequest } from './admin-endpoints.js';
import { corsHeaders, isPreflight, preflightHeaders } from './cors.js';
import { deprecationHeaders } from './deprecation.js';
import { isError } from './diagnostics.js';
import { errorResponse, toMockResponse } from './responses.js';
import { readPathParameters, readQuery } from './parameters.js';
import { escapeUndecodableSegments, parsableContentType } from './prism-input.js';
import { petOperations } from './pet-operations.js';
import { createPrismPipeline } from './prism-pipeline.js';
import { decodeBody, type DecodedBody } from './request-body.js';
import { findRequestProblem } from './request-problems.js';
import { lowerCaseHeaders, parseQuery, splitUrl } from './request-target.js';
import { verdictKey } from './prism-verdicts.js';
import type { EngineOptions, MockRequest, MockResponse } from './types.js';

export const DEFAULT_PETS = 20;
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_REMEMBERED_VERDICTS = 1024;

/** The transport-agnostic mock: every surface (HTTP server, MSW, container) hands requests to one. */
export interface Engine {
  handle(request: MockRequest): Promise<MockResponse>;
  readonly store: PetStore;
  readonly document: PetstoreDocument;
  readonly bodyLimit: number;
  /** Back to the seeded state. */
  reset(): void;
}

export async function createEngine(options: EngineOptions = {}): Promise<Engine> {
  const document = await loadDocument(options.documentPath);
  const store = options.store ?? createSeededStore(options);
  const apiKeys = new Set(options.apiKeys ?? []);
  const cors = options.cors ?? true;
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const onError = options.onError ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const headersByOperation = new Map([...document.operations].map(([id, operation]) => [id, deprecationHeaders(operation, document)]));
  const documentMethods = [...new Set([...document.operations.values()].map(operation => operation.method.toUpperCase()))];
  /** What the engine learnt of a request outside Prism's view of it. */
  const contexts = new WeakMap<IHttpRequest, { body: DecodedBody; operationId?: string }>();

  const urlOf = (operationId: string, parameters: Record<string, string | number>): string => {
    const operation = document.operations.get(operationId);
    if (!operation) throw new Error(`[petstore-mock] The document has no operation ${operationId}.`);
    return document.basePath + operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(parameters[name])));
  };

  /** Prism's mock stage: the diagnostics decide errors, in the order a real service checks them. */
  const respond = (operation: IHttpOperation, request: IHttpRequest, diagnostics: readonly IPrismDiagnostic[]): IHttpResponse => {
    const context = contexts.get(request);
    if (context && operation.iid) context.operationId = operation.iid;
    const response = respondToOperation(operation, request, diagnostics, context?.body ?? { kind: 'none' });
    const extraHeaders = headersByOperation.get(operation.iid ?? '');
    if (extraHeaders) Object.assign(response.headers ??= {}, extraHeaders);
    return response;
  };

  const respondToOperation = (operation: IHttpOperation, request: IHttpRequest, diagnostics: readonly IPrismDiagnostic[], body: DecodedBody): IHttpResponse => {
    const problem = findRequestProblem({ operation, request, diagnostics, body, apiKeys, bodyLimit });
    if (problem) return problem;
    const handler = petOperations[operation.iid ?? ''];
    if (!handler || document.operations.get(operation.iid ?? '')?.definition['x-not-implemented'] === true) {
      return errorResponse('not_implemented', `${operation.method.toUpperCase()} ${document.basePath}${operation.path} is named by the specification but its shape is not shown.`);
    }
    return handler({
      query: readQuery(operation, request.url.query ?? {}),
      pathParameters: readPathParameters(operation, request.url.path),
      body: request.body,
      store,
      urlOf,
    });
  };

  const pipeline = createPrismPipeline(document.prismOperations, respond, {
    validateResponses: options.validateResponses ?? false,
    rememberedVerdicts: options.rememberedVerdicts ?? DEFAULT_REMEMBERED_VERDICTS,
  });

  const allowedMethods = (path: string): string[] => [
    ...new Set(
      document.prismOperations
        .filter(operation => {
          const match = matchPath(path, operation.path);
          return match._tag === 'Right' && match.right !== MatchType.NOMATCH;
        })
        .map(operation => operation.method.toUpperCase()),
    ),
  ];

  const handleApiRequest = async (method: string, path: string, search: string, headers: Record<string, string>, request: MockRequest): Promise<MockResponse> => {
    const decoded = decodeBody(request.body, headers['content-type'], request.bodyTooLarge === true);
    if (parsableContentType(headers['content-type']) === undefined) delete headers['content-type'];
    const prismRequest: IHttpRequest = {
      method: method.toLowerCase() as HttpMethod,
      url: { path: escapeUndecodableSegments(path), query: parseQuery(search) },
      headers,
      ...(decoded.kind === 'json' && { body: decoded.value }),
      ...((decoded.kind === 'invalid-json' || decoded.kind === 'not-json') && { body: decoded.text }),
    };
    if (decoded.kind !== 'none' && headers['content-length'] === undefined) {
      // Prism looks at Content-Length to tell whether a body came; MSW requests may lack it.
      headers['content-length'] = String(typeof request.body === 'string' ? Buffer.byteLength(request.body) : request.body?.byteLength ?? 1);
    }
    const context: { body: DecodedBody; operationId?: string } = { body: decoded };
    contexts.set(prismRequest, context);
    const result = await pipeline.run(prismRequest, verdictKey(method, `${path}?${search}`, headers, decoded.kind !== 'none'));
    if (result._tag === 'Left') return routeError(result.left, path, method);
    const { output, validations } = result.right;
    const violations = validations.output.filter(isError);
    if (violations.length > 0) {
      const message = `${method} ${path} answered ${output.statusCode}, which the document does not allow: ${violations.map(v => `${(v.path ?? []).join('.')} ${v.message}`).join('; ')}.`;
      onError(`[petstore-mock] ${message}`);
      return toMockResponse(errorResponse('invalid_response', message), context.operationId);
    }
    return toMockResponse(output, context.operationId);
  };

  const routeError = (error: Error, path: string, method: string): MockResponse => {
    const status = (error as { status?: number }).status;
    if (status === 405) {
      const allow = allowedMethods(path);
      return toMockResponse(errorResponse('method_not_allowed', `${method} is not allowed on ${document.basePath}${path}; use ${allow.join(' or ')}.`, { allow: allow.join(', ') }));
    }
    if (status === 404) return notFound(`${document.basePath}${path}`);
    onError(`[petstore-mock] Prism could not route ${method} ${path}.`, error);
    return toMockResponse(errorResponse('internal_error', 'The mock failed unexpectedly; see its log.'));
  };

  const notFound = (path: string): MockResponse =>
    toMockResponse(errorResponse('route_not_found', `No operation of the Animal Store API is at ${path}.`));

  return {
    store,
    document,
    bodyLimit,
    reset: () => store.reset(),
    async handle(request) {
      const method = request.method.toUpperCase();
      const headers = lowerCaseHeaders(request.headers);
      const { path, search } = splitUrl(request.url);
      let response: MockResponse;
      try {
        if (cors && isPreflight(method, name => headers[name])) {
          return { status: 204, headers: preflightHeaders(headers['origin'], documentMethods, headers['access-control-request-headers']) };
        }
        const adminResponse = answerAdminRequest(method, path, store);
        if (adminResponse) response = adminResponse;
        else if (path === document.basePath || path.startsWith(`${document.basePath}/`)) {
          response = await handleApiRequest(method, path.slice(document.basePath.length) || '/', search, headers, request);
        } else response = notFound(path);
      } catch (error) {
        onError(`[petstore-mock] ${method} ${path} failed unexpectedly.`, error);
        response = toMockResponse(errorResponse('internal_error', 'The mock failed unexpectedly; see its log.'));
      }
      if (cors) Object.assign(response.headers, corsHeaders(headers['origin']));
      return response;
    },
  };
}

/** The store an engine starts with: `initialPets`, or `pets` seeded pets from `seed`. */
export function createSeededStore(options: Pick<EngineOptions, 'seed' | 'pets' | 'initialPets' | 'defaultStatus'>): PetStore {
  return createPetStore({
    initialPets: options.initialPets ?? buildPets(options.pets ?? DEFAULT_PETS, { seed: options.seed ?? DEFAULT_SEED }),
    ...(options.defaultStatus !== undefined && { defaultStatus: options.defaultStatus }),
  });
}
