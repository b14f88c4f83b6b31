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
}

/** The in-memory state behind the mock: pets in ascending `id` order. */
export interface PetStore {
  list(query: ListPetsQuery): Pet[];
  get(id: number): Pet | undefined;
  create(newPet: NewPet): Pet;
  reset(): void;
  readonly size: number;
}

export function createPetStore(options: PetStoreOptions = {}): PetStore {
  const initialPets = (options.initialPets ?? []).map(copyPet);
  const defaultStatus = options.defaultStatus === undefined ? 'available' : options.defaultStatus;
  const pets = new Map<number, Pet>();
  let nextId = 1;

  function reset(): void {
    pets.clear();
    for (const pet of [...initialPets].sort((a, b) => a.id - b.id)) pets.set(pet.id, copyPet(pet));
    nextId = Math.max(0, ...pets.keys()) + 1;
  }
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
      const status = newPet.status ?? defaultStatus;
      const pet: Pet = { id: nextId++, name: newPet.name, categoryId: newPet.categoryId };
      if (status !== null) pet.status = status;
      pets.set(pet.id, pet);
      return copyPet(pet);
    },
    reset,
    get size() {
      return pets.size;
    },
  };
}

/** Copies only the fields a `Pet` declares, so callers never share or extend stored records. */
function copyPet(pet: Pet): Pet {
  const copy: Pet = { id: pet.id, name: pet.name, categoryId: pet.categoryId };
  if (pet.status !== undefined) copy.status = pet.status;
  return copy;
}
