import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { oneCollectionDocument } from '../support/one-collection-document.js';
import { startCli } from '../support/run-cli.js';

// The independent check of issue 31 (test/documents/hostile-independent/FINDINGS.md), through the built
// CLI: validation is Prism's as the build edits it (scripts/prism-*.mjs); tests from src use stock Prism.

const folder = mkdtempSync(join(tmpdir(), 'petstore-hostile-cli-'));

/** Writes `document`, starts the CLI on it with `flags`, and hands `check` its URL; the CLI is stopped after. */
async function withCliOn(name: string, document: object, check: (url: string) => Promise<void>, flags: string[] = []): Promise<void> {
  const path = join(folder, `${name}.json`);
  writeFileSync(path, JSON.stringify(document));
  const cli = startCli(['--port', '0', '--document', path, ...flags]);
  try {
    await check(/ready on (\S+)/.exec(await cli.waitForLine(/ready on/))?.[1] ?? '');
  } finally {
    cli.child.kill('SIGTERM');
    await cli.exited;
  }
}

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('hostile shapes of the independent check, through the built CLI', () => {
  it('checks uniqueItems on an array of 20,000 objects in one pass, with Ajv’s verdict and message', async () => {
    // Ajv compared every pair: 5,000 objects took 2.5 s of one request, 20,000 more than 30 s, every client waiting.
    const document = oneCollectionDocument({
      title: 'Tags',
      collection: 'tags',
      record: 'Tagged',
      schema: { type: 'object', required: ['tags'], properties: { id: { type: 'integer', readOnly: true }, tags: { type: 'array', uniqueItems: true, items: { type: 'object' } } } },
    });
    await withCliOn('unique-items', document, async url => {
      const distinct = Array.from({ length: 20_000 }, (_, index) => ({ k: index, v: [index] }));
      const created = await post(`${url}/tags`, { tags: distinct });
      expect(created.status, await created.clone().text()).toBe(201);
      // The first two equal (keys in another order): the pair Ajv's loop reaches last.
      const repeated = await post(`${url}/tags`, { tags: [{ k: -1, v: [1] }, { v: [1], k: -1 }, ...distinct] });
      expect(repeated.status).toBe(400);
      expect(await repeated.json()).toMatchObject({ message: expect.stringContaining('tags must NOT have duplicate items (items ## 0 and 1 are identical)') as unknown });
    });
  });

  it('refuses at start an example past --max-example-bytes, naming the flag and the place, and answers one under it', async () => {
    const document = oneCollectionDocument({ title: 'Notes', collection: 'notes', record: 'Note', schema: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, text: { type: 'string' } } } });
    const listed = (document.paths['/notes'] as { get: { responses: { '200': { content: { 'application/json': Record<string, unknown> } } } } }).get.responses['200'].content['application/json'];
    listed['examples'] = { long: { value: Array.from({ length: 50 }, (_, index) => ({ id: index + 1, text: 't'.repeat(100) })) } };
    const path = join(folder, 'example.json');
    writeFileSync(path, JSON.stringify(document));
    const refused = startCli(['--port', '0', '--document', path, '--max-example-bytes', '4KiB']);
    expect((await refused.exited).code).toBe(2);
    expect(refused.errors()).toContain('has an example of more than 4096 characters of JSON at $.paths["/notes"].get.responses["200"].content["application/json"].examples.long, past the limit of 4096 (--max-example-bytes, maxExampleBytes in code)');
    await withCliOn('example', document, async url => {
      const answer = await fetch(`${url}/notes`, { headers: { prefer: 'example=long' } });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toHaveLength(50);
    });
  });
});
