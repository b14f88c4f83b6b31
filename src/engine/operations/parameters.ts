import type { IHttpOperation, IHttpParam } from '@stoplight/types';

export type ParameterValues = Record<string, unknown>;

/**
 * Query values as the operation's schemas type them, with the schemas' defaults for absent ones.
 * Prism validates query strings but neither coerces them nor applies defaults; this runs only on
 * requests Prism found valid.
 */
export function readQuery(operation: IHttpOperation, query: Readonly<Record<string, string | string[]>>): ParameterValues {
  return readParameters(operation.request?.query ?? [], name => query[name]);
}

/** Path parameter values of `path`, matched against the operation's template and typed. */
export function readPathParameters(operation: IHttpOperation, path: string): ParameterValues {
  const templateSegments = operation.path.split('/');
  const pathSegments = path.split('/');
  const raw = new Map<string, string>();
  templateSegments.forEach((segment, index) => {
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    const value = pathSegments[index];
    if (name !== undefined && value !== undefined) raw.set(name, safeDecode(value));
  });
  return readParameters(operation.request?.path ?? [], name => raw.get(name));
}

function readParameters(parameters: readonly IHttpParam[], valueOf: (name: string) => string | string[] | undefined): ParameterValues {
  const values: ParameterValues = {};
  for (const parameter of parameters) {
    const raw = valueOf(parameter.name);
    const schema = parameter.schema as { type?: unknown; default?: unknown } | undefined;
    if (raw === undefined) {
      if (schema?.default !== undefined) values[parameter.name] = schema.default;
      continue;
    }
    values[parameter.name] = coerce(Array.isArray(raw) ? raw[0] ?? '' : raw, schema?.type);
  }
  return values;
}

function coerce(raw: string, type: unknown): unknown {
  if (type === 'integer' || type === 'number') return Number(raw);
  if (type === 'boolean') return raw === 'true';
  return raw;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
