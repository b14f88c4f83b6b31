import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { ApiError, EngineOptions, Pet } from '../../src/index.js';
import type { CreateSurface, Surface } from './surface.js';

export const AUTH = { authorization: 'Bearer test-key' };
export const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };
export const SUNSET = 'Thu, 05 Dec 2030 00:00:00 GMT';
export const DEPRECATED_AT = `@${Date.UTC(2025, 11, 5) / 1000}`;
export const SUCCESSOR_LINK = '</v1/pets>; rel="successor-version"';

/** Opens a surface with `options` for the enclosing `describe`, reset before each test. */
export function useSurface(createSurface: CreateSurface, options: EngineOptions = {}): () => Surface {
  let surface: Surface | undefined;
  beforeAll(async () => {
    surface = await createSurface(options);
  });
  beforeEach(async () => {
    await surface?.reset();
  });
  afterEach(() => {
    // Every response is checked against the document; a violation is reported here.
    expect(surface?.reportedErrors.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await surface?.close();
  });
  return () => {
    if (!surface) throw new Error('The surface did not start.');
    return surface;
  };
}

export async function expectError(response: Response, status: number, code: string, messagePart?: RegExp): Promise<ApiError> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as ApiError;
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'status']);
  expect(body).toMatchObject({ code, status });
  expect(body.message.length).toBeGreaterThan(0);
  if (messagePart) expect(body.message).toMatch(messagePart);
  return body;
}

export async function listAll(surface: Surface, query = '', headers: Record<string, string> = AUTH): Promise<Pet[]> {
  const response = await surface.request('GET', `/v1/pets?limit=100${query}`, { headers });
  expect(response.status).toBe(200);
  return (await response.json()) as Pet[];
}

export function createPet(surface: Surface, body: unknown, headers: Record<string, string> = JSON_AUTH): Promise<Response> {
  return surface.request('POST', '/v1/pets', { headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}
