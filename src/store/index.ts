export { createPetStore, freezePets, StoreFullError } from './pet-store.js';
export type { ListPetsQuery, PetShape, PetStore, PetStoreOptions } from './pet-store.js';
