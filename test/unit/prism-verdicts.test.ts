import type { IHttpRequest } from '@stoplight/prism-http';
import { describe, expect, it } from 'vitest';
import { MAX_REMEMBERED_KEY_LENGTH, rememberVerdicts, verdictKey, type PureStages } from '../../src/engine/prism/prism-verdicts.js';

type RouteOptions = Parameters<PureStages['route']>[0];
type CheckOptions = Parameters<PureStages['validateInput']>[0];

/** Stages that count their calls: security passes, input fails with one diagnostic per query value. */
function countingStages(): { stages: PureStages; calls: { route: number; security: number; input: number } } {
  const calls = { route: 0, security: 0, input: 0 };
  const stages = {
    route: () => {
      calls.route++;
      return { _tag: 'Right', right: { id: 'listPets' } };
    },
    validateSecurity: ({ element }: CheckOptions) => {
      calls.security++;
      return { _tag: 'Right', right: element };
    },
    validateInput: ({ element }: CheckOptions) => {
      calls.input++;
      return { _tag: 'Left', left: Object.keys(element.url.query ?? {}).map(name => ({ code: 'enum', message: `${name} is not one of the statuses`, severity: 0 })) };
    },
  } as unknown as PureStages;
  return { stages, calls };
}

/** Decides `request` through the remembering stages, as Prism's pipeline calls them. */
function decide(remembered: PureStages, request: IHttpRequest): void {
  remembered.route({ input: request } as unknown as RouteOptions);
  remembered.validateSecurity({ element: request } as unknown as CheckOptions);
  remembered.validateInput({ element: request } as unknown as CheckOptions);
}

const request = (path: string): IHttpRequest => ({ method: 'get', url: { path, query: { status: ['x'] } }, headers: {} });

describe('remembered Prism verdicts hold no request and no failure', () => {
  it('remembers the route and a passed security check of an identical request, but decides a failed input check afresh each time', () => {
    const { stages, calls } = countingStages();
    const memory = rememberVerdicts(stages, 16);
    for (let time = 0; time < 3; time++) {
      const repeated = request('/pets');
      memory.mark(repeated, 'GET /pets?status=x');
      decide(memory.stages, repeated);
    }
    expect(calls).toEqual({ route: 1, security: 1, input: 3 });
  });

  it('remembers nothing of a request whose identity is longer than MAX_REMEMBERED_KEY_LENGTH', () => {
    const { stages, calls } = countingStages();
    const memory = rememberVerdicts(stages, 16);
    const key = `GET /pets\nx-pad:${'h'.repeat(MAX_REMEMBERED_KEY_LENGTH)}`;
    for (let time = 0; time < 2; time++) {
      const repeated = request('/pets');
      memory.mark(repeated, key);
      decide(memory.stages, repeated);
    }
    expect(calls).toEqual({ route: 2, security: 2, input: 2 });
  });

  it('gives a bodiless request an identity of its method, URL and headers, and none to one with a body or longer than MAX_REMEMBERED_KEY_LENGTH', () => {
    expect(verdictKey('GET', '/pets?', { authorization: 'Bearer a' }, false)).toBe('GET /pets?\nauthorization:Bearer a');
    expect(verdictKey('POST', '/pets?', {}, true)).toBeUndefined();
    expect(verdictKey('GET', '/pets?', { 'x-pad': 'h'.repeat(MAX_REMEMBERED_KEY_LENGTH) }, false)).toBeUndefined();
  });
});
