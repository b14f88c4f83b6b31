import type { DocumentLimits } from '../document/document-limits.js';
import type { SessionRegistry } from '../sessions/index.js';
import type { RecordStore, StoredRecord } from '../store/index.js';
import type { PetStatus } from '../types/index.js';
// By file, not through controls/index.js: the public declarations must not reach Prism's types.
import type { NowOption } from './controls/clock.js';
import type { DelayOption } from './controls/latency.js';
import type { OverrideRegistry } from './controls/overrides.js';
import type { RequestJournal } from './journal/request-journal.js';

/**
 * The document limits (`maxDocumentBytes`, `maxDocumentDepth`, `maxReferences`, `maxEnumValues`,
 * `maxProperties`, `maxAlternatives`, `maxExampleBytes`; see DocumentLimits): a document past one is refused, naming the limit and the place.
 */
export interface EngineOptions extends Partial<DocumentLimits> {
  /** Seed of the initial pets, of every session's delays and faults, and of generated (`dynamic=true`) bodies. Default 1. */
  seed?: number;
  /** How many seeded pets the store starts with. Default 20. */
  pets?: number;
  /** Explicit initial pets, instead of `pets` seeded ones. */
  initialPets?: readonly StoredRecord[];
  /**
   * Explicit starting records of the document's other collections, by name (`{ owners: [...] }`),
   * instead of their examples or seeded ones; each checked against its collection's schema.
   */
  initialRecords?: Readonly<Record<string, readonly object[]>>;
  /** The default session's store, made by `createPetStore`, for a surface that needs it before the engine is ready. Named sessions are still seeded from `seed`, `pets` or `initialPets`. */
  store?: RecordStore;
  /** Sessions made by `createSessionRegistry`, for a surface that needs them before the engine is ready; the session and store options are then theirs. */
  sessions?: SessionRegistry;
  /** Most named sessions (`X-Petstore-Session`) alive at once; the least recently used is dropped. Default 100. */
  maxSessions?: number;
  /** Most pets one store holds; a `createPet` beyond it answers 507 `store_full`. Default 10,000. */
  maxPets?: number;
  /** The request journal, for a surface that needs it before the engine is ready. */
  journal?: RequestJournal;
  /** The overrides, for a surface that needs them before the engine is ready. */
  overrides?: OverrideRegistry;
  /** How many requests the journal keeps (`GET /__admin/requests`); 0 keeps none. Default 1000. */
  journalSize?: number;
  /**
   * Bytes (estimated heap: bodies, URLs, headers, answers) the journal's entries hold together; the
   * oldest go first, and one entry over 64 KiB is cut short (marked). 0 keeps none. Default 8 MiB.
   */
  journalBytes?: number;
  /**
   * Bytes (estimated heap) the pets written to every session's store hold together; a create,
   * replace, merge or `PUT /__admin/state` past it answers 507 `store_full` naming it, storing nothing. Default 32 MiB.
   */
  maxStoredBytes?: number;
  /** Most overrides one session holds; more answers 507 `overrides_full`. Default 100. */
  maxOverrides?: number;
  /** Most bytes (estimated heap, bodies included) one session's overrides hold; more answers 507 `overrides_full`. Default 256 KiB. */
  maxOverrideBytes?: number;
  /** Hold every answer back this long: milliseconds, or `{ min, max }` drawn uniformly and seeded. Default none. */
  delay?: DelayOption;
  /** Share of routed requests answered with an injected 500 or 503, from 0 to 1, seeded. Default 0. */
  faultRate?: number;
  /** Admin endpoints other than health want `Authorization: Bearer <adminToken>`. Default: open. */
  adminToken?: string;
  /**
   * Origins of web pages allowed to call the admin endpoints, e.g. `http://localhost:6006`. Without
   * them, only the mock's own origin and clients that send no `Origin` (curl, tests) may.
   */
  adminOrigins?: readonly string[];
  /**
   * Names the mock is reached by besides loopback names and IP addresses, e.g. `petstore` (a compose
   * service) or `*` for any: when given, the admin endpoints and the dashboard refuse (403
   * `host_not_allowed`) a request whose `Host` is another name, as a page whose name was pointed at
   * this machine (DNS rebinding) sends. The hosts of `adminOrigins` count too. `createMockServer`
   * always checks, adding its listen address; the MSW handlers see no `Host` and leave it out.
   */
  adminHosts?: readonly string[];
  /** Fix the mock's clock (e.g. `'2031-01-01'`) to see deprecated operations after their sunset. Default: the real clock. */
  now?: NowOption;
  /** Bearer tokens accepted; empty or absent: any non-empty token. */
  apiKeys?: readonly string[];
  /** Status of a pet created without one; `null` leaves it out. Default `available`. */
  defaultStatus?: PetStatus | null;
  /** Answer CORS preflights and add CORS headers. Default true. */
  cors?: boolean;
  /** Check every response against the document and answer 500 on a violation. Default false. */
  validateResponses?: boolean;
  /**
   * Check each response example of the document against its schema once the engine answers, a turn
   * at a time, warning (`onWarning`) of each that breaks it (see `Engine.checked`). Default true;
   * false where no one reads the warnings (`verify`'s in-process mock).
   */
  checkExamples?: boolean;
  /**
   * Another OpenAPI document (3.0 or 3.1, YAML or JSON) to answer by. Default: the package's
   * `openapi/petstore.yaml`. A file that cannot be read, is not OpenAPI, or has no pets'
   * collection (a path whose GET answers an array and which has a POST) rejects, naming it.
   */
  documentPath?: string;
  /** The OpenAPI document as an object (parsed YAML or JSON), instead of `documentPath`: how a page takes another document. */
  document?: object;
  /**
   * How many bodiless requests' Prism verdicts (route, security, input diagnostics) to remember, so
   * a repeated identical request is not validated again. 0 turns it off (and remembered answers with it). Default 4096.
   */
  rememberedVerdicts?: number;
  /** Largest request body accepted, in bytes. Default 1 MiB. */
  bodyLimit?: number;
  /**
   * The dashboard's script (`dist/dashboard.js`, built from `dashboard/client.ts`): with it the engine
   * serves the page at `/__admin/`. `createMockServer` passes it unless `dashboard: false`.
   */
  dashboardScript?: string;
  /** Receives unexpected failures and response violations. Default: `console.error`. */
  onError?: (message: string, error?: unknown) => void;
  /** Receives what a user should know though nothing failed, e.g. a session dropped past `maxSessions`. Default: `console.warn`. */
  onWarning?: (message: string) => void;
}
