import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { debuglog } from 'node:util';
import { Script } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { afterNextPoll } from '../../scheduling/index.js';
import * as prismBodyValidation from '@stoplight/prism-http/dist/validator/validators/body.js';
import * as prismValidation from '@stoplight/prism-http/dist/validator/validators/utils.js';

/**
 * A schema of at least this many objects (each `{` of its JSON text: subschemas, mostly) has its
 * validator compiled in a worker thread; a smaller one by Prism's Ajv on the main thread as before.
 * Ajv's time goes with the subschemas it writes code for, not the text's length (a discriminator's
 * mapping, copied into every branch, is long text and no code): measured with Prism's options on
 * the shared 2-core machine, 69 objects compile in 12–15 ms, 133 in 18–56 ms, 261 in 52–70 ms, 1,029
 * in 307–420 ms (docs/decisions/0021-validators-compiled-off-the-event-loop.md). Below 100, the
 * compile holds other clients less than the machine's own noise; above, the first request of the
 * operation waits for the worker (its start, about 100 ms, once) and nobody else does.
 */
export const OFF_THREAD_SCHEMA_OBJECTS = 100;

/** How long an idle worker is kept before it is ended (started again on the next big schema). */
const WORKER_IDLE_MS = 10_000;

/** A schema Prism would have compiled, as the build's edit of its validator records it (scripts/prism-lazy-ajv.mjs). */
interface RecordedCompile {
  draft: string;
  coerce: boolean;
  schema: object;
  bundle: unknown;
  /** What Ajv compiles for it: the schema itself, or (with a bundle) a copy whose references are followed lazily. */
  compiled: object;
  /** The Ajv instance that compiles it here, whose formats and keyword the function made elsewhere runs with. */
  instance: unknown;
  /** Its JSON text, where Prism's lookup of precompiled validators already wrote it. */
  text: string | undefined;
}

/** What the worker sends back: the module's source, a function of `(module, exports, require)`, and V8's code cache of it compiled. */
interface CompiledModule {
  source: string;
  cachedData: Uint8Array;
}

/** A module's function, as standalone code runs: `require` gives the modules the code names. */
type StandaloneModule = (module: { exports: unknown }, exports: unknown, require: (name: string) => unknown) => void;

/** A bundle entry a value reached that its Ajv instance had not compiled, as the build's edit of Prism's validator records it. */
interface RecordedReference {
  /** The entry's instance and key: the same entry reached again, in this run or a later one. */
  readonly key: string;
  /** The draft and coercion of the instance that compiles it (unknown: compiled here). */
  readonly draft: string | undefined;
  readonly coerce: boolean | undefined;
  /** The entry as that instance compiles it, its own references lazy. */
  schema(): object;
  /** Compiles the entry alone, on this thread; one that throws is not recorded again. */
  compile(): void;
  /** Has its instance validate the entry by standalone code made elsewhere from `schema()`, as if it had compiled it. */
  installStandalone(runModule: StandaloneModule, schema: object): void;
}

interface CompileHooks {
  recordCompiles(run: () => void): RecordedCompile[];
  recordReferences(run: () => void): RecordedReference[];
  installValidationFunction(schema: object, bundle: unknown, validationFunction: unknown): void;
  validationFunctionOfStandaloneModule(draft: string, coerce: boolean, runModule: StandaloneModule, schema: object, instance?: unknown): unknown;
}

/** A body schema Prism would merge (its `allOf`s, json-schema-merge-allof), as the build's edit of its body validator records it. */
interface RecordedMerge {
  schema: object;
  /** Prism merges it here, as it would have on the real run. */
  mergeHere(): void;
  /** Prism's memo holds `merged` (the same merge, done elsewhere) as if it had merged the schema itself. */
  install(merged: unknown): void;
}

interface MergeHooks {
  recordMerges(run: () => void): RecordedMerge[];
}

/** The edit of Prism's body validator (scripts/prism-lazy-ajv.mjs, bodyMergesRecorded), in the Node build only. */
function mergeHooks(): MergeHooks | undefined {
  const hooks = prismBodyValidation as Partial<MergeHooks>;
  return typeof hooks.recordMerges === 'function' ? (hooks as MergeHooks) : undefined;
}

/** The edit's hooks, in the built package; from the sources (Prism unedited) there are none, and everything compiles where it did. */
function compileHooks(): CompileHooks | undefined {
  const hooks = prismValidation as Partial<CompileHooks>;
  return typeof hooks.recordCompiles === 'function' && typeof hooks.recordReferences === 'function' && typeof hooks.installValidationFunction === 'function' && typeof hooks.validationFunctionOfStandaloneModule === 'function'
    ? (hooks as CompileHooks)
    : undefined;
}

/** `NODE_DEBUG=petstore-mock` says each validator compiled off the event loop. */
const debug = debuglog('petstore-mock');

/** Each schema object's compile under way or done, shared by concurrent first requests; released with the schema (a replaced document's). */
const compiling = new WeakMap<object, Promise<void>>();

/**
 * Runs `validate` (Prism's validation of one request, the way the pipeline will run it) with each
 * schema Prism would compile recorded instead; compiles each big one (`OFF_THREAD_SCHEMA_OBJECTS`)
 * in a worker thread and installs it where Prism looks first. The promise settles once they are
 * there; Prism then validates synchronously, as before, by Ajv's own code for the same schema.
 * `undefined` when nothing needs the worker (small schemas, all compiled, no worker here): Prism
 * compiles what is left on first use. A compile the worker fails (or a worker that dies) is left
 * to Prism, which compiles it in process once. Before that, a big body schema with `allOf`s is
 * merged in the worker too (Prism's merge, its memo given the result), and the compiles are recorded
 * in a later task, once the merge is in: no task of the first request merges or compiles a big schema.
 */
export function compileOffThread(validate: () => void): Promise<void> | undefined {
  const hooks = compileHooks();
  if (hooks === undefined) return undefined;
  const roots = workerUnusable ? undefined : rootsOffThread(hooks, validate);
  return roots === undefined ? compileEntriesReached(hooks, validate) : roots.then(() => compileEntriesReached(hooks, validate));
}

/**
 * The bundle entries `validate` reaches that are not compiled yet, compiled off the event loop (see
 * compileEntriesReached): for a later request of an operation prepared already, whose value may reach
 * entries its first request's did not. `undefined` when it reaches none (then validate at once).
 */
export function compileEntriesOffThread(validate: () => void): Promise<void> | undefined {
  const hooks = compileHooks();
  return hooks === undefined ? undefined : compileEntriesReached(hooks, validate);
}

/**
 * The bundle entries (src/engine/schema/by-reference.ts: shared and recursive schemas, each compiled
 * once, when a value first reaches it) that `validate` reaches, compiled a task at a time, other
 * clients answered between: run with the entries not yet compiled recorded (and passed), each compiled
 * in a task of its own, then run again, until a run reaches none. Ajv compiled each in the middle of
 * the one synchronous validation that reached it: an example of GitHub's document reached enough to
 * hold the event loop up to 2 s. An entry whose compile throws is left to the real run, which meets
 * it where it always did. `undefined` when the first run reaches none.
 */
function compileEntriesReached(hooks: CompileHooks, validate: () => void): Promise<void> | undefined {
  const reached = entriesReached(hooks, validate);
  if (reached.length === 0) return undefined;
  return compileEntriesInTasks(hooks, validate, reached);
}

async function compileEntriesInTasks(hooks: CompileHooks, validate: () => void, first: readonly RecordedReference[]): Promise<void> {
  const tried = new Set<string>();
  for (let reached = first; reached.length > 0; reached = entriesReached(hooks, validate).filter(entry => !tried.has(entry.key))) {
    const inWorker: Promise<void>[] = [];
    for (const entry of reached) {
      tried.add(entry.key);
      const offThread = entriesUnderWay.get(entry.key) ?? entryOffThread(entry);
      if (offThread !== undefined) {
        inWorker.push(offThread);
        continue;
      }
      await afterNextPoll();
      compileEntryHere(entry);
    }
    await Promise.all(inWorker);
    await afterNextPoll();
  }
}

/** The entry compiled here; a compile that throws is left to the real run, which meets it where Prism always met it. */
function compileEntryHere(entry: RecordedReference): void {
  try {
    entry.compile();
  } catch {
    // Met again by the real run.
  }
}

/** Each entry's compile in the worker under way, by its key, shared by the requests that reach it meanwhile. */
const entriesUnderWay = new Map<string, Promise<void>>();

/**
 * A big entry (`OFF_THREAD_SCHEMA_OBJECTS`) compiled in the worker thread as standalone code, its
 * references calling its instance's keyword, and installed; if the worker fails, compiled here in a
 * task of its own. `undefined` for an entry compiled here.
 */
function entryOffThread(entry: RecordedReference): Promise<void> | undefined {
  const { draft, coerce } = entry;
  if (draft === undefined || coerce === undefined || workerUnusable || !codeGenerationAllowed()) return undefined;
  let schema: object;
  try {
    schema = entry.schema();
  } catch {
    return undefined;
  }
  const schemaText = jsonTextOf(schema);
  if (schemaText === undefined || !hasObjects(schemaText, OFF_THREAD_SCHEMA_OBJECTS)) return undefined;
  debug('validator of a shared schema of %d characters compiled off the event loop', schemaText.length);
  const compile = compileInWorker(draft, coerce, schemaText)
    .then(
      compiled => {
        try {
          entry.installStandalone(moduleOf(compiled), schema);
        } catch {
          compileEntryHere(entry);
        }
      },
      async () => {
        await afterNextPoll();
        compileEntryHere(entry);
      },
    )
    .finally(() => entriesUnderWay.delete(entry.key));
  entriesUnderWay.set(entry.key, compile);
  return compile;
}

function entriesReached(hooks: CompileHooks, validate: () => void): RecordedReference[] {
  try {
    return hooks.recordReferences(validate);
  } catch {
    return [];
  }
}

/** Merges and compiles of the schemas `validate` would compile (not bundle entries) that go to the worker. */
function rootsOffThread(hooks: CompileHooks, validate: () => void): Promise<void> | undefined {
  const merges = mergeHooks();
  if (merges === undefined) return compileRecorded(hooks, validate);
  let recorded: RecordedMerge[];
  try {
    // Compiles recorded too (none made here); those of the body come once it is merged.
    recorded = merges.recordMerges(() => {
      hooks.recordCompiles(validate);
    });
  } catch {
    return undefined;
  }
  const waits: Promise<void>[] = [];
  for (const merge of recorded) {
    const wait = mergeOffThread(merge);
    if (wait !== undefined) waits.push(wait);
  }
  // Merged in a worker: Prism's validator is run again (recording what it would compile) in a task of
  // its own once they are in, other clients' requests answered between the merge read and that run.
  if (waits.length === 0) return compileRecorded(hooks, validate);
  return Promise.all(waits)
    .then(afterNextPoll)
    .then(() => compileRecorded(hooks, validate));
}

/**
 * Merges a body schema's `allOf`s in the worker thread when the schema is big (`OFF_THREAD_SCHEMA_OBJECTS`)
 * and has any: Prism's memo then holds the worker's merge (the same package, options and JSON value,
 * so the same verdicts and messages). Otherwise, or if the worker fails, Prism merges it here as before.
 * `undefined` when merged here.
 */
function mergeOffThread(merge: RecordedMerge): Promise<void> | undefined {
  let merging = mergesUnderWay.get(merge.schema);
  if (merging === undefined) {
    const schemaText = jsonTextOf(merge.schema);
    if (schemaText === undefined || !schemaText.includes('"allOf"') || !hasObjects(schemaText, OFF_THREAD_SCHEMA_OBJECTS)) {
      mergeHereGuarded(merge);
      return undefined;
    }
    // The worker started (and the text sent) in a task after the one that read the schema.
    merging = afterNextPoll()
      .then(() => mergeInWorker(schemaText))
      .then(
        mergedText => {
          try {
            merge.install(JSON.parse(mergedText));
          } catch {
            mergeHereGuarded(merge);
          }
        },
        () => {
          mergeHereGuarded(merge);
        },
      );
    mergesUnderWay.set(merge.schema, merging);
  }
  return merging;
}

/** Prism's own merge, here; one that throws is left to the real run, which throws as it did. */
function mergeHereGuarded(merge: RecordedMerge): void {
  try {
    merge.mergeHere();
  } catch {
    // The real run merges it again and meets the same error where Prism always met it.
  }
}

/** Each body schema's merge in the worker under way or done, shared by concurrent first requests. */
const mergesUnderWay = new WeakMap<object, Promise<void>>();

/** Prism's validator run with each schema it would compile recorded; the big ones compiled in the worker and installed. */
function compileRecorded(hooks: CompileHooks, validate: () => void): Promise<void> | undefined {
  let recorded: RecordedCompile[];
  try {
    recorded = hooks.recordCompiles(validate);
  } catch {
    return undefined;
  }
  const waits: Promise<void>[] = [];
  for (const use of recorded) {
    let compile = compiling.get(use.schema);
    if (compile === undefined) {
      const schemaText = use.text ?? jsonTextOf(use.compiled);
      if (schemaText === undefined || !hasObjects(schemaText, OFF_THREAD_SCHEMA_OBJECTS) || !codeGenerationAllowed()) continue;
      debug('validator of a schema of %d characters compiled off the event loop', schemaText.length);
      compile = compileInWorker(use.draft, use.coerce, schemaText).then(
        compiled => {
          try {
            hooks.installValidationFunction(use.schema, use.bundle, hooks.validationFunctionOfStandaloneModule(use.draft, use.coerce, moduleOf(compiled), use.compiled, use.instance));
          } catch {
            // Code generation refused here, or code this Prism cannot run: Prism compiles the schema itself, and says why if it cannot.
          }
        },
        () => undefined,
      );
      compiling.set(use.schema, compile);
    }
    waits.push(compile);
  }
  if (waits.length === 0) return undefined;
  return Promise.all(waits).then(() => undefined);
}

/** The file name the module is compiled under, as in the worker (scripts/shims/ajv-compile-worker.cjs). */
const SCRIPT_NAME = 'petstore-mock-validator.js';

/** The module's function, from V8's code cache where it takes it (else compiled from the source). */
function moduleOf({ source, cachedData }: CompiledModule): StandaloneModule {
  const script = new Script(source, { filename: SCRIPT_NAME, cachedData });
  return script.runInThisContext() as StandaloneModule;
}

let generatesCode: boolean | undefined;

/**
 * Whether code may be made from strings here: where it may not (`--disallow-code-generation-from-strings`),
 * Prism's Ajv cannot compile either, and the request says so (eval_not_allowed) as before.
 */
function codeGenerationAllowed(): boolean {
  if (generatesCode === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a constant, only to ask whether the realm allows it
      generatesCode = typeof new Function('return 1') === 'function';
    } catch {
      generatesCode = false;
    }
  }
  return generatesCode;
}

/** Whether the JSON text has at least `count` objects (a `{` in a string counts too: a schema sent to the worker is compiled the same). */
function hasObjects(text: string, count: number): boolean {
  let found = 0;
  for (let at = text.indexOf('{'); at !== -1; at = text.indexOf('{', at + 1)) {
    found += 1;
    if (found >= count) return true;
  }
  return false;
}

function jsonTextOf(schema: object): string | undefined {
  try {
    return JSON.stringify(schema);
  } catch {
    return undefined;
  }
}

/** The worker file beside the Node build's chunks (scripts/ajv-on-demand.mjs); none from the sources. */
function workerFile(): string | undefined {
  try {
    const file = fileURLToPath(new URL('./ajv-compile-worker.cjs', import.meta.url));
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** What the worker answers a job: a compiled module, a merged schema's text, or why not. */
interface WorkerAnswer {
  id: number;
  source?: string;
  cachedData?: Uint8Array;
  merged?: string;
  error?: string;
}

interface Job {
  resolve(answer: WorkerAnswer): void;
  reject(error: Error): void;
}

let worker: Worker | undefined;
/** Set once a worker could not start or died of an error: from then on Prism compiles everything in process. */
let workerUnusable = false;
const jobs = new Map<number, Job>();
let nextJob = 0;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function compileInWorker(draft: string, coerce: boolean, schemaText: string): Promise<CompiledModule> {
  return sentToWorker({ kind: 'compile', draft, coerce }, schemaText).then(answer => {
    if (typeof answer.source === 'string' && answer.cachedData instanceof Uint8Array) return { source: answer.source, cachedData: answer.cachedData };
    throw new Error(answer.error ?? 'the worker compiled nothing');
  });
}

/** The JSON text of a body schema with its `allOf`s merged by the worker (scripts/shims/ajv-compile-worker.cjs). */
function mergeInWorker(schemaText: string): Promise<string> {
  return sentToWorker({ kind: 'merge' }, schemaText).then(answer => {
    if (typeof answer.merged === 'string') return answer.merged;
    throw new Error(answer.error ?? 'the worker merged nothing');
  });
}

function sentToWorker(job: { kind: 'compile' | 'merge'; draft?: string; coerce?: boolean }, schemaText: string): Promise<WorkerAnswer> {
  const running = startedWorker();
  if (running === undefined) return Promise.reject(new Error('no worker'));
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = undefined;
  nextJob += 1;
  const id = nextJob;
  // Referenced while a job is awaited, so that a process with nothing else to do (MSW in a script) waits for it.
  running.ref();
  // Sent as bytes, moved rather than copied.
  const schemaBytes = new TextEncoder().encode(schemaText);
  return new Promise<WorkerAnswer>((resolve, reject) => {
    jobs.set(id, { resolve, reject });
    running.postMessage({ id, ...job, schemaBytes }, [schemaBytes.buffer]);
  });
}

function startedWorker(): Worker | undefined {
  if (worker !== undefined) return worker;
  const file = workerFile();
  if (file === undefined) {
    workerUnusable = true;
    return undefined;
  }
  let started: Worker;
  try {
    started = new Worker(file);
  } catch {
    workerUnusable = true;
    return undefined;
  }
  started.on('message', (message: WorkerAnswer) => {
    const job = jobs.get(message.id);
    if (job === undefined) return;
    jobs.delete(message.id);
    job.resolve(message);
    if (jobs.size === 0) idle(started);
  });
  started.on('error', () => {
    workerUnusable = true;
  });
  started.on('exit', () => {
    if (worker === started) worker = undefined;
    for (const [id, job] of jobs) {
      jobs.delete(id);
      job.reject(new Error('the worker ended'));
    }
  });
  worker = started;
  return started;
}

/** No compile awaited: the worker no longer keeps the process alive, and ends after a while unused. */
function idle(running: Worker): void {
  running.unref();
  idleTimer = setTimeout(() => {
    idleTimer = undefined;
    if (worker === running && jobs.size === 0) {
      worker = undefined;
      void running.terminate();
    }
  }, WORKER_IDLE_MS);
  idleTimer.unref();
}
