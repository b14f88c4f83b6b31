import type { Har } from '../engine/journal/har-types.js';
import type { JournalEntry, JournalFilter } from '../engine/journal/request-journal.js';
import { AdminError } from '../errors/admin-error.js';
import type { Override } from '../engine/controls/overrides.js';
import type { OperationId } from '../types/index.js';
import type { Call, DeclaredStatus, OverrideOptions, StoreState } from './typed-controls.js';

// The sessions module's SESSION_HEADER, spelled again: importing it would load the fixtures' Faker
// chunk (~160 KB) into a module that only sends HTTP requests.
const SESSION_HEADER = 'x-petstore-session';

export interface AdminClientOptions {
  /** The mock's `--admin-token`, sent as a bearer token. */
  adminToken?: string | undefined;
}

/**
 * The admin endpoints, typed. On the client itself, reset and the journal cover every session (as
 * the endpoints do without `X-Petstore-Session`) and state and overrides are the default session's;
 * on `client.session(id)`, everything is that session's.
 */
export interface AdminControls {
  /** `POST /__admin/reset`: back to the starting pets, with overrides and journal entries dropped. */
  reset(): Promise<void>;
  /** `GET /__admin/requests`: the journal, oldest first, filtered as asked. */
  requests(filter?: JournalFilter): Promise<JournalEntry[]>;
  /** `GET /__admin/requests.har`: the same entries as a HAR 1.2 log. */
  har(filter?: JournalFilter): Promise<Har>;
  /** `DELETE /__admin/requests`. */
  clearRequests(): Promise<void>;
  /** The journal's entries of `operationId`, bodies typed: `expect(await mock.calls('createPet')).toHaveLength(1)`. */
  calls<Op extends OperationId>(operationId: Op): Promise<Call<Op>[]>;
  /** `GET /__admin/state`: every pet, in id order. */
  getState(): Promise<StoreState>;
  /** `PUT /__admin/state`: exactly these pets; rejects with an `AdminError` (`invalid_request`, naming the pet) when one does not fit. */
  setState(state: StoreState): Promise<void>;
  /** `POST /__admin/overrides`, typed by what the document declares for the operation. */
  override<Op extends OperationId, Status extends DeclaredStatus<Op>>(operationId: Op, options: OverrideOptions<Op, Status>): Promise<Override>;
  /** `GET /__admin/overrides`. */
  overrides(): Promise<Override[]>;
  /** `DELETE /__admin/overrides`, or `/__admin/overrides/{id}`. */
  clearOverrides(id?: string): Promise<void>;
}

export interface AdminClient extends AdminControls {
  /** The same controls, narrowed to one `X-Petstore-Session`; send `headers` with the client's requests. */
  session(id: string): AdminSession;
}

export interface AdminSession extends AdminControls {
  readonly id: string;
  /** `{ 'x-petstore-session': id }`. */
  readonly headers: Readonly<Record<string, string>>;
}

/** The refusal as an `AdminError`: the mock's `Error` body read, or the text of another answer kept. */
function toAdminError(method: string, path: string, status: number, text: string): AdminError {
  const error = readMockError(text);
  const described = error ? `${error.code}: ${error.message}` : text;
  return new AdminError(`[petstore-mock] ${method} ${path} answered ${status}: ${described}`, { status, code: error?.code ?? null, body: error ?? text });
}

/** The mock's `Error` body, or undefined for any other text. */
function readMockError(text: string): { code: string; message: string } | undefined {
  try {
    const value = JSON.parse(text) as { code?: unknown; message?: unknown } | null;
    if (typeof value?.code === 'string' && typeof value.message === 'string') return value as { code: string; message: string };
  } catch {
    // Not the mock's Error body: the text says what it is.
  }
  return undefined;
}

/**
 * The admin API of a running mock (the CLI, the container, `createMockServer`) over HTTP, typed:
 * what a CI pipeline does with curl, from TypeScript. A refusal rejects with an `AdminError`: the
 * status, the `code` and the mock's message.
 */
export function createAdminClient(origin: string, options: AdminClientOptions = {}): AdminClient {
  const send = async (method: string, path: string, session: string | undefined, expected: number, body?: unknown): Promise<Response> => {
    const headers: Record<string, string> = {};
    if (options.adminToken !== undefined) headers['authorization'] = `Bearer ${options.adminToken}`;
    if (session !== undefined) headers[SESSION_HEADER] = session;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${origin.replace(/\/+$/, '')}${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
    if (response.status !== expected) throw toAdminError(method, path, response.status, await response.text());
    return response;
  };
  const json = async <T>(response: Promise<Response>): Promise<T> => (await (await response).json()) as T;
  const journal = (session: string | undefined, filter: JournalFilter = {}): Promise<JournalEntry[]> =>
    json<{ requests: JournalEntry[] }>(send('GET', `/__admin/requests${journalQuery(filter)}`, session, 200)).then(body => body.requests);

  /** Sends and expects `expected`, with nothing to read back. */
  const run = async (method: string, path: string, session: string | undefined, expected: number, body?: unknown): Promise<void> => {
    await send(method, path, session, expected, body);
  };

  const controlsOf = (session: string | undefined): AdminControls => ({
    reset: () => run('POST', '/__admin/reset', session, 204),
    requests: filter => journal(session, filter),
    har: filter => json<Har>(send('GET', `/__admin/requests.har${journalQuery(filter)}`, session, 200)),
    clearRequests: () => run('DELETE', '/__admin/requests', session, 204),
    calls: async <Op extends OperationId>(operationId: Op) => (await journal(session, { operationId })) as Call<Op>[],
    getState: () => json<StoreState>(send('GET', '/__admin/state', session, 200)),
    setState: state => run('PUT', '/__admin/state', session, 200, state),
    override: (operationId, overrideOptions) => json<Override>(send('POST', '/__admin/overrides', session, 201, { operationId, ...overrideOptions })),
    overrides: () => json<{ overrides: Override[] }>(send('GET', '/__admin/overrides', session, 200)).then(body => body.overrides),
    clearOverrides: id => run('DELETE', id === undefined ? '/__admin/overrides' : `/__admin/overrides/${encodeURIComponent(id)}`, session, 204),
  });

  return {
    ...controlsOf(undefined),
    session: id => ({ id, headers: { [SESSION_HEADER]: id }, ...controlsOf(id) }),
  };
}

/** `?operationId=…&status=…&since=…` of a filter, or nothing. */
function journalQuery(filter: JournalFilter = {}): string {
  const query = new URLSearchParams();
  if (filter.operationId !== undefined) query.set('operationId', filter.operationId);
  if (filter.status !== undefined) query.set('status', String(filter.status));
  if (filter.statusClass !== undefined) query.set('status', `${filter.statusClass}xx`);
  if (filter.since !== undefined) query.set('since', filter.since.toISOString());
  if (filter.after !== undefined) query.set('after', String(filter.after));
  return query.size > 0 ? `?${query.toString()}` : '';
}
