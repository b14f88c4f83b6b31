export { createPetstoreStorybook } from './create-petstore-storybook.js';
export { petstoreStoryLoader } from './petstore-story-loader.js';

export type { PetstoreStorybook, PetstoreStorybookOptions } from './create-petstore-storybook.js';
export type { PetstoreStoryLoader, PetstoreStoryOverride, PetstoreStoryParameters } from './story-parameters.js';
export type { OperationId, Pet, PetstoreMock, PetstoreMockOptions } from '../msw/index.js';
