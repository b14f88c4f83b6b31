import type { JsonSchema, Resource } from '../../document/index.js';
import { isJsonObject } from '../../json-values/index.js';
import { deriveSeed } from '../../sessions/index.js';
import { filledAsShown } from '../state/shown-fill.js';

/**
 * A presented record as an answer shows it by another schema than the record's own (a list's
 * `pull-request-simple` of a stored `pull-request`, a read's `oneOf`): `pick` takes what that schema
 * shows of it (a list's part of the record), and what it requires and the record lacks is filled in
 * (see filledAsShown).
 */
export type ShowRecord = (resource: Resource, presented: unknown, schema: JsonSchema, pick?: (presented: unknown) => unknown) => unknown;

/**
 * Shows records by other schemas, seeded by `seed`, each record by its key. A frozen presentation (a
 * stored record, or the presenter's kept one) is shown by a schema once, and given again while it is
 * the same object: a changed record, or one whose embedded records changed, is presented anew. Kept
 * by schema, not by resource as the presenter keeps them: one record is shown by several.
 */
export function createShowRecord(seed: number): ShowRecord {
  const shownBy = new WeakMap<JsonSchema, WeakMap<object, unknown>>();
  return (resource, presented, schema, pick = same) => {
    const show = (): unknown => {
      const key = isJsonObject(presented) ? presented[resource.key.property] : undefined;
      return filledAsShown(pick(presented), schema, deriveSeed(seed, resource.name, String(key)));
    };
    if (typeof presented !== 'object' || presented === null || !Object.isFrozen(presented)) return show();
    let kept = shownBy.get(schema);
    if (kept === undefined) shownBy.set(schema, (kept = new WeakMap()));
    if (kept.has(presented)) return kept.get(presented);
    const shown = frozen(show());
    kept.set(presented, shown);
    return shown;
  };
}

function same(presented: unknown): unknown {
  return presented;
}

/** The value frozen throughout, as the presentation it is kept beside: an answer given again is never one a later step changed. */
function frozen(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const each of Object.values(value)) frozen(each);
  return Object.freeze(value);
}
