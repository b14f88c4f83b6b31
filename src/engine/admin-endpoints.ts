import type { PetStore } from '../store/index.js';
import { errorResponse, jsonResponse, toMockResponse } from './responses.js';
import type { MockResponse } from './types.js';

/** `GET /__admin/health` and `POST /__admin/reset`, outside the API's base path; undefined elsewhere. */
export function answerAdminRequest(method: string, path: string, store: PetStore): MockResponse | undefined {
  if (path === '/__admin/health') {
    return method === 'GET' ? toMockResponse(jsonResponse(200, { status: 'ok' })) : methodNotAllowed(method, path, 'GET');
  }
  if (path === '/__admin/reset') {
    if (method !== 'POST') return methodNotAllowed(method, path, 'POST');
    store.reset();
    return { status: 204, headers: {} };
  }
  return undefined;
}

function methodNotAllowed(method: string, path: string, allow: string): MockResponse {
  return toMockResponse(errorResponse('method_not_allowed', `${method} is not allowed on ${path}; use ${allow}.`, { allow }));
}
