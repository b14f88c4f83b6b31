/** One answered request, as `GET /__admin/requests` lists it. */
export interface JournalEntry {
  /** When the request arrived (ISO 8601, the real clock even under `--now`). */
  time: string;
  method: string;
  /** Path and query as received, e.g. `/v1/pets?limit=5`. */
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
  /** Which control made the answer: `forced` (`Prefer: code=…`), `fault` (`--fault-rate`), or null for the API's own behaviour. */
  control: 'forced' | 'fault' | null;
  /** `new` or `reopened` (after it was dropped past `--max-sessions`) when this request opened its session afresh. */
  sessionOpened: 'new' | 'reopened' | null;
  /** The session this request's opening of its own dropped, past `--max-sessions`. */
  evictedSession: string | null;
}

export interface JournalProblem {
  /** Where: `query.limit`, `body.name`, `response.body.0.id`, … */
  path: string;
  message: string;
}

export const DEFAULT_JOURNAL_SIZE = 1000;

/** The last `capacity` requests, oldest first; older ones fall out. */
export interface RequestJournal {
  record(entry: JournalEntry): void;
  /** Entries oldest first; only those of `session` when it is given. */
  list(session?: string): JournalEntry[];
  /** Forgets every entry, or those of `session`. */
  clear(session?: string): void;
  readonly capacity: number;
}

export function createRequestJournal(capacity: number = DEFAULT_JOURNAL_SIZE): RequestJournal {
  if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`[petstore-mock] The journal size must be a whole number of 0 or more, got ${capacity}.`);
  // A ring: `entries[start]` is the oldest once the journal is full.
  let entries: JournalEntry[] = [];
  let start = 0;
  const ordered = (): JournalEntry[] => (start === 0 ? entries : [...entries.slice(start), ...entries.slice(0, start)]);

  return {
    capacity,
    record(entry) {
      if (capacity === 0) return;
      if (entries.length < capacity) entries.push(entry);
      else {
        entries[start] = entry;
        start = (start + 1) % capacity;
      }
    },
    list(session) {
      const all = ordered();
      return (session === undefined ? all : all.filter(entry => entry.session === session)).map(entry => ({ ...entry, problems: [...entry.problems] }));
    },
    clear(session) {
      entries = session === undefined ? [] : ordered().filter(entry => entry.session !== session);
      start = 0;
    },
  };
}
