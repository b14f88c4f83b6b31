import { ADMIN_METHODS, answerDashboard, foreignOriginResponse, hostNotAllowedResponse, judgeAdminOrigin } from '../admin/index.js';
import type { EngineSettings } from '../engine-services.js';
import { authorityOf, corsHeaders, isPreflight, preflightHeaders } from '../http/index.js';
import type { MockRequest, MockResponse } from '../types.js';
import { withoutBody } from './answer.js';
import type { DocumentRuntime } from './document-runtime.js';

/**
 * WireMock's admin paths. Health is open to all, for probes; the others (and the dashboard) answer
 * only requests addressed to a host the mock is known by, and of those only the mock's own pages,
 * trusted origins and clients that are no browser, so that no web page, not even one whose name was
 * rebound to this machine, can read the journal or reset the stores; CORS headers go only to a trusted origin.
 */
export function answerAdminRequest(runtime: DocumentRuntime, services: Pick<EngineSettings, 'cors' | 'adminOrigins' | 'isAdminHost' | 'dashboardScript'>, request: MockRequest, method: string, path: string, search: string, headers: Record<string, string>): MockResponse {
  const origin = headers['origin'];
  const host = authorityOf(request.url) ?? headers['host'];
  if (path !== '/__admin/health' && services.isAdminHost !== undefined && !services.isAdminHost(host)) return hostNotAllowedResponse(path, host ?? '');
  // The page and its assets hold no data: a browser navigates to them, and their script then asks the endpoints below.
  const page = services.dashboardScript !== undefined && (method === 'GET' || method === 'HEAD') ? answerDashboard(path, services.dashboardScript) : undefined;
  if (page) return method === 'HEAD' ? (withoutBody(page), page) : page;
  const verdict = path === '/__admin/health' ? 'trusted' : judgeAdminOrigin(headers, services.adminOrigins);
  if (verdict === 'foreign') return foreignOriginResponse(path, headers);
  const addCors = services.cors && verdict === 'trusted';
  if (addCors && isPreflight(method, name => headers[name])) {
    return { status: 204, headers: preflightHeaders(origin, ADMIN_METHODS, headers['access-control-request-headers']) };
  }
  const response =
    runtime.admin.answer({ method: method === 'HEAD' ? 'GET' : method, path, search, headers, body: request.body, bodyTooLarge: request.bodyTooLarge === true }) ?? runtime.notFound(path);
  if (addCors) Object.assign(response.headers, corsHeaders(origin));
  if (method === 'HEAD') withoutBody(response);
  return response;
}
