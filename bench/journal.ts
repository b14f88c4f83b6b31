/**
 * The journal keeps request bodies now: its memory bound, measured in a fresh process
 * (bench/journal-memory.mjs): the heap in use after a full garbage collection, once the journal
 * (1,000 entries) is full of ~1 KB bodies and again after 2,000 more requests have pushed the
 * first ones out. The store grows by 3,000 small pets meanwhile (about 0.3 MB).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface Memory {
  heapUsed: number;
  rss: number;
}

export interface JournalFigures {
  start: Memory;
  full: Memory;
  afterMore: Memory;
}

export async function measureJournalMemory(): Promise<JournalFigures> {
  const { stdout } = await run(process.execPath, ['--expose-gc', 'bench/journal-memory.mjs'], { timeout: 300_000 });
  return JSON.parse(stdout) as JournalFigures;
}
