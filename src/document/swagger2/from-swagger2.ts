import { isBodyPart, listParameters, toParameter, toParameters, toRequestBody, type ListedParameter } from './parameters.js';
import { toResponse, toResponses } from './responses.js';
import { mapValues, toSchema, type JsonObject } from './schemas.js';
import { toSecurityScheme } from './security.js';
import { isJsonObject } from '../../json-values/index.js';

/**
 * Whether a parsed document is Swagger 2.0: `swagger: "2.0"`, or `swagger: 2.0` unquoted, which
 * YAML reads as the number 2.
 */
export function isSwagger2(value: unknown): value is JsonObject {
  return isJsonObject(value) && value['openapi'] === undefined && (value['swagger'] === '2.0' || value['swagger'] === 2);
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];
const DEFAULT_MEDIA_TYPES = ['application/json'];

/** What every operation may inherit from the document. */
interface Shared {
  readonly consumes: readonly string[];
  readonly produces: readonly string[];
  readonly parameters: JsonObject;
  readonly responses: JsonObject;
}

/**
 * A Swagger 2.0 document as the OpenAPI 3.0 document that says the same: `host`, `basePath` and
 * `schemes` as `servers`; `definitions`, `parameters`, `responses` and `securityDefinitions` under
 * `components`, every `$ref` to them moved; `in: body` and `in: formData` parameters as the
 * `requestBody`, under each type the operation `consumes`; each response's `schema` and `examples`
 * under the types it `produces` (both `application/json` unless the document says otherwise).
 * Everything else (`info`, `tags`, `security`, `operationId`, `deprecated`, `x-` extensions) is kept.
 */
export function fromSwagger2(document: JsonObject): JsonObject {
  const { info, host, basePath, schemes, consumes, produces, paths, definitions, parameters, responses, securityDefinitions } = document;
  const rest = without(document, ['swagger', 'info', 'host', 'basePath', 'schemes', 'consumes', 'produces', 'paths', 'definitions', 'parameters', 'responses', 'securityDefinitions']);
  const shared: Shared = {
    consumes: mediaTypes(consumes) ?? DEFAULT_MEDIA_TYPES,
    produces: mediaTypes(produces) ?? DEFAULT_MEDIA_TYPES,
    parameters: isJsonObject(parameters) ? parameters : {},
    responses: isJsonObject(responses) ? responses : {},
  };
  const servers = serversOf(host, basePath, schemes);
  const components = withoutEmpty({
    schemas: mapValues(definitions, toSchema),
    parameters: Object.fromEntries(Object.entries(shared.parameters).filter(([, parameter]) => isJsonObject(parameter) && !isBodyPart(parameter)).map(([name, parameter]) => [name, toParameter(parameter as JsonObject)])),
    responses: mapValues(shared.responses, response => (isJsonObject(response) ? toResponse(response, shared.produces) : response)),
    securitySchemes: mapValues(securityDefinitions, toSecurityScheme),
  });
  return {
    openapi: '3.0.3',
    info,
    ...(servers && { servers }),
    ...rest,
    paths: isJsonObject(paths) ? Object.fromEntries(Object.entries(paths).map(([path, item]) => [path, path.startsWith('x-') || !isJsonObject(item) ? item : toPathItem(item, shared)])) : paths,
    ...(Object.keys(components).length > 0 && { components }),
  };
}

/**
 * The servers Swagger 2.0's `host`, `basePath` and `schemes` describe, one per scheme, in the
 * document's order; without `schemes`, scheme-relative; without `host`, the base path alone;
 * without either, none (OpenAPI 3 then serves at `/`, as Swagger 2.0 does).
 */
function serversOf(host: unknown, basePath: unknown, schemes: unknown): { url: string }[] | undefined {
  const path = typeof basePath === 'string' && basePath.replace(/\/+$/, '') !== '' ? `/${basePath.replace(/^\/+|\/+$/g, '')}` : '';
  if (typeof host !== 'string' || host === '') return path === '' ? undefined : [{ url: path }];
  const listed = Array.isArray(schemes) ? schemes.filter((scheme): scheme is string => typeof scheme === 'string') : [];
  return listed.length > 0 ? listed.map(scheme => ({ url: `${scheme}://${host}${path}` })) : [{ url: `//${host}${path}` }];
}

function toPathItem(item: JsonObject, shared: Shared): JsonObject {
  const common = listParameters(item['parameters'], shared.parameters);
  const converted: JsonObject = {};
  for (const [key, value] of Object.entries(item)) {
    if (key === 'parameters') {
      const kept = toParameters(common);
      if (kept.length > 0) converted[key] = kept;
    } else converted[key] = METHODS.includes(key) && isJsonObject(value) ? toOperation(value, common, shared) : value;
  }
  return converted;
}

function toOperation(operation: JsonObject, common: readonly ListedParameter[], shared: Shared): JsonObject {
  const { parameters, responses, consumes, produces } = operation;
  // An operation's `schemes` has no OpenAPI 3 form but its own `servers`, which would move its path: the document's are served.
  const rest = without(operation, ['parameters', 'responses', 'consumes', 'produces', 'schemes']);
  const own = listParameters(parameters, shared.parameters);
  // An operation's parameter overrides the path's of the same name and place; only one body is sent.
  const ownBody = own.find(({ parameter }) => parameter['in'] === 'body');
  const body = (ownBody ?? common.find(({ parameter }) => parameter['in'] === 'body'))?.parameter;
  const formData = new Map<string, JsonObject>();
  for (const { parameter } of [...common, ...own]) if (parameter['in'] === 'formData') formData.set(String(parameter['name']), parameter);
  const requestBody = toRequestBody(body, [...formData.values()], mediaTypes(consumes) ?? shared.consumes);
  const kept = toParameters(own);
  return {
    ...rest,
    ...(kept.length > 0 && { parameters: kept }),
    ...(requestBody && { requestBody }),
    responses: toResponses(responses, mediaTypes(produces) ?? shared.produces, shared),
  };
}

/** A `consumes` or `produces` list; undefined where it is missing or empty, so the document's (or the default) applies. */
function mediaTypes(value: unknown): string[] | undefined {
  const types = Array.isArray(value) ? value.filter((type): type is string => typeof type === 'string') : [];
  return types.length > 0 ? types : undefined;
}

function withoutEmpty(sections: Record<string, JsonObject>): JsonObject {
  return Object.fromEntries(Object.entries(sections).filter(([, section]) => Object.keys(section).length > 0));
}

/** An object without the keys Swagger 2.0 has and OpenAPI 3 writes elsewhere. */
function without(value: JsonObject, keys: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}
