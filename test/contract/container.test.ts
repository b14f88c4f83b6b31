import { afterAll, beforeAll, describe } from 'vitest';
import { describeAdminContract } from './admin.contract.js';
import { describeAnimalStoreContract } from './animal-store.contract.js';
import { describeControlsContract } from './controls.contract.js';
import { describeTestControlsContract } from './test-controls.contract.js';
import { describeDocumentDrivenContract } from './document-driven.contract.js';
import { CORPUS } from './corpus.js';
import { EVOLVED_DOCUMENT } from './driven-documents.js';
import { describeResourceCrudContract } from './resource-crud.contract.js';
import { removeLeftoverContainers, reusedContainerSurfaces } from '../support/container-surface.js';
import { buildTestImage, dockerUnavailable } from '../support/docker.js';

// The contract suites through the image; what only a container does is in container-image.test.ts,
// a file of its own so that the two run on both workers at once.
const unavailable = await dockerUnavailable('the container tests');

describe.skipIf(unavailable !== undefined)('the Docker image', () => {
  // Each suite's container is kept, reset, for the next suite of the same options.
  const containers = reusedContainerSurfaces();
  const createContainerSurface = containers.createSurface;

  beforeAll(async () => {
    await buildTestImage();
  }, 600_000);

  // Without Ryuk (CI machines here run without it), a container whose start failed is never
  // stopped by Testcontainers: remove whatever of this run's containers is left.
  afterAll(async () => {
    await containers.stopAll();
    await removeLeftoverContainers();
  });

  describeAnimalStoreContract('the container', createContainerSurface);
  describeControlsContract('the container', createContainerSurface);
  describeAdminContract('the container', createContainerSurface);
  describeTestControlsContract('the container', createContainerSurface);
  describeDocumentDrivenContract('the container', options => createContainerSurface({ ...options, documentPath: EVOLVED_DOCUMENT.documentPath }), EVOLVED_DOCUMENT);
  // Documents nobody here wrote: every collection keeps state in the image too.
  for (const corpus of CORPUS.slice(1)) describeResourceCrudContract('the container', options => createContainerSurface({ ...options, documentPath: corpus.documentPath }), corpus);
});
