import { createByteBudget, estimateBytes, objectBytes, stringBytes, stringRecordBytes } from '../../budget/index.js';
import { deepFreeze } from '../../json-values/index.js';
import { redactedPath } from './credential-names.js';
import { harQueryString } from './har-query.js';
/** One answered request, as `GET /__admin/requests` lists it. */
export interface JournalEntry {
  /** The entry's number: one more than the one before, never reused, so `?after=` lists what is new. */
  seq: number;
  /** When the request arrived (ISO 8601, the real clock even under `--now`). */
  time: string;
  method: string;
  /** Path and query as received, e.g. `/v1/pets?limit=5`; a credential's value in the query (`api_key=`, `access_token=`) reads `[redacted]`. */
  path: string;
  /** The document's operation it was routed to, or null. */
  operationId: string | null;
  status: number;
  /** The `X-Petstore-Session` it named, or null for the default session. */
  session: string | null;
  /** What Prism found wrong with the request (and, with response validation on, the response). */
  problems: JournalProblem[];
  /** Milliseconds the answer was held back (`--delay`, `Prefer: delay=`). */
  delay: number;
  /** Which control made the answer: `forced` (`Prefer: code=…`), `fault` (`--fault-rate`), `override` (`/__admin/overrides`), or null for the API's own behaviour. */
  control: 'forced' | 'fault' | 'override' | null;
  /** `new` or `reopened` (after it was dropped past `--max-sessions`) when this request opened its session afresh. */
  sessionOpened: 'new' | 'reopened' | null;
  /** The session this request's opening of its own dropped, past `--max-sessions`. */
  evictedSession: string | null;
  /** The request's body: parsed JSON, or the text of another kind; null without one, or when cut. */
  body: unknown;
  /** True when the body was over `JOURNAL_BODY_LIMIT` and left out. */
  bodyCut: boolean;
  /**
   * Where the request was sent: the origin of an absolute URL (MSW), else `http://` and its `Host`
   * header (the server); null when neither is known.
   */
  origin: string | null;
  /**
   * The request's headers, names lower-case, credentials' values (`Authorization`, `Cookie`, `X-Api-Key`, …) `[redacted]`. Kept
   * while their names and values come to `JOURNAL_BODY_LIMIT` characters; the rest are left out.
   */
  headers: Readonly<Record<string, string>>;
  /** True when some request headers were left out (over `JOURNAL_BODY_LIMIT` together). */
  headersCut: boolean;
  /** What the client got, bounded as the request body is. */
  response: JournalResponse;
  /** True when the path was cut short to fit the journal's bound of one entry (`JOURNAL_ENTRY_LIMIT`). */
  pathCut: boolean;
  /**
   * The limit that refused the request, as its option is named: `maxStoredBytes`, `maxPets`,
   * `idBounds`, `bodyLimit`, `maxOverrides`, `maxOverrideBytes` (the admin requests these refused
   * are journaled, no other admin request is); the server's own `maxInflightBytes`,
   * `maxConnections`, `requestTimeout`, `maxPipelined` (32 requests queued on one connection); or
   * `shutdown` for a request refused because the mock was stopping. Null when none did.
   */
  limit: string | null;
  /** For every answer outside 2xx, the `message` of its `Error` body: why, in the API's words; null otherwise (or when the body is no `Error`). */
  reason: string | null;
}

/** The answer a journal entry keeps. */
export interface JournalResponse {
  status: number;
  /** As sent, names lower-case; a `Set-Cookie` value `[redacted]`. */
  headers: Readonly<Record<string, string>>;
  /** The body as sent (text: JSON is not parsed), or null without one (HEAD, 204) or when cut. */
  body: string | null;
  /** True when the body was over `JOURNAL_BODY_LIMIT` and left out. */
  bodyCut: boolean;
}

/** Shared by every entry without a body, and every cut one: nothing to allocate per request. */
export const NO_BODY: { readonly body: null; readonly bodyCut: boolean } = Object.freeze({ body: null, bodyCut: false });
const CUT_BODY: { readonly body: null; readonly bodyCut: boolean } = Object.freeze({ body: null, bodyCut: true });

/** The largest body (request or answer) a journal entry keeps, in characters; a larger one is marked cut. The bound of an entry's request headers, too. */
export const JOURNAL_BODY_LIMIT = 4096;

/** Which entries `GET /__admin/requests?operationId=…&status=…&since=…` asks for. */
export interface JournalFilter {
  operationId?: string;
  /** A status (`201`), or a class (`4` for `4xx`). */
  status?: number;
  statusClass?: number;
  /** Entries at this time or later. */
  since?: Date;
  /** Entries numbered after this `seq`: what is new since a reader last looked. */
  after?: number;
}

const FILTER_PARAMETERS = ['operationId', 'status', 'since', 'after'];

/** The filter a query asks for, or a sentence naming the parameter that is wrong. */
export function readJournalFilter(query: Readonly<Record<string, string | string[]>>): { filter: JournalFilter } | { problem: string } {
  const filter: JournalFilter = {};
  for (const [name, value] of Object.entries(query)) {
    if (!FILTER_PARAMETERS.includes(name)) return { problem: `The journal is filtered by ${FILTER_PARAMETERS.join(', ')}; ${JSON.stringify(name)} is none of them.` };
    if (Array.isArray(value)) return { problem: `${name} may be given once.` };
    if (name === 'operationId') filter.operationId = value;
    else if (name === 'status') {
      const match = /^([1-5])(?:xx|\d\d)$/i.exec(value);
      if (!match) return { problem: `status must be a status such as 201 or a class such as 4xx, got ${JSON.stringify(value)}.` };
      if (/xx$/i.test(value)) filter.statusClass = Number(match[1]);
      else filter.status = Number(value);
    } else if (name === 'after') {
      if (!/^\d{1,15}$/.test(value)) return { problem: `after must be the seq of a journal entry, a whole number, got ${JSON.stringify(value)}.` };
      filter.after = Number(value);
    } else {
      const since = new Date(value);
      if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(since.getTime())) return { problem: `since must be an ISO date-time such as 2026-11-22T10:00:00Z, got ${JSON.stringify(value)}.` };
      filter.since = since;
    }
  }
  return { filter };
}

function matches(entry: JournalEntry, filter: JournalFilter): boolean {
  if (filter.operationId !== undefined && entry.operationId !== filter.operationId) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.statusClass !== undefined && Math.floor(entry.status / 100) !== filter.statusClass) return false;
  if (filter.after !== undefined && entry.seq <= filter.after) return false;
  return filter.since === undefined || Date.parse(entry.time) >= filter.since.getTime();
}

/**
 * A body as the journal keeps it: bounded, and frozen so no reader can change what another reads.
 * Without `parsed`, the text itself (an answer's body, or a request's that is not JSON).
 */
export function journalBody(text: string | undefined): { body: string | null; bodyCut: boolean };
export function journalBody(text: string | undefined, parsed: { value: unknown } | undefined): Pick<JournalEntry, 'body' | 'bodyCut'>;
export function journalBody(text: string | undefined, parsed?: { value: unknown }): Pick<JournalEntry, 'body' | 'bodyCut'> {
  if (text === undefined || text.length === 0) return NO_BODY;
  if (text.length > JOURNAL_BODY_LIMIT) return CUT_BODY;
  return { body: deepFreeze(parsed ? parsed.value : text), bodyCut: false };
}

export interface JournalProblem {
  /** Where: `query.limit`, `body.name`, `response.body.0.id`, … */
  path: string;
  message: string;
}

export const DEFAULT_JOURNAL_SIZE = 1000;
/** Bytes (estimated heap) the journal's entries hold together, by default: 8 MiB. */
export const DEFAULT_JOURNAL_BYTES = 8 * 1024 * 1024;
/**
 * The most bytes (estimated heap) one entry holds: a larger one is cut (its bodies, then its
 * problems, headers and path, each marked), not allowed to push every other entry out.
 */
export const JOURNAL_ENTRY_LIMIT = 64 * 1024;
/** Problems an entry cut short keeps, with one saying how many more there were. */
const PROBLEMS_KEPT_WHEN_CUT = 20;

/**
 * The last requests, oldest first: at most `capacity` entries and `maxBytes` bytes (estimated
 * heap: bodies, URL, headers and answer); the oldest fall out first.
 */
export interface RequestJournal {
  /** Records an entry, numbering it (`seq` is set on the object given, which the journal keeps). */
  record(entry: Omit<JournalEntry, 'seq'>): void;
  /** Entries oldest first; only those of `session` when it is given, and those `filter` keeps. */
  list(session?: string, filter?: JournalFilter): JournalEntry[];
  /** Forgets every entry, or those of `session`. */
  clear(session?: string): void;
  /** Most entries kept; 0 when the journal keeps none (`journalSize` or `journalBytes` 0). */
  readonly capacity: number;
  /** Most bytes (estimated heap) the entries hold together. */
  readonly maxBytes: number;
  /** Entries kept now. */
  readonly size: number;
  /** Bytes (estimated heap) the entries hold now. */
  readonly bytes: number;
}

export function createRequestJournal(capacity: number = DEFAULT_JOURNAL_SIZE, maxBytes: number = DEFAULT_JOURNAL_BYTES): RequestJournal {
  if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`[petstore-mock] The journal size must be a whole number of 0 or more, got ${capacity}.`);
  if (!Number.isInteger(maxBytes) || maxBytes < 0) throw new RangeError(`[petstore-mock] The journal's bytes must be a whole number of 0 or more, got ${maxBytes}.`);
  const kept = maxBytes === 0 ? 0 : capacity;
  const entryLimit = Math.min(JOURNAL_ENTRY_LIMIT, maxBytes);
  // A queue: entries[head] is the oldest; sizes[i] is the bytes of entries[i].
  let entries: JournalEntry[] = [];
  let sizes: number[] = [];
  let head = 0;
  const budget = createByteBudget('journalBytes', maxBytes);
  let lastSeq = 0;
  const dropOldest = (): void => {
    budget.give(sizes[head] ?? 0);
    head++;
    if (head >= 1024 && head * 2 >= entries.length) {
      entries = entries.slice(head);
      sizes = sizes.slice(head);
      head = 0;
    }
  };

  return {
    capacity: kept,
    maxBytes,
    get size() {
      return entries.length - head;
    },
    get bytes() {
      return budget.used;
    },
    record(fields) {
      if (kept === 0) return;
      // Numbered in place, not copied: one entry a request is on the hot path.
      const entry = fields as JournalEntry;
      entry.seq = ++lastSeq;
      entry.path = redactedPath(entry.path);
      const size = fitEntry(entry, entryLimit);
      while (entries.length - head >= kept || (entries.length > head && !budget.fits(size))) dropOldest();
      entries.push(entry);
      sizes.push(size);
      budget.add(size);
    },
    list(session, filter) {
      const found: JournalEntry[] = [];
      for (let index = head; index < entries.length; index++) {
        const entry = entries[index] as JournalEntry;
        if ((session === undefined || entry.session === session) && (filter === undefined || matches(entry, filter))) found.push({ ...entry, problems: [...entry.problems] });
      }
      return found;
    },
    clear(session) {
      const keptEntries: JournalEntry[] = [];
      const keptSizes: number[] = [];
      budget.clear();
      if (session !== undefined) {
        for (let index = head; index < entries.length; index++) {
          const entry = entries[index] as JournalEntry;
          if (entry.session === session) continue;
          keptEntries.push(entry);
          keptSizes.push(sizes[index] ?? 0);
          budget.add(sizes[index] ?? 0);
        }
      }
      entries = keptEntries;
      sizes = keptSizes;
      head = 0;
    },
  };
}

/**
 * The entry's bytes, once it fits `limit`, its query's parameters counted as the HAR export makes
 * them (an object each: a 15 KiB query of 3,800 empty parameters was 15 KiB in the journal and
 * 52 MiB of HAR, three of which took the mock to 653 MiB): over it, the request's body goes first, then the
 * answer's, then all but a few problems, then the request's headers, and last the path is cut
 * short; each marked as cut, so the entry says what it lost.
 */
function fitEntry(entry: JournalEntry, limit: number): number {
  const entryBytes = (): number => journalEntryBytes(entry);
  let size = entryBytes();
  if (size <= limit) return size;
  const cuts: (() => void)[] = [
    () => {
      if (entry.body !== null) Object.assign(entry, CUT_BODY);
    },
    () => {
      if (entry.response.body !== null) entry.response = Object.freeze({ ...entry.response, ...CUT_BODY });
    },
    () => {
      if (entry.problems.length > PROBLEMS_KEPT_WHEN_CUT) {
        const left = entry.problems.length - PROBLEMS_KEPT_WHEN_CUT;
        entry.problems = [...entry.problems.slice(0, PROBLEMS_KEPT_WHEN_CUT), { path: 'request', message: `${left} more problems were left out of the journal.` }];
      }
    },
    () => {
      if (Object.keys(entry.headers).length > 0) Object.assign(entry, { headers: Object.freeze({}), headersCut: true });
    },
  ];
  for (const cut of cuts) {
    cut();
    size = entryBytes();
    if (size <= limit) return size;
  }
  // What is over is the path (or the reason): cut to what fits, at least its first 256 characters.
  const over = size - limit;
  entry.path = entry.path.slice(0, Math.max(256, entry.path.length - over));
  entry.pathCut = true;
  if (entry.reason !== null && entry.reason.length > JOURNAL_BODY_LIMIT) entry.reason = entry.reason.slice(0, JOURNAL_BODY_LIMIT);
  return entryBytes();
}

// Every field of an entry and of its answer, by name: the compiler sees that none is missing.
const ENTRY_FIELDS = Object.keys({
  seq: 0, time: 0, method: 0, path: 0, operationId: 0, status: 0, session: 0, problems: 0, delay: 0, control: 0, sessionOpened: 0,
  evictedSession: 0, body: 0, bodyCut: 0, origin: 0, headers: 0, headersCut: 0, response: 0, pathCut: 0, limit: 0, reason: 0,
} satisfies Record<keyof JournalEntry, 0>);
const RESPONSE_FIELDS = Object.keys({ status: 0, headers: 0, body: 0, bodyCut: 0 } satisfies Record<keyof JournalResponse, 0>);
const ENTRY_BYTES = objectBytes(ENTRY_FIELDS);
const RESPONSE_BYTES = objectBytes(RESPONSE_FIELDS);
const NO_QUERY_BYTES = estimateBytes([]);

/**
 * What an entry holds, as `estimateBytes` counts it, with its query's parameters as the HAR export
 * makes them: field by field, its shape being known (the journal measures one entry a request; the
 * generic walk took a third of a list request's time in the engine).
 */
export function journalEntryBytes(entry: JournalEntry): number {
  const { response } = entry;
  return (
    ENTRY_BYTES +
    estimateBytes(entry.seq) +
    stringBytes(entry.time) +
    stringBytes(entry.method) +
    stringBytes(entry.path) +
    estimateBytes(entry.operationId) +
    estimateBytes(entry.status) +
    estimateBytes(entry.session) +
    estimateBytes(entry.problems) +
    estimateBytes(entry.delay) +
    estimateBytes(entry.control) +
    estimateBytes(entry.sessionOpened) +
    estimateBytes(entry.evictedSession) +
    estimateBytes(entry.body) +
    estimateBytes(entry.origin) +
    requestHeaderBytes(entry.headers) +
    RESPONSE_BYTES +
    estimateBytes(response.status) +
    responseHeaderBytes(response.headers) +
    estimateBytes(response.body) +
    estimateBytes(entry.limit) +
    estimateBytes(entry.reason) +
    queryBytes(entry.path)
  );
}

// Entries share their headers' frozen objects (a repeated request's, a run of answers alike) and
// repeat their paths (a suite's pages): each is measured once, not for every entry that holds it.
const requestHeaderBytes = lastMeasured(stringRecordBytes);
const responseHeaderBytes = lastMeasured(stringRecordBytes);
const pathQueryBytes = new Map<string, number>();
/** Paths whose query's bytes are kept, at most (then they are measured afresh until the next clear), and the longest. */
const KEPT_QUERY_PATHS = 1024;
const KEPT_QUERY_PATH_LENGTH = 512;

/** `measure`, given again the frozen object it measured last (entries never change theirs in place): its bytes without measuring. */
function lastMeasured(measure: (record: Readonly<Record<string, string>>) => number): (record: Readonly<Record<string, string>>) => number {
  let last: object | undefined;
  let lastBytes = 0;
  return record => {
    if (record === last) return lastBytes;
    const bytes = measure(record);
    if (Object.isFrozen(record)) {
      last = record;
      lastBytes = bytes;
    }
    return bytes;
  };
}

/** The bytes of the path's query as the HAR export makes it (an object a parameter), measured once for a path seen before. */
function queryBytes(path: string): number {
  if (!path.includes('?')) return NO_QUERY_BYTES;
  let bytes = pathQueryBytes.get(path);
  if (bytes !== undefined) return bytes;
  bytes = estimateBytes(harQueryString(path));
  if (path.length <= KEPT_QUERY_PATH_LENGTH) {
    if (pathQueryBytes.size >= KEPT_QUERY_PATHS) pathQueryBytes.clear();
    pathQueryBytes.set(path, bytes);
  }
  return bytes;
}
