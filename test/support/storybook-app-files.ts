// The files of the Storybook app the Storybook tests build: a client team's `.storybook/` set up as
// the README says for each major of msw-storybook-addon, and stories of a component that lists pets.

/** The majors of msw-storybook-addon the README has a recipe for. */
export type AddonMajor = 2 | 3;

/**
 * How `.storybook/preview.ts` sets the addon up: 3.x's CSF 3 loader, `mswLoader(setup)`; 3.x's
 * `addonMsw(setup)` annotations (what CSF Next's `definePreview({ addons: [addonMsw(setup)] })`
 * composes: a `beforeEach` that calls `setup` and resets the handlers after each story), here in a
 * CSF 3 preview since the html renderer has no `definePreview`; 2.x's `initialize` and `mswLoader`.
 */
export type AddonSetup = '3.x mswLoader(setup)' | '3.x addonMsw(setup)' | '2.x initialize';

export const ADDON_MAJOR: Record<AddonSetup, AddonMajor> = { '3.x mswLoader(setup)': 3, '3.x addonMsw(setup)': 3, '2.x initialize': 2 };

const MAIN = `export default {
  framework: '@storybook/html-vite',
  stories: ['../stories/*.stories.ts'],
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};
`;

/** .storybook/preview.ts, as the README's recipes have it. */
const PREVIEW: Record<AddonSetup, string> = {
  '3.x mswLoader(setup)': `import { mswLoader } from 'msw-storybook-addon/csf3';
import { createPetstoreStorybook } from 'petstore-mock/storybook';

const petstore = createPetstoreStorybook();

export default { loaders: [mswLoader(petstore.setup), petstore.loader] };
`,
  // addonMsw(setup) is definePreviewAddon(createPreviewAnnotations(setup)), and definePreviewAddon returns what it is given.
  '3.x addonMsw(setup)': `import { createPreviewAnnotations } from 'msw-storybook-addon/preview';
import { createPetstoreStorybook } from 'petstore-mock/storybook';

const petstore = createPetstoreStorybook();

export default { ...createPreviewAnnotations(petstore.setup), loaders: [petstore.loader] };
`,
  '2.x initialize': `import { initialize, mswLoader } from 'msw-storybook-addon';
import { createPetstoreStorybook } from 'petstore-mock/storybook';

const petstore = createPetstoreStorybook();
initialize({ onUnhandledRequest: 'bypass', quiet: true }, petstore.mock.handlers);

export default { loaders: [mswLoader, petstore.loader] };
`,
};

/**
 * A component that lists the pets (`No pets`, their names, or `Error <status>`) in an `output`, and
 * a button that adds Biscuit and lists again. Its section carries the story's id and `data-state`
 * (`loaded`, `failed`) once the list is in.
 */
const STORIES = `import type { Pet, PetstoreStoryParameters } from 'petstore-mock/storybook';

const AUTH = { authorization: 'Bearer storybook' };

function renderPetList(_args: unknown, context: { id: string }): HTMLElement {
  const root = document.createElement('section');
  root.dataset.story = context.id;
  root.innerHTML = '<output>Loading</output> <button type="button">Add Biscuit</button>';
  const output = root.querySelector('output') as HTMLOutputElement;
  const list = async (): Promise<void> => {
    const response = await fetch('/v1/pets?limit=100', { headers: AUTH });
    output.textContent = response.ok ? ((await response.json()) as Pet[]).map(pet => pet.name).join(', ') || 'No pets' : \`Error \${response.status}\`;
    root.dataset.state = response.ok ? 'loaded' : 'failed';
  };
  (root.querySelector('button') as HTMLButtonElement).addEventListener('click', async () => {
    delete root.dataset.state;
    await fetch('/v1/pets', { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Biscuit', categoryId: 1 }) });
    await list();
  });
  void list();
  return root;
}

const story = (petstore: PetstoreStoryParameters) => ({ parameters: { petstore } });

export default { title: 'PetList', render: renderPetList };
export const Empty = story({ pets: [] });
export const ThreePets = story({ pets: 3, seed: 7 });
export const Outage = story({ overrides: [{ operationId: 'listPets', status: 503 }] });
`;

/** The app's files for `setup`, by path relative to the app. */
export function storybookAppFiles(setup: AddonSetup): Record<string, string> {
  return { '.storybook/main.ts': MAIN, '.storybook/preview.ts': PREVIEW[setup], 'stories/PetList.stories.ts': STORIES };
}
