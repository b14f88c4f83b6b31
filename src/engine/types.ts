import type { PetStore } from '../store/index.js';
import type { Pet, PetStatus } from '../types/index.js';

/** A request as every surface hands it to the engine. */
export interface MockRequest {
  method: string;
  /** Path and query (`/v1/pets?limit=5`), or an absolute URL whose origin is ignored. */
  url: string;
  /** Header names in any case; repeated headers joined with `, `. */
  headers: Readonly<Record<string, string | undefined>>;
  body?: Uint8Array | string | undefined;
  /** Set by an adapter that stopped reading a body over the size limit: the engine answers 413. */
  bodyTooLarge?: boolean;
}

/** What the engine answers: a status, lower-case headers and a serialized body. */
export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  body?: string;
  /** The document's operation the request was routed to, when it was routed to one. */
  operationId?: string;
}

export interface EngineOptions {
  /** Faker seed of the initial pets. Default 1. */
  seed?: number;
  /** How many seeded pets the store starts with. Default 20. */
  pets?: number;
  /** Explicit initial pets, instead of `pets` seeded ones. */
  initialPets?: readonly Pet[];
  /** A store made by `createPetStore`, for a surface that needs it before the engine is ready; `seed`, `pets`, `initialPets` and `defaultStatus` are then the store's business. */
  store?: PetStore;
  /** Bearer tokens accepted; empty or absent: any non-empty token. */
  apiKeys?: readonly string[];
  /** Status of a pet created without one; `null` leaves it out. Default `available`. */
  defaultStatus?: PetStatus | null;
  /** Answer CORS preflights and add CORS headers. Default true. */
  cors?: boolean;
  /** Check every response against the document and answer 500 on a violation. Default false. */
  validateResponses?: boolean;
  /** Another copy of the OpenAPI document. Default: the package's `openapi/petstore.yaml`. */
  documentPath?: string;
  /**
   * How many bodiless requests' Prism verdicts (route, security, input diagnostics) to remember, so
   * a repeated identical request is not validated again. 0 turns it off. Default 1024.
   */
  rememberedVerdicts?: number;
  /** Largest request body accepted, in bytes. Default 1 MiB. */
  bodyLimit?: number;
  /** Receives unexpected failures and response violations. Default: `console.error`. */
  onError?: (message: string, error?: unknown) => void;
}
