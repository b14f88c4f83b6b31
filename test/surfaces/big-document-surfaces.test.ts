import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { midSizedDocument } from '../support/big-document-checks.js';

const run = promisify(execFile);
let directory: string;
let documentPath: string;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'big-surfaces-'));
  documentPath = join(directory, 'mid-sized.json');
  writeFileSync(documentPath, JSON.stringify(midSizedDocument()));
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('a generated document of Stripe’s shape in MSW in Node', () => {
  // The built petstore-mock/msw, as a test file imports it (the bench's probe: a create, a read and 20 more creates, each refused on a status of 300 or more).
  it('is served from documentPath by the built handlers: creates and reads answer, nothing reported', async () => {
    const { stdout } = await run(process.execPath, ['bench/big-document-msw-probe.mjs', documentPath, '/v1/resource_3s', JSON.stringify({ description: 'a big one' })], { timeout: 60_000 });
    const figures = JSON.parse(stdout.trim()) as { firstCreateMs: number; firstReadMs: number; errors: number };
    expect(figures.errors).toBe(0);
    expect(figures.firstCreateMs).toBeGreaterThan(0);
    expect(figures.firstReadMs).toBeGreaterThan(0);
  }, 90_000);
});
