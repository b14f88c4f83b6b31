// Every story starts from its own pets, and nothing a story changes reaches the next one.
import { buildPets } from '../fixtures/index.js';
import type { OperationId, PetstoreMock } from '../msw/index.js';
import type { PetstoreStoryLoader } from './story-parameters.js';

/**
 * A Storybook loader: back to the starting state (pets, sessions, overrides, journal, kept pets),
 * then the story's own pets and overrides (`parameters.petstore`). Loaders run before each story
 * renders, so a story's changes never leak into the next, whatever order they are opened in.
 */
export function petstoreStoryLoader(mock: PetstoreMock): PetstoreStoryLoader {
  return async ({ parameters }) => {
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
