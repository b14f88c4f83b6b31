/** `GET` and `POST /owners` of `#/components/schemas/Owner`: a collection tests add to the package's document to change it. */
export const OWNERS_PATHS = {
  get: { operationId: 'listOwners', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Owner' } } } } } } },
  post: {
    operationId: 'createOwner',
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Owner' } } } },
    responses: { 201: { description: 'made', content: { 'application/json': { schema: { $ref: '#/components/schemas/Owner' } } } } },
  },
};
