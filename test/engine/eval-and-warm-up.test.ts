import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

const run = promisify(execFile);
const AUTH = { authorization: 'Bearer k' };

describe('warming Prism’s validators up', () => {
  it('changes no store, journal or session, and the requests after it answer as before', async () => {
    const engine = await createEngine({ seed: 4, pets: 3 });
    const before = engine.store.list({ limit: 100 });
    engine.warmUp();
    expect(engine.store.list({ limit: 100 })).toEqual(before);
    expect(engine.journal.list()).toEqual([]);
    expect(engine.sessions.ids()).toEqual([]);
    const created = await engine.handle({ method: 'POST', url: '/v1/pets', headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"name":"After","categoryId":2}' });
    expect(created.status).toBe(201);
    expect((await engine.handle({ method: 'GET', url: '/v1/pets?limit=0', headers: AUTH })).status).toBe(400);
  });
});

describe('where code cannot be generated from strings (a CSP without unsafe-eval, or Node’s flag)', () => {
  /** The built engine in a Node that refuses code generation from strings: each URL's answer, and what it reported. */
  async function answersWithoutEval(engineOptions: object, requests: readonly { method: string; url: string; body?: string }[]) {
    const script = `
      const { createEngine } = await import(${JSON.stringify(new URL('../../dist/index.js', import.meta.url).href)});
      const reported = [];
      const engine = await createEngine({ ...${JSON.stringify(engineOptions)}, onError: message => reported.push(message) });
      engine.warmUp();
      const answers = [];
      for (const request of ${JSON.stringify(requests)}) answers.push(await engine.handle({ ...request, headers: { authorization: 'Bearer k', 'content-type': 'application/json' } }));
      console.log(JSON.stringify({ answers: answers.map(a => ({ status: a.status, body: JSON.parse(a.body) })), reported }));`;
    const { stdout } = await run(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script]);
    return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { answers: { status: number; body: { code: string; message: string } }[]; reported: string[] };
  }

  it('answers by the package’s document as anywhere else: its validators were compiled when the package was built', async () => {
    const { answers, reported } = await answersWithoutEval({ validateResponses: true }, [
      { method: 'GET', url: '/v1/pets?limit=2' },
      { method: 'GET', url: '/v1/pets?limit=abc' },
      { method: 'GET', url: '/v1/pets/1' },
      { method: 'POST', url: '/v1/pets', body: '{"name":"A","categoryId":"x"}' },
      { method: 'POST', url: '/v1/pets', body: '{"name":"A","categoryId":1}' },
    ]);
    expect(answers.map(answer => answer.status)).toEqual([200, 400, 200, 400, 201]);
    expect(answers[3]?.body.message).toMatch(/categoryId must be integer/);
    expect(reported).toEqual([]);
  });

  it('answers 500 eval_not_allowed by another document, saying why and what to do, reports it once, and warming up does not throw', async () => {
    const documentPath = new URL('../documents/shelter.json', import.meta.url).pathname;
    const { answers, reported } = await answersWithoutEval({ documentPath }, [
      { method: 'GET', url: '/api/v2/animals' },
      { method: 'POST', url: '/api/v2/animals', body: '{"name":"Tom","kind":"cat"}' },
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(500);
      expect(answer.body.code).toBe('eval_not_allowed');
      expect(answer.body.message).toMatch(/validators were not compiled when petstore-mock was built .*Content-Security-Policy does not allow 'unsafe-eval'.*Mock petstore-mock's own document/);
    }
    expect(reported).toEqual([expect.stringMatching(/^\[petstore-mock\] The mock cannot validate requests here/) as string]);
  });
});
