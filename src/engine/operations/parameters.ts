import type { IHttpOperation, IHttpParam } from '@stoplight/types';
import { pathParameterTexts, templateSegmentsOf } from '../http/index.js';

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
  const parameters = operation.request?.path ?? [];
  // The collection's operations (GET /pets on every list request) declare none.
  if (parameters.length === 0) return {};
  const texts = pathParameterTexts(templateSegmentsOf(operation), path);
  return readParameters(parameters, name => texts[name]);
}

/**
 * Each value as its schema types it. A value may come typed already: Prism's validator coerces the
 * query it checks in place (`?depth=1&depth=2` against `anyOf [integer, array]` became `[1, 2]`), and
 * such a value is taken as Prism left it.
 */
function readParameters(parameters: readonly IHttpParam[], valueOf: (name: string) => unknown): ParameterValues {
  const values: ParameterValues = {};
  for (const parameter of parameters) {
    const raw = valueOf(parameter.name);
    const schema = parameter.schema as ParameterSchema | undefined;
    if (raw === undefined) {
      if (schema?.default !== undefined) values[parameter.name] = schema.default;
      continue;
    }
    if (schema?.type === 'array') {
      // `?tags=a&tags=b` (form, exploded), or `?tags=a,b` where the parameter is not exploded (`explode: false`, Swagger's `csv`).
      const given: unknown[] = Array.isArray(raw) ? raw : [raw];
      const items = (parameter as { explode?: boolean }).explode === false ? given.flatMap(value => (typeof value === 'string' ? value.split(',') : [value])) : given;
      values[parameter.name] = items.map(item => coerce(item, typeOf(schema.items)));
      continue;
    }
    values[parameter.name] = coerce(Array.isArray(raw) ? (raw[0] as unknown) ?? '' : raw, typeOf(schema));
  }
  return values;
}

interface ParameterSchema {
  type?: unknown;
  default?: unknown;
  items?: ParameterSchema;
  oneOf?: unknown;
  anyOf?: unknown;
}

/**
 * A parameter schema's type; where it is written as alternatives (`per_page: oneOf [integer, {enum: [all]}]`),
 * the list of theirs, so a number reads as one and a word stays a word.
 */
function typeOf(schema: ParameterSchema | undefined): unknown {
  if (schema?.type !== undefined) return schema.type;
  const alternatives = schema?.oneOf ?? schema?.anyOf;
  if (!Array.isArray(alternatives)) return undefined;
  const types = alternatives.flatMap((alternative: ParameterSchema) => {
    const type = typeOf(alternative);
    return Array.isArray(type) ? (type as unknown[]) : type === undefined ? [] : [type];
  });
  return types.length > 0 ? [...new Set(types)] : undefined;
}

/** A parameter's text in its schema's type; of a type list (`["integer", "string"]`, as .NET 9 writes integers), the number or boolean it reads as, else the text. A value typed already is kept. */
function coerce(raw: unknown, type: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  if (type === 'integer' || type === 'number') return Number(raw);
  if (type === 'boolean') return raw === 'true';
  if (!Array.isArray(type)) return raw;
  if ((type.includes('integer') || type.includes('number')) && raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  if (type.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}
