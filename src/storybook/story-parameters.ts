import type { OperationId, Pet } from '../msw/index.js';

/** What a story may say of the Animal Store, under `parameters.petstore`. */
export interface PetstoreStoryParameters {
  /** The story's pets: given whole, or this many seeded ones (with `seed`). Default: the mock's starting pets. */
  pets?: readonly Pet[] | number;
  /** The seed of `pets` when it is a count. Default: the fixtures' seed. */
  seed?: number;
  /** Scripted answers for this story, e.g. `[{ operationId: 'listPets', status: 503 }]`. */
  overrides?: readonly PetstoreStoryOverride[];
}

/** One scripted answer of a story: `operationId` answers `status` (its next `times` calls, or all), after `delay` ms. */
export interface PetstoreStoryOverride {
  operationId: OperationId;
  status: number;
  times?: number;
  delay?: number;
}

/** A Storybook loader as Storybook calls it: with the story's context, of which it reads `parameters.petstore`. */
export type PetstoreStoryLoader = (context: { parameters: { petstore?: PetstoreStoryParameters } }) => Promise<Record<string, never>>;
