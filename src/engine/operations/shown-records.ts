import { fromOpenApi30, type JsonSchema, type Resource } from '../../document/index.js';
import { deepFreeze, isJsonObject } from '../../json-values/index.js';
import { deriveSeed } from '../../sessions/index.js';
import { findSchemaProblems, unlessEvalBlocked } from '../schema/index.js';
import { filledAsShown } from '../state/shown-fill.js';

/**
 * A presented record as an answer shows it by another schema than the record's own (a list's
 * `pull-request-simple` of a stored `pull-request`, a read's `oneOf`): `pick` takes what that schema
 * shows of it (a list's part of the record), and what it requires and the record lacks is filled in
 * (see filledAsShown).
 */
export type ShowRecord = (resource: Resource, presented: unknown, schema: JsonSchema, pick?: (presented: unknown) => unknown) => unknown;

/** The kept presentations by another schema: at most this many, of at most this many bytes together (two a character of their JSON text), none over the last. */
export const KEPT_SHOWN = { ENTRIES: 1_024, BYTES: 8 * 1024 * 1024, ENTRY_BYTES: 1024 * 1024 } as const;

/** A kept presentation: the value it was made of (and its JSON text, for a read's copy), and what was shown. */
interface Kept {
  readonly presented: unknown;
  readonly text: string;
  readonly shown: unknown;
  readonly bytes: number;
}

/** How many fills were made (not given again, nor shown as stored): read by tests, which ask that a repeated read makes none. */
export const shownFills: { count: number } = { count: 0 };

/**
 * Shows records by other schemas, seeded by `seed`, each record by its key. A record that already fits
 * the schema (by the engine's own validator) is shown exactly as stored. A fill is kept by schema,
 * resource and key, and given again while the record presented is the same object (a stored record, or
 * the presenter's kept one) or, for a read's copy, the same JSON text: a changed record is shown anew.
 * Kept under KEPT_SHOWN, the least recently used going first (docs/memory.md).
 */
export function createShowRecord(seed: number): ShowRecord {
  const schemaNumbers = new WeakMap<JsonSchema, number>();
  let lastSchemaNumber = 0;
  const kept = new Map<string, Kept>();
  let keptBytes = 0;
  const forget = (id: string): void => {
    const old = kept.get(id);
    if (old === undefined) return;
    kept.delete(id);
    keptBytes -= old.bytes;
  };
  return (resource, presented, schema, pick = same) => {
    const key = isJsonObject(presented) ? presented[resource.key.property] : undefined;
    const show = (): unknown => {
      const picked = pick(presented);
      if (fitsAsShown(picked, schema)) return picked;
      shownFills.count += 1;
      return filledAsShown(picked, schema, deriveSeed(seed, resource.name, String(key)));
    };
    if (typeof presented !== 'object' || presented === null || (typeof key !== 'string' && typeof key !== 'number')) return show();
    let schemaNumber = schemaNumbers.get(schema);
    if (schemaNumber === undefined) schemaNumbers.set(schema, (schemaNumber = ++lastSchemaNumber));
    const id = `${String(schemaNumber)}\u0000${resource.name}\u0000${typeof key}\u0000${String(key)}`;
    const known = kept.get(id);
    const text = known !== undefined && known.presented === presented ? known.text : JSON.stringify(presented);
    if (known !== undefined && (known.presented === presented || known.text === text)) {
      // Most recently used last: the first of the map goes first.
      kept.delete(id);
      kept.set(id, known);
      return known.shown;
    }
    forget(id);
    // Frozen throughout, as the presentation it is kept beside: an answer given again is never one a later step changed.
    const shown = deepFreeze(show());
    const bytes = 2 * (id.length + text.length + (shown === presented ? 0 : (JSON.stringify(shown).length)));
    if (bytes > KEPT_SHOWN.ENTRY_BYTES) return shown;
    kept.set(id, { presented, text, shown, bytes });
    keptBytes += bytes;
    for (const oldest of kept.keys()) {
      if (kept.size <= KEPT_SHOWN.ENTRIES && keptBytes <= KEPT_SHOWN.BYTES) break;
      forget(oldest);
    }
    return shown;
  };
}

/** The most schemas a shown schema may hold (reached through its subschemas, each once) and be checked before it is filled; see fitsAsShown. */
const CHECKED_SCHEMAS = 400;
const checkable = new WeakMap<JsonSchema, boolean>();

/**
 * Whether a value already fits the schema, by the engine's own validator (Prism's Ajv), the schema read
 * as Prism reads an answer's (an OpenAPI 3.0 `nullable` as JSON Schema's `null`: unconverted, Ajv
 * refuses it and reports nothing). A schema of more than CHECKED_SCHEMAS schemas is not checked (its
 * converted copy is compiled apart from the document's shared bundle, seconds for Stripe's and
 * GitHub's), nor one where eval is blocked: such a value goes to the fill, which leaves what fits as it is.
 */
function fitsAsShown(value: unknown, schema: JsonSchema): boolean {
  let small = checkable.get(schema);
  if (small === undefined) checkable.set(schema, (small = isSmall(schema)));
  return small && unlessEvalBlocked(() => findSchemaProblems(value, fromOpenApi30(schema)).length === 0, false);
}

function isSmall(schema: JsonSchema): boolean {
  const seen = new Set<object>();
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    if (seen.size > CHECKED_SCHEMAS) return false;
    for (const each of Object.values(next as Record<string, unknown>)) pending.push(each);
  }
  return true;
}

function same(presented: unknown): unknown {
  return presented;
}
