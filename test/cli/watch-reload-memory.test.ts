import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startCli, type RunningCli } from '../support/run-cli.js';

const PROBE = pathToFileURL(fileURLToPath(new URL('../support/heap-after-gc-probe.mjs', import.meta.url))).href;
const DOCUMENT = readFileSync(fileURLToPath(new URL('../../openapi/petstore.yaml', import.meta.url)), 'utf8');
const MIB = 1024 * 1024;

/** The package's document under another version: each one a new document to the mock (another SHA-256, compiled afresh). */
function version(reload: number): string {
  const line = /^ {2}version: 1\.0\.0$/m;
  if (!line.test(DOCUMENT)) throw new Error('The package document no longer has "version: 1.0.0" to edit.');
  return DOCUMENT.replace(line, `  version: 1.0.${reload}`);
}

async function waitForError(cli: RunningCli, pattern: RegExp, from: number): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 10) {
    const match = pattern.exec(cli.errors().slice(from));
    if (match) return match[0];
    if (cli.child.exitCode !== null) break;
    await new Promise(resolve => setTimeout(resolve, 10));
  }
  throw new Error(`No ${String(pattern)} on standard error. It holds:\n${cli.errors().slice(-2_000)}`);
}

/** Bytes of the mock's heap in use after a full collection, as the probe reports them. */
async function heapAfterGc(cli: RunningCli): Promise<number> {
  const from = cli.errors().length;
  cli.child.kill('SIGUSR2');
  return Number(/\d+/.exec(await waitForError(cli, /heap after gc: \d+/, from))?.[0]);
}

describe('a mock following its document with --watch', () => {
  it('keeps its heap flat over 320 reloads: each reload releases what the old document compiled', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-reloads-'));
    const path = join(folder, 'petstore.yaml');
    writeFileSync(path, version(0));
    const cli = startCli(['--port', '0', '--document', path, '--watch'], { NODE_OPTIONS: `--expose-gc --import=${PROBE}` });
    try {
      await cli.waitForLine(/ready on /);
      const reload = async (to: number): Promise<void> => {
        const from = cli.errors().length;
        // Saved as editors save (a whole new file renamed over the old): a reader never sees it half-written.
        writeFileSync(`${path}.next`, version(to));
        renameSync(`${path}.next`, path);
        await waitForError(cli, new RegExp(`reloaded: now Animal Store API 1\\.0\\.${to}\\b`), from);
      };
      // Warm: the first reloads load the document compiler and fill what every reload reuses.
      for (let next = 1; next <= 20; next++) await reload(next);
      const warm = await heapAfterGc(cli);
      for (let next = 21; next <= 320; next++) await reload(next);
      const after = await heapAfterGc(cli);
      // Each reload kept its document's compiled validators before (~34 KiB each: 300 reloads, ~10 MiB); now
      // the heap stays within ~0.5 MiB of where it was.
      expect(warm).toBeGreaterThan(0);
      expect(after - warm).toBeLessThan(3 * MIB);
      expect(cli.errors()).not.toMatch(/cannot be used|cannot answer by it/);
    } finally {
      cli.child.kill('SIGKILL');
      rmSync(folder, { recursive: true, force: true });
    }
  }, 240_000);
});
