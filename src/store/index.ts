export { createPetStore, freezePets, KeyTakenError, StoreFullError } from './pet-store.js';
export type { ChangeTracking, ListPetsQuery, PetShape, PetStore, PetStoreOptions, RecordKey } from './pet-store.js';
