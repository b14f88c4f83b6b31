import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { freePort, median } from './support.js';

const run = promisify(execFile);
const DOCKER = process.env['DOCKER'] ?? (existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker');
export const IMAGE = 'petstore-mock:bench';
const BASE_IMAGE = process.env['PETSTORE_NODE_IMAGE'] ?? 'node:24-bookworm-slim';

async function docker(...args: string[]): Promise<string> {
  return (await run(DOCKER, args, { maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
}

export interface DockerFigures {
  healthyMs: number;
  /** The Testcontainers module's `start()` to its return (ready: the health endpoint answers), host network; or why it was not measured. */
  moduleReadyMs: number | string;
  ownLayersBytes: number;
  baseImageBytes: number;
  idleMemoryBytes: number;
}

/** The container's figures, or the reason they could not be taken. */
export async function measureDocker(): Promise<DockerFigures | string> {
  try {
    await docker('info', '--format', '{{.ServerVersion}}');
  } catch {
    return `no Docker engine answers ${DOCKER}`;
  }
  try {
    await docker('build', '--network', 'host', '--build-arg', `NODE_IMAGE=${BASE_IMAGE}`, '-t', IMAGE, '.');
  } catch (error) {
    return `the image did not build on ${BASE_IMAGE} (set PETSTORE_NODE_IMAGE to a local base): ${(error as Error).message.split('\n').at(-2) ?? ''}`;
  }
  const samples: number[] = [];
  const memorySamples: number[] = [];
  for (let round = 0; round < 3; round++) {
    const port = await freePort();
    const started = performance.now();
    const id = await docker('run', '-d', '--network', 'host', '-e', `PORT=${port}`, IMAGE);
    try {
      for (;;) {
        if ((await docker('inspect', '--format', '{{.State.Health.Status}}', id)) === 'healthy') break;
        if (performance.now() - started > 30_000) throw new Error('The container did not become healthy in 30 s.');
        await new Promise(resolve => setTimeout(resolve, 20));
      }
      samples.push(performance.now() - started);
      // Read after the start settles, once per round: a single reading moved from 39 to 84 MiB between runs.
      await new Promise(resolve => setTimeout(resolve, 3_000));
      memorySamples.push(parseSize((await docker('stats', '--no-stream', '--format', '{{.MemUsage}}', id)).split('/')[0] ?? ''));
    } finally {
      await docker('rm', '-f', id);
    }
  }
  const moduleReadyMs = await measureModuleStart().catch((error: unknown) => `not measured: ${(error as Error).message.split('\n')[0] ?? ''}`);
  const imageBytes = Number(await docker('image', 'inspect', '--format', '{{.Size}}', IMAGE));
  const baseImageBytes = Number(await docker('image', 'inspect', '--format', '{{.Size}}', BASE_IMAGE));
  return { healthyMs: median(samples), moduleReadyMs, ownLayersBytes: imageBytes - baseImageBytes, baseImageBytes, idleMemoryBytes: median(memorySamples) };
}

/**
 * The module as a client's test starts it (dist/, as published), on the host network as the runs above:
 * median of 3 `start()`s, each returning once the health endpoint answers. Testcontainers then needs
 * the host named and no Ryuk (whose container would need a bridge network), as the container tests set them.
 */
async function measureModuleStart(): Promise<number> {
  process.env['TESTCONTAINERS_HOST_OVERRIDE'] ??= '127.0.0.1';
  process.env['TESTCONTAINERS_RYUK_DISABLED'] ??= 'true';
  const { PetstoreMockContainer } = (await import(new URL('../dist/testcontainers.js', import.meta.url).href)) as typeof import('../src/testcontainers/index.js');
  const samples: number[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    const container = await new PetstoreMockContainer(IMAGE).withNetworkMode('host').start();
    samples.push(performance.now() - started);
    await container.stop();
  }
  return median(samples);
}

function parseSize(text: string): number {
  const match = /([\d.]+)\s*([KMG]i?B|B)/.exec(text.trim());
  if (!match) return NaN;
  const units: Record<string, number> = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, KB: 1e3, MB: 1e6, GB: 1e9 };
  return Number(match[1]) * (units[match[2] ?? 'B'] ?? NaN);
}
