export { createPetStore, freezePets, StoreFullError } from './pet-store.js';
export type { ListPetsQuery, PetStore, PetStoreOptions } from './pet-store.js';
