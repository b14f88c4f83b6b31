import { parseArgs } from 'node:util';
import { toInstant } from '../engine/controls/index.js';
import { DEFAULT_JOURNAL_BYTES, DEFAULT_JOURNAL_SIZE, DEFAULT_MAX_OVERRIDE_BYTES, DEFAULT_MAX_OVERRIDES, type DelayOption, type DelayRange } from '../engine/index.js';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../document/index.js';
import { DEFAULT_SEED } from '../fixtures/index.js';
import { checkOptions, OPTION_RULES, show, type OptionKey, type OptionNames } from '../options/index.js';
import { DEFAULT_MAX_PETS, DEFAULT_MAX_SESSIONS, DEFAULT_MAX_STORED_BYTES, DEFAULT_PETS } from '../sessions/index.js';
import type { PetStatus } from '../types/index.js';
import { DEFAULT_HOST, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_INFLIGHT_BYTES, DEFAULT_PORT, DEFAULT_REQUEST_TIMEOUT } from '../server/index.js';

export const LOG_LEVELS = ['silent', 'error', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface CliConfig {
  port: number;
  host: string;
  seed: number;
  pets: number;
  apiKeys: string[];
  cors: boolean;
  dashboard: boolean;
  /** Undefined: the document's choice (its status default, else the first of its values). */
  defaultStatus: PetStatus | null | undefined;
  /** `--document`: another OpenAPI document to answer by. */
  documentPath: string | undefined;
  /** `--watch`: follow edits of that document. */
  watch: boolean;
  validateResponses: boolean;
  logLevel: LogLevel;
  delay: DelayRange | undefined;
  faultRate: number;
  maxSessions: number;
  maxPets: number;
  journalSize: number;
  journalBytes: number;
  maxStoredBytes: number;
  maxOverrides: number;
  maxOverrideBytes: number;
  maxConnections: number;
  maxInflightBytes: number;
  requestTimeout: number;
  adminToken: string | undefined;
  adminOrigins: string[];
  adminHosts: string[];
  now: Date | undefined;
  /** `--data`: the file of starting pets, and how the user named it (flag or variable). */
  dataFile: { path: string; name: string } | undefined;
  /** `--max-document-bytes`, `--max-document-depth`, `--max-references`, `--max-enum-values`, `--max-properties`, `--max-alternatives`, `--max-example-bytes`: each given one (the others are the defaults). */
  documentLimits: Partial<DocumentLimits>;
}

export type CliCommand = { kind: 'serve'; config: CliConfig } | { kind: 'help' } | { kind: 'version' };

/** A flag or environment value the CLI cannot use; the CLI prints it and exits with code 2. */
export class CliUsageError extends Error {
  override name = 'CliUsageError' as const;
}

export const HELP = `Usage: petstore-mock [options]
       petstore-mock verify <base-url> [options]   check a deployment against the document (petstore-mock verify --help)

A stateful, Prism-backed mock of the Animal Store API, served at http://<host>:<port>/v1.

Options (each has an environment variable; a flag wins over it, and an empty variable counts as unset):
  -p, --port <port>            Port to listen on (PORT). Default ${DEFAULT_PORT}; 0 picks a free one.
  -h, --host <host>            Address to listen on (HOST). Default ${DEFAULT_HOST}; 0.0.0.0 in containers.
                               -h is --host as in Prism; -h alone prints this help.
      --seed <n>               Faker seed of the starting records (the pets, in the Animal Store),
                               and of drawn delays and faults (PETSTORE_SEED). Default 1.
      --pets <n>               How many seeded records each collection of a store starts with, at
                               most --max-pets (PETSTORE_PETS). Default 20.
      --api-key <key>          Accept only this credential (a bearer token, an API key, a basic
                               password, wherever the document's security puts it); repeat for more
                               (PETSTORE_API_KEYS=k1,k2). Default: any non-empty token.
                               A blank key is refused: leave the option out to accept any token.
      --default-status <s>     Status of a pet (a record of the document's first collection) created
                               without one: one of its statuses (available, pending, sold in the
                               Animal Store) or none (PETSTORE_DEFAULT_STATUS).
                               Default: the schema's default, else its first value (available).
      --document <file>        Answer by another OpenAPI 3.0 or 3.1 document, or a Swagger 2.0
                               one (read as the OpenAPI 3.0 document that says the same), YAML or
                               JSON (PETSTORE_DOCUMENT). Default: the package's
                               openapi/petstore.yaml.
                               Every collection it describes keeps state (the start says which);
                               the other operations are answered by Prism from the document. A
                               file that cannot be read or mocked exits 2, saying why.
      --max-document-bytes <bytes>
                               Largest document read; a bigger one is refused unread
                               (PETSTORE_MAX_DOCUMENT_BYTES). Default ${mebibytes(DEFAULT_DOCUMENT_LIMITS.maxDocumentBytes)}.
      --max-document-depth <n> Most levels of nesting in the document (PETSTORE_MAX_DOCUMENT_DEPTH).
                               Default ${DEFAULT_DOCUMENT_LIMITS.maxDocumentDepth}.
      --max-references <n>     Most $refs in the document (PETSTORE_MAX_REFERENCES).
                               Default ${DEFAULT_DOCUMENT_LIMITS.maxReferences}.
      --max-enum-values <n>    Most values of one enum (PETSTORE_MAX_ENUM_VALUES). Default ${DEFAULT_DOCUMENT_LIMITS.maxEnumValues}.
      --max-properties <n>     Most properties one schema lists, its allOf's parts together; also its
                               patternProperties, required and dependent names, and the places of a
                               tuple (prefixItems) (PETSTORE_MAX_PROPERTIES). Default ${DEFAULT_DOCUMENT_LIMITS.maxProperties}.
      --max-alternatives <n>   Most alternatives of one oneOf or anyOf, and combinations an allOf's
                               oneOfs and anyOfs make (PETSTORE_MAX_ALTERNATIVES).
                               Default ${DEFAULT_DOCUMENT_LIMITS.maxAlternatives}.
      --max-example-bytes <bytes>
                               Largest example, default or const, as JSON; an answer made of one
                               is written whole for each request (PETSTORE_MAX_EXAMPLE_BYTES).
                               Default ${mebibytes(DEFAULT_DOCUMENT_LIMITS.maxExampleBytes)}.
                               A document past one of these limits exits 2 (under --watch the
                               last good document is kept), naming the limit and the place,
                               e.g. $.components.schemas.Pet.
      --watch                  Follow edits of --document without a restart (PETSTORE_WATCH=true):
                               records kept, a broken edit logged and the last good document kept.
      --no-cors                Send no CORS headers (PETSTORE_CORS=false). CORS is on by default.
      --no-dashboard           Serve no dashboard at /__admin/ (PETSTORE_DASHBOARD=false). The
                               dashboard (on by default) shows the journal live, why a request was
                               refused, the sessions and their records, and the settings.
      --validate-responses     Check every response against the OpenAPI document; a violation
                               answers 500 (PETSTORE_VALIDATE_RESPONSES=true). Default off.
      --log-level <level>      silent, error, info (one line per request, and warnings such as a
                               dropped session) or debug (PETSTORE_LOG_LEVEL). Default info.
      --delay <ms|min-max>     Hold every API answer back: 300, or 100-400 drawn uniformly and
                               seeded (PETSTORE_DELAY). Default none.
      --fault-rate <share>     Answer this share of requests (0 to 1) with an injected 500 or 503
                               (with Retry-After), seeded (PETSTORE_FAULT_RATE). Default 0.
      --max-sessions <n>       Most X-Petstore-Session sessions alive at once; the least recently
                               used is dropped (PETSTORE_MAX_SESSIONS). Default ${DEFAULT_MAX_SESSIONS}.
      --max-pets <n>           Most records one collection of a store holds; more answers 507
                               store_full (PETSTORE_MAX_PETS). Default ${DEFAULT_MAX_PETS}.
      --journal-size <n>       Requests GET /__admin/requests keeps; 0 keeps none
                               (PETSTORE_JOURNAL_SIZE). Default ${DEFAULT_JOURNAL_SIZE}.
      --journal-bytes <bytes>  Bytes the journal's entries hold together (estimated heap: bodies,
                               URLs, headers, answers); the oldest go first, one entry over
                               64 KiB is cut short (PETSTORE_JOURNAL_BYTES). Default ${mebibytes(DEFAULT_JOURNAL_BYTES)}.
      --max-stored-bytes <bytes>
                               Bytes the records written to every session's store hold together
                               (estimated heap); past it a write answers 507 store_full and
                               stores nothing (PETSTORE_MAX_STORED_BYTES). Default ${mebibytes(DEFAULT_MAX_STORED_BYTES)}.
      --max-overrides <n>      Overrides one session holds; more answers 507 overrides_full
                               (PETSTORE_MAX_OVERRIDES). Default ${DEFAULT_MAX_OVERRIDES}.
      --max-override-bytes <bytes>
                               Bytes one session's overrides hold, bodies included (estimated
                               heap); more answers 507 overrides_full
                               (PETSTORE_MAX_OVERRIDE_BYTES). Default ${mebibytes(DEFAULT_MAX_OVERRIDE_BYTES)}.
                               Sizes take 64MiB, 256KiB, 1GiB or plain bytes.
      --max-connections <n>    Most connections open at once (PETSTORE_MAX_CONNECTIONS); one more
                               takes the place of one with no request in progress (still sending
                               its headers, or idle), else is answered 503 with Retry-After.
                               Default ${DEFAULT_MAX_CONNECTIONS}.
      --max-inflight-bytes <n> Most bytes of requests and answers held across all connections:
                               requests' headers (and about 4 KiB each) and bodies until answered,
                               however long they wait (a delay or a pipelined line included),
                               answers' until written; past it a request is answered 503 with
                               Retry-After, unread or not carried out, and its connection closed.
                               At least 64KiB; bytes or 32MiB (PETSTORE_MAX_INFLIGHT_BYTES).
                               Default ${DEFAULT_MAX_INFLIGHT_BYTES / 1024 / 1024}MiB.
      --request-timeout <ms>   Time a request's headers and body may take to arrive; then 408 and
                               the connection closed (PETSTORE_REQUEST_TIMEOUT). Default ${DEFAULT_REQUEST_TIMEOUT}.
      --admin-token <token>    Admin endpoints but health want "Authorization: Bearer <token>"
                               (PETSTORE_ADMIN_TOKEN). Default: open, for local use.
      --admin-origin <origin>  Let web pages from this origin call the admin endpoints, e.g.
                               http://localhost:6006; repeat for more (PETSTORE_ADMIN_ORIGINS=o1,o2).
                               Default: only the mock's own origin and clients that send no Origin.
      --admin-host <name>      Answer admin requests addressed to this name too, e.g. petstore (a
                               compose service); repeat for more, * for any (PETSTORE_ADMIN_HOSTS).
                               Default: loopback names, IP addresses, the --host and --admin-origin
                               hosts; another Host (DNS rebinding) gets 403 host_not_allowed.
      --data <file.json>       Start every store from exactly these pets ({"pets": [...]} or an
                               array, each checked against the document's Pet) instead of --pets
                               seeded ones; reset returns to them (PETSTORE_DATA). With another
                               document, {"<collection>": [...], ...} starts the collections it names.
      --now <date>             Fix the mock's clock, e.g. 2031-01-01: getPet answers 410 after its
                               sunset, 2030-12-05 (PETSTORE_NOW). Default: the real clock.
      --help                   Show this help.
      --version                Show the version.

Per request: Prefer: code=404, example=<name>, dynamic=true, seed=<s>, delay=<ms> (or the query
fallbacks __code, __example, __dynamic, __seed, __delay) force a declared response or a delay;
X-Petstore-Session: <id> selects an isolated store, seeded on first use (the answer then carries
X-Petstore-Session-Opened: new, or reopened when the session had been dropped). HEAD is answered
wherever GET is.

Admin endpoints (X-Petstore-Session narrows each to one session): GET /__admin/health,
POST /__admin/reset (everything, or one session), GET|DELETE /__admin/requests (the journal, with
request bodies; filter with ?operationId=, ?status=201 or 4xx, ?since=<ISO date-time>, ?after=<seq>),
GET|PUT /__admin/state ({"pets": [...]}: snapshot and restore), GET|POST|DELETE /__admin/overrides
and DELETE /__admin/overrides/{id} (scripted answers: {"operationId": "createPet", "status": 503,
"times": 2}), GET /__admin/sessions, GET /__admin/settings, and the dashboard at GET /__admin/.

SIGTERM or SIGINT: stop accepting, answer what is in flight (delays cut short; 503 for a request
not answered within 1.5 s, and for one queued behind another on its connection, which is not
carried out), exit 0 within 2 seconds.`;

type Env = Readonly<Record<string, string | undefined>>;

/** Flags that take a value; a value that starts with a dash (`--pets -1`) is still theirs. */
const VALUE_FLAGS = new Set(['--port', '-p', '--host', '-h', '--seed', '--pets', '--api-key', '--default-status', '--log-level', '--delay', '--fault-rate', '--max-sessions', '--max-pets', '--journal-size', '--journal-bytes', '--max-stored-bytes', '--max-overrides', '--max-override-bytes', '--max-connections', '--max-inflight-bytes', '--request-timeout', '--admin-token', '--admin-origin', '--admin-host', '--now', '--data', '--document', '--max-document-bytes', '--max-document-depth', '--max-references', '--max-enum-values', '--max-properties', '--max-alternatives', '--max-example-bytes']);

export function parseCli(argv: readonly string[], env: Env): CliCommand {
  // `-h` is `--host`, as in Prism; given without an address, it asks for help.
  if (argv.some((arg, index) => arg === '-h' && (index === argv.length - 1 || argv[index + 1]?.startsWith('-')))) return { kind: 'help' };
  let values;
  try {
    ({ values } = parseArgs({
      args: joinDashedValues(argv),
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string', short: 'h' },
        seed: { type: 'string' },
        pets: { type: 'string' },
        'api-key': { type: 'string', multiple: true },
        'default-status': { type: 'string' },
        'no-cors': { type: 'boolean' },
        'no-dashboard': { type: 'boolean' },
        'validate-responses': { type: 'boolean' },
        'log-level': { type: 'string' },
        delay: { type: 'string' },
        'fault-rate': { type: 'string' },
        'max-sessions': { type: 'string' },
        'max-pets': { type: 'string' },
        'journal-size': { type: 'string' },
        'journal-bytes': { type: 'string' },
        'max-stored-bytes': { type: 'string' },
        'max-overrides': { type: 'string' },
        'max-override-bytes': { type: 'string' },
        'max-connections': { type: 'string' },
        'max-inflight-bytes': { type: 'string' },
        'request-timeout': { type: 'string' },
        'admin-token': { type: 'string' },
        'admin-origin': { type: 'string', multiple: true },
        'admin-host': { type: 'string', multiple: true },
        now: { type: 'string' },
        data: { type: 'string' },
        document: { type: 'string' },
        'max-document-bytes': { type: 'string' },
        'max-document-depth': { type: 'string' },
        'max-references': { type: 'string' },
        'max-enum-values': { type: 'string' },
        'max-properties': { type: 'string' },
        'max-alternatives': { type: 'string' },
        'max-example-bytes': { type: 'string' },
        watch: { type: 'boolean' },
        help: { type: 'boolean' },
        version: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const names: OptionNames = {};
  /** The option's value from its flag, else from its variable (an empty variable counts as unset), checked by the option's rule. */
  const read = (key: OptionKey, flagValue: string | readonly string[] | undefined): unknown => {
    const rule = OPTION_RULES[key];
    let text: string | readonly string[];
    if (flagValue !== undefined) {
      names[key] = rule.flag;
      text = flagValue;
    } else if (env[rule.env] !== undefined && env[rule.env] !== '') {
      names[key] = rule.env;
      text = env[rule.env] as string;
    } else return undefined;
    const value = typeof text === 'string' ? rule.fromText(text) : text.map(each => rule.fromText(each)).flat();
    const problem = rule.check(value);
    if (problem) throw new CliUsageError(`${names[key] ?? key} ${problem}, got ${show(typeof text === 'string' ? text : text.join(' '))}.`);
    return value;
  };

  const config: CliConfig = {
    port: (read('port', values.port) as number | undefined) ?? DEFAULT_PORT,
    host: (read('host', values.host) as string | undefined) ?? DEFAULT_HOST,
    seed: (read('seed', values.seed) as number | undefined) ?? DEFAULT_SEED,
    pets: (read('pets', values.pets) as number | undefined) ?? DEFAULT_PETS,
    apiKeys: (read('apiKeys', values['api-key']) as string[] | undefined) ?? [],
    cors: values['no-cors'] ? false : ((read('cors', undefined) as boolean | undefined) ?? true),
    dashboard: values['no-dashboard'] ? false : ((read('dashboard', undefined) as boolean | undefined) ?? true),
    defaultStatus: read('defaultStatus', values['default-status']) as PetStatus | null | undefined,
    documentPath: read('documentPath', values.document) as string | undefined,
    watch: values.watch ?? (readChoice('--watch', 'PETSTORE_WATCH', env['PETSTORE_WATCH'], ['true', 'false'], 'false', false) === 'true'),
    validateResponses: values['validate-responses'] ?? (read('validateResponses', undefined) as boolean | undefined) ?? false,
    logLevel: readChoice('--log-level', 'PETSTORE_LOG_LEVEL', values['log-level'] ?? env['PETSTORE_LOG_LEVEL'], LOG_LEVELS, 'info', values['log-level'] !== undefined),
    delay: toRange(read('delay', values.delay) as DelayOption | undefined),
    faultRate: (read('faultRate', values['fault-rate']) as number | undefined) ?? 0,
    maxSessions: (read('maxSessions', values['max-sessions']) as number | undefined) ?? DEFAULT_MAX_SESSIONS,
    maxPets: (read('maxPets', values['max-pets']) as number | undefined) ?? DEFAULT_MAX_PETS,
    journalSize: (read('journalSize', values['journal-size']) as number | undefined) ?? DEFAULT_JOURNAL_SIZE,
    journalBytes: (read('journalBytes', values['journal-bytes']) as number | undefined) ?? DEFAULT_JOURNAL_BYTES,
    maxStoredBytes: (read('maxStoredBytes', values['max-stored-bytes']) as number | undefined) ?? DEFAULT_MAX_STORED_BYTES,
    maxOverrides: (read('maxOverrides', values['max-overrides']) as number | undefined) ?? DEFAULT_MAX_OVERRIDES,
    maxOverrideBytes: (read('maxOverrideBytes', values['max-override-bytes']) as number | undefined) ?? DEFAULT_MAX_OVERRIDE_BYTES,
    maxConnections: (read('maxConnections', values['max-connections']) as number | undefined) ?? DEFAULT_MAX_CONNECTIONS,
    maxInflightBytes: (read('maxInflightBytes', values['max-inflight-bytes']) as number | undefined) ?? DEFAULT_MAX_INFLIGHT_BYTES,
    requestTimeout: (read('requestTimeout', values['request-timeout']) as number | undefined) ?? DEFAULT_REQUEST_TIMEOUT,
    adminToken: read('adminToken', values['admin-token']) as string | undefined,
    adminOrigins: (read('adminOrigins', values['admin-origin']) as string[] | undefined) ?? [],
    adminHosts: (read('adminHosts', values['admin-host']) as string[] | undefined) ?? [],
    now: toDate(read('now', values.now) as string | undefined),
    dataFile: undefined,
    documentLimits: Object.fromEntries(
      (
        [
          ['maxDocumentBytes', values['max-document-bytes']],
          ['maxDocumentDepth', values['max-document-depth']],
          ['maxReferences', values['max-references']],
          ['maxEnumValues', values['max-enum-values']],
          ['maxProperties', values['max-properties']],
          ['maxAlternatives', values['max-alternatives']],
          ['maxExampleBytes', values['max-example-bytes']],
        ] as const
      )
        .map(([key, flagValue]) => [key, read(key, flagValue)])
        .filter(([, value]) => value !== undefined),
    ) as Partial<DocumentLimits>,
  };
  const dataPath = read('data', values.data) as string | undefined;
  if (dataPath !== undefined) config.dataFile = { path: dataPath, name: names.data ?? '--data' };
  if (config.watch && config.documentPath === undefined) throw new CliUsageError('--watch follows the document given with --document (or PETSTORE_DOCUMENT); give one.');
  try {
    // With --data, --pets seeds nothing, so it is not held against --max-pets (the file's pets are, when read).
    const { pets, ...others } = config;
    checkOptions(config.dataFile ? others : { ...others, pets }, { ...names, maxPets: names.maxPets ?? '--max-pets', pets: names.pets ?? '--pets' }, '');
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  return { kind: 'serve', config };
}

/** `--pets -1` as `--pets=-1`, so that the option's rule, not the argument parser, says what is wrong. */
function joinDashedValues(argv: readonly string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    const next = argv[index + 1];
    if (VALUE_FLAGS.has(arg) && next !== undefined && /^-(\d|\.|$)/.test(next)) {
      joined.push(`${arg}=${next}`);
      index++;
    } else joined.push(arg);
  }
  return joined;
}

/** A default size as the help prints it: `16MiB`, `256KiB`. */
function mebibytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)}MiB` : `${bytes / 1024}KiB`;
}

function toRange(delay: DelayOption | undefined): DelayRange | undefined {
  return delay === undefined ? undefined : typeof delay === 'number' ? { min: delay, max: delay } : delay;
}

function toDate(now: string | undefined): Date | undefined {
  return now === undefined ? undefined : toInstant(now);
}

function readChoice<T extends string>(flag: string, variable: string, raw: string | undefined, choices: readonly T[], fallback: T, fromFlag: boolean): T {
  if (raw === undefined || raw === '') return fallback;
  if (!(choices as readonly string[]).includes(raw)) throw new CliUsageError(`${fromFlag ? flag : variable} must be one of ${choices.join(', ')}, got "${raw}".`);
  return raw as T;
}
