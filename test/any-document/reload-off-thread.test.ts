import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startCli, type RunningCli } from '../support/run-cli.js';

// A reload under --watch is compiled and prepared in a worker thread (src/document/compile-in-worker.ts)
// and sent back as a flattened graph (flat-graph.ts); these run the built CLI, which has the worker.

const PETCLINIC = fileURLToPath(new URL('../documents/corpus/spring-petclinic-rest.yaml', import.meta.url));
const JSON_API = fileURLToPath(new URL('../documents/real-world/jsonapidotnetcore-example.json', import.meta.url));
const HEADERS = { authorization: 'Bearer k', accept: 'application/json' };

const running: RunningCli[] = [];
afterEach(() => {
  for (const cli of running.splice(0)) cli.child.kill('SIGKILL');
});

function versioned(source: Record<string, unknown>, version: string): string {
  return JSON.stringify({ ...source, info: { ...(source['info'] as object), version } });
}

async function started(path: string, watch: boolean): Promise<{ cli: RunningCli; base: string }> {
  const cli = startCli(['--port', '0', '--document', path, ...(watch ? ['--watch'] : [])]);
  running.push(cli);
  const base = /ready on (\S+)/.exec(await cli.waitForLine(/ready on /, 30_000))?.[1] ?? '';
  return { cli, base };
}

async function reloaded(cli: RunningCli, path: string, text: string, version: string): Promise<void> {
  const from = cli.errors().length;
  writeFileSync(`${path}.next`, text);
  renameSync(`${path}.next`, path);
  for (let waited = 0; waited < 60_000; waited += 20) {
    const said = cli.errors().slice(from);
    if (said.includes(`reloaded: now`) && said.includes(version)) return;
    if (/cannot/.test(said)) throw new Error(said);
    await new Promise(resolve => setTimeout(resolve, 20));
  }
  throw new Error(`No reload to ${version}; standard error:\n${cli.errors().slice(from)}`);
}

/** Every list the document declares (a GET at a path without a template), as status and body. */
async function answers(base: string, source: Record<string, unknown>): Promise<string[]> {
  const paths = Object.entries(source['paths'] as Record<string, Record<string, unknown>>).filter(([path, item]) => !path.includes('{') && item['get'] !== undefined);
  const read: string[] = [];
  for (const [path] of paths) {
    const response = await fetch(`${base}${path}`, { headers: HEADERS });
    read.push(`${path} ${response.status} ${await response.text()}`);
  }
  return read;
}

describe('a document reloaded under --watch, prepared in a worker thread', () => {
  it.each([
    ['nested collections (Spring PetClinic)', PETCLINIC],
    ['discriminated resources and relationships (JsonApiDotNetCore)', JSON_API],
  ])('answers as the same document read at start: %s', async (_name, file) => {
    const source = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const folder = mkdtempSync(join(tmpdir(), 'petstore-reload-worker-'));
    const watched = join(folder, 'watched.json');
    const fresh = join(folder, 'fresh.json');
    writeFileSync(watched, versioned(source, 'before'));
    writeFileSync(fresh, versioned(source, 'after'));

    const reloading = await started(watched, true);
    await reloaded(reloading.cli, watched, versioned(source, 'after'), 'after');
    const atStart = await started(fresh, false);

    const expected = await answers(atStart.base, source);
    expect(expected.length).toBeGreaterThan(3);
    expect(await answers(reloading.base, source)).toEqual(expected);
  });

  it('reloads a document whose references chain 5,000 schemas deep, which structured clone could not read back on the main thread', async () => {
    // The chain is among the document's schemas (resolved, it is one object 15,000 levels deep), not in the pets'.
    const schemas: Record<string, unknown> = { Pet: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } } };
    for (let link = 0; link < 5_000; link += 1) schemas[`Link${link}`] = { type: 'object', properties: { next: link === 4_999 ? { type: 'string' } : { $ref: `#/components/schemas/Link${link + 1}` } } };
    const pet = { $ref: '#/components/schemas/Pet' };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Deep', version: 'before' },
      paths: {
        '/pets': {
          get: { operationId: 'listPets', responses: { '200': { description: 'pets', content: { 'application/json': { schema: { type: 'array', items: pet } } } } } },
          post: { operationId: 'createPet', requestBody: { required: true, content: { 'application/json': { schema: pet } } }, responses: { '201': { description: 'created', content: { 'application/json': { schema: pet } } } } },
        },
        '/pets/{id}': { get: { operationId: 'getPet', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], responses: { '200': { description: 'a pet', content: { 'application/json': { schema: pet } } }, '404': { description: 'none' } } } },
      },
      components: { schemas },
    };
    const path = join(mkdtempSync(join(tmpdir(), 'petstore-reload-deep-')), 'deep.json');
    writeFileSync(path, JSON.stringify(document));
    const { cli, base } = await started(path, true);
    const created = await fetch(`${base}/pets`, { method: 'POST', headers: { ...HEADERS, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Rex' }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await reloaded(cli, path, JSON.stringify({ ...document, info: { title: 'Deep', version: 'after' } }), 'after');

    expect(cli.errors()).not.toMatch(/cannot/);
    const read = await fetch(`${base}/pets/${String(id)}`, { headers: HEADERS });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id, name: 'Rex' });
  }, 120_000);

  it('checks the patterns of the new document there: one no engine runs safely is refused naming its place, one that needs the linear-time engine gets it', async () => {
    const document = (pattern: string | undefined, version: string): string =>
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Patterns', version },
        paths: {
          '/pets': {
            post: {
              operationId: 'createPet',
              requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
              responses: { '201': { description: 'created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } }, '400': { description: 'refused' } },
            },
          },
        },
        components: { schemas: { Pet: { type: 'object', required: ['name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string', ...(pattern === undefined ? {} : { pattern }) } } } } },
      });
    const path = join(mkdtempSync(join(tmpdir(), 'petstore-reload-patterns-')), 'patterns.json');
    writeFileSync(path, document(undefined, 'plain'));
    const { cli, base } = await started(path, true);

    const from = cli.errors().length;
    writeFileSync(`${path}.next`, document('^(\\w+)(\\w+)\\2$', 'backreference'));
    renameSync(`${path}.next`, path);
    for (let waited = 0; waited < 30_000 && !/cannot/.test(cli.errors().slice(from)); waited += 20) await new Promise(resolve => setTimeout(resolve, 20));
    expect(cli.errors().slice(from)).toMatch(/the last good document \(Patterns plain\).*pattern at \$\.components\.schemas\.Pet\.properties\.name\.pattern/s);

    await reloaded(cli, path, document('^(a+)+$', 'nested'), 'nested');
    // On RegExp this name takes minutes; on the linear-time engine, no time at all.
    const refused = await fetch(`${base}/pets`, { method: 'POST', headers: { ...HEADERS, 'content-type': 'application/json' }, body: JSON.stringify({ name: `${'a'.repeat(40)}!` }), signal: AbortSignal.timeout(10_000) });
    expect(refused.status).toBe(400);
    const created = await fetch(`${base}/pets`, { method: 'POST', headers: { ...HEADERS, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'aaa' }) });
    expect(created.status).toBe(201);
  }, 60_000);
});
