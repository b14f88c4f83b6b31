export { DEFAULT_IMAGE, PetstoreMockContainer, StartedPetstoreMockContainer } from './petstore-mock-container.js';
