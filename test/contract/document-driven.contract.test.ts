import { fileURLToPath } from 'node:url';
import { locateDocument } from '../../src/index.js';
import { describeDocumentDrivenContract } from './document-driven.contract.js';
import { createMswSurface } from '../support/msw-surface.js';
import { createServerSurface } from '../support/server-surface.js';

const documents = [
  locateDocument(),
  fileURLToPath(new URL('../documents/evolved-pets.yaml', import.meta.url)),
  fileURLToPath(new URL('../documents/shelter.json', import.meta.url)),
  fileURLToPath(new URL('../documents/allof-pets.yaml', import.meta.url)),
];

for (const documentPath of documents) {
  describeDocumentDrivenContract('the HTTP server', options => createServerSurface({ ...options, documentPath }), documentPath);
  describeDocumentDrivenContract('the MSW handlers', options => createMswSurface({ ...options, documentPath }, documentPath.endsWith('.json') ? 'https://shelter.example' : undefined), documentPath);
}
