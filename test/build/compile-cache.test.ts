import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { noteSkip } from '../support/skip-reasons.js';

const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const flushes = typeof (module as { flushCompileCache?: unknown }).flushCompileCache === 'function';
if (!flushes) noteSkip('the compile cache test', `Node ${process.versions.node} has no module.flushCompileCache (Node >= 22.10)`);

/** Every file under `folder`, recursively. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true }).filter(entry => entry.isFile()).map(entry => join(entry.parentPath, entry.name));
}

describe.skipIf(!flushes)(`the CLI's compile cache (Node ${process.versions.node})`, () => {
  const cacheFolder = mkdtempSync(join(tmpdir(), 'petstore-compile-cache-'));
  afterAll(() => rmSync(cacheFolder, { recursive: true, force: true }));

  it('is written while the mock runs, so that a mock killed with SIGKILL still speeds up the next start', async () => {
    const child = spawn(process.execPath, [cli, '--port', '0', '--log-level', 'info'], { env: { ...process.env, NODE_COMPILE_CACHE: cacheFolder }, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => (chunk.toString().includes('ready on') ? resolve() : undefined));
      child.once('exit', code => reject(new Error(`The CLI exited (${String(code)}) before it was ready.`)));
    });
    await new Promise(resolve => setTimeout(resolve, 2_000));
    await new Promise(resolve => {
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
    expect(filesUnder(cacheFolder).length).toBeGreaterThan(0);
  }, 30_000);
});
