import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { inSlices } from '../scheduling/index.js';
import type { DocumentLimits } from './document-limits.js';
import { DocumentShapeError } from './document-shape-error.js';
import { GraphRebuild, type GraphChunk } from './flat-graph.js';
import { noteDiscriminatorValues } from './json-schema.js';
import { loadLinearEngine } from './safe-patterns.js';
import type { PreparedParts } from './prepared-document.js';

/** What the worker (compile-worker.ts) answers: the prepared document, why the document is refused, or why it could not be sent. */
export type CompileAnswer =
  | { readonly chunk: GraphChunk; readonly last: boolean; /** Some pattern of the document runs on the linear-time engine (safe-patterns.ts). */ readonly linearEngine: boolean }
  | { readonly refused: { readonly message: string; readonly shape: boolean } }
  | { readonly unsendable: string };

/** The worker beside the Node build's chunks; none from the sources. */
const WORKER_FILE = 'document-compile-worker.js';

function workerFile(): string | undefined {
  try {
    const file = fileURLToPath(new URL(`./${WORKER_FILE}`, import.meta.url));
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The document's text compiled and prepared (`compileDocument`, `prepareParts`) in a worker thread:
 * a reload's parsing, Stoplight's transform, the references resolved, the collections found and the
 * patterns checked (hundreds of milliseconds for a document of a megabyte, seconds for Stripe's size)
 * hold no request; the main thread reads the result in as a flattened graph (flat-graph.ts), a chunk
 * a turn, links it a slice a turn, and notes what the engine keeps beside schemas by their identity
 * (their discriminator values). Rejects as the compile would have thrown (a `DocumentShapeError`
 * saying what is wrong), or when the worker dies (out of memory: the mock keeps its last good
 * document rather than fall). `undefined` where there is no worker (the sources, a worker that
 * cannot start, a result structured clone cannot carry or read): compile in process. A worker per
 * reload, ended once it has answered (one kept between reloads held its last document's garbage
 * heap, ~55 MiB resident, until its next job); one document at a time.
 */
export function prepareInWorker(text: string, limits: DocumentLimits): Promise<PreparedParts | undefined> | undefined {
  const file = workerFile();
  if (file === undefined) return undefined;
  const job = queue.then(() => preparedBy(file, text, limits));
  queue = job.catch(() => undefined);
  return job;
}

/** The worker's jobs, one after another. */
let queue: Promise<unknown> = Promise.resolve();

function startedWorker(file: string): Worker | undefined {
  try {
    const worker = new Worker(file);
    // Its error is this job's (below), never the process's.
    worker.on('error', () => undefined);
    return worker;
  } catch {
    return undefined;
  }
}

function preparedBy(file: string, text: string, limits: DocumentLimits): Promise<PreparedParts | undefined> {
  const worker = startedWorker(file);
  if (worker === undefined) return Promise.resolve(undefined);
  return new Promise<PreparedParts | undefined>((resolve, reject) => {
    const rebuild = new GraphRebuild();
    const done = (settle: () => void): void => {
      worker.off('message', onMessage);
      worker.off('messageerror', onMessageError);
      worker.off('error', onError);
      worker.off('exit', onExit);
      void worker.terminate();
      settle();
    };
    const onMessage = (answer: CompileAnswer): void => {
      if ('chunk' in answer) {
        rebuild.add(answer.chunk);
        // The next chunk asked for on the next turn: requests waiting are answered between two.
        if (!answer.last) {
          setImmediate(() => worker.postMessage({ kind: 'next' }));
          return;
        }
        done(() => {
          Promise.all([inSlices(rebuild.link()), answer.linearEngine ? loadLinearEngine() : undefined]).then(([root]) => {
            for (const [schema, values] of rebuild.notes()) noteDiscriminatorValues(schema, values as Record<string, string>);
            resolve(root as PreparedParts);
          }, reject);
        });
      } else if ('refused' in answer) {
        done(() => reject(answer.refused.shape ? new DocumentShapeError(answer.refused.message) : new Error(answer.refused.message)));
      } else {
        done(() => resolve(undefined));
      }
    };
    // A message the main thread could not read (structured clone reads recursively): compiled here instead.
    const onMessageError = (): void => done(() => resolve(undefined));
    const onError = (error: Error): void => done(() => reject(new DocumentShapeError(`could not be compiled: ${error.message}`)));
    const onExit = (code: number): void => done(() => reject(new DocumentShapeError(`could not be compiled: the compiling thread ended (exit code ${code})`)));
    worker.on('message', onMessage);
    worker.once('messageerror', onMessageError);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage({ kind: 'compile', text, limits });
  });
}

