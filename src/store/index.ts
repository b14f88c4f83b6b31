export { createPetStore, freezePets, KeyTakenError, StoreFullError } from './record-store.js';
export type { ChangeTracking, ListPetsQuery, PetShape, RecordStore, RecordStoreOptions, RecordKey } from './record-store.js';
