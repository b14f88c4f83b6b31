/**
 * Part of `npm run build`: writes openapi/.petstore.compiled.json, the compiled form of
 * openapi/petstore.yaml keyed by its SHA-256, which the engine uses at start-up while it matches;
 * and the generated modules the engine reads from the package: its document's base path, its version.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { compileDocument } from '../src/document/compile-document.js';
import { checkDocument } from './check-document.js';
import { renderPackageBasePathModule, renderPackageVersionModule } from './render-generated.js';
import { compiledDocumentPath, hashDocument, locateDocument, type CompiledDocumentCache } from '../src/document/index.js';

const documentPath = locateDocument();
const text = readFileSync(documentPath, 'utf8');
const compiled = compileDocument(text);
const cache: CompiledDocumentCache = { sourceSha256: hashDocument(text), compiled: { ...compiled, checks: checkDocument(compiled) } };
writeFileSync(compiledDocumentPath(documentPath), JSON.stringify(cache));
writeFileSync(new URL('../src/document/package-base-path.generated.ts', import.meta.url), await renderPackageBasePathModule());
writeFileSync(new URL('../src/engine/journal/package-version.generated.ts', import.meta.url), await renderPackageVersionModule());
