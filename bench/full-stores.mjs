// A mock server whose every store is full, for the worst-case memory figure of `npm run bench`:
// the default store and `--max-sessions` sessions, each holding `--max-pets` pets whose names are
// 255 characters outside the Basic Multilingual Plane (the longest the document allows, two UTF-16
// units each). Stores are filled through their API, each body parsed by JSON.parse as the server
// parses a request, so names are flat strings as they would be; filling stops where the stores of
// every session together reach --max-stored-bytes (the create answers 507 there). Prints
// "full <port>" when ready.
import { createMockServer, DEFAULT_MAX_PETS, DEFAULT_MAX_SESSIONS, StoreFullError } from '../dist/index.js';

const maxSessions = Number(process.argv[2] ?? DEFAULT_MAX_SESSIONS);
const maxPets = Number(process.argv[3] ?? DEFAULT_MAX_PETS);
const server = await createMockServer({ port: 0, pets: 0, maxSessions, maxPets, onWarning: () => undefined });
const stores = [server.engine.store, ...Array.from({ length: maxSessions }, (_, index) => server.engine.sessions.open(`full-${index}`).store)];
const longName = (index) => String.fromCodePoint(0x1f400 + (index % 64)).repeat(255);
fill: for (const store of stores) {
  for (let index = 0; store.size < maxPets; index++) {
    try {
      store.create(JSON.parse(`{"name":${JSON.stringify(longName(index))},"categoryId":${index}}`));
    } catch (error) {
      if (error instanceof StoreFullError && error.limit === 'maxStoredBytes') break fill;
      throw error;
    }
  }
}
globalThis.gc?.();
console.log(`full ${server.port}`);
