import type { IPrismDiagnostic, IPrismOutput } from '@stoplight/prism-core';
// By file: the package's index also loads its logger module, and with it pino, which this never needs.
import { factory } from '@stoplight/prism-core/dist/factory.js';
import type { IHttpConfig, IHttpRequest, IHttpResponse, PrismHttpComponents } from '@stoplight/prism-http';
import router from '@stoplight/prism-http/dist/router/index.js';
import { validateInput, validateOutput, validateSecurity } from '@stoplight/prism-http/dist/validator/index.js';
import type { IHttpOperation } from '@stoplight/types';
import * as Either from 'fp-ts/lib/Either.js';
import * as TaskEither from 'fp-ts/lib/TaskEither.js';
import { rememberVerdicts, type PureStages } from './prism-verdicts.js';
import { createSilentLogger } from './silent-logger.js';

/** The mock stage Prism calls after routing and validation: it sees the diagnostics and answers. */
export type Responder = (operation: IHttpOperation, request: IHttpRequest, diagnostics: readonly IPrismDiagnostic[]) => IHttpResponse;

export type PrismResult = Either.Either<Error, IPrismOutput<IHttpResponse>>;

export interface PrismPipeline {
  /** `verdictKey` marks a request as identical to earlier ones with the same key (see prism-verdicts). */
  run(request: IHttpRequest, verdictKey?: string): Promise<PrismResult>;
  /**
   * Has Prism compile every operation's validators now (Ajv compiles a schema on its first use and
   * keeps it per schema object) by validating a made-up request of each operation, which touches no
   * store. The first real request of an operation then does not pay for it.
   */
  warmUp(): void;
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
}

// The default import of this CommonJS module is its `exports` object under Node's ESM loader and
// esbuild (so the router is its `default`), but the router itself where a loader unwraps `__esModule`
// defaults (Vitest does).
const route: PrismHttpComponents['route'] = (router as { default: unknown }).default === undefined ? (router as unknown as PrismHttpComponents['route']) : router.default;

/**
 * Prism's own pipeline (`route → validateSecurity → validateInput → mock → validateOutput`) from
 * prism-core's `factory`, with Prism's router and validators and our store-backed responder as the
 * mock stage. Prism's mocker and forwarder (and their Faker and HTTP client) are never loaded.
 */
export function createPrismPipeline(operations: readonly IHttpOperation[], respond: Responder, options: PrismPipelineOptions): PrismPipeline {
  const config: IHttpConfig = {
    checkSecurity: true,
    validateRequest: true,
    validateResponse: options.validateResponses,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false,
    mock: { dynamic: false },
  };
  const stages = {
    route,
    // Prism's own createInstance passes it the same way; its declared input type is narrower.
    validateSecurity: validateSecurity as unknown as PrismHttpComponents['validateSecurity'],
    validateInput,
  };
  const memory = rememberVerdicts(stages, options.rememberedVerdicts);
  const prism = factory<IHttpOperation, IHttpRequest, IHttpResponse, IHttpConfig>(config, {
    ...credentialsFirst(options.rememberedVerdicts > 0 ? memory.stages : stages, options.refusesCredentials),
    validateOutput,
    mock: ({ resource, input }) => () => Either.right(respond(resource, input.data, input.validations)),
    forward: () => () => TaskEither.left(new Error('petstore-mock never forwards requests.')),
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- pino 6 ships no types Prism's declarations can resolve.
    logger: createSilentLogger(),
  });
  const resources = [...operations];
  return {
    run: (request, verdictKey) => {
      if (verdictKey !== undefined && options.rememberedVerdicts > 0) memory.mark(request, verdictKey);
      return prism.request(request, resources)();
    },
    warmUp() {
      for (const resource of resources) {
        const element: IHttpRequest = {
          method: resource.method as IHttpRequest['method'],
          url: { path: resource.path.replace(/\{[^}]+\}/g, '1'), query: {} },
          headers: { authorization: 'Bearer warm-up', 'content-type': 'application/json', 'content-length': '2' },
          body: {},
        };
        validateSecurity({ resource, element });
        validateInput({ resource, element });
      }
    },
  };
}

/**
 * The stages with input validation left out for a request whose credentials are refused. Prism's
 * factory calls `validateSecurity` and then `validateInput` on the same request, one after the
 * other, so the security verdict is at hand when the input would be validated.
 */
function credentialsFirst(stages: PureStages, refusesCredentials: PrismPipelineOptions['refusesCredentials']): PureStages {
  const refused = new WeakSet<IHttpRequest>();
  return {
    route: stages.route,
    validateSecurity: options => {
      const verdict = stages.validateSecurity(options);
      if (verdict._tag === 'Left' || refusesCredentials?.(options.resource, options.element) === true) refused.add(options.element);
      return verdict;
    },
    validateInput: options => (refused.has(options.element) ? Either.right(options.element) : stages.validateInput(options)),
  };
}
