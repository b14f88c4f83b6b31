// The app talks to the API as it would in production; in development the service worker answers.
import type { PetStatus } from 'petstore-mock/fixtures';
import { createPetClient, PetApiError } from '../../pet-client/pet-client.js';

const API = 'https://api.animal-store.example/v1';

async function enableMocking(): Promise<{ reset(): void }> {
  const { worker, petstore } = await import('./mocks/browser.js');
  // MSW's documented setup: the worker script is public/mockServiceWorker.js (npx msw init public).
  await worker.start({ onUnhandledRequest: 'bypass' });
  return petstore;
}

function element<T extends Element>(selector: string, type: new () => T): T {
  const found = document.querySelector(selector);
  if (!(found instanceof type)) throw new Error(`The page has no ${selector}.`);
  return found;
}

const petstore = await enableMocking();
const client = createPetClient(API, 'example-key');
const list = element('#pets', HTMLUListElement);
const problem = element('#problem', HTMLParagraphElement);
const filter = element('#filter', HTMLFormElement);
const create = element('#create', HTMLFormElement);

function show(error: unknown): void {
  problem.textContent = error instanceof PetApiError ? `${error.status} ${error.body.code}: ${error.body.message}` : String(error);
}

async function render(): Promise<void> {
  const status = new FormData(filter).get('status');
  try {
    const pets = await client.listPets({ limit: 100, ...(status ? { status: status as PetStatus } : {}) });
    list.replaceChildren(
      ...pets.map(pet => {
        const item = document.createElement('li');
        item.dataset['id'] = String(pet.id);
        item.textContent = `${pet.name} (#${pet.id}, category ${pet.categoryId}, ${pet.status ?? 'no status'})`;
        return item;
      }),
    );
    problem.textContent = '';
  } catch (error) {
    show(error);
  }
}

filter.addEventListener('change', () => void render());
create.addEventListener('submit', event => {
  event.preventDefault();
  const form = new FormData(create);
  const text = (field: string): string => {
    const value = form.get(field);
    return typeof value === 'string' ? value : '';
  };
  void client
    .createPet({ name: text('name'), categoryId: Number(text('categoryId')) })
    .then(() => {
      create.reset();
      return render();
    })
    .catch(show);
});
element('#start-over', HTMLButtonElement).addEventListener('click', () => {
  petstore.reset();
  void render();
});

await render();
document.body.dataset['ready'] = 'true';
