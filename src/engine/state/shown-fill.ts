import { mergeAllOf, type JsonSchema } from '../../document/index.js';
import { createPetFaker } from '../../fixtures/pet-faker.js';
import { fakeValue, fitsSchema, GENERATION_BOUNDS } from '../../fixtures/schema-values.js';
import { isJsonObject } from '../../json-values/index.js';
import { deriveSeed } from '../../sessions/index.js';
import { closestAlternative, isOfDeclaredType } from './closest-alternative.js';
import { isNullable } from './collection-records.js';

/** The clock of what a shown schema asks and the record lacks: fixed, so a record is shown the same on every read. */
const SHOWN_AT = new Date(0);

/**
 * A value (a stored record, or a part of one) as another schema than its own shows it: each property
 * that schema requires and the value lacks, generated as the store generates what it assigns (seeded by
 * `seed` and the property's place, so the same on every read); each value of another type than it
 * declares, or refused by its `const`, `enum`, bounds or pattern, generated so; each property a closed
 * object (`additionalProperties` or `unevaluatedProperties` false) does not declare, left out (an open
 * one keeps them); through nested objects, array items and, for a `oneOf` or
 * `anyOf`, the alternative the value is closest to. GitHub's pull request keeps its `requested_teams`
 * as `team-simple`, and its list shows them as `team`, which requires `parent` and has no `ldap_dn`.
 * The value itself where nothing changes; nothing is written back to the store.
 */
export function filledAsShown(value: unknown, schema: JsonSchema, seed: number): unknown {
  return filled(value, schema, { seed, path: '', depth: 0 });
}

/** Where in the shown value a part stands: its generated values are seeded by that place. */
interface Place {
  readonly seed: number;
  readonly path: string;
  readonly depth: number;
}

const NONE: ReadonlySet<string> = new Set();

/** `value` as `schema` shows it; `declaredBeside`: the names a schema around this one declares of the same object (beside its `oneOf`), kept. */
function filled(value: unknown, schema: JsonSchema, place: Place, declaredBeside = NONE): unknown {
  if (place.depth > GENERATION_BOUNDS.GENERATED_DEPTH) return value;
  const merged = mergeAllOf(schema);
  if (value === null) return merged.type === undefined || isNullable(merged) ? value : generated(merged, place);
  if (!isOfDeclaredType(value, merged) || (!isJsonObject(value) && !Array.isArray(value) && !fitsSchema(value, merged))) return generated(merged, place);
  const alternatives = merged.oneOf ?? merged.anyOf;
  // Where the value fits several open alternatives (the document's ambiguity), the one chosen is only
  // completed: nothing is left out of an open schema, so the record's data is kept whichever is chosen.
  const closest = alternatives === undefined ? undefined : closestAlternative(value, alternatives, merged.discriminator);
  // What the schema declares beside its alternatives, and what the alternative shown declares, are each shown by the other.
  const own = Array.isArray(value) ? filledItems(value, merged, place) : isJsonObject(value) ? filledObject(value, merged, place, withNamesOf(declaredBeside, closest)) : value;
  return closest === undefined ? own : filled(own, closest, place, withNamesOf(declaredBeside, merged));
}

function withNamesOf(names: ReadonlySet<string>, schema: JsonSchema | undefined): ReadonlySet<string> {
  const declared = schema === undefined ? [] : Object.keys(mergeAllOf(schema).properties ?? {});
  return declared.length === 0 ? names : new Set([...names, ...declared]);
}

function filledItems(items: readonly unknown[], schema: JsonSchema, place: Place): readonly unknown[] {
  if (schema.items === undefined) return items;
  const each = schema.items;
  const shown = items.map((item, index) => filled(item, each, inner(place, String(index))));
  return shown.every((item, index) => item === items[index]) ? items : shown;
}

function filledObject(object: Readonly<Record<string, unknown>>, schema: JsonSchema, place: Place, declaredBeside: ReadonlySet<string>): Readonly<Record<string, unknown>> {
  const declared = schema.properties ?? {};
  const others = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  // Left out are only the names a closed schema (`additionalProperties` or `unevaluatedProperties` false) does not declare: an open one takes them, and they are the record's data.
  const closed = schema.additionalProperties === false || (schema as { unevaluatedProperties?: unknown }).unevaluatedProperties === false;
  const onlyDeclared = closed && others === undefined && !('patternProperties' in schema);
  const shown: Record<string, unknown> = {};
  let changed = false;
  for (const [name, held] of Object.entries(object)) {
    const property = Object.hasOwn(declared, name) ? declared[name] : others;
    if (property === undefined && onlyDeclared && !declaredBeside.has(name)) {
      changed = true;
      continue;
    }
    const value = property === undefined || held === undefined ? held : filled(held, property, inner(place, name));
    changed ||= value !== held;
    shown[name] = value;
  }
  for (const name of schema.required ?? []) {
    if (shown[name] !== undefined) continue;
    const property = Object.hasOwn(declared, name) ? declared[name] : others;
    // Required and nullable: nothing to say, as the store leaves such a property of its own records.
    shown[name] = property === undefined || isNullable(property) ? null : generated(mergeAllOf(property), inner(place, name));
    changed = true;
  }
  return changed ? shown : object;
}

function inner(place: Place, name: string): Place {
  return { seed: place.seed, path: `${place.path}/${name}`, depth: place.depth + 1 };
}

/** A value of the schema where the record holds none it takes: the store's draw of an assigned value, seeded by its place. */
function generated(schema: JsonSchema, place: Place): unknown {
  const name = place.path.slice(place.path.lastIndexOf('/') + 1);
  return fakeValue(schema, name, { faker: createPetFaker(deriveSeed(place.seed, place.path)), now: SHOWN_AT, assigned: true });
}
