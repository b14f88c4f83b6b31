import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_CHARACTERS } from '../../src/cli/bounded-lines.js';
import { startCli, type RunningCli } from '../support/run-cli.js';

const DOCUMENT = readFileSync(fileURLToPath(new URL('../../openapi/petstore.yaml', import.meta.url)), 'utf8');
/** A cut line: the first MAX_LINE_CHARACTERS characters, then ` … [cut: N more characters]`. */
const LONGEST_LINE = MAX_LINE_CHARACTERS + ' … [cut: 9999999 more characters]'.length;

async function waitUntil(done: () => boolean, what: string, cli: RunningCli): Promise<void> {
  for (let waited = 0; waited < 15_000; waited += 10) {
    if (done()) return;
    await new Promise(resolve => setTimeout(resolve, 10));
  }
  throw new Error(`Timed out waiting for ${what}. Standard error ends:\n${cli.errors().slice(-1_000)}`);
}

describe('the lines the mock logs', () => {
  it('cut a request line whose URL is longer than a line may be, saying so', async () => {
    const cli = startCli(['--port', '0']);
    try {
      const line = await cli.waitForLine(/ready on /);
      const url = /ready on (\S+)/.exec(line)?.[1] ?? '';
      const name = 'n'.repeat(10_000);
      await (await fetch(`${url}/pets?name=${name}`, { headers: { authorization: 'Bearer long' } })).arrayBuffer();
      const logged = await cli.waitForLine(/^GET \/v1\/pets\?name=n/);
      expect(logged.length).toBeLessThanOrEqual(LONGEST_LINE);
      expect(logged).toMatch(/^GET \/v1\/pets\?name=n+ … \[cut: \d+ more characters\]$/);
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it('cut each refused pet’s line when a reloaded document’s status enum has 20,000 values, and name 20 pets at most', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-long-lines-'));
    const path = join(folder, 'petstore.yaml');
    writeFileSync(path, DOCUMENT);
    const cli = startCli(['--port', '0', '--document', path, '--watch', '--pets', '30']);
    try {
      await cli.waitForLine(/ready on /);
      const statuses = Array.from({ length: 20_000 }, (_, index) => `status-${index}`);
      const enumLine = '      enum: [available, pending, sold]';
      if (!DOCUMENT.includes(enumLine)) throw new Error('The package document no longer declares its statuses on one line.');
      writeFileSync(path, DOCUMENT.replace(enumLine, `      enum: [${statuses.join(', ')}]`));
      // The 30 seeded pets are available, pending or sold: the new Pet refuses every one.
      await waitUntil(() => cli.errors().includes('10 more pets were removed'), 'the line counting the refused pets not named', cli);
      const lines = cli.errors().split('\n').filter(line => line.includes('was removed'));
      expect(lines).toHaveLength(20);
      expect(cli.errors()).toContain("[petstore-mock] 10 more pets were removed, refused by the new document's Pet too; GET /__admin/state shows the pets kept.\n");
      for (const line of lines) {
        expect(line.length).toBeLessThanOrEqual(LONGEST_LINE);
        expect(line).toMatch(/must be equal to one of the allowed values: status-0, status-1, .* … \[cut: \d+ more characters\]$/);
      }
    } finally {
      cli.child.kill('SIGKILL');
      rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);
});
