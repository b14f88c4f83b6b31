import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createEngine, locateDocument, type EngineOptions } from '../../src/index.js';
import { documentFromSource } from '../../src/document/index.js';

const BEARER = { authorization: 'Bearer k' };
const GET_PET_EXAMPLE = 'summary: One animal\n                  value:\n                    id: 1\n                    name: Bella\n                    categoryId: 1\n                    status: available';

/** The package's document as its source (no checks made by the build), its getPet example given `id` and `status`, its statuses `statuses`. */
function documentWith({ id = 1, status = 'available', statuses = 'available, pending, sold' }: { id?: number; status?: string; statuses?: string }): object {
  const source = readFileSync(locateDocument(), 'utf8')
    .replace(GET_PET_EXAMPLE, GET_PET_EXAMPLE.replace('id: 1', `id: ${id}`).replace('status: available', `status: ${status}`))
    .replace('enum: [available, pending, sold]', `enum: [${statuses}]`);
  expect(source).toContain(`id: ${id}\n                    name: Bella`);
  return parse(source) as object;
}

const ID_BELOW_MINIMUM = 'the 200 example "bella" of getPet breaks its schema (id must be >= 1)';
const STATUS_NOT_LISTED = 'the 200 example "bella" of getPet breaks its schema (status must be equal to one of the allowed values';

/** An engine of `document`, and the warnings it gave about examples. */
async function engineOf(document: object, options: Partial<EngineOptions> = {}): Promise<{ engine: Awaited<ReturnType<typeof createEngine>>; warnings: string[] }> {
  const warnings: string[] = [];
  const engine = await createEngine({ document, onError: () => undefined, onWarning: message => warnings.push(message), ...options });
  return { engine, warnings };
}

/** A document of `operations` operations, each with an example that breaks its schema: one warning each. */
function documentOfBrokenExamples(operations: number): object {
  const paths = Object.fromEntries(
    Array.from({ length: operations }, (_, index) => [
      `/things${index}`,
      { get: { operationId: `listThings${index}`, responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', required: [`size${index}`], properties: { [`size${index}`]: { type: 'integer' } } }, example: { [`size${index}`]: 'big' } } } } } } },
    ]),
  );
  return { openapi: '3.0.3', info: { title: 'Things', version: '1' }, paths };
}

const aboutExamples = (warnings: readonly string[]): string[] => warnings.filter(warning => warning.includes('breaks its schema'));

describe("the document's response examples, checked against their schemas", () => {
  it('are checked once the engine answers, not before (GitHub’s 645 took 7 of its 10 s to ready), and one that breaks its schema is warned of then', async () => {
    const { engine, warnings } = await engineOf(documentWith({ id: -7 }));
    expect(warnings).toEqual([]);
    const listed = await engine.handle({ method: 'GET', url: '/v1/pets?limit=1', headers: BEARER });
    expect(listed.status).toBe(200);
    await engine.checked;
    expect(warnings).toEqual([expect.stringContaining(ID_BELOW_MINIMUM)]);
  });

  it('are no longer checked once another document answers, whose own are checked instead', async () => {
    const replacement = await documentFromSource(documentWith({ status: 'sleeping' }));
    const { engine, warnings } = await engineOf(documentWith({ id: -7 }));
    const firstCheck = engine.checked;
    engine.replaceDocument(replacement);
    await Promise.all([firstCheck, engine.checked]);
    expect(aboutExamples(warnings)).toEqual([expect.stringContaining(STATUS_NOT_LISTED)]);
  });

  it('are warned of once where the same document is put in force again before its check ends', async () => {
    const { engine, warnings } = await engineOf(documentWith({ id: -7 }));
    const firstCheck = engine.checked;
    engine.replaceDocument(engine.document);
    await Promise.all([firstCheck, engine.checked]);
    expect(aboutExamples(warnings)).toEqual([expect.stringContaining(ID_BELOW_MINIMUM)]);
  });

  it('of a document replaced a step at a time are checked after the switch, which they no longer hold back', async () => {
    const { engine, warnings } = await engineOf(documentWith({}));
    await engine.checked;
    await engine.replaceDocumentInSteps(await documentFromSource(documentWith({ id: -7 })));
    expect(aboutExamples(warnings)).toEqual([]);
    await engine.checked;
    expect(aboutExamples(warnings)).toEqual([expect.stringContaining(ID_BELOW_MINIMUM)]);
  });

  it('go on from where they stopped while a replacement was prepared, where the replacement is refused', async () => {
    // The pets' default status is one the replacement no longer lists: it is refused, the first document still answers.
    const { engine, warnings } = await engineOf(documentWith({ id: -7 }), { defaultStatus: 'pending' });
    const refused = await documentFromSource(documentWith({ statuses: 'available, sold' }));
    await expect(engine.replaceDocumentInSteps(refused)).rejects.toThrow(/pending/);
    await engine.checked;
    expect(aboutExamples(warnings)).toEqual([expect.stringContaining(ID_BELOW_MINIMUM)]);
  });

  it('are not checked where the caller asks not to (verify’s in-process mock, whose warnings no one reads)', async () => {
    const { engine, warnings } = await engineOf(documentWith({ id: -7 }), { checkExamples: false });
    await engine.checked;
    expect(warnings).toEqual([]);
  });

  it('are each warned of, and never reject, though the callback that hears of them throws', async () => {
    let heard = 0;
    const engine = await createEngine({
      document: documentOfBrokenExamples(3),
      onWarning: () => {
        heard += 1;
        throw new Error('a warning callback that throws');
      },
    });
    await expect(engine.checked).resolves.toBeUndefined();
    expect(heard).toBe(3);
  });

  it('keep no process alive by themselves: a script that made an engine ends with its own work, or once they are done where it waits for them', () => {
    const operations = 200;
    const document = JSON.stringify(documentOfBrokenExamples(operations));
    const script = (awaitChecked: boolean): string => `
      import { createEngine } from ${JSON.stringify(new URL('../../dist/index.js', import.meta.url).href)};
      let warnings = 0;
      const engine = await createEngine({ document: ${document}, onWarning: () => { warnings += 1; } });
      ${awaitChecked ? 'await engine.checked;' : ''}
      process.on('exit', () => console.log(JSON.stringify({ warnings })));`;
    const run = (awaitChecked: boolean): { warnings: number } => {
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', script(awaitChecked)], { encoding: 'utf8', timeout: 60_000 });
      expect(result.status, result.stderr).toBe(0);
      return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as { warnings: number };
    };
    expect(run(true).warnings).toBe(operations);
    expect(run(false).warnings).toBeLessThan(operations);
  }, 90_000);
});
