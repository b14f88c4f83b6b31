export { asPetStore, createPetStore, createRecordStore, freezeRecords, INDEX_BUCKET_BYTES, INDEX_ENTRY_BYTES, KeyTakenError, StoreFullError } from './record-store.js';
export type { ChangeTracking, ListPetsQuery, ListQuery, PetStore, RecordShape, RecordStore, RecordStoreOptions, RecordKey, StoredRecord } from './record-store.js';
