import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { CompiledDocument } from './compile-document.js';
import { compiledDocumentPath, locateDocument } from './locate-document.js';
import { prepareDocument, type CompiledDocumentCache, type PetstoreDocument } from './prepared-document.js';

const cache = new Map<string, Promise<PetstoreDocument>>();

/** Reads and prepares the document; the same path is read once per process. */
export function loadDocument(documentPath: string = locateDocument()): Promise<PetstoreDocument> {
  let loading = cache.get(documentPath);
  if (!loading) {
    loading = readDocument(documentPath);
    loading.catch(() => cache.delete(documentPath));
    cache.set(documentPath, loading);
  }
  return loading;
}

/** In Node the document can be any file; the browser build refuses it (see index.browser.ts). */
export function checkDocumentPath(documentPath: string | undefined): void {
  if (documentPath !== undefined && (typeof documentPath !== 'string' || documentPath.trim() === '')) {
    throw new TypeError(`[petstore-mock] documentPath must be the path of an OpenAPI document; got ${JSON.stringify(documentPath)}.`);
  }
}

export function hashDocument(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The YAML is always read and is the source of truth. Its compiled form comes from the cache the
 * build wrote while the YAML's hash matches, which spares start-up the YAML parser and Stoplight's
 * transform (~60 ms); otherwise it is compiled here, with those loaded on demand.
 */
async function readDocument(documentPath: string): Promise<PetstoreDocument> {
  const text = await readFile(documentPath, 'utf8');
  const compiled = (await readCompiledCache(documentPath, hashDocument(text))) ?? (await import('./compile-document.js')).compileDocument(text);
  return prepareDocument(compiled);
}

async function readCompiledCache(documentPath: string, sourceSha256: string): Promise<CompiledDocument | undefined> {
  try {
    const cached = JSON.parse(await readFile(compiledDocumentPath(documentPath), 'utf8')) as CompiledDocumentCache;
    return cached.sourceSha256 === sourceSha256 ? cached.compiled : undefined;
  } catch {
    return undefined;
  }
}
