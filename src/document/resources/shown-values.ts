import { mergeAllOf, type JsonSchema } from '../json-schema.js';

/**
 * A record's value as another schema that shows the record declares it: the value itself, where that
 * schema takes it or lists no values; else, where both list their values, the one at the same place in
 * the shower's list (PagerDuty's addon `type` `full_page_addon`, shown by `AddonReference` as
 * `full_page_addon_reference`), else the first the shower lists.
 */
export function shownValue(value: unknown, recordProperty: JsonSchema | undefined, shownProperty: JsonSchema | undefined): unknown {
  const shown = shownProperty === undefined ? undefined : mergeAllOf(shownProperty).enum;
  if (!Array.isArray(shown) || shown.length === 0 || shown.includes(value)) return value;
  const own = recordProperty === undefined ? undefined : mergeAllOf(recordProperty).enum;
  const at = Array.isArray(own) && own.length === shown.length ? own.indexOf(value) : -1;
  return at >= 0 ? shown[at] : shown[0];
}
