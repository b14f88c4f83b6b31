import { extensionsOf, movedRef, simpleSchema, toSchema, type JsonObject } from './schemas.js';
import { isJsonObject } from '../../json-values/index.js';

/** A parameter as the operation lists it: itself, or a `$ref` to the document's `parameters` with what it points at. */
export interface ListedParameter {
  readonly written: JsonObject;
  readonly parameter: JsonObject;
}

/** Where a parameter is sent: `body` and `formData` become the request body in OpenAPI 3. */
export function isBodyPart(parameter: JsonObject): boolean {
  return parameter['in'] === 'body' || parameter['in'] === 'formData';
}

/**
 * How an array parameter is serialised, as OpenAPI 3's `style` and `explode`. Swagger 2.0's default
 * `csv` is OpenAPI 3's default in a path and a header (`simple`) but not in a query (`form`, exploded),
 * so a query says so. `tsv` has no OpenAPI 3 form: it is read as `csv`, as is `ssv`/`pipes` outside
 * a query.
 */
export function styleOf(location: unknown, parameter: JsonObject): JsonObject {
  if (parameter['type'] !== 'array' || (location !== 'query' && location !== 'formData')) return {};
  switch (parameter['collectionFormat']) {
    case 'multi':
      return { style: 'form', explode: true };
    case 'ssv':
      return location === 'query' ? { style: 'spaceDelimited', explode: false } : { style: 'form', explode: false };
    case 'pipes':
      return location === 'query' ? { style: 'pipeDelimited', explode: false } : { style: 'form', explode: false };
    default:
      return { style: 'form', explode: false };
  }
}

/** A `path`, `query` or `header` parameter as OpenAPI 3 writes it: its type and bounds in a `schema`. */
export function toParameter(parameter: JsonObject): JsonObject {
  const { name, in: location, description, required, allowEmptyValue } = parameter;
  const example = parameter['x-example'];
  return {
    name,
    in: location,
    ...(description !== undefined && { description }),
    ...(required !== undefined && { required }),
    ...(allowEmptyValue !== undefined && location === 'query' && { allowEmptyValue }),
    ...styleOf(location, parameter),
    schema: simpleSchema(parameter),
    ...(example !== undefined && { example }),
    ...extensionsOf(parameter),
  };
}

/** The operation's own parameters that are not sent in the body: each as OpenAPI 3 writes it, a `$ref` moved under `components`. */
export function toParameters(listed: readonly ListedParameter[]): JsonObject[] {
  return listed
    .filter(({ parameter }) => !isBodyPart(parameter))
    .map(({ written, parameter }) => (typeof written['$ref'] === 'string' ? { $ref: movedRef(written['$ref']) } : toParameter(parameter)));
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * The request body of an operation: its `in: body` parameter's schema under each type it
 * `consumes`, or its `in: formData` parameters as the properties of an object under the form types
 * it consumes (multipart where one is a file, else URL-encoded, when it names neither).
 */
export function toRequestBody(body: JsonObject | undefined, formData: readonly JsonObject[], consumes: readonly string[]): JsonObject | undefined {
  if (body) {
    const schema = toSchema(body['schema'] ?? {});
    return {
      ...(body['description'] !== undefined && { description: body['description'] }),
      content: Object.fromEntries(consumes.map(type => [type, { schema }])),
      ...(body['required'] === true && { required: true }),
      ...extensionsOf(body),
    };
  }
  if (formData.length === 0) return undefined;
  const hasFile = formData.some(parameter => parameter['type'] === 'file');
  const declared = consumes.filter(type => FORM_TYPES.includes(type.split(';')[0]?.trim().toLowerCase() ?? ''));
  const types = declared.length > 0 ? declared : [hasFile ? 'multipart/form-data' : 'application/x-www-form-urlencoded'];
  const required = formData.filter(parameter => parameter['required'] === true).map(parameter => String(parameter['name']));
  const schema = {
    type: 'object',
    properties: Object.fromEntries(
      formData.map(parameter => [String(parameter['name']), { ...simpleSchema(parameter), ...(parameter['description'] !== undefined && { description: parameter['description'] }) }]),
    ),
    ...(required.length > 0 && { required }),
  };
  const encoding = Object.fromEntries(formData.filter(parameter => parameter['type'] === 'array').map(parameter => [String(parameter['name']), styleOf('formData', parameter)]));
  return {
    content: Object.fromEntries(types.map(type => [type, { schema, ...(type.startsWith('application/x-www-form-urlencoded') && Object.keys(encoding).length > 0 && { encoding }) }])),
    ...(required.length > 0 && { required: true }),
  };
}

/** The parameters an operation lists, each `$ref` to the document's `parameters` resolved. */
export function listParameters(value: unknown, shared: JsonObject): ListedParameter[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isJsonObject).map(written => {
    const ref = written['$ref'];
    const target = typeof ref === 'string' && ref.startsWith('#/parameters/') ? shared[decodePointerToken(ref.slice('#/parameters/'.length))] : undefined;
    return { written, parameter: isJsonObject(target) ? target : written };
  });
}

function decodePointerToken(token: string): string {
  return decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
}
