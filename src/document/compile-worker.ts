// The worker thread a reload under `--watch` compiles the document in (see compile-in-worker.ts): the
// text parsed, read, transformed, its references resolved and its collections found off the main
// thread's event loop. Sent back as a flattened graph (flat-graph.ts), a chunk each time the main
// thread asks for the next, so that each is read in on a turn of its own. Built into
// dist/chunks/document-compile-worker.js; the sources have none, and compile on the main thread.
import { parentPort } from 'node:worker_threads';
import { compileDocument } from './compile-document.js';
import type { DocumentLimits } from './document-limits.js';
import { DocumentShapeError } from './document-shape-error.js';
import type { CompileAnswer } from './compile-in-worker.js';
import { flattenGraph, type GraphChunk } from './flat-graph.js';
import { discriminatorValuesOf } from './json-schema.js';
import { prepareParts } from './prepared-document.js';
import { preparePatterns } from './safe-patterns.js';

const answer = (message: CompileAnswer): void => parentPort?.postMessage(message);

/** The chunks of the document being sent, and the next to send. */
let sending: { chunks: GraphChunk[]; next: number; linearEngine: boolean } | undefined;

type Job = { kind: 'compile'; text: string; limits: DocumentLimits } | { kind: 'next' };

parentPort?.on('message', (job: Job) => {
  if (job.kind === 'compile') void compile(job.text, job.limits);
  else sendNext();
});

async function compile(text: string, limits: DocumentLimits): Promise<void> {
  sending = undefined;
  try {
    const prepared = prepareParts(compileDocument(text, limits));
    // Its patterns checked here too (a walk of the whole source): one no engine runs safely refuses the document.
    const { linearEngine } = await preparePatterns(prepared.source);
    // With the discriminator values the worker's reading of the document gave each schema (copies and merges included).
    sending = { chunks: flattenGraph(prepared, value => discriminatorValuesOf(value)), next: 0, linearEngine };
  } catch (error) {
    answer({ refused: { message: error instanceof Error ? error.message : String(error), shape: error instanceof DocumentShapeError } });
    return;
  }
  sendNext();
}

function sendNext(): void {
  if (sending === undefined) return;
  const { chunks, linearEngine } = sending;
  const chunk = chunks[sending.next];
  sending.next += 1;
  const last = sending.next >= chunks.length;
  // Nothing of the document is kept once its last chunk is sent.
  if (last) sending = undefined;
  if (chunk === undefined) return;
  try {
    answer({ chunk, last, linearEngine });
  } catch (error) {
    // Something structured clone cannot send (a function): the main thread compiles the document itself.
    sending = undefined;
    answer({ unsendable: error instanceof Error ? error.message : String(error) });
  }
}
