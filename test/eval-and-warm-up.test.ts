import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/index.js';

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
  it('answers 500 eval_not_allowed saying why, reports it once, and warming up does not throw', async () => {
    const script = `
      const { createEngine } = await import(${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)});
      const reported = [];
      const engine = await createEngine({ onError: message => reported.push(message) });
      engine.warmUp();
      const answers = [];
      for (const url of ['/v1/pets', '/v1/pets/1']) answers.push(await engine.handle({ method: 'GET', url, headers: { authorization: 'Bearer k' } }));
      console.log(JSON.stringify({ answers: answers.map(a => ({ status: a.status, body: JSON.parse(a.body) })), reported }));`;
    const { stdout } = await run(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script]);
    const { answers, reported } = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { answers: { status: number; body: { code: string; message: string } }[]; reported: string[] };
    for (const answer of answers) {
      expect(answer.status).toBe(500);
      expect(answer.body.code).toBe('eval_not_allowed');
      expect(answer.body.message).toMatch(/Content-Security-Policy does not allow 'unsafe-eval'/);
    }
    expect(reported).toEqual([expect.stringMatching(/^\[petstore-mock\] The mock cannot validate requests here/) as string]);
  });
});
