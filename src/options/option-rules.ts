import { isDelayRange, MAX_DELAY } from './delays.js';
import { INSTANT_RULE, toInstant } from './instants.js';

/**
 * One option as every surface takes it: its key in code (`createEngine`, `createPetstoreMock`,
 * `createMockServer`), its flag and its environment variable. One rule checks all three, so a
 * value is refused the same way wherever it comes from, naming the option as the caller spelled it.
 */
export interface OptionRule {
  readonly key: string;
  readonly flag: string;
  readonly env: string;
  /** A flag's or variable's text as code would pass the value; text that does not parse is returned as it is, for `check` to refuse. */
  fromText(text: string): unknown;
  /** Why `value` is refused, as the rest of a sentence (`must be …`; the caller adds what it got); undefined when it is fine. */
  check(value: unknown): string | undefined;
}

/** A value as a message quotes it. */
export const show = (value: unknown): string => {
  if (value instanceof Date) return value.toString();
  return value === undefined || typeof value === 'function' || typeof value === 'symbol' ? String(value) : JSON.stringify(value);
};

function wholeNumber(min: number, max: number): Pick<OptionRule, 'fromText' | 'check'> {
  return {
    fromText: text => (/^\s*\d+\s*$/.test(text) ? Number(text) : text),
    check: value => (Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? undefined : `must be a whole number from ${min} to ${max}`),
  };
}

const BYTE_UNITS: Readonly<Record<string, number>> = { '': 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/** A number of bytes: a whole number, in text also with a unit (`64MiB`, `256 KiB`, `1GiB`). */
function bytes(min: number, max: number): Pick<OptionRule, 'fromText' | 'check'> {
  return {
    fromText: text => {
      const match = /^\s*(\d+)\s*(kib|mib|gib)?\s*$/i.exec(text);
      return match ? Number(match[1]) * (BYTE_UNITS[(match[2] ?? '').toLowerCase()] ?? 1) : text;
    },
    check: value =>
      Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? undefined : `must be a whole number of bytes from ${min} to ${max} (in a flag also 64MiB, 256KiB, 1GiB)`,
  };
}

/** A bearer token or the admin token: what an unset `"$KEY"` in a script gives is a mistake, not "no token". */
const TOKEN = 'a non-blank token without spaces';
const isToken = (value: unknown): boolean => typeof value === 'string' && /^\S+$/.test(value);

/** A list whose every entry `fits`, described as `what`. */
function list(fits: (value: unknown) => boolean, what: string): Pick<OptionRule, 'fromText' | 'check'> {
  return {
    fromText: text => text.split(',').map(entry => entry.trim()),
    check: value => {
      if (!Array.isArray(value)) return `must be a list, each entry ${what}`;
      const index = value.findIndex(entry => !fits(entry));
      return index === -1 ? undefined : `must each be ${what}; entry ${index + 1} of ${value.length} is ${show(value[index])}`;
    },
  };
}

const ORIGIN = /^https?:\/\/[^/\s?#]+$/i;
const isOrigin = (value: unknown): boolean => typeof value === 'string' && ORIGIN.test(value);

/** A name the mock is reached by, as a `Host` header names it (a port is allowed and not compared), or `*` for any. */
const HOST_NAME = /^(?:\*|\[[\da-f:.]+\]|[a-z\d_](?:[a-z\d_.-]*[a-z\d_])?\.?)(?::\d{1,5})?$/i;
const isHostName = (value: unknown): boolean => typeof value === 'string' && HOST_NAME.test(value);

const BOOLEAN_TEXT = { true: true, 1: true, yes: true, on: true, false: false, 0: false, no: false, off: false } as Record<string, boolean>;

function flagBoolean(): Pick<OptionRule, 'fromText' | 'check'> {
  return {
    fromText: text => BOOLEAN_TEXT[text.trim().toLowerCase()] ?? text,
    check: value => (typeof value === 'boolean' ? undefined : `must be true or false`),
  };
}

export const OPTION_RULES = {
  port: { key: 'port', flag: '--port', env: 'PORT', ...wholeNumber(0, 65_535) },
  host: {
    key: 'host',
    flag: '--host',
    env: 'HOST',
    fromText: text => text,
    check: value => (typeof value === 'string' && /^\S+$/.test(value) ? undefined : `must be an address such as 127.0.0.1 or 0.0.0.0`),
  },
  seed: { key: 'seed', flag: '--seed', env: 'PETSTORE_SEED', ...wholeNumber(0, Number.MAX_SAFE_INTEGER) },
  pets: { key: 'pets', flag: '--pets', env: 'PETSTORE_PETS', ...wholeNumber(0, 100_000) },
  apiKeys: { key: 'apiKeys', flag: '--api-key', env: 'PETSTORE_API_KEYS', ...list(isToken, `${TOKEN} (leave the option out to accept any token)`) },
  defaultStatus: {
    key: 'defaultStatus',
    flag: '--default-status',
    env: 'PETSTORE_DEFAULT_STATUS',
    fromText: text => (text === 'none' ? null : text),
    // The values are the document's (its Pet's status enum): the engine checks them once it has read it.
    check: value => (value === null || (typeof value === 'string' && /^\S+$/.test(value)) ? undefined : 'must be a status of the document, or none (null in code)'),
  },
  documentPath: {
    key: 'documentPath',
    flag: '--document',
    env: 'PETSTORE_DOCUMENT',
    fromText: text => text,
    check: value => (typeof value === 'string' && value.trim() !== '' ? undefined : 'must be the path of an OpenAPI document (YAML or JSON)'),
  },
  cors: { key: 'cors', flag: '--no-cors', env: 'PETSTORE_CORS', ...flagBoolean() },
  dashboard: { key: 'dashboard', flag: '--no-dashboard', env: 'PETSTORE_DASHBOARD', ...flagBoolean() },
  validateResponses: { key: 'validateResponses', flag: '--validate-responses', env: 'PETSTORE_VALIDATE_RESPONSES', ...flagBoolean() },
  delay: {
    key: 'delay',
    flag: '--delay',
    env: 'PETSTORE_DELAY',
    fromText: text => {
      const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
      if (!match) return text;
      return match[2] === undefined ? Number(match[1]) : { min: Number(match[1]), max: Number(match[2]) };
    },
    check: value => {
      const range = typeof value === 'number' ? { min: value, max: value } : (value as { min?: unknown; max?: unknown } | null);
      const fits = typeof range === 'object' && range !== null && typeof range.min === 'number' && typeof range.max === 'number' && isDelayRange({ min: range.min, max: range.max });
      return fits ? undefined : `must be milliseconds (300) or a range (100-400; { min, max } in code) from 0 to ${MAX_DELAY}, the lower bound first`;
    },
  },
  faultRate: {
    key: 'faultRate',
    flag: '--fault-rate',
    env: 'PETSTORE_FAULT_RATE',
    fromText: text => (/^\s*(0|1|0?\.\d+|1\.0*)\s*$/.test(text) ? Number(text) : text),
    check: value => (typeof value === 'number' && value >= 0 && value <= 1 ? undefined : `must be a share from 0 to 1 such as 0.05`),
  },
  maxSessions: { key: 'maxSessions', flag: '--max-sessions', env: 'PETSTORE_MAX_SESSIONS', ...wholeNumber(1, 100_000) },
  maxPets: { key: 'maxPets', flag: '--max-pets', env: 'PETSTORE_MAX_PETS', ...wholeNumber(1, 10_000_000) },
  journalSize: { key: 'journalSize', flag: '--journal-size', env: 'PETSTORE_JOURNAL_SIZE', ...wholeNumber(0, 1_000_000) },
  journalBytes: { key: 'journalBytes', flag: '--journal-bytes', env: 'PETSTORE_JOURNAL_BYTES', ...bytes(0, 1024 ** 3) },
  maxStoredBytes: { key: 'maxStoredBytes', flag: '--max-stored-bytes', env: 'PETSTORE_MAX_STORED_BYTES', ...bytes(0, 64 * 1024 ** 3) },
  maxOverrides: { key: 'maxOverrides', flag: '--max-overrides', env: 'PETSTORE_MAX_OVERRIDES', ...wholeNumber(0, 1_000_000) },
  maxOverrideBytes: { key: 'maxOverrideBytes', flag: '--max-override-bytes', env: 'PETSTORE_MAX_OVERRIDE_BYTES', ...bytes(0, 1024 ** 3) },
  adminToken: {
    key: 'adminToken',
    flag: '--admin-token',
    env: 'PETSTORE_ADMIN_TOKEN',
    fromText: text => text,
    check: value => (isToken(value) ? undefined : `must be ${TOKEN} (leave the option out for open admin endpoints)`),
  },
  adminOrigins: { key: 'adminOrigins', flag: '--admin-origin', env: 'PETSTORE_ADMIN_ORIGINS', ...list(isOrigin, 'an origin such as http://localhost:6006 (a scheme, a host and a port, no path)') },
  adminHosts: { key: 'adminHosts', flag: '--admin-host', env: 'PETSTORE_ADMIN_HOSTS', ...list(isHostName, 'a host name such as petstore or petstore:4010, or * for any') },
  data: {
    key: 'data',
    flag: '--data',
    env: 'PETSTORE_DATA',
    fromText: text => text,
    check: value => (typeof value === 'string' && value.trim() !== '' ? undefined : 'must be the path of a JSON file of pets ({"pets": [...]} or an array)'),
  },
  now: {
    key: 'now',
    flag: '--now',
    env: 'PETSTORE_NOW',
    fromText: text => text,
    check: value => (toInstant(value) ? undefined : INSTANT_RULE),
  },
  maxConnections: { key: 'maxConnections', flag: '--max-connections', env: 'PETSTORE_MAX_CONNECTIONS', ...wholeNumber(1, 1_000_000) },
  maxInflightBytes: { key: 'maxInflightBytes', flag: '--max-inflight-bytes', env: 'PETSTORE_MAX_INFLIGHT_BYTES', ...bytes(64 * 1024, 64 * 1024 ** 3) },
  requestTimeout: { key: 'requestTimeout', flag: '--request-timeout', env: 'PETSTORE_REQUEST_TIMEOUT', ...wholeNumber(100, 3_600_000) },
  maxDocumentBytes: { key: 'maxDocumentBytes', flag: '--max-document-bytes', env: 'PETSTORE_MAX_DOCUMENT_BYTES', ...bytes(1024, 1024 ** 3) },
  maxDocumentDepth: { key: 'maxDocumentDepth', flag: '--max-document-depth', env: 'PETSTORE_MAX_DOCUMENT_DEPTH', ...wholeNumber(8, 10_000) },
  maxReferences: { key: 'maxReferences', flag: '--max-references', env: 'PETSTORE_MAX_REFERENCES', ...wholeNumber(0, 10_000_000) },
  maxEnumValues: { key: 'maxEnumValues', flag: '--max-enum-values', env: 'PETSTORE_MAX_ENUM_VALUES', ...wholeNumber(1, 10_000_000) },
  maxProperties: { key: 'maxProperties', flag: '--max-properties', env: 'PETSTORE_MAX_PROPERTIES', ...wholeNumber(1, 10_000_000) },
  maxAlternatives: { key: 'maxAlternatives', flag: '--max-alternatives', env: 'PETSTORE_MAX_ALTERNATIVES', ...wholeNumber(1, 100_000) },
  maxExampleBytes: { key: 'maxExampleBytes', flag: '--max-example-bytes', env: 'PETSTORE_MAX_EXAMPLE_BYTES', ...bytes(1024, 1024 ** 3) },
  bodyLimit: { key: 'bodyLimit', flag: '', env: '', ...wholeNumber(1, 1024 * 1024 * 1024) },
  rememberedVerdicts: { key: 'rememberedVerdicts', flag: '', env: '', ...wholeNumber(0, 1_000_000) },
} as const satisfies Record<string, OptionRule>;

export type OptionKey = keyof typeof OPTION_RULES;
