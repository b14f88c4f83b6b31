import type { IHttpResponse } from '@stoplight/prism-http';
import type { PetStore } from '../store/index.js';
import type { NewPet, PetStatus } from '../types/index.js';
import { errorResponse, jsonResponse } from './responses.js';
import type { ParameterValues } from './parameters.js';

/** A request Prism routed and found valid, with typed parameters. */
export interface OperationInput {
  query: ParameterValues;
  pathParameters: ParameterValues;
  body: unknown;
  store: PetStore;
  /** The URL path of an operation of the document, with its parameters filled in. */
  urlOf: (operationId: string, pathParameters: Record<string, string | number>) => string;
}

export type OperationHandler = (input: OperationInput) => IHttpResponse;

/** What the store does for each operation of the document, by `operationId`. */
export const petOperations: Readonly<Record<string, OperationHandler>> = {
  listPets({ query, store }) {
    const pets = store.list({ limit: query['limit'] as number, status: query['status'] as PetStatus | undefined });
    return jsonResponse(200, pets);
  },

  createPet({ body, store, urlOf }) {
    const pet = store.create(body as NewPet);
    return jsonResponse(201, pet, { location: urlOf('getPet', { petId: pet.id }) });
  },

  getPet({ pathParameters, store }) {
    const petId = pathParameters['petId'] as number;
    const pet = store.get(petId);
    return pet ? jsonResponse(200, pet) : errorResponse('pet_not_found', `No pet has id ${petId}.`);
  },
};
