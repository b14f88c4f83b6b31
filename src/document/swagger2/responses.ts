import { extensionsOf, mapValues, movedRef, simpleSchema, toSchema, type JsonObject } from './schemas.js';
import { isJsonObject } from '../../json-values/index.js';

/**
 * A response as OpenAPI 3 writes it: its `schema` under each type the operation `produces`, with
 * the example Swagger 2.0 gave for that type (an example for a type it does not list adds that
 * type), and each header's type in a `schema`.
 */
export function toResponse(response: JsonObject, produces: readonly string[]): JsonObject {
  const { description, schema, headers, examples } = response;
  const byType = isJsonObject(examples) ? examples : {};
  const types = [...new Set([...(schema === undefined ? [] : produces), ...Object.keys(byType)])];
  const converted = schema === undefined ? undefined : toSchema(schema);
  return {
    description: typeof description === 'string' ? description : '',
    ...(isJsonObject(headers) && { headers: mapValues(headers, toHeader) }),
    ...(types.length > 0 && {
      content: Object.fromEntries(
        types.map(type => [type, { ...(converted !== undefined && { schema: converted }), ...(Object.hasOwn(byType, type) && { example: byType[type] }) }]),
      ),
    }),
    ...extensionsOf(response),
  };
}

/**
 * An operation's responses. One that refers to the document's `responses` keeps its `$ref` (moved
 * under `components`, where it is read with the document's `produces`) unless the operation
 * produces other types, when it is written out with the operation's.
 */
export function toResponses(value: unknown, produces: readonly string[], shared: { readonly responses: JsonObject; readonly produces: readonly string[] }): JsonObject {
  const sameTypes = produces.length === shared.produces.length && produces.every((type, index) => type === shared.produces[index]);
  return mapValues(value, response => {
    if (!isJsonObject(response)) return response;
    const ref = response['$ref'];
    if (typeof ref !== 'string') return toResponse(response, produces);
    const target = ref.startsWith('#/responses/') ? shared.responses[ref.slice('#/responses/'.length)] : undefined;
    return sameTypes || !isJsonObject(target) ? { $ref: movedRef(ref) } : toResponse(target, produces);
  });
}

function toHeader(header: unknown): unknown {
  if (!isJsonObject(header)) return header;
  return {
    ...(header['description'] !== undefined && { description: header['description'] }),
    schema: simpleSchema(header),
    ...extensionsOf(header),
  };
}
