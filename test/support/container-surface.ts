import type { EngineOptions } from '../../src/index.js';
import { PetstoreMockContainer } from '../../src/testcontainers/index.js';
import type { Surface } from '../contract/surface.js';
import { NETWORK_MODE, TEST_IMAGE } from './docker.js';

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
  const container = new PetstoreMockContainer(TEST_IMAGE).withEnvironment(environmentOf(options));
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
  if (options.store) throw new Error('The container takes no store.');
  const reportedErrors: string[] = [];
  const container = await configuredContainer(options)
    .withLogConsumer(stream => stream.on('data', (line: Buffer | string) => {
      const text = line.toString();
      if (text.includes('[petstore-mock]')) reportedErrors.push(text.trim());
    }))
    .start();
  return {
    name: 'the container',
    origin: container.getOrigin(),
    reportedErrors,
    request: (method, path, init = {}) =>
      fetch(`${container.getOrigin()}${path}`, { method, ...(init.headers && { headers: init.headers }), ...(init.body !== undefined && { body: init.body }) }),
    reset: session => container.reset(session),
    requests: session => container.requests(session),
    controls: session => (session === undefined ? container : container.openSession(session)),
    close: async () => {
      await container.stop();
    },
  };
}
