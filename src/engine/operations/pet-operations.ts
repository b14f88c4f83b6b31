import type { IHttpResponse } from '@stoplight/prism-http';
import type { OperationRole, PetResource } from '../../document/index.js';
import { StoreFullError, type PetStore } from '../../store/index.js';
import type { Pet } from '../../types/index.js';
import { errorResponse, jsonResponse } from '../responses/index.js';
import type { ParameterValues } from './parameters.js';

/** A request Prism routed and found valid, with typed parameters. */
export interface OperationInput {
  query: ParameterValues;
  pathParameters: ParameterValues;
  body: unknown;
  store: PetStore;
  resource: PetResource;
  /** The operation's lowest declared 2xx status, and whether that response has a JSON body. */
  success: { status: number; hasBody: boolean };
  /** The URL path of one pet (the item path with its id), when the document has an item path. */
  urlOfPet: (id: number) => string | undefined;
  /** `pet` with what the service assigns filled in (required properties the client did not send), or why it cannot be stored. */
  complete: (pet: Record<string, unknown>) => { pet: Pet } | { problem: string };
  /** Told which limit (`maxPets`, `maxStoredBytes`, `idBounds`) refused a write, for the journal. */
  reachLimit: (limit: string) => void;
}

export type OperationHandler = (input: OperationInput) => IHttpResponse;
export type StoreRole = Exclude<OperationRole, 'document' | 'not-implemented'>;

/** What the store does for each role an operation has on the pets' collection or one pet. */
export const petOperations: Readonly<Record<StoreRole, OperationHandler>> = {
  list({ query, store, resource, success }) {
    const where: Record<string, unknown> = {};
    for (const name of resource.filterParameters) if (query[name] !== undefined) where[name] = query[name];
    const limit = resource.limitParameter === undefined ? undefined : (query[resource.limitParameter] as number | undefined);
    // The stored pets themselves (frozen), serialized at once: no copy on the hot path.
    return jsonResponse(success.status, store.view({ limit: limit ?? Number.POSITIVE_INFINITY, where }));
  },

  create({ body, store, resource, success, urlOfPet, complete, reachLimit }) {
    if (store.isFull) {
      reachLimit(store.size < store.maxPets ? 'idBounds' : 'maxPets');
      return errorResponse(
        'store_full',
        store.size < store.maxPets
          ? `The store has given out every id the document allows (${resource.idProperty} at most ${resource.idBounds.maximum}); reset it (POST /__admin/reset).`
          : `The store holds ${store.size} pets, as many as it allows; reset it (POST /__admin/reset) or raise --max-pets.`,
      );
    }
    let problem: string | undefined;
    const pet = refusingPastLimits(reachLimit, () =>
      store.create(writableFields(body, resource) as unknown as Pet, created => {
        const completed = complete(created as unknown as Record<string, unknown>);
        if ('problem' in completed) problem = completed.problem;
        return 'pet' in completed ? completed.pet : undefined;
      }),
    );
    if (pet instanceof RefusedWrite) return pet.response;
    if (!pet) return errorResponse('invalid_request', `Request body cannot be stored: ${problem ?? 'the pet is refused'}.`);
    const location = urlOfPet(idOf(pet, resource));
    return answerWith(success, pet, location === undefined ? {} : { location });
  },

  read(input) {
    return withPet(input, pet => jsonResponse(input.success.status, pet));
  },

  replace(input) {
    return withPet(input, existing => {
      const kept = Object.fromEntries(Object.entries(existing).filter(([name]) => !input.resource.writableFields.includes(name)));
      return store(input, { ...kept, ...writableFields(input.body, input.resource) });
    });
  },

  merge(input) {
    return withPet(input, existing => {
      const merged = new Map(Object.entries(existing));
      for (const [name, value] of Object.entries(writableFields(input.body, input.resource))) {
        // JSON Merge Patch (RFC 7396): null removes a property.
        if (value === null && !(input.resource.petSchema.required ?? []).includes(name)) merged.delete(name);
        else merged.set(name, value);
      }
      return store(input, Object.fromEntries(merged));
    });
  },

  remove(input) {
    return withPet(input, pet => {
      input.store.remove(idOf(pet, input.resource));
      return answerWith(input.success, pet);
    });
  },
};

/** The pet the item path names, or 404 `pet_not_found`. */
function withPet(input: OperationInput, answer: (pet: Pet & Record<string, unknown>) => IHttpResponse): IHttpResponse {
  const id = input.resource.idParameter === undefined ? undefined : input.pathParameters[input.resource.idParameter];
  const pet = typeof id === 'number' && Number.isSafeInteger(id) ? input.store.get(id) : undefined;
  return pet ? answer(pet as Pet & Record<string, unknown>) : errorResponse('pet_not_found', `No pet has id ${String(id)}.`);
}

/** A replaced or merged pet, completed and checked against the document's `Pet` before it is stored. */
function store(input: OperationInput, record: Record<string, unknown>): IHttpResponse {
  const completed = input.complete(record);
  if ('problem' in completed) return errorResponse('invalid_request', `Request body cannot be stored: ${completed.problem}.`);
  const stored = refusingPastLimits(input.reachLimit, () => input.store.update(completed.pet));
  if (stored instanceof RefusedWrite) return stored.response;
  return stored ? answerWith(input.success, stored) : errorResponse('pet_not_found', `No pet has id ${String(input.pathParameters[input.resource.idParameter ?? ''])}.`);
}

/** What `write` gives, or `507 store_full` naming the limit when the store refuses it: nothing was stored. */
function refusingPastLimits<T>(reachLimit: (limit: string) => void, write: () => T): T | RefusedWrite {
  try {
    return write();
  } catch (error) {
    if (!(error instanceof StoreFullError)) throw error;
    reachLimit(error.limit);
    return new RefusedWrite(errorResponse('store_full', `${error.message.replace('[petstore-mock] ', '')} Nothing was stored; delete pets or reset a session (POST /__admin/reset).`));
  }
}

class RefusedWrite {
  constructor(readonly response: IHttpResponse) {}
}

/** The operation's success status, with the pet as its body where that response declares one (a `204` has none). */
function answerWith(success: OperationInput['success'], pet: Pet, headers: Record<string, string> = {}): IHttpResponse {
  return success.hasBody ? jsonResponse(success.status, pet, headers) : { statusCode: success.status, headers };
}

/** What a client may set of a pet: the body's properties that `Pet` declares and the service does not assign. */
function writableFields(body: unknown, resource: PetResource): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (typeof body !== 'object' || body === null) return fields;
  for (const name of resource.writableFields) if (Object.hasOwn(body, name)) fields[name] = (body as Record<string, unknown>)[name];
  return fields;
}

function idOf(pet: Pet, resource: PetResource): number {
  return (pet as unknown as Record<string, number>)[resource.idProperty] as number;
}

/**
 * Headers a create's answer derives from its body; forced responses (`Prefer: code=201`) get
 * them the same way, instead of the placeholder Prism would invent from the header's schema.
 */
export function locationOf(body: unknown, resource: PetResource, urlOfPet: OperationInput['urlOfPet']): Record<string, string> {
  const id = (body as Record<string, unknown> | null)?.[resource.idProperty];
  const location = typeof id === 'number' && Number.isInteger(id) ? urlOfPet(id) : undefined;
  return location === undefined ? {} : { location };
}
