import { fileURLToPath } from 'node:url';
import type { Engine } from '../../src/index.js';

const inTest = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** The documents the document fuzzer runs against, besides the Animal Store's (test/engine/fuzz.test.ts), each with its first server's origin (where the MSW handlers answer) and the seed of its requests. */
export const FUZZED_DOCUMENTS = [
  { id: 'petclinic', name: 'Spring PetClinic REST (nested collections, embedded children, RFC 7807 problems, no security)', documentPath: inTest('documents/corpus/spring-petclinic-rest.yaml'), origin: 'http://localhost:9966', seed: 1901 },
  { id: 'swagger-v3', name: 'the Swagger Petstore v3 (string keys, action-path lists, PUT on the collection, an API key or OAuth2)', documentPath: inTest('documents/corpus/swagger-petstore-v3.yaml'), origin: 'https://petstore3.swagger.io', seed: 3003 },
  { id: 'evolved-pets', name: 'evolved-pets.yaml (the Animal Store grown: categories, deprecated operations with sunsets, declared headers)', documentPath: inTest('documents/evolved-pets.yaml'), origin: 'https://api.animal-store.example', seed: 5021 },
  { id: 'events', name: 'events.yaml (uuid keys, a wrapped paged list, merge patch, problems)', documentPath: inTest('documents/events.yaml'), origin: 'https://events.example.com', seed: 2404 },
  { id: 'held-keys', name: 'held-keys.yaml (keys only the item path holds: a create answering only the key, a record with no id)', documentPath: inTest('documents/held-keys.yaml'), origin: 'https://held.example', seed: 2411 },
] as const;

/** Every session and every record of every collection, sessions least recently used first: what a request without credentials must leave alone where the operation asks for them. */
export function recordsState(engine: Engine): string {
  const { sessions, document } = engine;
  const collections = document.resources.resources.map(resource => (resource.name === document.firstCollection.resource.name ? sessions.stores() : sessions.storesOf(resource.name)));
  return JSON.stringify([sessions.ids(), collections.map(stores => stores.map(store => store.list({ limit: Number.POSITIVE_INFINITY })))]);
}
