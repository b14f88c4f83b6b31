import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startCli } from './support/run-cli.js';

const SWAGGER_V3 = fileURLToPath(new URL('documents/corpus/swagger-petstore-v3.yaml', import.meta.url));
const EXPANDED = fileURLToPath(new URL('documents/corpus/petstore-expanded.yaml', import.meta.url));

describe('the CLI with a document nobody here wrote', () => {
  it('starts, says what it keeps state for and what it answers from the document, and keeps it', async () => {
    const cli = startCli(['--port', '0', '--document', SWAGGER_V3]);
    try {
      const ready = await cli.waitForLine(/ready on/);
      expect(ready).toContain('seed 1, 20 pet records, any bearer token or any API key in api_key');
      const kept = await cli.waitForLine(/^state kept for/);
      expect(kept).toBe('state kept for 3 collection(s): pet (/pet, /pet/{petId}), order (/store/order, /store/order/{orderId}), user (/user, /user/createWithList, /user/{username})');
      const fromDocument = await cli.waitForLine(/^answered from the document/);
      expect(fromDocument).toContain('getInventory');
      expect(fromDocument).toContain('createUsersWithListInput');
      const url = /ready on (\S+)/.exec(ready)?.[1] ?? '';
      const headers = { api_key: 'k', 'content-type': 'application/json' };
      const created = await fetch(`${url}/user`, { method: 'POST', headers, body: JSON.stringify({ username: 'ana', firstName: 'Ana' }) });
      expect(created.status).toBe(200);
      expect(await (await fetch(`${url}/user/ana`, { headers })).json()).toMatchObject({ username: 'ana', firstName: 'Ana' });
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('says a document without security needs no credentials', async () => {
    const cli = startCli(['--port', '0', '--document', EXPANDED]);
    try {
      const ready = await cli.waitForLine(/ready on/);
      expect(ready).toContain('20 pets, no credentials (the document declares no security)');
      const url = /ready on (\S+)/.exec(ready)?.[1] ?? '';
      expect((await fetch(`${url}/pets`)).status).toBe(200);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });
});
