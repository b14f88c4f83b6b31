import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

const RECURSIVE_MAP = fileURLToPath(new URL('../documents/findings/recursive-map-generation.yaml', import.meta.url));

describe('a made-up body of a schema that holds itself through a map of lists', () => {
  it('is answered as the document declares it, a few levels deep, where it grew until the process ran out of memory', async () => {
    const problems: string[] = [];
    const engine = await createEngine({ documentPath: RECURSIVE_MAP, validateResponses: true, onError: message => problems.push(message) });

    const answered = await engine.handle({ method: 'POST', url: '/api/folders/bulk', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ folder_ids: [1], archived: true }) });

    expect(answered.status).toBe(200);
    expect(problems).toEqual([]);
    const folders = JSON.parse(answered.body ?? '') as { id: number; name: string; linked?: Record<string, unknown[]> }[];
    expect(Array.isArray(folders)).toBe(true);
    const depth = (folder: { linked?: Record<string, unknown[]> }): number =>
      1 + Math.max(0, ...Object.values(folder.linked ?? {}).flatMap(list => list.map(inner => depth(inner as { linked?: Record<string, unknown[]> }))));
    for (const folder of folders) expect(depth(folder)).toBeLessThanOrEqual(3);
    expect(answered.body?.length ?? 0).toBeLessThan(1_000_000);
  });
});
