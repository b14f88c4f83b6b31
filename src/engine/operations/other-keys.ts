import type { OtherKey, ParentLink, Resource } from '../../document/index.js';
import type { RecordStore } from '../../store/index.js';
import type { ParameterValues } from './parameters.js';

/** A path parameter and the collection whose record it names. */
interface NamedRecord {
  readonly parameter: string;
  readonly resource: string;
  readonly isParent: boolean;
}

/**
 * The path's values with each one that names a record by its other property (`/projects/demo` where
 * `{project_name_or_id}` names a project by `name` or `project_id`) replaced by that record's key, so
 * that every rule after reads a key: a value that is a record's key stays, as does one no record holds
 * where the value may be a key (`{project_name_or_id}`), or names the record itself; where it names a
 * parent by that property only (`/projects/{project_name}/policies`), one no record holds names none
 * (undefined: not found).
 */
export function withOtherKeysResolved(
  pathParameters: ParameterValues,
  plan: { readonly keyParameter: string | undefined; readonly keyProperty?: string; readonly resource: string; readonly parents: readonly ParentLink[] },
  resourceOf: (name: string) => Resource,
  storeOf: (name: string) => RecordStore,
): ParameterValues {
  const named: NamedRecord[] = [...plan.parents.map(parent => ({ ...parent, isParent: true })), ...(plan.keyParameter === undefined || plan.keyProperty !== undefined ? [] : [{ parameter: plan.keyParameter, resource: plan.resource, isParent: false }])];
  let resolved = pathParameters;
  for (const { parameter, resource: name, isParent } of named) {
    const resource = resourceOf(name);
    const other = resource.otherKeys?.[parameter];
    const value = writtenValue(pathParameters[parameter]);
    if (other === undefined || value === undefined) continue;
    const key = keyHolding(resource, storeOf(name), other, value);
    // A parent no record holds as that property is none, though the value be another record's key (`/projects/1/policies`
    // by name only). The record's own parameter may still be its key (verify, and clients, fill `/wallets/{lago_id}` so).
    if (key !== undefined || (isParent && !other.orKey)) resolved = { ...resolved, [parameter]: key };
  }
  return resolved;
}

/** A path value as the path writes it: a number the document types `integer` (GitHub's `{team_id}`) is read as its text, as a string one is. */
function writtenValue(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/** The key, as a path writes it, of the record whose other property holds the value (where the value may be a key too, no record having it as its key). */
function keyHolding(resource: Resource, store: RecordStore, other: OtherKey, value: string): string | undefined {
  const asKey = resource.key.kind === 'sequence' && /^-?\d{1,16}$/.test(value) ? Number(value) : value;
  if (other.orKey && store.has(asKey)) return undefined;
  const key = store.keyHolding(other.property, value);
  return key === undefined ? undefined : String(key);
}
