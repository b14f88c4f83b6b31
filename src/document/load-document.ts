import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { nextTurn } from '../scheduling/index.js';
import type { CompiledDocument } from './compile-document.js';
import { prepareInWorker } from './compile-in-worker.js';
import { compiledDocumentPath, locateDocument } from './locate-document.js';
import { readTextFile } from './read-text-file.js';
import { preparePatterns } from './safe-patterns.js';
import { checkDocumentShape, checkDocumentText, DEFAULT_DOCUMENT_LIMITS, DOCUMENT_LIMIT_FLAGS, documentLimits, type DocumentLimits } from './document-limits.js';
import { DocumentShapeError } from './document-shape-error.js';
import { prepareDocument, prepareDocumentInSteps, withFirstCollection, type CompiledDocumentCache, type PetstoreDocument } from './prepared-document.js';

const cache = new Map<string, Promise<PetstoreDocument>>();
/** The limits each path was last loaded with: a reload (`--watch`) holds the new text to them. */
const limitsByPath = new Map<string, DocumentLimits>();

/**
 * Reads and prepares the document (OpenAPI 3.0 or 3.1, or Swagger 2.0); the same path is read once
 * per process. A file that cannot be read or mocked rejects with a `DocumentShapeError` naming it.
 */
export function loadDocument(documentPath: string = locateDocument(), limits?: Partial<DocumentLimits>): Promise<PetstoreDocument> {
  if (limits !== undefined) limitsByPath.set(documentPath, documentLimits(limits));
  let loading = cache.get(documentPath);
  if (!loading) {
    loading = readDocument(documentPath, limitsByPath.get(documentPath) ?? DEFAULT_DOCUMENT_LIMITS);
    loading.catch(() => cache.delete(documentPath));
    cache.set(documentPath, loading);
  }
  return loading;
}

/** Reads the document afresh (no cache), as `--watch` does after an edit. */
export function reloadDocument(documentPath: string): Promise<PetstoreDocument> {
  return readDocument(documentPath, limitsByPath.get(documentPath) ?? DEFAULT_DOCUMENT_LIMITS, { compileOffThread: true });
}

/** A document given as an object (parsed YAML or JSON), prepared; throws a `DocumentShapeError` saying what is wrong. */
export async function documentFromSource(source: object, limits?: Partial<DocumentLimits>): Promise<PetstoreDocument> {
  const { compileSource } = await import('./compile-document.js');
  const bounds = documentLimits(limits);
  const { compiled, text } = withContext('the document given', () => {
    // Its depth first: JSON.stringify of an object nested past it would exhaust the stack.
    checkDocumentShape(source, bounds);
    const written = JSON.stringify(source);
    checkDocumentText(written, bounds);
    return { compiled: compileSource(JSON.parse(written), bounds), text: written };
  });
  await withContextInSteps('the document given', () => preparePatterns(compiled.source));
  return withContext('the document given', () => prepareDocument(compiled, { sha256: hashDocument(text) }));
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
 * transform (~60 ms); otherwise it is compiled here, with those loaded on demand, or, for a reload
 * (`compileOffThread`), in a worker thread where there is one (the requests meanwhile answered at once).
 */
async function readDocument(documentPath: string, limits: DocumentLimits, { compileOffThread = false } = {}): Promise<PetstoreDocument> {
  const read = await readTextFile(documentPath, { bytes: limits.maxDocumentBytes, name: `${DOCUMENT_LIMIT_FLAGS.maxDocumentBytes}, maxDocumentBytes in code` });
  if ('problem' in read) throw new DocumentShapeError(`[petstore-mock] The OpenAPI document ${documentPath} ${read.problem}.`);
  const { text } = read;
  const sha256 = hashDocument(text);
  const cached = await readCompiledCache(documentPath, sha256);
  const name = `The OpenAPI document ${documentPath}`;
  // A step at a time, requests waiting answered between steps (a reload under --watch: the last document answers meanwhile).
  const inWorker = cached === undefined && compileOffThread ? await withContextInSteps(name, async () => prepareInWorker(text, limits)) : undefined;
  if (inWorker !== undefined) return withContext(name, () => withFirstCollection(inWorker, { sha256, path: documentPath }));
  const compiled = cached ?? (await withContextInSteps(name, async () => (await import('./compile-document.js')).compileDocumentInSteps(text, limits, nextTurn)));
  if (!cached) await withContextInSteps(name, () => preparePatterns(compiled.source));
  await nextTurn();
  return withContextInSteps(name, () => prepareDocumentInSteps(compiled, { sha256, path: documentPath }));
}

async function withContextInSteps<T>(name: string, prepare: () => Promise<T>): Promise<T> {
  try {
    return await prepare();
  } catch (error) {
    return withContext(name, () => {
      throw error;
    });
  }
}

/** Runs `prepare`, turning what it throws into a `DocumentShapeError` that names the document. */
function withContext<T>(name: string, prepare: () => T): T {
  try {
    return prepare();
  } catch (error) {
    const message = (error as Error).message.replace(/^\[petstore-mock\] /, '').replace(/\.$/, '');
    throw new DocumentShapeError(`[petstore-mock] ${name} ${/^(is|has) /.test(message) ? message : `cannot be mocked: ${message}`}.`);
  }
}

async function readCompiledCache(documentPath: string, sourceSha256: string): Promise<CompiledDocument | undefined> {
  try {
    const cached = JSON.parse(await readFile(compiledDocumentPath(documentPath), 'utf8')) as CompiledDocumentCache;
    return cached.sourceSha256 === sourceSha256 ? cached.compiled : undefined;
  } catch {
    return undefined;
  }
}
