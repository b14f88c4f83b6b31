export { createPetStore } from './pet-store.js';
export type { ListPetsQuery, PetStore, PetStoreOptions } from './pet-store.js';
