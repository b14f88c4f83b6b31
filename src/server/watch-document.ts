import { watch, watchFile, unwatchFile, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { reloadDocument } from '../document/index.js';
import type { Engine } from '../engine/index.js';

/** How long after the last change event the document is read: editors write a file in several steps. */
export const WATCH_DEBOUNCE_MS = 150;
/** Polling, beside the file system's events, for the mounts that send none (Docker bind mounts on some hosts). */
const POLL_INTERVAL_MS = 1_000;
/** Pets the new `Pet` refused that are named a line each; one line counts the others (a new `Pet` may refuse every pet of every session). */
const REFUSED_PETS_NAMED = 20;

export interface DocumentWatcher {
  close(): void;
}

/**
 * Follows edits of the document file: each is read and checked whole, and only a document the engine
 * can answer by replaces the one it has (in process: the port, the stores and the sessions stay). A
 * broken edit keeps the last good document, and watching goes on. The folder is watched, not the
 * file, so that an editor that writes a new file and renames it over the old one is followed.
 */
export function watchDocument(documentPath: string, engine: Engine, log: { info(message: string): void; error(message: string): void }): DocumentWatcher {
  let timer: NodeJS.Timeout | undefined;
  let reading = Promise.resolve();
  const name = basename(documentPath);

  const reload = async (): Promise<void> => {
    let next;
    try {
      next = await reloadDocument(documentPath);
    } catch (error) {
      log.error(`[petstore-mock] ${documentPath} changed but cannot be used; the mock keeps answering by the last good document (${describeVersion(engine)}). ${(error as Error).message}`);
      return;
    }
    if (next.origin.sha256 === engine.document.origin.sha256) return;
    try {
      // Prepared a step at a time: the current document answers meanwhile, and the switch is at once.
      const change = await engine.replaceDocumentInSteps(next);
      const parts = [
        change.added.length > 0 && `added ${change.added.join(', ')}`,
        change.removed.length > 0 && `removed ${change.removed.join(', ')}`,
        change.deprecated.length > 0 && `deprecated ${change.deprecated.join(', ')}`,
      ].filter(Boolean);
      log.info(`[petstore-mock] ${documentPath} reloaded: now ${describeVersion(engine)}${parts.length > 0 ? `; ${parts.join('; ')}` : ''}.`);
      for (const refused of change.refusedPets.slice(0, REFUSED_PETS_NAMED)) {
        log.error(`[petstore-mock] Pet ${refused.id}${refused.session === null ? '' : ` of session ${refused.session}`} was removed: the new document's Pet refuses it (${refused.problem}).`);
      }
      const unnamed = change.refusedPets.length - REFUSED_PETS_NAMED;
      if (unnamed > 0) log.error(`[petstore-mock] ${unnamed} more pets were removed, refused by the new document's Pet too; GET /__admin/state shows the pets kept.`);
    } catch (error) {
      log.error(`[petstore-mock] ${documentPath} changed but the mock cannot answer by it; it keeps the last good document (${describeVersion(engine)}). ${(error as Error).message}`);
    }
  };
  const schedule = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      reading = reading.then(reload);
    }, WATCH_DEBOUNCE_MS);
    timer.unref();
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(documentPath), { persistent: false }, (_event, file) => {
      if (file === null || file === name) schedule();
    });
    watcher.on('error', () => undefined);
  } catch {
    // No events here (too many watches, or a file system without them): polling alone follows it.
  }
  watchFile(documentPath, { interval: POLL_INTERVAL_MS, persistent: false }, (current, previous) => {
    if (current.mtimeMs !== previous.mtimeMs || current.size !== previous.size) schedule();
  });
  return {
    close() {
      clearTimeout(timer);
      watcher?.close();
      unwatchFile(documentPath);
    },
  };
}

function describeVersion(engine: Engine): string {
  const { title, version } = engine.document.source.info;
  // Django REST framework writes `version: ''`: the title alone then.
  return [title, version].filter(part => part !== '').join(' ');
}
