import { mergeAllOf, type JsonSchema, type Resource } from '../../document/index.js';
import { createPetFaker } from '../../fixtures/pet-faker.js';
import { fakeValue } from '../../fixtures/schema-values.js';
import { deriveSeed } from '../../sessions/index.js';
import { unlessEvalBlocked } from '../schema/eval-blocked.js';
import { findSchemaProblems } from '../schema/index.js';
import type { RecordDraw } from './collection-records.js';

/** How deep a sent value is fitted to the record's schema before it is given up for a generated one. */
const FITTING_DEPTH = 8;

/** A value that cannot be made to fit its schema. */
const NO_FIT = Symbol('no fit');

/**
 * A record built from a body the document accepts but shaped unlike the record (OpenAI's
 * `content: "text"` sent, `content: [{type, text: {value}}]` kept): each property that fits the
 * record's schema is kept, an object or array that does not is kept as far as its parts fit (what
 * they lack, generated from the schema), and anything else left out for the record's schema to
 * fill. A `null` is kept as sent: a merge patch's removal of what the record requires stays refused.
 */
export function fitToRecord(record: Readonly<Record<string, unknown>>, resource: Resource, draw: RecordDraw): Record<string, unknown> {
  const fitted: Record<string, unknown> = { ...record };
  const seed = deriveSeed(draw.seed, String(record[resource.key.property]), 'fitted');
  for (const [name, value] of Object.entries(record)) {
    const schema = resource.schema.properties?.[name];
    if (schema === undefined || value === null || name === resource.key.property) continue;
    const fit = fitValue(value, schema, name, { ...draw, seed }, 0);
    if (fit === NO_FIT) Reflect.deleteProperty(fitted, name);
    else fitted[name] = fit;
  }
  return fitted;
}

function fitValue(value: unknown, schema: JsonSchema, name: string, draw: RecordDraw, depth: number): unknown {
  if (unlessEvalBlocked(() => findSchemaProblems(value, schema), []).length === 0) return value;
  if (depth >= FITTING_DEPTH) return NO_FIT;
  const merged = mergeAllOf(schema);
  let candidate: unknown = NO_FIT;
  if (Array.isArray(value) && merged.items !== undefined) {
    const items = value.map((item, index) => fitValue(item, merged.items as JsonSchema, `${name}.${String(index)}`, draw, depth + 1));
    if (!items.includes(NO_FIT)) candidate = items;
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value) && merged.properties !== undefined) {
    const object: Record<string, unknown> = {};
    for (const [property, propertySchema] of Object.entries(merged.properties)) {
      const sent = (value as Record<string, unknown>)[property];
      const fit = sent === undefined ? NO_FIT : fitValue(sent, propertySchema, property, draw, depth + 1);
      if (fit !== NO_FIT) object[property] = fit;
      else if (merged.required?.includes(property) === true) object[property] = fakeValue(propertySchema, property, { faker: createPetFaker(deriveSeed(draw.seed, name, property)), now: draw.now, assigned: true });
    }
    candidate = object;
  }
  if (candidate === NO_FIT) return NO_FIT;
  return unlessEvalBlocked(() => findSchemaProblems(candidate, schema), []).length === 0 ? candidate : NO_FIT;
}
