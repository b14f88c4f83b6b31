// The document the engine answers by: read at start, with the starting records the options give
// checked against it; adopted into the stores; and replaced, at once or a step at a time (`--watch`),
// without a moment where requests see half of the new one.
import { checkDocumentPath, DEFAULT_DOCUMENT_LIMITS, documentFromSource, keepingFirstCollection, loadDocument, type DocumentLimits, type PetstoreDocument } from '../document/index.js';
import { checkOptions } from '../options/index.js';
import { inSlices, keepAliveUntil, nextTurn, nextTurnInBackground } from '../scheduling/index.js';
import { DEFAULT_MAX_PETS, DEFAULT_PETS } from '../sessions/index.js';
import type { StoredRecord } from '../store/index.js';
import { adoptDocument, collectionsInUse, compileAgainstARecord, documentPets, examplesOf, problemOfExample, recheckRecordsInSteps, shareDocumentReferencesInSteps, type DocumentChange, type RecheckedRecords, type ResponseExample } from './document-state.js';
import type { EngineOptions } from './engine-options.js';
import type { EngineServices } from './engine-services.js';
import { createDocumentRuntime, type DocumentRuntime } from './pipeline/index.js';
import { compileOffThread, renewSchemaCompilers } from './schema/index.js';
import type { SharedState } from './shared-state.js';
import { firstRecordSchemaOf, readFirstRecords, readRecords } from './state/index.js';

/**
 * The options checked, and the document they name read (within their limits); throws where either
 * is refused, naming why, before any state is made: the options, the document, and the starting
 * records (`initialPets`, `initialRecords`), checked against the document's schemas by Prism's validator.
 */
export async function readStartingDocument(options: EngineOptions): Promise<PetstoreDocument> {
  checkOptions(options);
  checkDocumentPath(options.documentPath);
  if (options.document !== undefined && options.documentPath !== undefined) throw new TypeError('[petstore-mock] Pass documentPath or document, not both.');
  if (options.sessions && options.store) throw new Error('[petstore-mock] Pass the engine a store or sessions, not both: the sessions hold the default store.');
  const limits = Object.fromEntries(Object.keys(DEFAULT_DOCUMENT_LIMITS).flatMap(key => (options[key as keyof DocumentLimits] === undefined ? [] : [[key, options[key as keyof DocumentLimits]]]))) as Partial<DocumentLimits>;
  const document = options.document === undefined ? await loadDocument(options.documentPath, limits) : await documentFromSource(options.document, limits);
  const maxPets = options.maxPets ?? DEFAULT_MAX_PETS;
  if (options.initialPets !== undefined) {
    // Checked against the document's Pet by Prism's validator, as PUT /__admin/state is.
    const read = readFirstRecords(options.initialPets, firstRecordSchemaOf(document), maxPets);
    if ('problem' in read) throw new RangeError(`[petstore-mock] initialPets ${read.problem}.`);
  }
  for (const [name, records] of Object.entries(options.initialRecords ?? {})) {
    const resource = document.resources.byName.get(name);
    if (!resource || resource === document.firstCollection.resource) {
      const others = document.resources.resources.filter(other => other !== document.firstCollection.resource).map(other => other.name);
      throw new RangeError(`[petstore-mock] initialRecords names ${JSON.stringify(name)}, which is not another collection of the document (${others.join(', ') || 'it has none'}).`);
    }
    const read = readRecords(records, resource, maxPets);
    if ('problem' in read) throw new RangeError(`[petstore-mock] initialRecords ${name} ${read.problem}.`);
  }
  return document;
}

/** The records a document starts with: its first collection's, seeded or given (`initialPets`). */
export function startingPetsOf(document: PetstoreDocument, options: Pick<EngineOptions, 'seed' | 'pets' | 'initialPets'>, seed: number, onShortSeeding?: (message: string) => void): readonly StoredRecord[] {
  return documentPets(document, { seed, count: options.pets ?? DEFAULT_PETS, initialPets: options.initialPets, onShortSeeding });
}

/** Makes a document the one the stores are shaped by (see adoptionInto), its first collection starting with `startingPets`. */
export type Adoption = (next: PetstoreDocument, startingPets: readonly StoredRecord[], previous?: PetstoreDocument, rechecked?: RecheckedRecords) => DocumentChange;

/**
 * How a document is adopted into `state`: its collections seeded, records given checked, and,
 * replacing `previous`, every record kept that the new schemas take; warned of, what the document
 * breaks of itself (repairs made; examples the build found breaking their schema: the others are
 * checked once the document answers, see DocumentInForce.examplesChecked). Throws, changing nothing, where it cannot.
 */
export function adoptionInto(state: SharedState, options: EngineOptions, { settings, report }: Pick<EngineServices, 'settings' | 'report'>): Adoption {
  return (next, startingPets, previous, rechecked) => {
    const change = adoptDocument(state.sessions, next, {
      defaultStatus: options.defaultStatus,
      initialPets: startingPets,
      initialPetsGiven: options.initialPets !== undefined,
      initialRecords: options.initialRecords,
      sessionsMadeBefore: options.sessions !== undefined,
      seed: settings.seed,
      now: settings.clock(),
      ...(previous && { previous }),
      ...(rechecked && { rechecked }),
      onShortSeeding: message => report.onWarning(message),
      count: options.pets ?? DEFAULT_PETS,
    });
    for (const repair of next.repairs ?? []) report.onWarning(`[petstore-mock] The document is read as its authors meant it: ${repair}.`);
    for (const problem of next.checks?.invalidExamples ?? []) warnOfInvalidExample(report, problem);
    return change;
  };
}

function warnOfInvalidExample(report: EngineServices['report'], problem: string): void {
  try {
    report.onWarning(`[petstore-mock] The document is served as written, but ${problem}; a forced or scripted answer of it breaks the document.`);
  } catch {
    // An onWarning that throws loses its warning, not what the warning is about.
  }
}

/** The document answering now, and its replacement by another. */
export interface DocumentInForce {
  /** Everything derived from the document answering now. */
  readonly runtime: DocumentRuntime;
  /** See Engine.replaceDocument. */
  replace(document: PetstoreDocument): DocumentChange;
  /** See Engine.replaceDocumentInSteps. */
  replaceInSteps(document: PetstoreDocument): Promise<DocumentChange>;
  /**
   * Settles once each response example of the document answering now is checked against its schema,
   * and those that break it warned of (see Engine.checked).
   */
  readonly examplesChecked: Promise<void>;
}

/** `document`, adopted already, in force; a replacement is adopted by `adopt`, its first collection seeded as `options` say. */
export function holdDocument(document: PetstoreDocument, services: EngineServices, options: EngineOptions, adopt: Adoption): DocumentInForce {
  const { sessions } = services.state;
  const { seed, clock } = services.settings;
  let runtime = createDocumentRuntime(document, services);
  const replace = (given: PetstoreDocument): DocumentChange => {
    // The collection the stores' first place holds stays the same one while the new document has it.
    const next = keepingFirstCollection(given, runtime.document);
    // The new document's schemas are compiled afresh: what was compiled for the old one goes with it.
    renewSchemaCompilers();
    // Everything that can refuse the document runs before anything it implies touches the stores:
    // its runtime (operations, deprecations, successors), then its seeded pets and the adoption itself.
    const nextRuntime = createDocumentRuntime(next, services);
    const starting = startingPetsOf(next, options, seed, message => services.report.onWarning(message));
    const change = adopt(next, starting, runtime.document);
    runtime = nextRuntime;
    examplesChecked = checkExamplesInTurns();
    return change;
  };
  const replaceInSteps = async (given: PetstoreDocument): Promise<DocumentChange> => {
    // The answering document's examples are not compiled meanwhile by the compilers made for the new
    // one; its check goes on from where it stopped if the new one is refused.
    const examplesLeft = stopExamplesCheck();
    try {
      return await replacedInSteps(given);
    } catch (error) {
      if (examplesLeft !== undefined && examplesLeft.document === runtime.document) examplesChecked = checkExamplesInTurns(examplesLeft.from);
      throw error;
    }
  };
  const replacedInSteps = async (given: PetstoreDocument): Promise<DocumentChange> => {
    const previous = runtime.document;
    const next = keepingFirstCollection(given, previous);
    // The new document's schemas are compiled afresh from here on, what was compiled for the old one
    // going with it (what the old one compiles meanwhile goes at the next reload).
    renewSchemaCompilers();
    await nextTurn();
    const nextRuntime = createDocumentRuntime(next, services);
    await nextTurn();
    await inSlices(shareDocumentReferencesInSteps(next));
    await nextTurn();
    // Each collection's schema compiled against a record it holds, in a turn of its own, a big
    // schema's validator compiled in a worker thread first (as a request's are). Its examples are
    // checked once it answers, as at start.
    for (const name of collectionsInUse(sessions, next)) {
      const compileAgainstOne = (): void => compileAgainstARecord(sessions, next, name, { seed, now: clock() });
      await compiledOffThread(compileAgainstOne);
      compileAgainstOne();
    }
    // Seeded once the first collection's validators are compiled (each seeded pet is checked).
    await nextTurn();
    const starting = startingPetsOf(next, options, seed, message => services.report.onWarning(message));
    // Every record the stores hold checked against the new document a slice at a time (the switch checks those written meanwhile).
    const rechecked = await inSlices(recheckRecordsInSteps(sessions, next, { seed, now: clock() }));
    await nextTurn();
    // Another replacement came first: this one is made against the document that now answers.
    if (runtime.document !== previous) return replace(given);
    // The switch, in one turn: the records written since checked (by validators now compiled), the stores changed, the runtime swapped.
    const change = adopt(next, starting, previous, rechecked);
    runtime = nextRuntime;
    examplesChecked = checkExamplesInTurns();
    return change;
  };
  /** The check of the answering document's examples under way, and the next example it checks. */
  let examplesCheck: { readonly document: PetstoreDocument; from: number } | undefined;
  // Once a caller holds `examplesChecked`, the check keeps the process alive until it is done.
  let checkAwaited = false;
  const turn = (): Promise<void> => (checkAwaited ? nextTurn() : nextTurnInBackground());
  /** Stops the check under way; where it was, for a check of the same document to go on from. */
  const stopExamplesCheck = (): { document: PetstoreDocument; from: number } | undefined => {
    const stopped = examplesCheck;
    examplesCheck = undefined;
    return stopped;
  };
  /**
   * The examples of the document answering now checked against their schemas (from the `from`th),
   * each in a turn of its own between requests, and those that break it warned of as they are found:
   * not a step of the start or the switch (GitHub's 645 examples took 7 of its 10 s to ready). Stops
   * once another check starts (a replacement, even by the same document) or a replacement is prepared.
   * It keeps no process alive by itself, and never rejects.
   */
  const checkExamplesInTurns = async (from = 0): Promise<void> => {
    if (options.checkExamples === false) return;
    // A check of its own, even of the same document: one started after it stops it.
    const check = { document: runtime.document, from };
    examplesCheck = check;
    const stopped = (): boolean => examplesCheck !== check;
    try {
      await turn();
      if (stopped()) return;
      const examples = examplesOf(check.document);
      for (; check.from < examples.length; check.from += 1) {
        const example = examples[check.from] as ResponseExample;
        await compiledOffThread(() => problemOfExample(example), turn);
        if (stopped()) return;
        const problem = problemOfExample(example);
        if (problem !== undefined) warnOfInvalidExample(services.report, problem);
      }
      examplesCheck = undefined;
    } catch (error) {
      try {
        services.report.onError("[petstore-mock] The check of the document's response examples against their schemas failed unexpectedly; they are served as written.", error);
      } catch {
        // An onError that throws: the check ends, and nothing rejects.
      }
    }
  };
  let examplesChecked = checkExamplesInTurns();
  return {
    get runtime() {
      return runtime;
    },
    get examplesChecked() {
      // Its turn asked for already keeps nothing alive: the process is, until the check under way ends.
      if (!checkAwaited) keepAliveUntil(examplesChecked);
      checkAwaited = true;
      return examplesChecked;
    },
    replace,
    replaceInSteps,
  };
}

/**
 * Resolves once `check` can run without compiling a big validator on the event loop: a turn later,
 * and after the worker thread compiled the big ones it would (see compileOffThread). What it throws
 * is left to the real run.
 */
async function compiledOffThread(check: () => unknown, turn: () => Promise<void> = nextTurn): Promise<void> {
  await turn();
  try {
    await compileOffThread(() => void check());
  } catch {
    // The check itself meets it again, where it always did.
  }
  await turn();
}

