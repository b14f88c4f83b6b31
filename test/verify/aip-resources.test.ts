import { describe, expect, it } from 'vitest';
import { verifyMockOf } from './run-verify.js';
import { keyTextInLocation } from '../../src/verify/plan-probes.js';
import { pathValueOfKey } from '../../src/verify/fill-path.js';
import { loadDocument } from '../../src/document/index.js';
import { findingAt } from '../support/checked-engine.js';

// Issue 27: records keyed by an AIP resource name (`notes/abc`), addressed by one segment of it (`/notes/abc`).
const DOCUMENT = findingAt('aip-resources.yaml');

describe('verify against the mock of an AIP-style document', () => {
  it('passes: each created record read back, updated and deleted at the path its name fills, nested books under their author', async () => {
    const { code, results } = await verifyMockOf(DOCUMENT);
    expect(results.filter(result => result.outcome === 'error' || result.outcome === 'warning')).toEqual([]);
    expect(code).toBe(0);
    for (const operationId of ['NoteService_GetNote', 'NoteService_UpdateNote', 'NoteService_DeleteNote', 'LibraryService_GetBook', 'LibraryService_DeleteBook']) {
      expect(results.some(result => result.operationId === operationId && result.check === 'read-back' && result.outcome === 'passed'), operationId).toBe(true);
    }
  });

  it('reads a resource name from the segments a Location ends with, and the path value from a name', async () => {
    const document = await loadDocument(DOCUMENT);
    const books = document.resources.byName.get('books');
    const notes = document.resources.byName.get('notes');
    expect(books && notes).toBeDefined();
    if (books === undefined || notes === undefined) return;
    expect(keyTextInLocation('https://aip.example/api/v1/authors/ursula/books/the%20word', books)).toBe('authors/ursula/books/the word');
    expect(keyTextInLocation('/api/v1/notes/first', books)).toBeUndefined();
    expect(keyTextInLocation('/api/v1/notes/first?x=1', notes)).toBe('notes/first');
    expect(pathValueOfKey(books, 'authors/ursula/books/dispossessed')).toBe('dispossessed');
    expect(pathValueOfKey(notes, 'pmv-unknown-run')).toBe('pmv-unknown-run');
  });
});
