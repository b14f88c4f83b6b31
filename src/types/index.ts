/**
 * The Animal Store API's own shapes, as the OpenAPI document declares them: api.generated.ts is
 * rendered from `openapi/petstore.yaml` by `scripts/render-api-types.ts` (`npm run build`), and
 * `test/build/generated-files.test.ts` checks it is current.
 */

export { PET_STATUSES } from './api.generated.js';
export type { ApiError, NewPet, OperationId, OperationRequestBodies, OperationResponses, Pet, PetStatus } from './api.generated.js';
