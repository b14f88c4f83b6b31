import type { EngineOptions } from '../../src/index.js';
import { PetstoreMockContainer, type StartedPetstoreMockContainer } from '../../src/testcontainers/index.js';
import type { CreateSurface, Surface } from '../contract/surface.js';
import { docker, NETWORK_MODE, TEST_IMAGE } from './docker.js';

/** The label every container of this test process carries, so that a suite removes its own leftovers and no other run's. */
export const RUN_LABEL = 'petstore-mock.test-run';
const RUN_ID = `${process.pid}-${Date.now()}`;

/** Engine options the container takes as environment variables. */
function environmentOf(options: EngineOptions): Record<string, string> {
  const environment: Record<string, string> = { PETSTORE_LOG_LEVEL: 'error' };
  if (options.cors === false) environment['PETSTORE_CORS'] = 'false';
  if (options.validateResponses) environment['PETSTORE_VALIDATE_RESPONSES'] = 'true';
  if (options.defaultStatus === null) environment['PETSTORE_DEFAULT_STATUS'] = 'none';
  else if (options.defaultStatus) environment['PETSTORE_DEFAULT_STATUS'] = options.defaultStatus;
  if (options.maxSessions !== undefined) environment['PETSTORE_MAX_SESSIONS'] = String(options.maxSessions);
  if (options.maxPets !== undefined) environment['PETSTORE_MAX_PETS'] = String(options.maxPets);
  if (options.journalSize !== undefined) environment['PETSTORE_JOURNAL_SIZE'] = String(options.journalSize);
  if (options.journalBytes !== undefined) environment['PETSTORE_JOURNAL_BYTES'] = String(options.journalBytes);
  if (options.maxStoredBytes !== undefined) environment['PETSTORE_MAX_STORED_BYTES'] = String(options.maxStoredBytes);
  if (options.maxOverrides !== undefined) environment['PETSTORE_MAX_OVERRIDES'] = String(options.maxOverrides);
  if (options.maxOverrideBytes !== undefined) environment['PETSTORE_MAX_OVERRIDE_BYTES'] = String(options.maxOverrideBytes);
  return environment;
}

export function configuredContainer(options: EngineOptions = {}): PetstoreMockContainer {
  const container = new PetstoreMockContainer(TEST_IMAGE).withEnvironment(environmentOf(options)).withLabels({ [RUN_LABEL]: RUN_ID });
  if (options.seed !== undefined) container.withSeed(options.seed);
  if (options.pets !== undefined) container.withPets(options.pets);
  if (options.apiKeys) container.withApiKeys(options.apiKeys);
  if (options.delay !== undefined) container.withDelay(typeof options.delay === 'number' ? options.delay : `${options.delay.min}-${options.delay.max}`);
  if (options.faultRate !== undefined) container.withFaultRate(options.faultRate);
  if (options.now !== undefined) container.withNow(typeof options.now === 'number' ? new Date(options.now) : options.now);
  if (options.adminToken !== undefined) container.withAdminToken(options.adminToken);
  if (options.adminOrigins !== undefined) container.withAdminOrigins(options.adminOrigins);
  if (options.initialPets !== undefined) container.withData(options.initialPets);
  if (options.documentPath !== undefined) container.withDocument(options.documentPath);
  if (NETWORK_MODE) container.withNetworkMode(NETWORK_MODE);
  return container;
}

/** The image, started through the Testcontainers module; what it logs as an error is reported. */
export async function createContainerSurface(options: EngineOptions): Promise<Surface> {
  const started = await startContainer(options);
  return started.surface([], () => started.container.stop().then(() => undefined));
}

interface StartedContainer {
  readonly container: StartedPetstoreMockContainer;
  /** A surface over the container that reports into `reportedErrors` and runs `close` when closed. */
  surface(reportedErrors: string[], close: () => Promise<void>): Surface;
}

/**
 * The image's HEALTHCHECK (`node dist/healthcheck.js`) every minute instead of every second: a
 * container waiting for reuse spent 90 ms of CPU a second on it, taken from the tests beside it.
 * Whether the HEALTHCHECK works is container-image.test.ts's.
 */
const RARE_HEALTHCHECK = { test: ['CMD', 'node', 'dist/healthcheck.js'], interval: 60_000, timeout: 2_000, retries: 3, startPeriod: 10_000 } as const;

/** A contract suite's container: ready once its health endpoint answers (see `HealthEndpointWaitStrategy`). */
async function startContainer(options: EngineOptions): Promise<StartedContainer> {
  if (options.store) throw new Error('The container takes no store.');
  // The surface the container reports to now: a reused container reports to its new suite.
  let reportTo: string[] = [];
  const container = await configuredContainer(options)
    .withHealthCheck({ ...RARE_HEALTHCHECK, test: [...RARE_HEALTHCHECK.test] })
    .withLogConsumer(stream => stream.on('data', (line: Buffer | string) => {
      const text = line.toString();
      if (text.includes('[petstore-mock]')) reportTo.push(text.trim());
    }))
    .start();
  return {
    container,
    surface: (reportedErrors, close) => {
      reportTo = reportedErrors;
      return {
        name: 'the container',
        origin: container.getOrigin(),
        reportedErrors,
        request: (method, path, init = {}) =>
          fetch(`${container.getOrigin()}${path}`, { method, ...(init.headers && { headers: init.headers }), ...(init.body !== undefined && { body: init.body }) }),
        reset: session => container.reset(session),
        requests: session => container.requests(session),
        controls: session => (session === undefined ? container : container.openSession(session)),
        close,
      };
    },
  };
}

/** How many closed containers are kept for reuse (each holds some 80 MB while it waits). */
const KEPT_IDLE = 3;

/**
 * Container surfaces for suites that each start one (the contract suites): a suite's container, when
 * it closes, is kept for the next suite started with the same options and reset for it (`POST
 * /__admin/reset`: starting pets, no sessions, overrides or journal), as each test of one suite gets
 * it after a reset. A container start is most of a small suite's time. The last three closed are
 * kept; the others stop in the background; `stopAll` stops them all.
 */
export function reusedContainerSurfaces(): { createSurface: CreateSurface; stopAll(): Promise<void> } {
  const idle: { key: string; started: StartedContainer }[] = [];
  // Containers pushed out of `idle` stop while the next suite runs; `stopAll` waits for them.
  const stopping = new Set<Promise<unknown>>();
  const stop = (started: StartedContainer): Promise<void> => {
    const stopped = started.container.stop().then(() => undefined);
    stopping.add(stopped);
    void stopped.then(() => stopping.delete(stopped), () => stopping.delete(stopped));
    return stopped;
  };
  return {
    async createSurface(options) {
      const key = JSON.stringify(options);
      const index = idle.findIndex(entry => entry.key === key);
      const started = index >= 0 ? idle.splice(index, 1)[0]?.started : undefined;
      if (started) await started.container.reset();
      const kept = started ?? (await startContainer(options));
      return kept.surface([], () => {
        idle.push({ key, started: kept });
        for (const entry of idle.splice(0, Math.max(0, idle.length - KEPT_IDLE))) void stop(entry.started);
        return Promise.resolve();
      });
    },
    async stopAll() {
      // A stop that failed fails here: its container is then removed by `removeLeftoverContainers`.
      await Promise.all([...idle.splice(0).map(entry => stop(entry.started)), ...stopping]);
    },
  };
}

/** Removes this process's containers that are left (without Ryuk, a container whose start failed is never stopped). */
export async function removeLeftoverContainers(): Promise<void> {
  const { stdout } = await docker('ps', '-aq', '--filter', `label=${RUN_LABEL}=${RUN_ID}`);
  const leftovers = stdout.split('\n').filter(Boolean);
  if (leftovers.length > 0) await docker('rm', '-f', ...leftovers);
}
