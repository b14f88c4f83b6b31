import { describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../src/index.js';

// Prism's mocker failing to load (a chunk missing from a broken install, a dynamic import a page
// blocks) is reported as itself, on the request that needed it: not hidden behind a later 500 that
// says the mocker came too late.
vi.mock('@stoplight/prism-http/dist/mocker/index.js', () => {
  throw new Error('simulated: the mocker chunk failed to load');
});

describe("Prism's mocker failing to load", () => {
  it('answers 500 and reports why, on the request that needed it', async () => {
    const reported: string[] = [];
    const engine = await createEngine({
      document: {
        openapi: '3.1.0',
        info: { title: 'Status', version: '1' },
        paths: { '/status': { get: { operationId: 'getStatus', responses: { '200': { description: 'Up.', content: { 'application/json': { schema: { type: 'object', properties: { up: { type: 'boolean' } } } } } } } } } },
      },
      onWarning: () => undefined,
      // The loader's error as the import gave it (Vitest wraps a factory's error, its own kept as the cause).
      onError: (message, error) => reported.push(`${message} ${error instanceof Error ? `${error.message} ${String((error.cause as Error | undefined)?.message)}` : String(error)}`),
    });
    const answer = await engine.handle({ method: 'GET', url: '/status', headers: {} });
    expect(answer.status).toBe(500);
    expect(reported.join('\n')).toContain('simulated: the mocker chunk failed to load');
    expect(reported.join('\n')).not.toContain('came before');
  });
});
