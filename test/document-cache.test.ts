import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../src/document/compile-document.js';
import { compiledDocumentPath, hashDocument, loadDocument, locateDocument, type CompiledDocumentCache } from '../src/document/index.js';

const shippedText = readFileSync(locateDocument(), 'utf8');

function copyDocument(text: string, cache?: CompiledDocumentCache): string {
  const path = join(mkdtempSync(join(tmpdir(), 'petstore-cache-')), 'petstore.yaml');
  writeFileSync(path, text);
  if (cache) writeFileSync(compiledDocumentPath(path), JSON.stringify(cache));
  return path;
}

describe('the compiled document cache', () => {
  it('is written by the build and matches a fresh compile of the YAML', () => {
    const cachePath = compiledDocumentPath(locateDocument());
    expect(existsSync(cachePath), 'run npm run build').toBe(true);
    const cache = JSON.parse(readFileSync(cachePath, 'utf8')) as CompiledDocumentCache;
    expect(cache.sourceSha256).toBe(hashDocument(shippedText));
    expect(cache.compiled).toEqual(JSON.parse(JSON.stringify(compileDocument(shippedText))));
  });

  it('is used while its hash matches the YAML', async () => {
    const compiled = { ...compileDocument(shippedText), basePath: '/from-cache' };
    const document = await loadDocument(copyDocument(shippedText, { sourceSha256: hashDocument(shippedText), compiled }));
    expect(document.basePath).toBe('/from-cache');
  });

  it('is ignored once the YAML changes, so the YAML stays the source of truth', async () => {
    const edited = shippedText.replace('url: https://api.animal-store.example/v1', 'url: https://api.animal-store.example/v2').replace('url: https://staging.api.animal-store.example/v1', 'url: https://staging.api.animal-store.example/v2');
    const stale = { sourceSha256: hashDocument(shippedText), compiled: compileDocument(shippedText) };
    const document = await loadDocument(copyDocument(edited, stale));
    expect(document.basePath).toBe('/v2');
  });
});
