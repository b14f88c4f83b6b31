import { fileURLToPath } from 'node:url';
import { locateDocument } from '../../src/index.js';

/**
 * A document the document-driven contract runs on, with what it says of itself: the suite checks
 * the document against these lists before looping over what it read, so a loop over a list the
 * document yields cannot pass by finding it empty, and `[]` states that the document has none.
 */
export interface DrivenDocument {
  readonly documentPath: string;
  /** Its deprecated operations, `METHOD /path`; `[]`: none, and no answer may carry Deprecation or Sunset. */
  readonly deprecated: readonly string[];
  /** The query parameters of the list operation with a maximum or an enum; `[]`: none. */
  readonly boundedParameters: readonly string[];
}

const inDocuments = (name: string): string => fileURLToPath(new URL(`../documents/${name}`, import.meta.url));

export const PACKAGE_DOCUMENT: DrivenDocument = { documentPath: locateDocument(), deprecated: ['GET /pets/{petId}'], boundedParameters: ['limit', 'status'] };
export const EVOLVED_DOCUMENT: DrivenDocument = {
  documentPath: inDocuments('evolved-pets.yaml'),
  deprecated: ['GET /pets/{petId}', 'GET /categories/{categoryId}'],
  boundedParameters: ['limit', 'status'],
};
export const SHELTER_DOCUMENT: DrivenDocument = { documentPath: inDocuments('shelter.json'), deprecated: ['DELETE /animals/{animalId}'], boundedParameters: ['max', 'kind'] };
export const ALL_OF_DOCUMENT: DrivenDocument = { documentPath: inDocuments('allof-pets.yaml'), deprecated: [], boundedParameters: [] };
