import { typeIncludes, mergeAllOf, type JsonSchema } from '../json-schema.js';

/**
 * A path parameter that names a record by one of two properties, as its name says
 * (`{project_name_or_id}`, `{serviceIdOrName}`, `{user-id-or-name}`): the record's key is the one
 * named as an identity (`id`, else a whole number), and the other finds the record too.
 */
export interface EitherKey {
  /** The property the records are keyed by. */
  readonly key: string;
  /** The other property the parameter's value may hold (a project's `name`). */
  readonly other: string;
}

/** The two names an `or` parameter joins (`project_name`, `id`), or undefined for a parameter named otherwise. */
export function alternativesIn(parameter: string): readonly [string, string] | undefined {
  const parts = parameter.split(/[_-]or[_-]|(?<=[a-z0-9])Or(?=[A-Z])/);
  const [first, second] = parts;
  return parts.length === 2 && first !== undefined && second !== undefined && first !== '' && second !== '' ? [first, second] : undefined;
}

/**
 * The key and the other property an `or` parameter names, each alternative read as a parameter of its
 * own, else with the record's noun before it (`id` of `{project_name_or_id}` is a project's `project_id`);
 * undefined unless both name a property.
 */
export function eitherKeyOf(schema: JsonSchema, parameter: string, singular: string, propertyNamedBy: (schema: JsonSchema, parameter: string, singular: string) => string | undefined): EitherKey | undefined {
  const alternatives = alternativesIn(parameter);
  if (alternatives === undefined) return undefined;
  const named = alternatives.map(alternative => propertyNamedBy(schema, alternative, singular) ?? (singular === '' ? undefined : propertyNamedBy(schema, `${singular}_${alternative}`, singular)));
  const [first, second] = named;
  if (first === undefined || second === undefined || first === second) return undefined;
  return isIdentity(schema, second, alternatives[1]) && !isIdentity(schema, first, alternatives[0]) ? { key: second, other: first } : { key: first, other: second };
}

/** Whether an alternative names the record's identity: by a name ending in `id`, or a whole number. */
function isIdentity(schema: JsonSchema, property: string, alternative: string): boolean {
  const held = schema.properties?.[property];
  return /id$/i.test(alternative) || (held !== undefined && typeIncludes(mergeAllOf(held), 'integer'));
}

/** How a path parameter names a record by a property that is not its key. */
export interface OtherKey {
  /** The property (a project's `name`). */
  readonly property: string;
  /** Whether the value may be the key as well (`{project_name_or_id}`), or is only ever that property (`{project_name}`). */
  readonly orKey: boolean;
}

/**
 * The path parameters that name a record of the collection by another property than its key, in any
 * path below a collection path (`/projects/{project_name_or_id}`, `/projects/{project_name}/repositories`
 * where projects are keyed by `project_id`): the engine finds the record by that property.
 */
export function otherKeysOf(
  schema: JsonSchema,
  collectionPaths: readonly string[],
  allPaths: Iterable<string>,
  singular: string,
  key: string,
  propertyNamedBy: (schema: JsonSchema, parameter: string, singular: string) => string | undefined,
): { otherKeys: Readonly<Record<string, OtherKey>> } | Record<string, never> {
  const otherKeys: Record<string, OtherKey> = {};
  for (const path of allPaths) {
    for (const parameter of collectionPaths.flatMap(collection => parameterAfter(path, collection) ?? [])) {
      if (Object.hasOwn(otherKeys, parameter)) continue;
      const either = eitherKeyOf(schema, parameter, singular, propertyNamedBy);
      const named = either === undefined ? propertyNamedBy(schema, parameter, singular) : undefined;
      if (either?.key === key) otherKeys[parameter] = { property: either.other, orKey: true };
      else if (named !== undefined && named !== key) otherKeys[parameter] = { property: named, orKey: false };
    }
  }
  return Object.keys(otherKeys).length === 0 ? {} : { otherKeys };
}

/** The parameter of the segment right after a collection path (`project_name` in `/projects/{project_name}/…` after `/projects`). */
function parameterAfter(path: string, collection: string): string | undefined {
  if (!path.startsWith(`${collection}/`)) return undefined;
  return /^\{([^}/]+)\}$/.exec(path.slice(collection.length + 1).split('/')[0] ?? '')?.[1];
}
