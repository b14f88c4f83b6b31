/**
 * Part of `npm run build`, after compile-document: writes src/types/api.generated.ts, the API's
 * TypeScript types rendered from openapi/petstore.yaml (see render-api-types.ts for the rules), which
 * test/build/generated-files.test.ts checks is current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { locateDocument } from '../src/document/index.js';
import { renderApiTypesModule } from './render-api-types.js';

writeFileSync(new URL('../src/types/api.generated.ts', import.meta.url), renderApiTypesModule(readFileSync(locateDocument(), 'utf8')));
