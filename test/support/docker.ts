import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));

/** The Docker client: DOCKER, else /usr/bin/docker (the one the engine came with), else PATH's. */
export const DOCKER = process.env['DOCKER'] ?? (existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker');
export const TEST_IMAGE = 'petstore-mock:test';
/** CI sets it: with no bridge network, containers run with host networking. */
export const NETWORK_MODE = process.env['PETSTORE_CONTAINER_NETWORK'];

export function docker(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(DOCKER, args, { maxBuffer: 64 * 1024 * 1024 });
}

/** Why the container tests cannot run here, or undefined when a Docker engine answers. */
export async function dockerUnavailableReason(): Promise<string | undefined> {
  try {
    await docker('info', '--format', '{{.ServerVersion}}');
    return undefined;
  } catch (error) {
    return `no Docker engine answers ${DOCKER} info (${(error as Error).message.split('\n')[0] ?? ''})`;
  }
}

/** Builds the image from this repository, on the base PETSTORE_NODE_IMAGE names if set. */
export async function buildTestImage(): Promise<void> {
  const baseImage = process.env['PETSTORE_NODE_IMAGE'];
  await docker('build', '--network', 'host', ...(baseImage ? ['--build-arg', `NODE_IMAGE=${baseImage}`] : []), '-t', TEST_IMAGE, repo);
}
