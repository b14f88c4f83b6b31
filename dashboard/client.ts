import type { MockLimits, MockSettings } from '../src/engine/admin/admin-endpoints.js';
import type { JournalEntry } from '../src/engine/journal/request-journal.js';
import { createActions } from './actions.js';
import { byId, element } from './dom.js';
import { keyedRows, placeChildren, setText } from './keyed-list.js';

/**
 * The dashboard at /__admin/: the journal, live, with why a request was refused and what it was
 * answered (and as a HAR download); the sessions and their records; the mock's settings. Everything a client sent is shown with textContent, never as HTML.
 * The admin token, when the mock wants one, is asked for, kept in this tab and sent as a bearer header.
 */

// Types only: erased from the browser bundle, so the page shows exactly what the endpoints give.
type Entry = JournalEntry;

const TOKEN_KEY = 'petstore-mock admin token';
const POLL_MS = 1_000;
const MAX_ENTRIES = 1_000;
const CUT_TEXT = '(over 4,096 characters: not kept)';
const CONTROL_WORDS = { forced: 'forced (Prefer)', fault: 'injected fault', override: 'scripted (override)' } as const;

let token = sessionStorage.getItem(TOKEN_KEY) ?? undefined;
let waitingForToken = false;
let lastSeq = 0;
let entries: Entry[] = [];
/** Each entry's row, made once: a row kept in the list keeps its open bodies. */
const entryRows = new Map<number, HTMLLIElement>();
let recordsSession: string | null = null;
/** The mock's instance the page shows; another one answering means it restarted. */
let instance: string | undefined;
/** Grows when the page starts over: answers to requests sent before are dropped. */
let generation = 0;
let liveNote = '(live)';
const actions = createActions({ admin, showRecords });

/** A request to the admin API with the token, if any; undefined (and the token form shown) on a 401. */
async function admin(path: string, init: RequestInit = {}, session?: string | null): Promise<Response | undefined> {
  const headers = new Headers(init.headers);
  if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
  if (session !== undefined && session !== null) headers.set('x-petstore-session', session);
  const response = await fetch(path, { ...init, headers });
  if (response.status === 401) {
    askForToken(token === undefined ? '' : 'The mock refused that token.');
    return undefined;
  }
  return response;
}

function askForToken(problem: string): void {
  waitingForToken = true;
  byId('token-form').hidden = false;
  byId('token-problem').textContent = problem;
  (byId('token') as HTMLInputElement).focus();
}

(byId('token-form') as HTMLFormElement).addEventListener('submit', event => {
  event.preventDefault();
  token = (byId('token') as HTMLInputElement).value;
  sessionStorage.setItem(TOKEN_KEY, token);
  byId('token-form').hidden = true;
  waitingForToken = false;
  void start();
});

function describeSettings(settings: MockSettings): string {
  const first = settings.document.collections[0] ?? 'records';
  const parts = [
    describeDocument(settings.document),
    settings.startingFrom === 'data' ? `${settings.startingPets} ${first} from --data` : `seed ${settings.seed}, ${settings.startingPets} seeded ${first}`,
    settings.apiKeys > 0 ? `${settings.apiKeys} API key(s)` : settings.document.credentials,
    settings.delay ? `delay ${settings.delay.min === settings.delay.max ? settings.delay.min : `${settings.delay.min}-${settings.delay.max}`} ms` : 'no delay',
    `fault rate ${settings.faultRate}`,
    settings.now ? `clock fixed at ${settings.now}` : 'real clock',
    `admin token ${settings.adminToken ? 'required' : 'not set'}`,
    `at most ${settings.maxSessions} sessions of ${settings.maxPets} records a collection`,
    `journal of ${settings.journalSize}`,
  ];
  return parts.join(' · ');
}

/** `Animal Store API 1.0.0 (3f2a…) from ./openapi.yaml`: which document, and which edit of it, the mock answers by. */
function describeDocument(document: MockSettings['document']): string {
  const hash = document.sha256 === null ? '' : ` (${document.sha256})`;
  return `${document.title} ${document.version}${hash}${document.path === null ? '' : ` from ${document.path}`}`;
}

function statusClass(status: number): string {
  return String(Math.floor(status / 100));
}

function renderEntry(entry: Entry): HTMLLIElement {
  const item = element('li', undefined, `status-${statusClass(entry.status)}`);
  const summary = element('div', undefined, 'summary');
  summary.append(
    element('time', new Date(entry.time).toLocaleTimeString(undefined, { hour12: false }) + `.${String(new Date(entry.time).getMilliseconds()).padStart(3, '0')}`),
    element('span', entry.method, 'method'),
    element('span', entry.path, 'path'),
    element('span', `→ ${entry.status}`, 'status'),
    element('span', entry.operationId ?? 'no operation', 'muted'),
    element('span', entry.session === null ? 'default session' : `session ${entry.session}`, 'muted'),
  );
  if (entry.delay > 0) summary.append(element('span', `held ${entry.delay} ms`, 'muted'));
  if (entry.control) summary.append(element('span', CONTROL_WORDS[entry.control], 'tag'));
  if (entry.sessionOpened) summary.append(element('span', `session ${entry.sessionOpened === 'new' ? 'opened' : 'reopened: its records had been dropped'}`, 'tag'));
  if (entry.evictedSession !== null) summary.append(element('span', `dropped session ${entry.evictedSession}`, 'tag'));
  if (entry.limit !== null) summary.append(element('span', entry.limit === 'shutdown' ? 'refused: the mock was stopping' : `limit reached: ${entry.limit}`, 'tag'));
  if (entry.pathCut) summary.append(element('span', 'path cut short in the journal', 'tag'));
  item.append(summary);
  if (entry.problems.length > 0) {
    const reasons = element('ul', undefined, 'reasons');
    reasons.setAttribute('aria-label', 'Why');
    for (const problem of entry.problems) reasons.append(element('li', `${problem.path}: ${problem.message}`));
    item.append(reasons);
  }
  if (entry.reason !== null) item.append(element('p', entry.reason, 'reason'));
  const hasRequestBody = entry.body !== null || entry.bodyCut;
  const hasAnswerBody = entry.response.body !== null || entry.response.bodyCut;
  if (hasRequestBody || hasAnswerBody) {
    const details = element('details');
    details.append(element('summary', hasRequestBody && hasAnswerBody ? 'Request and answer bodies' : hasRequestBody ? 'Request body' : 'Answer body'));
    if (hasRequestBody) {
      details.append(element('h3', 'Request body'));
      details.append(element('pre', entry.bodyCut ? CUT_TEXT : typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body, null, 2)));
    }
    if (hasAnswerBody) {
      details.append(element('h3', `Answer ${entry.response.status}`));
      // <samp>: the mock's output, as text.
      details.append(element('samp', entry.response.bodyCut ? CUT_TEXT : readable(entry.response.body ?? ''), 'answer-body'));
    }
    item.append(details);
  }
  return item;
}

/** JSON indented for reading; any other text as it came. */
function readable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function addOption(select: HTMLSelectElement, value: string, label: string): void {
  if ([...select.options].some(option => option.value === value)) return;
  const option = element('option', label);
  option.value = value;
  select.append(option);
}

function renderRequests(): void {
  const session = (byId('filter-session') as HTMLSelectElement).value;
  const operation = (byId('filter-operation') as HTMLSelectElement).value;
  const status = (byId('filter-status') as HTMLSelectElement).value;
  const list = (byId('requests') as HTMLOListElement);
  const shown = entries.filter(
    entry =>
      (session === '*' || (entry.session ?? '') === session) &&
      (operation === '*' || (entry.operationId ?? '') === operation) &&
      (status === '*' || statusClass(entry.status) === status),
  );
  const rows = shown.reverse().map(entry => {
    let row = entryRows.get(entry.seq);
    if (row === undefined) {
      row = renderEntry(entry);
      entryRows.set(entry.seq, row);
    }
    return row;
  });
  placeChildren(list, rows);
  byId('requests-empty').hidden = shown.length > 0;
}

/** The journal's entries after the last one shown; the page starts over when another instance of the mock answers. */
async function pollRequests(): Promise<void> {
  const asked = generation;
  const response = await admin(`/__admin/requests?after=${lastSeq}`);
  if (!response?.ok || asked !== generation) return;
  const answer = (await response.json()) as { requests: Entry[]; instance: string };
  if (asked !== generation) return;
  setText(byId('live'), liveNote);
  if (instance === undefined) instance = answer.instance;
  if (answer.instance !== instance) return startOver(answer.instance);
  const requests = answer.requests.filter(entry => entry.seq > lastSeq);
  if (requests.length === 0) return;
  entries = [...entries, ...requests];
  if (entries.length > MAX_ENTRIES) {
    for (const gone of entries.splice(0, entries.length - MAX_ENTRIES)) entryRows.delete(gone.seq);
  }
  lastSeq = requests.at(-1)?.seq ?? lastSeq;
  for (const entry of requests) {
    if (entry.session !== null) addOption(byId('filter-session') as HTMLSelectElement, entry.session, entry.session);
    if (entry.operationId !== null) addOption(byId('filter-operation') as HTMLSelectElement, entry.operationId, entry.operationId);
  }
  renderRequests();
}

async function showRecords(session: string | null): Promise<void> {
  actions.selectSession(session);
  const response = await admin('/__admin/state', {}, session);
  if (!response?.ok) return;
  const state = (await response.json()) as Record<string, readonly Record<string, unknown>[]>;
  recordsSession = session;
  byId('records-session').textContent = session === null ? '(default session)' : `(session ${session})`;
  byId('records-empty').hidden = true;
  byId('records').replaceChildren(...Object.entries(state).map(([name, records]) => recordsTable(name, records)));
}

/** Most columns a collection's table shows: the records' first properties (the editor below has all of them). */
const MAX_COLUMNS = 8;
const MAX_CELL = 120;

/** A collection's records as a table: a column per property (in the order the records give them), each value as text. */
function recordsTable(name: string, records: readonly Record<string, unknown>[]): HTMLTableElement {
  const columns = [...new Set(records.flatMap(record => Object.keys(record)))].slice(0, MAX_COLUMNS);
  const table = element('table');
  const head = element('tr');
  for (const column of columns) {
    const cell = element('th', column);
    cell.scope = 'col';
    head.append(cell);
  }
  const body = element('tbody');
  for (const record of records) {
    const row = element('tr');
    row.append(...columns.map(column => element('td', cellText(record[column]))));
    body.append(row);
  }
  table.append(element('caption', `${name} (${records.length})`), element('thead'), body);
  table.tHead?.append(head);
  return table;
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

interface SessionSummary {
  id: string | null;
  pets: number;
  /** Each collection's count, the first collection's first. */
  records: Record<string, number>;
}

const sessionLabel = ({ id, records }: SessionSummary): string =>
  `${id === null ? 'Default' : id}: ${Object.entries(records).map(([name, count]) => `${count} ${name}`).join(', ') || 'no collections'}`;

/** One row per session, by id (session ids are never empty: '' is the default one's), its count updated in place. */
const sessionRows = keyedRows<SessionSummary, HTMLLIElement>(
  byId('sessions'),
  summary => summary.id ?? '',
  summary => {
    const { id } = summary;
    const item = element('li');
    item.append(element('span', sessionLabel(summary)));
    const show = element('button', 'Show records');
    show.type = 'button';
    show.addEventListener('click', () => void showRecords(id));
    const reset = element('button', id === null ? 'Reset everything' : 'Reset');
    reset.type = 'button';
    reset.addEventListener('click', () => void admin('/__admin/reset', { method: 'POST' }, id).then(() => showRecords(recordsSession)));
    item.append(show, reset);
    return item;
  },
  (item, summary) => {
    const label = item.firstElementChild;
    if (label) setText(label, sessionLabel(summary));
  },
);

async function pollSessions(): Promise<void> {
  const asked = generation;
  const response = await admin('/__admin/sessions');
  if (!response?.ok || asked !== generation) return;
  const { sessions, limits } = (await response.json()) as { sessions: SessionSummary[]; limits: MockLimits };
  if (asked !== generation) return;
  sessionRows.draw(sessions);
  showLimits(limits);
}

/** Another instance of the mock answers (it restarted): what the page showed is of the one before, so it is dropped and read again. */
async function startOver(restarted: string): Promise<void> {
  generation += 1;
  instance = restarted;
  lastSeq = 0;
  entries = [];
  entryRows.clear();
  sessionRows.clear();
  renderRequests();
  const time = new Date().toLocaleTimeString(undefined, { hour12: false });
  liveNote = `(live; the mock restarted at ${time}, and this shows it since)`;
  setText(byId('live'), liveNote);
  await start();
}

const LIMIT_WORDS: Readonly<Record<keyof MockLimits, [string, 'bytes' | 'count']>> = {
  storedBytes: ['stored records (--max-stored-bytes)', 'bytes'],
  sessions: ['sessions (--max-sessions)', 'count'],
  journalEntries: ['journal entries (--journal-size)', 'count'],
  journalBytes: ['journal (--journal-bytes)', 'bytes'],
  overridesPerSession: ['overrides of the fullest session (--max-overrides)', 'count'],
  overrideBytesPerSession: ['override bytes of the fullest session (--max-override-bytes)', 'bytes'],
  petsPerStore: ['records of the fullest store (--max-pets)', 'count'],
};

/** Use against each limit, `journal (--journal-bytes) 1.2 MiB of 8.0 MiB`; a limit reached is marked. Rewritten only when it changed. */
function showLimits(limits: MockLimits): void {
  const text = (Object.keys(LIMIT_WORDS) as (keyof MockLimits)[])
    .map(name => {
      const [words, unit] = LIMIT_WORDS[name];
      const { used, max } = limits[name];
      const amount = unit === 'bytes' ? `${size(used)} of ${size(max)}` : `${used} of ${max}`;
      return `${words} ${amount}${used >= max ? ' (full)' : ''}`;
    })
    .join(' · ');
  setText(byId('limits'), text);
}

/** `512 B`, `1.3 KiB`, `48.0 MiB`. */
function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

byId('clear-journal').addEventListener('click', () => {
  void admin('/__admin/requests', { method: 'DELETE' }).then(response => {
    if (!response?.ok) return;
    entries = [];
    entryRows.clear();
    renderRequests();
  });
});
for (const id of ['filter-session', 'filter-operation', 'filter-status']) byId(id).addEventListener('change', renderRequests);

/**
 * The HAR of what the filters show (a named session's, an operation's, a status class's; "Default"
 * cannot be asked for alone, and gives every session's), fetched with the token (a plain link could
 * not send it) and saved.
 */
byId('download-har').addEventListener('click', event => {
  event.preventDefault();
  const session = (byId('filter-session') as HTMLSelectElement).value;
  const operation = (byId('filter-operation') as HTMLSelectElement).value;
  const status = (byId('filter-status') as HTMLSelectElement).value;
  const query = new URLSearchParams();
  if (operation !== '*') query.set('operationId', operation);
  if (status !== '*') query.set('status', `${status}xx`);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  void admin(`/__admin/requests.har${search}`, {}, session === '*' || session === '' ? undefined : session).then(async response => {
    if (!response?.ok) return;
    const url = URL.createObjectURL(await response.blob());
    const link = element('a');
    link.href = url;
    link.download = 'petstore-mock.har';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });
});

/** Polls while the tab is visible and no token is awaited: nobody watching costs the mock nothing. */
function schedule(): void {
  setTimeout(() => {
    const work = document.hidden || waitingForToken ? Promise.resolve() : Promise.all([pollRequests(), pollSessions()]);
    void work.catch(() => (byId('live').textContent = '(the mock does not answer)')).finally(schedule);
  }, POLL_MS);
}

async function start(): Promise<void> {
  const response = await admin('/__admin/settings');
  if (!response?.ok) return;
  const settings = (await response.json()) as MockSettings;
  instance ??= settings.instance;
  byId('settings').textContent = describeSettings(settings);
  actions.showOperations(settings);
  await Promise.all([pollRequests(), pollSessions(), showRecords(null)]);
}

void start();
schedule();
