import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { withLock } from './build-cache.js';
import { noteSkip } from './skip-reasons.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));

/** The Docker client: DOCKER, else /usr/bin/docker (the one the engine came with), else PATH's. */
export const DOCKER = process.env['DOCKER'] ?? (existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker');
export const TEST_IMAGE = 'petstore-mock:test';
/** The base image the Dockerfile builds on: PETSTORE_NODE_IMAGE, else the Dockerfile's default. */
export const BASE_IMAGE = process.env['PETSTORE_NODE_IMAGE'] ?? 'node:24-bookworm-slim';
/** Containers run with host networking when PETSTORE_CONTAINER_NETWORK=host, or when the engine has no bridge network (see `prepareDocker`). */
export let NETWORK_MODE = process.env['PETSTORE_CONTAINER_NETWORK'];

export function docker(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(DOCKER, args, { maxBuffer: 64 * 1024 * 1024 });
}

const firstLine = (error: unknown): string => (error as Error).message.split('\n')[0] ?? '';

/**
 * Why the container tests cannot run here, or undefined when they can: a Docker engine must
 * answer, and the base image must be here or pullable. An engine without a bridge network (as on
 * the CI machines) gets host networking, with the two Testcontainers variables it then needs.
 */
export async function prepareDocker(): Promise<string | undefined> {
  try {
    await docker('info', '--format', '{{.ServerVersion}}');
  } catch (error) {
    return `no Docker engine answers ${DOCKER} info (${firstLine(error)})`;
  }
  if (NETWORK_MODE === undefined && !(await docker('network', 'inspect', 'bridge').then(() => true, () => false))) NETWORK_MODE = 'host';
  if (NETWORK_MODE === 'host') process.env['TESTCONTAINERS_HOST_OVERRIDE'] ??= '127.0.0.1';
  // The suite removes its own containers; Ryuk's image would have to be pulled.
  process.env['TESTCONTAINERS_RYUK_DISABLED'] ??= 'true';
  const present = await docker('image', 'inspect', BASE_IMAGE).then(() => true, () => false);
  if (present) return undefined;
  try {
    await run(DOCKER, ['pull', BASE_IMAGE], { timeout: 120_000 });
    return undefined;
  } catch (error) {
    return `the base image ${BASE_IMAGE} is not here and cannot be pulled (${firstLine(error)}); build a local one with .ci/build-node-base.sh and name it in PETSTORE_NODE_IMAGE`;
  }
}

/**
 * `prepareDocker` for a test file: the reason its suite `what` skips (noted for the run's summary), or
 * undefined when Docker is ready; with PETSTORE_REQUIRE_DOCKER=1 (CI) a missing engine or image fails.
 */
export async function dockerUnavailable(what: string): Promise<string | undefined> {
  const unavailable = await prepareDocker();
  if (unavailable && process.env['PETSTORE_REQUIRE_DOCKER'] === '1') {
    throw new Error(`PETSTORE_REQUIRE_DOCKER=1 but ${unavailable}.`);
  }
  if (unavailable) noteSkip(what, `${unavailable}; set PETSTORE_REQUIRE_DOCKER=1 to fail instead`);
  return unavailable;
}

/**
 * Builds the image from this repository, on the base PETSTORE_NODE_IMAGE names if set. One build at a
 * time: the suites that start it build it each, the second from the first's cached layers.
 */
export async function buildTestImage(): Promise<void> {
  await withLock('docker-test-image', () => docker('build', '--network', 'host', '--build-arg', `NODE_IMAGE=${BASE_IMAGE}`, '-t', TEST_IMAGE, repo));
}
