import { fieldNameKey, mergeAllOf, timeFormatOf, typeIncludes, type JsonSchema, type Resource } from '../../document/index.js';
import { isEpochSeconds } from '../../fixtures/schema-values.js';
import { unlessEvalBlocked } from '../schema/eval-blocked.js';
import { findSchemaProblems } from '../schema/index.js';
import { embeddedProperties, isNullable } from './collection-records.js';

/**
 * `fields` a client sent to create or replace a record, with each property the record requires but
 * the client may set and did not send given what a service stores for "nothing sent": the
 * property's declared `default`, else `null` where it may be null, else its type's empty value
 * (`""`, `0`, `false`, `[]`, `{}`) where its schema takes it; an optional property its declared
 * `default` (the value a service uses when none is sent), else nothing. Gotify's `PUT /application/{id}` with
 * only `name` answers `description: ""`, not the schema's example. What none of those fits is
 * left out, for the record's completion to generate as before. Properties the service assigns
 * (`readOnly`, the key, times it sets, and what the request's body does not declare: `sendable`, the
 * body's property names as `fieldNameKey` spells them, where the operation declares one) are not touched here.
 */
export function withUnsentProperties(fields: Readonly<Record<string, unknown>>, resource: Resource, sendable?: ReadonlySet<string>): Record<string, unknown> {
  const given: Record<string, unknown> = { ...fields };
  const embedded = embeddedProperties(resource);
  const required = new Set(resource.schema.required ?? []);
  for (const [name, schema] of Object.entries(resource.schema.properties ?? {})) {
    // A property the request's body does not declare is not the client's to leave out (Docker's `Volume.Mountpoint`): the service sets it.
    if (given[name] !== undefined || embedded.has(name) || name === resource.key.property || isSetByService(name, resource, sendable) || isTime(schema, name)) continue;
    const value = required.has(name) ? nothingSent(schema) : declaredDefault(schema);
    if (value !== NOTHING_FITS) given[name] = value;
  }
  return given;
}

const NOTHING_FITS = Symbol('nothing fits');

/**
 * Whether the service, not the client, sets `name`: it is `readOnly` (or the key the service assigns),
 * or the request's body does not declare it (`sendable`, where the operation declares a body: Harbor's
 * `ProjectReq` has no `creation_time`, which a `Project` holds).
 */
export function isSetByService(name: string, resource: Resource, sendable: ReadonlySet<string> | undefined): boolean {
  return !resource.writableFields.includes(name) || (sendable !== undefined && !sendable.has(fieldNameKey(name)));
}

/** What a replace keeps of the record it replaces: every property the service sets (see isSetByService), the client's being what it sends. */
export function keptOnReplace(existing: Readonly<Record<string, unknown>>, resource: Resource, sendable: ReadonlySet<string> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(existing).filter(([name]) => isSetByService(name, resource, sendable)));
}

/**
 * The times the service stamps on a record it creates though no rule of `completeRecord` names them:
 * each date or date-time (or epoch seconds) named as the record's making (`creation_time`,
 * `dateCreated`, `registeredAt`) that the create's body does not declare and that may not be null
 * (Harbor's optional `creation_time`), made the clock's on create as `createTime` is. A time of
 * another event (`closed_at`, `due_on`, `canceled_at`) has not happened yet: left out.
 */
export function timesSetOnCreate(resource: Resource, sendable: ReadonlySet<string> | undefined): readonly string[] {
  if (sendable === undefined) return [];
  const embedded = embeddedProperties(resource);
  return Object.entries(resource.schema.properties ?? {})
    .filter(([name, schema]) => name !== resource.key.property && !embedded.has(name) && schema.writeOnly !== true && !sendable.has(fieldNameKey(name)))
    .filter(([name, schema]) => MAKING.test(name) && isTime(schema, name) && !isNullable(schema))
    .map(([name]) => name);
}

/** A name saying when the record was made: created, creation, registered, added, inserted (any case, any separator). */
const MAKING = /creat|regist|added|insert/i;

/**
 * The property names a request body may hold: its own (`allOf` merged) and those of each alternative
 * it may take (`oneOf`, `anyOf`), whichever a client sends.
 */
export function namesABodyMayHold(body: JsonSchema): readonly string[] {
  const merged = mergeAllOf(body);
  const alternatives = [...(merged.oneOf ?? []), ...(merged.anyOf ?? [])];
  return [...new Set([...Object.keys(merged.properties ?? {}), ...alternatives.flatMap(alternative => namesABodyMayHold(alternative))])];
}

/**
 * The record's properties (as `fieldNameKey` spells them) a body holding `names` may set: each name,
 * and, for a name starting with the record's noun, the rest (a project's `project_deadline` is its
 * `deadline`, as a create reads it).
 */
export function sendableFieldKeys(names: readonly string[], resource: Resource): ReadonlySet<string> {
  return new Set(names.flatMap(name => fieldKeysNamedBy(name, resource)));
}

/**
 * The record's properties (as `fieldNameKey` spells them) a body's `name` may stand for, likeliest
 * first: its own spelling, case and `_` aside (Twilio's `FriendlyName` for `friendly_name`), then,
 * where it starts with the record's noun, the rest (a project's `project_name` is its `name`).
 */
export function fieldKeysNamedBy(name: string, resource: Resource): readonly string[] {
  const key = fieldNameKey(name);
  const noun = fieldNameKey(resource.singular);
  return noun !== '' && key.startsWith(noun) && key.length > noun.length ? [key, key.slice(noun.length)] : [key];
}

/** A time the service sets when nothing is sent (`createdAt`, OpenAI's `created_at`): left for the record's completion, which takes the clock's. */
function isTime(schema: JsonSchema, name: string): boolean {
  const merged = mergeAllOf(schema);
  return timeFormatOf(merged) !== undefined || ((typeIncludes(merged, 'integer') || typeIncludes(merged, 'number')) && isEpochSeconds(merged, name));
}

function declaredDefault(schema: JsonSchema): unknown {
  const merged = mergeAllOf(schema);
  return merged.default === undefined ? NOTHING_FITS : firstFitting([merged.default], schema);
}

function nothingSent(schema: JsonSchema): unknown {
  const merged = mergeAllOf(schema);
  const candidates: unknown[] = [];
  if (merged.default !== undefined) candidates.push(merged.default);
  if (typeIncludes(merged, 'null') || merged.nullable === true) candidates.push(null);
  if (typeIncludes(merged, 'string')) candidates.push('');
  if (typeIncludes(merged, 'integer') || typeIncludes(merged, 'number')) candidates.push(0);
  if (typeIncludes(merged, 'boolean')) candidates.push(false);
  if (typeIncludes(merged, 'array')) candidates.push([]);
  if (typeIncludes(merged, 'object')) candidates.push({});
  return firstFitting(candidates, schema);
}

function firstFitting(candidates: readonly unknown[], schema: JsonSchema): unknown {
  for (const candidate of candidates) if (unlessEvalBlocked(() => findSchemaProblems(candidate, schema).length === 0, false)) return candidate;
  return NOTHING_FITS;
}
