import { typeOfValue } from '../../json-values/index.js';

type Node = Record<string, unknown>;

/** A schema as written, or the schema a `$ref` into the operation's bundle names. */
export type ResolveSchema = (schema: unknown) => Node | undefined;

/**
 * The alternatives of a `oneOf` json-schema-faker may draw from so that what it draws matches one
 * alone: first those whose parts allow some value of each property they list (an alternative that
 * narrows its base's `enum` to a value the base does not list, as PagerDuty's acknowledgement log
 * entry does, matches nothing once the property is drawn), then, where only some of those are told
 * apart from every other, those. Told apart means each value drawn from it (closed, every listed
 * property drawn, as the mocker draws) is refused by each other alternative: a type the other does
 * not take, a property held to values the other's same property refuses, a name the other requires
 * that it does not list. Where none is told apart (PagerDuty's channels: open objects whose kind only
 * descriptions name), `toldApart` is false: any value drawn may match several.
 */
export function alternativesForGeneration(alternatives: readonly unknown[], holder: Node, resolve: ResolveSchema): { readonly drawn: readonly unknown[]; readonly toldApart: boolean } {
  const drawable = alternatives.filter(alternative => allowsEachListedProperty(partsOf(alternative, resolve), resolve));
  const kept = drawable.length > 0 ? drawable : alternatives;
  // The names the schema holding the `oneOf` lists beside it are drawn into each alternative's value too.
  const besides = listedNames([holder]);
  const toldApart = kept.filter(alternative => kept.every(other => other === alternative || refusesEveryValueOf(other, alternative, besides, resolve)));
  if (toldApart.length === kept.length) return { drawn: kept, toldApart: true };
  return toldApart.length > 0 ? { drawn: toldApart, toldApart: true } : { drawn: kept, toldApart: false };
}

/** A schema and the parts of its `allOf`, at every depth, `$ref`s resolved; each once. */
function partsOf(schema: unknown, resolve: ResolveSchema, parts: Node[] = []): Node[] {
  const node = resolve(schema);
  if (node === undefined || parts.includes(node)) return parts;
  parts.push(node);
  const allOf = node['allOf'];
  if (Array.isArray(allOf)) for (const part of allOf as unknown[]) partsOf(part, resolve, parts);
  return parts;
}

/** The schemas the parts give the property `name`, each with its own parts. */
function propertyParts(parts: readonly Node[], name: string, resolve: ResolveSchema): Node[] {
  const listed: Node[] = [];
  for (const part of parts) {
    const properties = part['properties'];
    if (typeof properties === 'object' && properties !== null && Object.hasOwn(properties, name)) partsOf((properties as Node)[name], resolve, listed);
  }
  return listed;
}

function listedNames(parts: readonly Node[]): Set<string> {
  return new Set(parts.flatMap(part => (typeof part['properties'] === 'object' && part['properties'] !== null ? Object.keys(part['properties']) : [])));
}

/** The values every part that holds its values to a few (`enum`, `const`) allows; undefined where none does. */
function fewValuesOf(parts: readonly Node[]): unknown[] | undefined {
  let values: unknown[] | undefined;
  for (const part of parts) {
    const few = Array.isArray(part['enum']) ? (part['enum'] as unknown[]) : 'const' in part ? [part['const']] : undefined;
    if (few !== undefined) values = values === undefined ? [...few] : values.filter(value => few.includes(value));
  }
  return values;
}

/** The JSON types the parts allow (every part that names types), null among them where one says `nullable`; undefined where none names one. */
function typesOf(parts: readonly Node[]): Set<string> | undefined {
  let types: Set<string> | undefined;
  for (const part of parts) {
    const type = part['type'];
    const named = typeof type === 'string' ? [type] : Array.isArray(type) ? (type as unknown[]).filter((name): name is string => typeof name === 'string') : [];
    if (named.length === 0) continue;
    const allowed = new Set(named);
    if (part['nullable'] === true) allowed.add('null');
    if (allowed.has('number')) allowed.add('integer');
    types = types === undefined ? allowed : new Set([...types].filter(name => allowed.has(name)));
  }
  return types;
}

/** Whether each property the parts list has a value every part allows: a part's `enum` and another's share one. */
function allowsEachListedProperty(parts: readonly Node[], resolve: ResolveSchema): boolean {
  return [...listedNames(parts)].every(name => fewValuesOf(propertyParts(parts, name, resolve))?.length !== 0);
}

/** Whether no value of `drawnParts` (a schema) is a value of `otherParts`, judged by their types and their few values. */
function valuesApart(drawnParts: readonly Node[], otherParts: readonly Node[]): boolean {
  const otherTypes = typesOf(otherParts);
  const drawnFew = fewValuesOf(drawnParts);
  if (drawnFew !== undefined) {
    const otherFew = fewValuesOf(otherParts);
    return drawnFew.every(value => (otherFew !== undefined && !otherFew.includes(value)) || (otherTypes !== undefined && !otherTypes.has(typeOfValue(value))));
  }
  const drawnTypes = typesOf(drawnParts);
  return drawnTypes !== undefined && otherTypes !== undefined && drawnTypes.size > 0 && [...drawnTypes].every(type => !otherTypes.has(type));
}

/** Whether `other` refuses every value json-schema-faker draws from `drawn` as closed for generation. */
function refusesEveryValueOf(other: unknown, drawn: unknown, besides: ReadonlySet<string>, resolve: ResolveSchema): boolean {
  const otherParts = partsOf(other, resolve);
  const drawnParts = partsOf(drawn, resolve);
  if (otherParts.length === 0 || drawnParts.length === 0) return false;
  if (valuesApart(drawnParts, otherParts)) return true;
  const listed = listedNames(drawnParts);
  if (listed.size === 0) return false;
  if ([...listed].some(name => valuesApart(propertyParts(drawnParts, name, resolve), propertyParts(otherParts, name, resolve)))) return true;
  // Closed for generation, the drawn value holds only the names it lists.
  const closed = drawnParts.every(part => part['additionalProperties'] === undefined || part['additionalProperties'] === false) && drawnParts.every(part => part['patternProperties'] === undefined);
  const required = otherParts.flatMap(part => (Array.isArray(part['required']) ? (part['required'] as unknown[]) : []));
  return closed && required.some(name => typeof name === 'string' && !listed.has(name) && !besides.has(name));
}

/**
 * A last part for an `allOf` whose parts hold one property to different few values (PagerDuty's
 * log entries: the base's `type` lists every kind, each kind's part one): that property held to one
 * value all of them allow (`const`). json-schema-faker merges the parts' `enum`s into their union
 * and drew any kind for any entry, which broke the entry's own part. Undefined where no property
 * needs it, or where the parts share no value (nothing drawn there can match them).
 */
export function partNarrowingEnums(holder: Node, resolve: ResolveSchema): Node | undefined {
  const parts = partsOf(holder, resolve);
  const narrowed: [string, unknown][] = [];
  for (const name of listedNames(parts)) {
    const listed = propertyParts(parts, name, resolve);
    const few = fewValuesOf(listed);
    const union = new Set(listed.flatMap(part => (Array.isArray(part['enum']) ? (part['enum'] as unknown[]) : [])));
    if (few !== undefined && few.length > 0 && few.length < union.size) narrowed.push([name, few[0]]);
  }
  return narrowed.length === 0 ? undefined : { type: 'object', properties: Object.fromEntries(narrowed.map(([name, value]) => [name, { const: value }])) };
}
