/**
 * An OpenAPI 3.0 document of one collection: `GET` and `POST` on `/<collection>` (`listX`, `createX`),
 * and with `itemPath` a `GET` of one record by an integer key; its record is `schema`, named `record`
 * under components.schemas. For tests that need a document of one particular schema and nothing else.
 */
export function oneCollectionDocument(options: { title: string; collection: string; record: string; schema: object; itemPath?: boolean }): { openapi: string; info: object; paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } } {
  const { title, collection, record, schema } = options;
  const name = `${collection.charAt(0).toUpperCase()}${collection.slice(1)}`;
  const one = { content: { 'application/json': { schema: { $ref: `#/components/schemas/${record}` } } } };
  const many = { content: { 'application/json': { schema: { type: 'array', items: { $ref: `#/components/schemas/${record}` } } } } };
  return {
    openapi: '3.0.3',
    info: { title, version: '1' },
    paths: {
      [`/${collection}`]: {
        get: { operationId: `list${name}`, responses: { '200': { description: `${name}.`, ...many } } },
        post: { operationId: `create${record}`, requestBody: { required: true, ...one }, responses: { '201': { description: 'Created.', ...one } } },
      },
      ...(options.itemPath === true && {
        [`/${collection}/{id}`]: { get: { operationId: `get${record}`, parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], responses: { '200': { description: `A ${record}.`, ...one } } } },
      }),
    },
    components: { schemas: { [record]: schema } },
  };
}
