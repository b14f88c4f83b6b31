import { describeDocumentDrivenContract } from './document-driven.contract.js';
import { ALL_OF_DOCUMENT, EVOLVED_DOCUMENT, PACKAGE_DOCUMENT, SHELTER_DOCUMENT } from './driven-documents.js';
import { createMswSurface } from '../support/msw-surface.js';
import { createServerSurface } from '../support/server-surface.js';

for (const document of [PACKAGE_DOCUMENT, EVOLVED_DOCUMENT, SHELTER_DOCUMENT, ALL_OF_DOCUMENT]) {
  const { documentPath } = document;
  describeDocumentDrivenContract('the HTTP server', options => createServerSurface({ ...options, documentPath }), document);
  describeDocumentDrivenContract('the MSW handlers', options => createMswSurface({ ...options, documentPath }, documentPath.endsWith('.json') ? 'https://shelter.example' : undefined), document);
}
