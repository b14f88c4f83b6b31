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
  /**
   * Set by an adapter that serves the API under another path than the document's base path (MSW's
   * `baseUrl: '…/api/v1'`): `url` is still under the document's, and messages name paths under this one, as the client sent them.
   */
  basePath?: string;
}

/** What the engine answers: a status, lower-case headers and a serialized body. */
export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  body?: string;
  /** The document's operation the request was routed to, when it was routed to one. */
  operationId?: string;
  /** Milliseconds the adapter holds the answer back (`delay`, `Prefer: delay=`); absent or 0: none. */
  delay?: number;
}

/** A request a surface refused itself, for `Engine.recordRefusal`: no body, since none was kept. */
export interface Refusal {
  method: string;
  /** Path and query, or an absolute URL. */
  url: string;
  headers: Readonly<Record<string, string | undefined>>;
  /** The answer the client got. */
  response: MockResponse;
  /** The option whose limit refused it (`maxInflightBytes`, `maxConnections`, …), or what else did (`shutdown`). */
  limit: string;
}
