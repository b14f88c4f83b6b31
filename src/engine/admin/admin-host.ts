import { errorResponse, toMockResponse } from '../responses/index.js';
import type { MockResponse } from '../types.js';

/**
 * DNS rebinding: a page of `attacker.example`, whose name the attacker then points at 127.0.0.1, is
 * the mock's own origin in the browser's eyes, so the `Origin` check lets it through; its requests
 * still name `attacker.example` in `Host`. The admin endpoints answer only requests whose `Host` is
 * one the mock is known by: loopback names (`localhost`, `*.localhost`), an IP address (no DNS name,
 * so nothing to rebind), and the names it was given (the listen address, the hosts of
 * `--admin-origin`, `--admin-host`). Ports are not compared: a container's port may be mapped to
 * another. A request without `Host` (HTTP/1.0) is no browser's.
 */
export type AdminHostCheck = (host: string | undefined) => boolean;

/** Any host: `--admin-host '*'` turns the check off. */
export const ANY_HOST = '*';

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

export function createAdminHostCheck(names: readonly string[]): AdminHostCheck {
  const allowed = new Set(names.map(hostNameOf));
  if (allowed.has(ANY_HOST)) return () => true;
  return host => {
    if (host === undefined || host === '') return true;
    const name = hostNameOf(host);
    return name === 'localhost' || name.endsWith('.localhost') || IPV4.test(name) || name.startsWith('[') || allowed.has(name);
  };
}

/** `Petstore:4010` as `petstore`, `[::1]:4010` as `[::1]`, `localhost.` as `localhost`. */
export function hostNameOf(host: string): string {
  const lower = host.trim().toLowerCase();
  const name = lower.startsWith('[') ? lower.slice(0, lower.indexOf(']') + 1 || lower.length) : lower.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

/** The host of an origin (`http://localhost:6006`), for the names its pages reach the mock by. */
export function hostOfOrigin(origin: string): string {
  return hostNameOf(origin.replace(/^[a-z][a-z\d+.-]*:\/\//i, ''));
}

export function hostNotAllowedResponse(path: string, host: string): MockResponse {
  const name = hostNameOf(host);
  return toMockResponse(
    errorResponse(
      'host_not_allowed',
      `${path} answers only requests addressed to a name the mock knows, and Host ${JSON.stringify(host)} is not one: a web page whose name was pointed at this machine (DNS rebinding) must not reach it. If you reach the mock by this name, allow it with --admin-host ${name} (PETSTORE_ADMIN_HOSTS, adminHosts in code).`,
    ),
  );
}
