export { createPetStore, freezePets, INDEX_BUCKET_BYTES, INDEX_ENTRY_BYTES, KeyTakenError, StoreFullError } from './record-store.js';
export type { ChangeTracking, ListPetsQuery, PetShape, RecordStore, RecordStoreOptions, RecordKey } from './record-store.js';
