import type { EngineOptions, JournalEntry } from '../../src/index.js';

/** One way of reaching the mock (HTTP server, MSW handlers, container), as the contract sees it. */
export interface Surface {
  readonly name: string;
  /** `http://host:port` of a surface that serves HTTP; undefined for in-process ones. */
  readonly origin?: string;
  /** `path` starts with `/v1` or `/__admin`. */
  request(method: string, path: string, init?: { headers?: Record<string, string>; body?: string }): Promise<Response>;
  /** Back to the seeded state: everything, or one session. */
  reset(session?: string): Promise<void>;
  /** The request journal, oldest first: everything, or one session's. */
  requests(session?: string): Promise<JournalEntry[]>;
  /** Failures the engine reported (unexpected errors, responses the document forbids). */
  readonly reportedErrors: string[];
  close(): Promise<void>;
}

export type CreateSurface = (options: EngineOptions) => Promise<Surface>;
