import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { backtrackingPattern, deepNesting, hugeEnum, manyProperties, recursiveSchema, sharedReferences } from '../support/hostile-documents.js';
import { startCli } from '../support/run-cli.js';

const folder = mkdtempSync(join(tmpdir(), 'petstore-hostile-'));
function written(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

const AUTH = { authorization: 'Bearer hostile', 'content-type': 'application/json' };

async function post(engine: Engine, body: unknown, headers: Record<string, string> = AUTH): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await engine.handle({ method: 'POST', url: 'http://localhost/v1/pets', headers, body: JSON.stringify(body) });
  return { status: response.status, json: JSON.parse(String(response.body)) as Record<string, unknown> };
}

/** `{a: …, b: …}` `depth` levels deep, each leaf `leaf`. */
function tree(depth: number, leaf: unknown): unknown {
  return depth === 0 ? leaf : { a: tree(depth - 1, leaf), b: tree(depth - 1, leaf) };
}

describe('documents built to stress the loader and the request path', () => {
  it('keeps shared references shared: Prism validates 20 levels of L → {a: L+1, b: L+1} through one bundle of 21 schemas, and answers', async () => {
    const engine = await createEngine({ document: JSON.parse(sharedReferences(20)) as object });
    const createPet = engine.document.prismOperations.find(operation => operation.iid === 'createPet') as unknown as { __bundled__?: Record<string, unknown> };
    expect(Object.keys(createPet.__bundled__ ?? {}).filter(key => /^components\.schemas\.L\d+$/.test(key)).length).toBeGreaterThanOrEqual(10);
    const created = await post(engine, { name: 'Rex', categoryId: 1, tree: tree(3, { a: {}, b: {} }) });
    expect(created.status).toBe(400);
    expect(String(created.json['message'])).toContain('tree.a.a.a.a');
    expect((await post(engine, { name: 'Rex', categoryId: 1 })).status).toBe(201);
  });

  it('follows a schema that refers to itself as deep as the value goes, and refuses a bad value at its depth', async () => {
    const engine = await createEngine({ document: JSON.parse(recursiveSchema()) as object });
    const lineage = { name: 'a', parent: { name: 'b', parent: { name: 'c', parent: { name: 7 } } } };
    const refused = await post(engine, { name: 'Rex', categoryId: 1, lineage });
    expect(refused.status).toBe(400);
    expect(String(refused.json['message'])).toContain('lineage.parent.parent.parent.name');
    expect((await post(engine, { name: 'Rex', categoryId: 1, lineage: { name: 'a', parent: { name: 'b' } } })).status).toBe(201);
  });

  it('answers a schema kept by reference from the document too: Prism’s mocker follows the bundle’s $refs (a list of a recursive schema was a 500)', async () => {
    const document = JSON.parse(recursiveSchema()) as { paths: Record<string, unknown> };
    document.paths['/lineages'] = {
      get: {
        operationId: 'listLineages',
        security: [],
        responses: { '200': { description: 'Lineages.', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Lineage' } } } } } },
      },
    };
    const engine = await createEngine({ document, validateResponses: true });
    const listed = await engine.handle({ method: 'GET', url: 'http://localhost/v1/lineages', headers: {} });
    expect(listed.status, String(listed.body)).toBe(200);
    expect(Array.isArray(JSON.parse(String(listed.body)))).toBe(true);
  });

  it('refuses a oneOf or anyOf past --max-alternatives at start, naming the limit and the place, and takes it under a higher limit', async () => {
    const withAlternatives = (keyword: 'oneOf' | 'anyOf', count: number): object => {
      const document = JSON.parse(recursiveSchema()) as { components: { schemas: Record<string, unknown> } };
      document.components.schemas['Lineage'] = { [keyword]: Array.from({ length: count }, (_, index) => ({ type: 'object', required: [`k${index}`], properties: { [`k${index}`]: { type: 'string' } } })) };
      return document;
    };
    await expect(createEngine({ document: withAlternatives('oneOf', 2_000) })).rejects.toThrow(
      'has a oneOf of 2000 alternatives at $.components.schemas.Lineage.oneOf, past the limit of 256 (--max-alternatives, maxAlternatives in code)',
    );
    await expect(createEngine({ document: withAlternatives('anyOf', 30), maxAlternatives: 20 })).rejects.toThrow(/anyOf of 30 alternatives .* past the limit of 20/);
    const engine = await createEngine({ document: withAlternatives('anyOf', 30), maxAlternatives: 30 });
    expect((await post(engine, { name: 'Rex', categoryId: 1, lineage: { k29: 'x' } })).status).toBe(201);
  });

  it('refuses an enum past --max-enum-values at start, naming the limit and the place, in a short line', async () => {
    const cli = startCli(['--port', '0', '--document', written('enum.json', hugeEnum(200_000))]);
    const { code } = await cli.exited;
    expect(code).toBe(2);
    expect(cli.errors()).toContain('has an enum of 200000 values at $.components.schemas.PetStatus.enum, past the limit of 20000 (--max-enum-values, maxEnumValues in code)');
    expect(cli.errors().length).toBeLessThan(1000);
  });

  it('refuses a schema past maxProperties, and a document nested past maxDocumentDepth, naming each limit and place', async () => {
    await expect(createEngine({ document: JSON.parse(manyProperties(2_000)) as object })).rejects.toThrow(/a schema of 2003 properties at \$\.components\.schemas\.NewPet, past the limit of 1000 \(--max-properties/);
    await expect(createEngine({ document: JSON.parse(manyProperties(50)) as object, maxProperties: 20 })).rejects.toThrow(/past the limit of 20 \(--max-properties, maxProperties in code\)/);
    await expect(createEngine({ documentPath: written('nested.json', deepNesting(20_000)) })).rejects.toThrow(/nests more than 256 levels deep at \$\.x-nested\.a\.a.*past the limit of 256 \(--max-document-depth/);
    await expect(createEngine({ documentPath: written('small.json', sharedReferences(2)), maxDocumentBytes: 4096 })).rejects.toThrow(/bytes, past the limit of 4096 \(--max-document-bytes/);
  });

  it('runs a pattern that backtracks on a linear-time engine: an anonymous client gets its 401 and a client its 400 while health answers', async () => {
    const cli = startCli(['--port', '0', '--document', written('pattern.json', backtrackingPattern())]);
    try {
      const url = /ready on (\S+)/.exec(await cli.waitForLine(/ready on/))?.[1] ?? '';
      const body = JSON.stringify({ name: `${'a'.repeat(40)}!`, categoryId: 1 });
      const [anonymous, refused, health] = await Promise.all([
        fetch(`${url}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
        fetch(`${url}/pets`, { method: 'POST', headers: AUTH, body }),
        fetch(`${url.replace(/\/v1$/, '')}/__admin/health`),
      ]);
      expect(anonymous.status).toBe(401);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toContain('must match pattern "^(a+)+$"');
      expect(health.status).toBe(200);
      const fits = await fetch(`${url}/pets`, { method: 'POST', headers: AUTH, body: JSON.stringify({ name: 'a'.repeat(40), categoryId: 1 }) });
      expect(fits.status).toBe(201);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('starts a document whose backtracking patterns look around (AWS’s domain names, IAM’s aliases), seeds names that fit them, and answers a hostile name while health answers', async () => {
    // These documents were refused at start: RE2 reads no lookaround, and RegExp backtracks on them.
    const cases = [
      ['^(((?!-)[A-Za-z0-9-]{0,62}[A-Za-z0-9])\\.)+((?!-)[A-Za-z0-9-]{1,62}[A-Za-z0-9])$', `${'a.'.repeat(100_000)}-`, 'kennel.example', '-kennel.example'],
      ['^[a-z0-9]([a-z0-9]|-(?!-)){1,61}[a-z0-9]$', `${'a-'.repeat(100_000)}!`, 'my-kennel', 'my--kennel'],
    ] as const;
    for (const [pattern, hostile, fits, breaks] of cases) {
      const cli = startCli(['--port', '0', '--document', written(`lookaround-${fits}.json`, backtrackingPattern(pattern))]);
      try {
        const url = /ready on (\S+)/.exec(await cli.waitForLine(/ready on/))?.[1] ?? '';
        const seeded = (await (await fetch(`${url}/pets?limit=100`, { headers: AUTH })).json()) as { name: string }[];
        expect(seeded.length, pattern).toBeGreaterThan(0);
        for (const { name } of seeded) expect(name, pattern).toMatch(new RegExp(pattern, 'u'));
        const [refused, health] = await Promise.all([
          fetch(`${url}/pets`, { method: 'POST', headers: AUTH, body: JSON.stringify({ name: hostile, categoryId: 1 }) }),
          fetch(`${url.replace(/\/v1$/, '')}/__admin/health`),
        ]);
        expect(refused.status, pattern).toBe(400);
        expect(((await refused.json()) as { message: string }).message, pattern).toContain(`must match pattern "${pattern}"`);
        expect(health.status, pattern).toBe(200);
        const broken = await fetch(`${url}/pets`, { method: 'POST', headers: AUTH, body: JSON.stringify({ name: breaks, categoryId: 1 }) });
        expect(broken.status, `${pattern} on ${breaks}`).toBe(400);
        const stored = await fetch(`${url}/pets`, { method: 'POST', headers: AUTH, body: JSON.stringify({ name: fits, categoryId: 1 }) });
        expect(stored.status, `${pattern} on ${fits}`).toBe(201);
      } finally {
        cli.child.kill('SIGTERM');
        await cli.exited;
      }
    }
  });

  it('runs a quadratic or a polynomial pattern on the linear-time engine too: a client gets its 400 while health answers', async () => {
    // These stayed on RegExp: one unbounded quantifier after an unanchored start (`\w+$`: 12.7 s on 100,000 characters,
    // so about 48 s on these 200,000), and overlapping bounded quantifiers (5.7 s on 300 characters, more than 40 s on 600).
    const cases = [['[a-z]+-x$', 200_000, 'kit-x'], ['[a-z]{0,100}[a-z]{0,100}[a-z]{0,100}!', 600, 'kit!']] as const;
    for (const [pattern, length, fits] of cases) {
      const cli = startCli(['--port', '0', '--document', written(`pattern-${length}.json`, backtrackingPattern(pattern))]);
      try {
        const url = /ready on (\S+)/.exec(await cli.waitForLine(/ready on/))?.[1] ?? '';
        const [refused, health] = await Promise.all([
          fetch(`${url}/pets`, { method: 'POST', headers: AUTH, body: JSON.stringify({ name: 'a'.repeat(length), categoryId: 1 }) }),
          fetch(`${url.replace(/\/v1$/, '')}/__admin/health`),
        ]);
        expect(refused.status, pattern).toBe(400);
        expect(((await refused.json()) as { message: string }).message, pattern).toContain(`must match pattern "${pattern}"`);
        expect(health.status, pattern).toBe(200);
        const stored = await fetch(`${url}/pets`, { method: 'POST', headers: AUTH, body: JSON.stringify({ name: fits, categoryId: 1 }) });
        expect(stored.status, pattern).toBe(201);
      } finally {
        cli.child.kill('SIGTERM');
        await cli.exited;
      }
    }
  });
});
