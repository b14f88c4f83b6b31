// The Storybook recipe's loader (see examples/storybook/README.md): every story starts from its own
// pets, and nothing a story changes reaches the next one.
import { buildPets } from 'petstore-mock/fixtures';
import type { OperationId, Pet, PetstoreMock } from 'petstore-mock/msw';

/** What a story may say of the Animal Store, under `parameters.petstore`. */
export interface PetstoreStoryParameters {
  /** The story's pets: given whole, or this many seeded ones (with `seed`). Default: the mock's starting pets. */
  pets?: readonly Pet[] | number;
  /** The seed of `pets` when it is a count. Default: the fixtures' seed. */
  seed?: number;
  /** Scripted answers for this story, e.g. `[{ operationId: 'listPets', status: 503 }]`. */
  overrides?: readonly { operationId: OperationId; status: number; times?: number; delay?: number }[];
}

/**
 * A Storybook loader: back to the starting state (pets, sessions, overrides, journal, kept pets),
 * then the story's own pets and overrides. Loaders run before each story renders, so a story's
 * changes never leak into the next, whatever order they are opened in.
 */
export function petstoreStoryLoader(mock: PetstoreMock) {
  return async ({ parameters }: { parameters: { petstore?: PetstoreStoryParameters } }): Promise<Record<string, never>> => {
    mock.reset();
    const story = parameters.petstore ?? {};
    if (story.pets !== undefined) {
      await mock.setState(typeof story.pets === 'number' ? buildPets(story.pets, story.seed === undefined ? {} : { seed: story.seed }) : story.pets);
    }
    // A story's parameters are plain data: the mock itself refuses a status the operation does not declare.
    const loose = mock as unknown as { override(operationId: OperationId, options: object): Promise<unknown> };
    for (const { operationId, ...options } of story.overrides ?? []) await loose.override(operationId, options);
    return {};
  };
}
