import type { HarNameValue } from './har-types.js';
import { redactedValue } from './credential-names.js';

/** The HAR's `queryString` of a path: an object for each of its query's parameters, credentials redacted. */
export function harQueryString(path: string): HarNameValue[] {
  const search = path.indexOf('?');
  return search === -1 ? [] : [...new URLSearchParams(path.slice(search + 1))].map(([name, value]) => ({ name, value: redactedValue(name, value) }));
}
