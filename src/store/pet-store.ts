import type { NewPet, Pet, PetStatus } from '../types/index.js';

export interface ListPetsQuery {
  limit: number;
  status?: PetStatus | undefined;
}

export interface PetStoreOptions {
  /** Pets the store holds at start and after every `reset()`. */
  initialPets?: readonly Pet[];
  /** Status given to a pet created without one; `null` leaves it without a status. */
  defaultStatus?: PetStatus | null;
  /** Most pets the store holds; `create` on a full store throws. Default: no limit. */
  maxPets?: number;
}

/** The in-memory state behind the mock: pets in ascending `id` order. */
export interface PetStore {
  list(query: ListPetsQuery): Pet[];
  get(id: number): Pet | undefined;
  create(newPet: NewPet): Pet;
  /** Holds exactly `pets` (ids kept; the next created id is one more than the highest); `reset()` still returns to the initial pets. Throws past `maxPets`. */
  replace(pets: readonly Pet[]): void;
  reset(): void;
  readonly size: number;
  /** Most pets the store holds (`Infinity` when unlimited). */
  readonly maxPets: number;
  /** True when `create` would exceed `maxPets`. */
  readonly isFull: boolean;
}

/** Thrown by `create` on a full store; the engine answers `507 store_full` before it gets there. */
export class StoreFullError extends Error {
  override name = 'StoreFullError' as const;
}

export function createPetStore(options: PetStoreOptions = {}): PetStore {
  // A frozen list (as sessions share one) cannot change under the store, so it is not copied.
  const given = options.initialPets ?? [];
  const initialPets = isDeeplyFrozen(given) ? given : given.map(copyPet);
  const defaultStatus = options.defaultStatus === undefined ? 'available' : options.defaultStatus;
  const maxPets = options.maxPets ?? Number.POSITIVE_INFINITY;
  if (!(maxPets >= 0)) throw new RangeError(`[petstore-mock] maxPets must be 0 or more, got ${maxPets}.`);
  if (initialPets.length > maxPets) {
    throw new RangeError(`[petstore-mock] The store starts with ${initialPets.length} pets but holds at most ${maxPets} (maxPets); start with fewer or raise maxPets.`);
  }
  const pets = new Map<number, Pet>();
  let nextId = 1;

  function hold(given: readonly Pet[]): void {
    pets.clear();
    let highestId = 0;
    for (const pet of [...given].sort((a, b) => a.id - b.id)) {
      pets.set(pet.id, copyPet(pet));
      highestId = Math.max(highestId, pet.id);
    }
    nextId = highestId + 1;
  }
  const reset = (): void => hold(initialPets);
  reset();

  return {
    list({ limit, status }) {
      const page: Pet[] = [];
      for (const pet of pets.values()) {
        if (page.length >= limit) break;
        if (status === undefined || pet.status === status) page.push(copyPet(pet));
      }
      return page;
    },
    get(id) {
      const pet = pets.get(id);
      return pet && copyPet(pet);
    },
    create(newPet) {
      if (pets.size >= maxPets) throw new StoreFullError(`[petstore-mock] The store holds ${pets.size} pets, as many as it allows (maxPets ${maxPets}).`);
      const status = newPet.status ?? defaultStatus;
      const pet: Pet = { id: nextId++, name: newPet.name, categoryId: newPet.categoryId };
      if (status !== null) pet.status = status;
      pets.set(pet.id, pet);
      return copyPet(pet);
    },
    replace(given) {
      if (given.length > maxPets) throw new StoreFullError(`[petstore-mock] ${given.length} pets are more than the store holds (maxPets ${maxPets}).`);
      hold(given);
    },
    reset,
    get size() {
      return pets.size;
    },
    maxPets,
    get isFull() {
      return pets.size >= maxPets;
    },
  };
}

/** Copies only the fields a `Pet` declares, so callers never share or extend stored records. */
function copyPet(pet: Pet): Pet {
  const copy: Pet = { id: pet.id, name: pet.name, categoryId: pet.categoryId };
  if (pet.status !== undefined) copy.status = pet.status;
  return copy;
}

/** A copy of `pets` no one can change, which any number of stores can share as their initial pets. */
export function freezePets(pets: readonly Pet[]): readonly Pet[] {
  return Object.freeze(pets.map(pet => Object.freeze(copyPet(pet))));
}

function isDeeplyFrozen(pets: readonly Pet[]): boolean {
  return Object.isFrozen(pets) && pets.every(pet => Object.isFrozen(pet));
}
