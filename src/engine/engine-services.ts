// What every stage of the engine works with besides the document: the state, made once, the
// settings, read once from the options, and where failures are told. One object, made by
// createEngine and handed down as it is; each stage reads the part it needs.
import { DEFAULT_SEED } from '../fixtures/index.js';
import { newSessionId } from '../sessions/index.js';
import { ANY_HOST, createAdminHostCheck, hostOfOrigin, type AdminHostCheck, type MockSettings } from './admin/index.js';
import { checkFaultRate, createClock, toDelayRange, toInstant, type Clock, type DelayRange } from './controls/index.js';
import type { EngineOptions } from './engine-options.js';
import type { SharedState } from './shared-state.js';
import type { MockResponse } from './types.js';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Prism's verdicts remembered by default: a suite's lists, and reads of the records it made, under MAX_REMEMBERED_KEY_CHARACTERS. */
export const DEFAULT_REMEMBERED_VERDICTS = 4096;

/** The options as the stages read them, resolved once: defaults applied, lists made sets, the clock made. */
export interface EngineSettings {
  readonly seed: number;
  /** Accepted API keys; empty: any credential of the kind the operation asks for. */
  readonly apiKeys: ReadonlySet<string>;
  readonly bodyLimit: number;
  readonly faultRate: number;
  /** `--delay`, drawn per request from the session's stream. */
  readonly latency: DelayRange | undefined;
  readonly clock: Clock;
  readonly cors: boolean;
  /** Origins (lower case) whose pages may call the admin endpoints. */
  readonly adminOrigins: ReadonlySet<string>;
  /** Whether a `Host` is one the mock is known by (DNS rebinding); undefined where no Host is worth checking (MSW). */
  readonly isAdminHost: AdminHostCheck | undefined;
  /** When set, every admin endpoint but health wants `Authorization: Bearer <adminToken>`. */
  readonly adminToken: string | undefined;
  /** The dashboard's script: with it, `/__admin/` serves the page. */
  readonly dashboardScript: string | undefined;
  readonly validateResponses: boolean;
  readonly rememberedVerdicts: number;
}

/** What `GET /__admin/settings` shows of the options and the state at start: counts and flags, never a key or the token. */
export type ShownSettings = Omit<MockSettings, 'document' | 'operations' | 'limits'>;

/** Where the engine tells what went wrong, and the 500 it answers for a failure it did not expect. */
export interface EngineReport {
  onWarning(message: string): void;
  onError(message: string, error?: unknown): void;
  failure(message: string, error: unknown): MockResponse;
}

export interface EngineServices {
  readonly state: SharedState;
  readonly settings: EngineSettings;
  readonly shown: ShownSettings;
  readonly report: EngineReport;
}

/** The settings, from options `checkOptions` accepted. */
export function readEngineSettings(options: EngineOptions): EngineSettings {
  return {
    seed: options.seed ?? DEFAULT_SEED,
    apiKeys: new Set(options.apiKeys ?? []),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    faultRate: checkFaultRate(options.faultRate ?? 0),
    latency: options.delay === undefined ? undefined : toDelayRange(options.delay),
    clock: createClock(options.now),
    cors: options.cors ?? true,
    // Compared without regard to case, as origins are.
    adminOrigins: new Set((options.adminOrigins ?? []).map(origin => origin.toLowerCase())),
    // A trusted origin's pages reach the mock by its host (`http://*` names no host: only --admin-host * means any).
    isAdminHost:
      options.adminHosts === undefined
        ? undefined
        : createAdminHostCheck([...options.adminHosts, ...(options.adminOrigins ?? []).map(hostOfOrigin).filter(host => host !== ANY_HOST)]),
    adminToken: options.adminToken,
    dashboardScript: options.dashboardScript,
    validateResponses: options.validateResponses ?? false,
    rememberedVerdicts: options.rememberedVerdicts ?? DEFAULT_REMEMBERED_VERDICTS,
  };
}

/** What the settings page shows, read once the first document's records are in the stores. */
export function showSettings(options: EngineOptions, settings: EngineSettings, state: SharedState): ShownSettings {
  const now = options.now === undefined ? undefined : toInstant(options.now);
  return {
    seed: settings.seed,
    startingPets: state.sessions.default.store.size,
    startingFrom: options.initialPets === undefined ? 'seed' : 'data',
    apiKeys: options.apiKeys?.length ?? 0,
    adminToken: options.adminToken !== undefined,
    delay: settings.latency ?? null,
    faultRate: settings.faultRate,
    now: now ? now.toISOString() : null,
    maxSessions: state.sessions.maxSessions,
    maxPets: state.sessions.maxPets,
    journalSize: state.journal.capacity,
    instance: newSessionId(),
  };
}
