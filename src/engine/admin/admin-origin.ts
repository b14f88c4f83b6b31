import { errorResponse, toMockResponse } from '../responses/index.js';
import type { MockResponse } from '../types.js';

/**
 * Whether a browser request to an admin endpoint comes from the mock's own pages (its `Origin` is
 * the mock's own address, as the `Host` header names it) or from an origin the mock was told to
 * trust (`--admin-origin`). A request without `Origin` and without `Sec-Fetch-Site` is no
 * browser's cross-site request (curl, tests, Testcontainers) and is let through.
 */
export type AdminOriginVerdict = 'same-origin' | 'trusted' | 'no-browser' | 'foreign';

export function judgeAdminOrigin(headers: Readonly<Record<string, string>>, trustedOrigins: ReadonlySet<string>): AdminOriginVerdict {
  const origin = headers['origin'];
  if (origin === undefined) {
    // Browsers send no Origin on a cross-site GET without CORS (an <img>, a <script>); they do send Sec-Fetch-Site.
    const site = headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin' || site === 'none' ? 'no-browser' : 'foreign';
  }
  if (trustedOrigins.has(origin.toLowerCase())) return 'trusted';
  const host = headers['host'];
  if (host !== undefined && /^https?:\/\//i.test(origin) && origin.replace(/^https?:\/\//i, '').toLowerCase() === host.toLowerCase()) return 'same-origin';
  return 'foreign';
}

export function foreignOriginResponse(path: string, headers: Readonly<Record<string, string>>): MockResponse {
  const from = headers['origin'] ?? `a ${headers['sec-fetch-site'] ?? 'cross-site'} page`;
  return toMockResponse(
    errorResponse(
      'origin_not_allowed',
      `${path} answers only the mock's own pages and clients that send no Origin; ${from} is another site. Trust it with --admin-origin ${headers['origin'] ?? '<origin>'}.`,
    ),
  );
}
