import { fileURLToPath } from 'node:url';
import { createEngine, type Engine, type EngineOptions } from '../../src/index.js';

/** A reduced document of test/documents/findings, by file name. */
export function findingAt(name: string): string {
  return fileURLToPath(new URL(`../documents/findings/${name}`, import.meta.url));
}

/**
 * An engine of the document at `path` that checks its own answers against it (`validateResponses`),
 * seeded 7, and what it reported: each error (an answer the document forbids) and warning.
 */
export async function checkedEngine(path: string, options: Partial<EngineOptions> = {}): Promise<{ engine: Engine; errors: string[]; warnings: string[] }> {
  const errors: string[] = [];
  const warnings: string[] = [];
  const engine = await createEngine({ documentPath: path, validateResponses: true, onError: message => errors.push(message), onWarning: message => warnings.push(message), seed: 7, ...options });
  return { engine, errors, warnings };
}
