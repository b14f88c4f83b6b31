import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createEngine, locateDocument } from '../../src/index.js';
import { documentFromSource } from '../../src/document/index.js';

const BEARER = { authorization: 'Bearer k' };

/** The package's document as its source (no checks made by the build), its getPet example's id made `id`. */
function sourceWithExampleId(id: number): object {
  const source = readFileSync(locateDocument(), 'utf8').replace('summary: One animal\n                  value:\n                    id: 1', `summary: One animal\n                  value:\n                    id: ${id}`);
  expect(source).toContain(`id: ${id}`);
  return parse(source) as object;
}

const BROKEN_EXAMPLE = 'the 200 example "bella" of getPet breaks its schema (id must be >= 1)';

/** An engine of `source`, and the warnings it gave. */
async function engineOf(source: object): Promise<{ engine: Awaited<ReturnType<typeof createEngine>>; warnings: string[] }> {
  const warnings: string[] = [];
  const engine = await createEngine({ document: source, onError: () => undefined, onWarning: message => warnings.push(message) });
  return { engine, warnings };
}

describe("the document's response examples, checked against their schemas", () => {
  it('are checked once the engine answers, not before (GitHub’s 645 took 7 of its 10 s to ready), and one that breaks its schema is warned of then', async () => {
    const { engine, warnings } = await engineOf(sourceWithExampleId(-7));
    expect(warnings).toEqual([]);
    const listed = await engine.handle({ method: 'GET', url: '/v1/pets?limit=1', headers: BEARER });
    expect(listed.status).toBe(200);
    await engine.checked;
    expect(warnings).toEqual([expect.stringContaining(BROKEN_EXAMPLE)]);
  });

  it('are no longer checked once another document answers, whose own are checked instead', async () => {
    const replacement = await documentFromSource(sourceWithExampleId(-3));
    const { engine, warnings } = await engineOf(sourceWithExampleId(-7));
    const firstCheck = engine.checked;
    engine.replaceDocument(replacement);
    await Promise.all([firstCheck, engine.checked]);
    // The replacement's broken example, once: the first document's check stopped when it no longer answered.
    expect(warnings.filter(warning => warning.includes('breaks its schema'))).toEqual([expect.stringContaining(BROKEN_EXAMPLE)]);
  });

  it('of a document replaced a step at a time are checked after the switch, which they no longer hold back', async () => {
    const { engine, warnings } = await engineOf(sourceWithExampleId(2));
    await engine.checked;
    await engine.replaceDocumentInSteps(await documentFromSource(sourceWithExampleId(-7)));
    expect(warnings.filter(warning => warning.includes('breaks its schema'))).toEqual([]);
    await engine.checked;
    expect(warnings.filter(warning => warning.includes('breaks its schema'))).toEqual([expect.stringContaining(BROKEN_EXAMPLE)]);
  });
});
