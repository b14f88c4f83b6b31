// Runs in a temporary project with the packed petstore-mock installed: what a client team does.
import { setupServer } from 'msw/node';
import { createMockServer } from 'petstore-mock';
import { buildPets } from 'petstore-mock/fixtures';
import { createPetstoreMock } from 'petstore-mock/msw';
import { createPetstoreStorybook } from 'petstore-mock/storybook';

const mock = createPetstoreMock({ seed: 3, pets: 4 });
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });
const base = 'https://api.animal-store.example/v1';
const auth = { authorization: 'Bearer consumer' };

const list = await fetch(`${base}/pets`, { headers: auth });
const created = await fetch(`${base}/pets`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"name":"Pack","categoryId":1}' });
const unauthorized = await fetch(`${base}/pets`);
const deprecated = await fetch(`${base}/pets/1`, { headers: auth });
server.close();

const http = await createMockServer({ port: 0, pets: 2 });
const overHttp = await fetch(`${http.url}/pets`, { headers: auth });
await http.close();

// The story loader runs in Node too (portable stories): only setup needs a page.
const storybook = createPetstoreStorybook();
await storybook.loader({ parameters: { petstore: { pets: 2, seed: 5 } } });
const storyPets = storybook.mock.getState().pets.length;

console.log(JSON.stringify({
  listed: (await list.json()).length,
  sameAsFixtures: JSON.stringify(mock.store.list({ limit: 4 })) === JSON.stringify(buildPets(4, { seed: 3 })),
  created: created.status,
  unauthorized: (await unauthorized.json()).code,
  sunset: deprecated.headers.get('sunset'),
  overHttp: (await overHttp.json()).length,
  storyPets,
}));
