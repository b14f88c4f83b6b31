import type { SetupWorker, StartOptions } from 'msw/browser';
// Other entries only through their index: the build makes these imports of petstore-mock/msw and
// petstore-mock/fixtures by name (scripts/build.mjs), so that entry's files are the same without this one.
import { createPetstoreMock, type PetstoreMock, type PetstoreMockOptions } from '../msw/index.js';
import { petstoreStoryLoader } from './petstore-story-loader.js';
import type { PetstoreStoryLoader } from './story-parameters.js';

export interface PetstoreStorybookOptions extends PetstoreMockOptions {
  /** How `setup` starts the worker. Default `{ onUnhandledRequest: 'bypass', quiet: true }`: Storybook's own files pass through. */
  worker?: StartOptions;
}

export interface PetstoreStorybook {
  /** The mock the stories' pages talk to; `mock.handlers` are the worker's (2.x: `initialize(options, mock.handlers)`). */
  readonly mock: PetstoreMock;
  /** Before each story: the mock back to its starting state, then the story's `parameters.petstore`. */
  readonly loader: PetstoreStoryLoader;
  /**
   * msw-storybook-addon 3.x's setup function (`addonMsw(setup)`, `mswLoader(setup)`): starts
   * `setupWorker(...mock.handlers)` once and returns it, the same worker on every call. The addon's
   * `resetHandlers()` between stories goes back to these handlers; a story's `msw.use(...)` comes first.
   */
  readonly setup: () => Promise<SetupWorker>;
}

/**
 * The mock, its story loader and a worker setup for Storybook, with or without msw-storybook-addon:
 * `const petstore = createPetstoreStorybook()`, then `addonMsw(petstore.setup)` and
 * `loaders: [petstore.loader]` (3.x), or `initialize({ onUnhandledRequest: 'bypass' }, petstore.mock.handlers)`
 * and `loaders: [mswLoader, petstore.loader]` (2.x). `options` are `createPetstoreMock`'s and `worker`.
 */
export function createPetstoreStorybook(options: PetstoreStorybookOptions = {}): PetstoreStorybook {
  const { worker: startOptions, ...mockOptions } = options;
  const mock = createPetstoreMock(mockOptions);
  let started: Promise<SetupWorker> | undefined;
  const setup = (): Promise<SetupWorker> =>
    (started ??= (async () => {
      // msw/browser has no Node build: it loads only when a page calls setup.
      const { setupWorker } = await import('msw/browser');
      const worker = setupWorker(...mock.handlers);
      await worker.start({ onUnhandledRequest: 'bypass', quiet: true, ...startOptions });
      return worker;
    })().catch((error: unknown) => {
      // A worker that failed to start is tried again by the next story.
      started = undefined;
      throw error;
    }));
  return { mock, loader: petstoreStoryLoader(mock), setup };
}
