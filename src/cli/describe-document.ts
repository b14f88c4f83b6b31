export { describeCredentials } from '../engine/checks/index.js';
import type { PetstoreDocument, Resource } from '../document/index.js';
import { MAX_LINE_CHARACTERS } from './bounded-lines.js';

/** Names listed in a line at most; the rest are counted. */
const LISTED = 12;

/**
 * What the engine made of a document that is not the package's, a line each: the collections it
 * keeps (with their paths), the operations it answers from the document alone, and those that look
 * like a collection's but whose state it could not infer, with why.
 */
export function describeResources(document: PetstoreDocument): string[] {
  const { resources, plans, notInferred } = document.resources;
  const lines = describeCollections(resources);
  // Parts of records at paths of their own (JSON:API's relationships), and the lists of records another holds the keys of.
  const parts = new Set([...plans.values()].flatMap(plan => (plan.part === undefined ? [] : [`${plan.resource}.${plan.part.path.join('.')}`])));
  if (parts.size > 0) lines.push(`parts of records read and changed at paths of their own: ${listed([...parts])}`);
  const held = new Set([...plans.values()].flatMap(plan => plan.parents.flatMap(parent => (parent.holds === undefined ? [] : [`${plan.resource} (in ${parent.resource}.${parent.holds.path.join('.')})`]))));
  if (held.size > 0) lines.push(`records found by the keys another record holds: ${listed([...held])}`);
  const fromDocument = [...document.operations.values()].filter(operation => !plans.has(operation.operationId) && operation.definition['x-not-implemented'] !== true).map(operation => operation.operationId);
  if (fromDocument.length > 0) lines.push(`answered from the document's examples and schemas (no state): ${listed(fromDocument)}`);
  // Records kept apart by a path segment's value (`clients` per `{realm}`).
  const apart = new Map<string, Set<string>>();
  for (const each of [...plans.values(), ...document.resources.actions.values()]) for (const parameter of each.scope ?? []) apart.set(each.resource, (apart.get(each.resource) ?? new Set()).add(`{${parameter}}`));
  if (apart.size > 0) lines.push(`records kept apart per value of a path segment: ${listed([...apart].map(([name, parameters]) => `${name} by ${[...parameters].join(', ')}`))}`);
  // Keys no property of the record holds: the item path's value, learned from a create's Location or answer, or named by a PUT that creates.
  const pathHeld = resources.filter(resource => resource.key.heldByPath === true).map(resource => `${resource.name} by {${resource.key.property}}`);
  if (pathHeld.length > 0) lines.push(`records keyed by their path alone (no property holds the key; a create's Location names it, or a PUT of the path makes it): ${listed(pathHeld)}`);
  // Records a PUT of their own path makes where none is held (Azure's resources).
  const putCreates = new Set([...plans.values()].flatMap(plan => (plan.createsWhereMissing === undefined ? [] : [plan.resource])));
  if (putCreates.size > 0) lines.push(`records a PUT of their path creates where none is held: ${listed([...putCreates])}`);
  for (const { operationId, reason } of notInferred) lines.push(`not inferred: ${operationId}: ${reason}`);
  return lines;
}

/**
 * The collections that keep state, with their paths: on one line where they fit in it (a dozen
 * collections at most); else their names on that line and each collection's paths on a line of its
 * own (Gitea's 35 collections, a path of eight each, were cut at the line's end, most never named).
 */
function describeCollections(resources: readonly Resource[]): string[] {
  if (resources.length === 0) return ['state kept for no collection: every operation is answered from the document'];
  const pathsOf = (resource: Resource): string => [...resource.collectionPaths, ...resource.itemPaths].join(', ');
  const oneLine = `state kept for ${resources.length} collection(s): ${resources.map(resource => `${resource.name} (${pathsOf(resource)})`).join(', ')}`;
  if (resources.length <= LISTED && oneLine.length <= MAX_LINE_CHARACTERS) return [oneLine];
  return [`state kept for ${resources.length} collection(s), each with its paths below: ${listed(resources.map(resource => resource.name))}`, ...resources.map(resource => `  ${resource.name}: ${pathsOf(resource)}`)];
}

function listed(names: readonly string[]): string {
  const shown = names.slice(0, LISTED).join(', ');
  return names.length > LISTED ? `${shown} and ${names.length - LISTED} more` : shown;
}
