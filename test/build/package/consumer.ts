// Type-checked against the shipped .d.ts files only.
import { createMockServer, type ApiError, type EngineOptions, type MockServer, type PetStore, type StoredRecord } from 'petstore-mock';
import { buildPet, type NewPet, type Pet, type PetStatus } from 'petstore-mock/fixtures';
import { createPetstoreMock, type PetstoreMock } from 'petstore-mock/msw';
import { createPetstoreStorybook, type PetstoreStoryParameters } from 'petstore-mock/storybook';

const status: PetStatus = 'sold';
const pet: Pet = buildPet({ status });
const newPet: NewPet = { name: pet.name, categoryId: pet.categoryId };
const error: ApiError = { code: 'pet_not_found', message: 'No pet has id 1.', status: 404 };
const options: EngineOptions = { seed: 1, apiKeys: ['k'] };
const mock: PetstoreMock = createPetstoreMock({ ...options, baseUrl: 'https://api.animal-store.example/v1' });
const store: PetStore = mock.store;
const created: Pet = store.create(newPet);
// A pet is a record as every store keeps them: the generated types are object types, not interfaces.
const record: StoredRecord = created;
const server: Promise<MockServer> = createMockServer({ port: 0 });
const story: PetstoreStoryParameters = { pets: 3, seed: 7, overrides: [{ operationId: 'listPets', status: 503 }] };
const storybook = createPetstoreStorybook({ seed: 1, worker: { quiet: true } });
const loaded: Promise<Record<string, never>> = storybook.loader({ parameters: { petstore: story } });
const worker: Promise<{ resetHandlers(): void }> = storybook.setup();
export { created, error, loaded, record, server, worker };
