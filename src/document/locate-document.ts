import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DOCUMENT_RELATIVE_PATH = join('openapi', 'petstore.yaml');

/**
 * The path of the `openapi/petstore.yaml` shipped with the package. The code runs both from `src/`
 * (tests) and bundled in `dist/`, so it looks upwards from this module for the package's folder.
 */
export function locateDocument(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(folder, DOCUMENT_RELATIVE_PATH);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(folder);
    if (parent === folder) {
      throw new Error(`[petstore-mock] Cannot find ${DOCUMENT_RELATIVE_PATH} above ${fileURLToPath(import.meta.url)}; pass documentPath.`);
    }
    folder = parent;
  }
}

/** Where the build keeps the compiled form of a document: beside it, as `.<name>.compiled.json`. */
export function compiledDocumentPath(documentPath: string): string {
  return join(dirname(documentPath), `.${basename(documentPath).replace(/\.ya?ml$/i, '')}.compiled.json`);
}
