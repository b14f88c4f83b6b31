/** How bad a finding is: an error breaks the document; a warning is a difference the document allows. */
export type Severity = 'error' | 'warning';

/** What one check concluded about one request. */
export type Outcome = 'passed' | Severity | 'skipped';

/** The names of the checks, as reports and JUnit test cases show them. */
export type CheckName =
  | 'connection'
  | 'status-declared'
  | 'content-type'
  | 'body-schema'
  | 'error-body'
  | 'header-schema'
  | 'document-behind'
  | 'authentication'
  | 'baseline'
  | 'parameter-bounds'
  | 'parameter-enum'
  | 'filter'
  | 'request-body'
  | 'example'
  | 'read-back'
  | 'listed-after-create'
  | 'unknown-id'
  | 'mock-status'
  | 'mock-body-shape'
  | 'mock-headers'
  | 'not-checked'
  | 'verify-crashed';

/** A request as reports show it: credentials and cookies redacted. */
export interface ReportedRequest {
  method: string;
  /** Path and query under the base URL, e.g. `/pets?limit=101`. */
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** One check's conclusion about one request (or about the run, with `operationId` `*`). */
export interface CheckResult {
  outcome: Outcome;
  operationId: string;
  check: CheckName;
  /** What was sent, in a word: `limit=101 (above the maximum, 100)`. */
  probe: string;
  message: string;
  request?: ReportedRequest;
  expected?: string;
  actual?: string;
  /** The other requests this finding was made on, as `GET /pets/7 (200)`: one cause is one finding. */
  also?: string[];
}

/** A check result that is an error or a warning. */
export type Finding = CheckResult & { outcome: Severity };

export interface VerifyOptions {
  /**
   * The token for every scheme of the document that takes one: `Authorization: Bearer <token>` for
   * OAuth2, OpenID Connect and HTTP bearer, and the key of each API key scheme not given its own
   * value in `credentials`. Never printed or reported.
   */
  token?: string | undefined;
  /**
   * Credentials by the name of the document's security scheme (`components.securitySchemes`): an
   * API key, a bearer token, or `user:password` for HTTP basic. Sent where the scheme says
   * (header, query or cookie); never printed or reported.
   */
  credentials?: Readonly<Record<string, string>> | undefined;
  /** The OpenAPI document to verify against. Default: the package's `openapi/petstore.yaml`. */
  documentPath?: string | undefined;
  /**
   * Values of path parameters that name no record verify can list or make, by the parameter's name
   * (Keycloak's `{realm}`: `{ realm: 'master' }`). Default: the parameter's example, else a value of its schema.
   */
  pathParameters?: Readonly<Record<string, string>> | undefined;
  /** Milliseconds each request may take, answer included. Default 5000. */
  timeoutMs?: number | undefined;
  /** Send only GET and HEAD requests: nothing that changes the deployment's state. */
  readOnly?: boolean | undefined;
  /** Warnings fail the run too (`ok: false`, exit code 1). */
  strict?: boolean | undefined;
  /** Compare each answer with the in-process mock's. Default true. */
  compareWithMock?: boolean | undefined;
  /** Seed of the in-process mock's records. Default 1. */
  seed?: number | undefined;
  /** The run's id, sent as `X-Petstore-Verify-Run` and put in the names of created pets. Default: a new one. */
  runId?: string | undefined;
  /** Largest answer body read, in bytes; a larger one is a finding. Default 1 MiB. */
  maxBodyBytes?: number | undefined;
}

/** A resource the run created and could not remove. */
export interface LeftBehind {
  operationId: string;
  location: string;
  name: string;
  reason: string;
}

export interface VerifySummary {
  checks: number;
  passed: number;
  errors: number;
  warnings: number;
  skipped: number;
  requests: number;
  durationMs: number;
}

/** Per operation: the statuses the document declares and the ones the deployment answered. */
export interface OperationCoverage {
  operationId: string;
  declared: string[];
  observed: number[];
  /** Set when the operation was not checked, and why: the document does not know its shape. */
  notChecked?: string;
}

export interface VerifyResult {
  /** True when the deployment agrees with the document (warnings allowed unless `strict`). */
  ok: boolean;
  /** True when the run could not conclude: nothing (or not enough) was verified. Never `ok`. */
  inconclusive: boolean;
  /** 0 agreed, 1 an error (or a warning with `strict`), 2 could not run. */
  exitCode: 0 | 1 | 2;
  /** Why the run ended as it did, in one sentence. */
  reason: string;
  runId: string;
  baseUrl: string;
  documentPath: string;
  readOnly: boolean;
  strict: boolean;
  /** Whether answers were compared with the in-process mock, and if not why. */
  mock: { compared: boolean; note?: string };
  summary: VerifySummary;
  findings: Finding[];
  /** Every check result, passed and skipped ones included. */
  results: CheckResult[];
  coverage: OperationCoverage[];
  cleanup: { removed: string[]; leftBehind: LeftBehind[]; note?: string };
}
