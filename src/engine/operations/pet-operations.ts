import type { IHttpResponse } from '@stoplight/prism-http';
import type { PetStore } from '../../store/index.js';
import type { NewPet, PetStatus } from '../../types/index.js';
import { errorResponse, jsonResponse } from '../responses/index.js';
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
    if (store.isFull) {
      return errorResponse('store_full', `The store holds ${store.size} pets, as many as it allows; reset it (POST /__admin/reset) or raise --max-pets.`);
    }
    const pet = store.create(body as NewPet);
    return jsonResponse(201, pet, derivedHeaders['createPet']?.(pet, urlOf));
  },

  getPet({ pathParameters, store }) {
    const petId = pathParameters['petId'] as number;
    const pet = store.get(petId);
    return pet ? jsonResponse(200, pet) : errorResponse('pet_not_found', `No pet has id ${petId}.`);
  },
};

/**
 * Headers an operation's answer derives from its body; forced responses (`Prefer: code=201`) get
 * them the same way, instead of the placeholder Prism would invent from the header's schema.
 */
export const derivedHeaders: Readonly<Record<string, (body: unknown, urlOf: OperationInput['urlOf']) => Record<string, string>>> = {
  createPet: (body, urlOf) => {
    const id = (body as { id?: unknown } | null)?.id;
    return typeof id === 'number' && Number.isInteger(id) ? { location: urlOf('getPet', { petId: id }) } : {};
  },
};
