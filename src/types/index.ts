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

/**
 * What each operation of the document answers, by status: the body type of each declared response.
 * `test/api-types.test.ts` checks the operations and their statuses against the document, so an
 * override (`mock.override('createPet', { status: 503 })`) is typed by what the document declares.
 */
export interface OperationResponses {
  listPets: { 200: Pet[]; 400: ApiError; 401: ApiError; 500: ApiError; 503: ApiError };
  createPet: { 201: Pet; 400: ApiError; 401: ApiError; 413: ApiError; 415: ApiError; 500: ApiError; 503: ApiError; 507: ApiError };
  getPet: { 200: Pet; 400: ApiError; 401: ApiError; 404: ApiError; 410: ApiError; 500: ApiError; 503: ApiError };
  listStoreOrders: { 400: ApiError; 401: ApiError; 500: ApiError; 501: ApiError; 503: ApiError };
}

/** The request body each operation takes (`null` for none). */
export interface OperationRequestBodies {
  listPets: null;
  createPet: NewPet;
  getPet: null;
  listStoreOrders: null;
}

export type OperationId = keyof OperationResponses;

export type { Call, DeclaredStatus, OverrideOptions, StoreState } from './test-controls.js';
