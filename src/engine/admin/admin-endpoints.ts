import { findSessionIdProblem, SESSION_HEADER } from '../../sessions/index.js';
import type { RequestJournal } from '../journal/index.js';
import { errorResponse, jsonResponse, toMockResponse } from '../responses/index.js';
import type { MockResponse } from '../types.js';

export const ADMIN_PREFIX = '/__admin/';
/** Every method some admin endpoint takes, for CORS preflights. */
export const ADMIN_METHODS = ['GET', 'POST', 'DELETE'] as const;

export interface AdminFacts {
  journal: RequestJournal;
  /** Resets one session, or everything (stores, sessions, journal). */
  reset(session?: string): void;
  /** When set, every admin endpoint but health wants `Authorization: Bearer <adminToken>`. */
  adminToken: string | undefined;
}

/**
 * WireMock's admin paths, outside the API's base path: `GET /__admin/health`, `POST /__admin/reset`,
 * `GET|DELETE /__admin/requests`. `X-Petstore-Session` narrows reset and the journal to one session.
 * Undefined for paths that are not admin endpoints.
 */
export function answerAdminRequest(method: string, path: string, headers: Readonly<Record<string, string>>, facts: AdminFacts): MockResponse | undefined {
  if (path === '/__admin/health') {
    return method === 'GET' ? toMockResponse(jsonResponse(200, { status: 'ok' })) : methodNotAllowed(method, path, 'GET');
  }
  const allowed = METHODS_BY_PATH[path];
  if (!allowed) return undefined;
  if (!allowed.includes(method)) return methodNotAllowed(method, path, allowed.join(', '));
  if (facts.adminToken !== undefined && !sameText(headers['authorization'] ?? '', `Bearer ${facts.adminToken}`)) {
    return toMockResponse(
      errorResponse('unauthorized', `${path} needs the admin token: send "Authorization: Bearer <admin token>" (--admin-token).`, {
        'www-authenticate': 'Bearer realm="petstore-mock admin"',
      }),
    );
  }
  const session = headers[SESSION_HEADER];
  const sessionProblem = findSessionIdProblem(session);
  if (sessionProblem) return toMockResponse(errorResponse('invalid_request', sessionProblem));
  if (path === '/__admin/reset') {
    facts.reset(session);
    return { status: 204, headers: {} };
  }
  if (method === 'DELETE') {
    facts.journal.clear(session);
    return { status: 204, headers: {} };
  }
  return toMockResponse(jsonResponse(200, { requests: facts.journal.list(session), capacity: facts.journal.capacity }));
}

const METHODS_BY_PATH: Readonly<Record<string, readonly string[]>> = {
  '/__admin/reset': ['POST'],
  '/__admin/requests': ['GET', 'DELETE'],
};

function methodNotAllowed(method: string, path: string, allow: string): MockResponse {
  return toMockResponse(errorResponse('method_not_allowed', `${method} is not allowed on ${path}; use ${allow.replace(', ', ' or ')}.`, { allow }));
}

/** Compares in time independent of where the texts differ, so the token cannot be guessed by timing. */
function sameText(received: string, expected: string): boolean {
  let difference = received.length ^ expected.length;
  for (let index = 0; index < expected.length; index++) difference |= (received.charCodeAt(index) || 0) ^ expected.charCodeAt(index);
  return difference === 0;
}
