import type { Call, EngineOptions, JournalEntry, OperationId, Override, StoreState } from '../../src/index.js';

/** An override as the contract asks for one: the typed helpers are exercised by their own type tests. */
export interface LooseOverride {
  status: number;
  times?: number;
  body?: unknown;
  example?: string;
  delay?: number;
}

/** The test controls as a surface offers them: over HTTP (the admin client, the Testcontainers module) or in-process (MSW). */
export interface SurfaceControls {
  getState(): Promise<StoreState>;
  /** Rejects with the mock's message when the state is refused. */
  setState(state: StoreState): Promise<void>;
  override(operationId: OperationId, options: LooseOverride): Promise<Override>;
  overrides(): Promise<Override[]>;
  clearOverrides(id?: string): Promise<void>;
  calls(operationId: OperationId): Promise<Call<OperationId>[]>;
}

/** One way of reaching the mock (HTTP server, MSW handlers, container), as the contract sees it. */
export interface Surface {
  readonly name: string;
  /** `http://host:port` of a surface that serves HTTP; undefined for in-process ones. */
  readonly origin?: string;
  /** `path` starts with `/v1` or `/__admin`. */
  request(method: string, path: string, init?: { headers?: Record<string, string>; body?: string }): Promise<Response>;
  /** Back to the starting state: everything, or one session. */
  reset(session?: string): Promise<void>;
  /** The request journal, oldest first: everything, or one session's. */
  requests(session?: string): Promise<JournalEntry[]>;
  /** State, overrides and calls: the default session's, or one session's. */
  controls(session?: string): SurfaceControls;
  /** Failures the engine reported (unexpected errors, responses the document forbids). */
  readonly reportedErrors: string[];
  close(): Promise<void>;
}

export type CreateSurface = (options: EngineOptions) => Promise<Surface>;

/** What a surface cannot do, known before it starts. */
export interface SurfaceTraits {
  /** Its requests are a page's fetch: the browser drops `Origin` and a preflight's headers a test sets. */
  fetchesFromPage?: boolean;
}
