import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { oneCollectionDocument } from '../support/one-collection-document.js';
import { startCli } from '../support/run-cli.js';

// Issue 31: no request holds other clients long. Prism's mocker (Faker, json-schema-faker: ~350 ms
// of loading on the event loop on the 2-core machine) was loaded by the first request of any kind
// once the document had one operation the store does not keep; now by the first request that needs
// it, and only then. Through the built CLI, which says each script it loads with NODE_DEBUG.

const folder = mkdtempSync(join(tmpdir(), 'petstore-first-use-'));

/** Notes kept by the store, and `GET /status`, which only the document answers. */
function notesAndStatus(): object {
  const notes = oneCollectionDocument({ title: 'Notes', collection: 'notes', record: 'Note', itemPath: true, schema: { type: 'object', required: ['text'], properties: { id: { type: 'integer', readOnly: true }, text: { type: 'string', maxLength: 20 } } } });
  const status = { get: { operationId: 'getStatus', responses: { '200': { description: 'Up.', content: { 'application/json': { schema: { type: 'object', required: ['up'], properties: { up: { type: 'boolean' } } } } } } } } };
  return { ...notes, paths: { ...notes.paths, '/status': status } };
}

describe("Prism's mocker, through the built CLI", () => {
  it('is loaded by the first request the document answers, never by requests the store answers', async () => {
    const path = join(folder, 'notes-and-status.json');
    writeFileSync(path, JSON.stringify(notesAndStatus()));
    const cli = startCli(['--port', '0', '--document', path], { NODE_DEBUG: 'petstore-mock' });
    try {
      const origin = /ready on (\S+)/.exec(await cli.waitForLine(/ready on/))?.[1] ?? '';
      const mockerLoaded = (): boolean => cli.errors().includes('mocker-bundle');
      const created = await fetch(`${origin}/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'Milk' }) });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      expect((await fetch(`${origin}/notes/${id}`)).status).toBe(200);
      expect((await fetch(`${origin}/notes`)).status).toBe(200);
      expect((await fetch(`${origin}/notes/999999`)).status).toBe(404);
      expect(mockerLoaded()).toBe(false);
      const status = await fetch(`${origin}/status`);
      expect(status.status).toBe(200);
      expect(typeof ((await status.json()) as { up: unknown }).up).toBe('boolean');
      expect(mockerLoaded()).toBe(true);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });
});
