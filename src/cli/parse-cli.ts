import { parseArgs } from 'node:util';
import { DEFAULT_JOURNAL_SIZE, parseDelay, parseInstant, type DelayRange } from '../engine/index.js';
import { DEFAULT_MAX_PETS, DEFAULT_MAX_SESSIONS } from '../sessions/index.js';
import { PET_STATUSES, type PetStatus } from '../types/index.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../server/index.js';

export const LOG_LEVELS = ['silent', 'error', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface CliConfig {
  port: number;
  host: string;
  seed: number;
  pets: number;
  apiKeys: string[];
  cors: boolean;
  defaultStatus: PetStatus | null;
  validateResponses: boolean;
  logLevel: LogLevel;
  delay: DelayRange | undefined;
  faultRate: number;
  maxSessions: number;
  maxPets: number;
  journalSize: number;
  adminToken: string | undefined;
  now: Date | undefined;
}

export type CliCommand = { kind: 'serve'; config: CliConfig } | { kind: 'help' } | { kind: 'version' };

/** A flag or environment value the CLI cannot use; the CLI prints it and exits with code 2. */
export class CliUsageError extends Error {
  override name = 'CliUsageError' as const;
}

export const HELP = `Usage: petstore-mock [options]

A stateful, Prism-backed mock of the Animal Store API, served at http://<host>:<port>/v1.

Options (each has an environment variable; a flag wins over it):
  -p, --port <port>            Port to listen on (PORT). Default ${DEFAULT_PORT}; 0 picks a free one.
  -h, --host <host>            Address to listen on (HOST). Default ${DEFAULT_HOST}; 0.0.0.0 in containers.
      --seed <n>               Faker seed of the initial pets (PETSTORE_SEED). Default 1.
      --pets <n>               How many seeded pets each store starts with, at most --max-pets
                               (PETSTORE_PETS). Default 20.
      --api-key <key>          Accept only this bearer token; repeat for more
                               (PETSTORE_API_KEYS=k1,k2). Default: any non-empty token.
      --default-status <s>     Status of a pet created without one: available, pending, sold or
                               none (PETSTORE_DEFAULT_STATUS). Default available.
      --no-cors                Send no CORS headers (PETSTORE_CORS=false). CORS is on by default.
      --validate-responses     Check every response against the OpenAPI document; a violation
                               answers 500 (PETSTORE_VALIDATE_RESPONSES=true). Default off.
      --log-level <level>      silent, error, info (one line per request) or debug
                               (PETSTORE_LOG_LEVEL). Default info.
      --delay <ms|min-max>     Hold every API answer back: 300, or 100-400 drawn uniformly and
                               seeded (PETSTORE_DELAY). Default none.
      --fault-rate <share>     Answer this share of requests (0 to 1) with an injected 500 or 503
                               (with Retry-After), seeded (PETSTORE_FAULT_RATE). Default 0.
      --max-sessions <n>       Most X-Petstore-Session sessions alive at once; the least recently
                               used is dropped (PETSTORE_MAX_SESSIONS). Default ${DEFAULT_MAX_SESSIONS}.
      --max-pets <n>           Most pets one store holds; more answers 507 store_full
                               (PETSTORE_MAX_PETS). Default ${DEFAULT_MAX_PETS}.
      --journal-size <n>       Requests GET /__admin/requests keeps; 0 keeps none
                               (PETSTORE_JOURNAL_SIZE). Default ${DEFAULT_JOURNAL_SIZE}.
      --admin-token <token>    Admin endpoints but health want "Authorization: Bearer <token>"
                               (PETSTORE_ADMIN_TOKEN). Default: open, for local use.
      --now <date>             Fix the mock's clock, e.g. 2031-01-01: getPet answers 410 after its
                               sunset, 2030-12-05 (PETSTORE_NOW). Default: the real clock.
      --help                   Show this help.
      --version                Show the version.

Per request: Prefer: code=404, example=<name>, dynamic=true, seed=<s>, delay=<ms> (or the query
fallbacks __code, __example, __dynamic, __seed, __delay) force a declared response or a delay;
X-Petstore-Session: <id> selects an isolated store, seeded on first use.

Admin endpoints: GET /__admin/health, POST /__admin/reset (everything, or one session with
X-Petstore-Session), GET /__admin/requests (the journal), DELETE /__admin/requests.`;

type Env = Readonly<Record<string, string | undefined>>;

export function parseCli(argv: readonly string[], env: Env): CliCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
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
        'validate-responses': { type: 'boolean' },
        'log-level': { type: 'string' },
        delay: { type: 'string' },
        'fault-rate': { type: 'string' },
        'max-sessions': { type: 'string' },
        'max-pets': { type: 'string' },
        'journal-size': { type: 'string' },
        'admin-token': { type: 'string' },
        now: { type: 'string' },
        help: { type: 'boolean' },
        version: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const apiKeys = values['api-key'] ?? (env['PETSTORE_API_KEYS'] ?? '').split(',');
  const pets = readInteger('--pets', values.pets ?? env['PETSTORE_PETS'], 20, 0, 100_000);
  const maxPets = readInteger('--max-pets', values['max-pets'] ?? env['PETSTORE_MAX_PETS'], DEFAULT_MAX_PETS, 1, 10_000_000);
  if (pets > maxPets) throw new CliUsageError(`--pets (${pets}) must not exceed --max-pets (${maxPets}).`);
  const adminToken = (values['admin-token'] ?? env['PETSTORE_ADMIN_TOKEN'] ?? '').trim();
  return {
    kind: 'serve',
    config: {
      port: readInteger('--port', values.port ?? env['PORT'], DEFAULT_PORT, 0, 65_535),
      host: readHost(values.host ?? env['HOST']),
      seed: readInteger('--seed', values.seed ?? env['PETSTORE_SEED'], 1, 0, Number.MAX_SAFE_INTEGER),
      pets,
      apiKeys: apiKeys.map(key => key.trim()).filter(Boolean),
      cors: values['no-cors'] ? false : readBoolean('PETSTORE_CORS', env['PETSTORE_CORS'], true),
      defaultStatus: readDefaultStatus(values['default-status'] ?? env['PETSTORE_DEFAULT_STATUS']),
      validateResponses: values['validate-responses'] ?? readBoolean('PETSTORE_VALIDATE_RESPONSES', env['PETSTORE_VALIDATE_RESPONSES'], false),
      logLevel: readChoice('--log-level', values['log-level'] ?? env['PETSTORE_LOG_LEVEL'], LOG_LEVELS, 'info'),
      delay: readOptional(values.delay ?? env['PETSTORE_DELAY'], parseDelay),
      faultRate: readShare('--fault-rate', values['fault-rate'] ?? env['PETSTORE_FAULT_RATE']),
      maxSessions: readInteger('--max-sessions', values['max-sessions'] ?? env['PETSTORE_MAX_SESSIONS'], DEFAULT_MAX_SESSIONS, 1, 100_000),
      maxPets,
      journalSize: readInteger('--journal-size', values['journal-size'] ?? env['PETSTORE_JOURNAL_SIZE'], DEFAULT_JOURNAL_SIZE, 0, 1_000_000),
      adminToken: adminToken === '' ? undefined : adminToken,
      now: readOptional(values.now ?? env['PETSTORE_NOW'], parseInstant),
    },
  };
}

function readInteger(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    throw new CliUsageError(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  }
  return value;
}

/** `raw` through `parse`, whose RangeError becomes a usage error; undefined when absent. */
function readOptional<T>(raw: string | undefined, parse: (text: string) => T): T | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    return parse(raw);
  } catch (error) {
    if (error instanceof RangeError) throw new CliUsageError(error.message);
    throw error;
  }
}

function readShare(name: string, raw: string | undefined): number {
  if (raw === undefined || raw === '') return 0;
  const value = Number(raw);
  if (!/^\s*(0|1|0?\.\d+|1\.0*)\s*$/.test(raw) || !(value >= 0 && value <= 1)) throw new CliUsageError(`${name} must be a share from 0 to 1 such as 0.05, got "${raw}".`);
  return value;
}

function readHost(raw: string | undefined): string {
  if (raw === undefined || raw === '') return DEFAULT_HOST;
  if (/\s/.test(raw)) throw new CliUsageError(`--host must be an address such as 127.0.0.1 or 0.0.0.0, got "${raw}".`);
  return raw;
}

function readBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  throw new CliUsageError(`${name} must be true or false, got "${raw}".`);
}

function readChoice<T extends string>(name: string, raw: string | undefined, choices: readonly T[], fallback: T): T {
  if (raw === undefined || raw === '') return fallback;
  if (!(choices as readonly string[]).includes(raw)) throw new CliUsageError(`${name} must be one of ${choices.join(', ')}, got "${raw}".`);
  return raw as T;
}

function readDefaultStatus(raw: string | undefined): PetStatus | null {
  const choice = readChoice('--default-status', raw, [...PET_STATUSES, 'none'], 'available');
  return choice === 'none' ? null : choice;
}
