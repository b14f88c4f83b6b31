import { CORPUS, WRITTEN_IN_PUBLISHED_SHAPES } from './corpus.js';
import { describeResourceCrudContract } from './resource-crud.contract.js';
import { createMswSurface } from '../support/msw-surface.js';
import { createServerSurface } from '../support/server-surface.js';

for (const corpus of [...CORPUS, ...WRITTEN_IN_PUBLISHED_SHAPES]) {
  describeResourceCrudContract('the HTTP server', options => createServerSurface({ ...options, documentPath: corpus.documentPath }), corpus);
  describeResourceCrudContract('the MSW handlers', options => createMswSurface({ ...options, documentPath: corpus.documentPath }, corpus.origin), corpus);
}
