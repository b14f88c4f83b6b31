import type { PetstoreDocument, Resource } from '../../document/index.js';
import type { RecordStore } from '../../store/index.js';

/** How deep embedded records embed theirs (`Owner.pets[].visits[]`): enough for real documents, bounded for cyclic ones. */
const EMBEDDING_DEPTH = 3;

/**
 * The URL path of a record: the first item path of its resource whose parameters the record fills
 * (its key, and each parent's key from the record's foreign key) and the request gives (a segment
 * naming no parent, `{realm}`), under the base path.
 */
export function createRecordUrls(document: PetstoreDocument): (resource: Resource, record: Readonly<Record<string, unknown>>, given?: Readonly<Record<string, unknown>>) => string | undefined {
  const parametersOf = new Map<string, Map<string, string>>();
  for (const plan of document.resources.plans.values()) {
    const operation = document.operations.get(plan.operationId);
    // A path naming the record by another property than its key (`/roles-by-id/{role-id}`) is no URL of its key.
    if (!operation || plan.keyParameter === undefined || plan.keyProperty !== undefined) continue;
    const fills = new Map<string, string>();
    for (const parent of plan.parents) if (parent.foreignKey !== undefined) fills.set(parent.parameter, parent.foreignKey);
    if (fills.size === plan.parents.length && !parametersOf.has(operation.path)) parametersOf.set(operation.path, fills);
  }
  return (resource, record, given = {}) => {
    const key = record[resource.key.property];
    if (typeof key !== 'string' && typeof key !== 'number') return undefined;
    // Paths nested under fewest parents first: `/pets/{petId}` before `/owners/{ownerId}/pets/{petId}`.
    const paths = [...resource.itemPaths].sort((a, b) => a.split('{').length - b.split('{').length);
    for (const path of paths) {
      const fills = parametersOf.get(path);
      if (!fills) continue;
      const values = [...fills].map(([parameter, property]) => [parameter, record[property]] as const);
      if (values.some(([, value]) => value === undefined)) continue;
      const parameter = /\{([^}]+)\}$/.exec(path)?.[1] ?? '';
      let url = path.replace(`{${parameter}}`, encodeURIComponent(String(key)));
      for (const [name, value] of values) url = url.replace(`{${name}}`, encodeURIComponent(String(value)));
      // A segment that names no parent (`/{realm}/clients/{id}`): the value the request gave it.
      url = url.replaceAll(/\{([^}]+)\}/g, (template, name: string) => {
        const value = given[name];
        return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? encodeURIComponent(String(value)) : template;
      });
      if (url.includes('{')) continue;
      return document.basePath + url;
    }
    return undefined;
  };
}

/** A record as answered: the arrays of child records its schema embeds (`Owner.pets`), from the session's stores; the record itself when it embeds none. */
export function createPresenter(document: PetstoreDocument, storeOf: (name: string) => RecordStore): (resource: Resource, record: Readonly<Record<string, unknown>>) => unknown {
  const { byName } = document.resources;
  const present = (resource: Resource, record: Readonly<Record<string, unknown>>, depth: number): unknown => {
    if (resource.embeds.length === 0 || depth >= EMBEDDING_DEPTH) return record;
    const shown: Record<string, unknown> = {};
    const key = record[resource.key.property];
    for (const field of resource.fields) {
      const embed = resource.embeds.find(candidate => candidate.property === field);
      if (embed) {
        const child = byName.get(embed.child);
        shown[field] = child ? storeOf(child.name).view({ limit: Number.POSITIVE_INFINITY, where: { [embed.foreignKey]: key } }).map(each => present(child, each as unknown as Record<string, unknown>, depth + 1)) : [];
      } else if (record[field] !== undefined) shown[field] = record[field];
    }
    return shown;
  };
  return (resource, record) => present(resource, record, 0);
}
