// Internal helpers, imported by path: what the engine counts as an admin request.
import { ADMIN_PREFIX } from '../engine/admin/index.js';
import { splitUrl } from '../engine/http/request-target.js';
import type { RequestLogEntry } from '../server/index.js';
import type { LogLevel } from './parse-cli.js';

const HEALTH_PATH = `${ADMIN_PREFIX}health`;

/**
 * The log line of an answered request at `level`, or undefined when it gets none: API requests at
 * `info` and `debug`; admin and dashboard requests (an open dashboard polls every second) at `debug`
 * only; health checks never (a container's HEALTHCHECK asks every second).
 */
export function requestLogLine(entry: RequestLogEntry, level: LogLevel): string | undefined {
  if (level !== 'info' && level !== 'debug') return undefined;
  const { path } = splitUrl(entry.path);
  if (path === HEALTH_PATH) return undefined;
  if (path.startsWith(ADMIN_PREFIX) && level !== 'debug') return undefined;
  return `${entry.method} ${entry.path} ${entry.status} ${entry.milliseconds.toFixed(1)}ms`;
}
