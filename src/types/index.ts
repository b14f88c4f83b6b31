/**
 * The Animal Store API's own shapes, as the OpenAPI document declares them.
 * `test/api-types.test.ts` checks them against `openapi/petstore.yaml`.
 */

/** Allowed values of `PetStatus`, in the document's order. */
export const PET_STATUSES = ['available', 'pending', 'sold'] as const;

export type PetStatus = (typeof PET_STATUSES)[number];

/** Request body of `createPet`. */
export interface NewPet {
  name: string;
  categoryId: number;
  status?: PetStatus;
}

/** An animal as the API returns it. */
export interface Pet extends NewPet {
  id: number;
}

/** The API's `Error` body: every error response carries one. */
export interface ApiError {
  code: string;
  message: string;
  status: number;
}
