import type { HttpSecurityScheme, IHttpOperation } from '@stoplight/types';
import type { PetstoreDocument } from '../document/index.js';

/** Names listed in a line at most; the rest are counted. */
const LISTED = 12;

/** What the document asks of a client, for the ready line: `any bearer token`, `any API key in X-Api-Key`, `no credentials`. */
export function describeCredentials(operations: readonly IHttpOperation[]): string {
  const schemes = new Map<string, string>();
  let open = false;
  for (const operation of operations) {
    const alternatives = operation.security ?? [];
    if (alternatives.length === 0 || alternatives.some(schemes => schemes.length === 0)) open = true;
    for (const scheme of alternatives.flat()) schemes.set(scheme.key, describeScheme(scheme));
  }
  if (schemes.size === 0) return 'no credentials (the document declares no security)';
  const asked = [...new Set(schemes.values())].join(' or ');
  return open ? `${asked} (some operations open)` : asked;
}

function describeScheme(scheme: HttpSecurityScheme): string {
  if (scheme.type === 'apiKey') return `any API key in ${scheme.in === 'header' ? scheme.name : `the ${scheme.in} ${scheme.name}`}`;
  if (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'basic') return 'any basic credentials';
  return 'any bearer token';
}

/**
 * What the engine made of a document that is not the package's, a line each: the collections it
 * keeps (with their paths), the operations it answers from the document alone, and those that look
 * like a collection's but whose state it could not infer, with why.
 */
export function describeResources(document: PetstoreDocument): string[] {
  const { resources, plans, notInferred } = document.resources;
  const lines = [`state kept for ${resources.length} collection(s): ${listed(resources.map(resource => `${resource.name} (${[...resource.collectionPaths, ...resource.itemPaths].join(', ')})`))}`];
  const fromDocument = [...document.operations.values()].filter(operation => !plans.has(operation.operationId) && operation.definition['x-not-implemented'] !== true).map(operation => operation.operationId);
  if (fromDocument.length > 0) lines.push(`answered from the document's examples and schemas (no state): ${listed(fromDocument)}`);
  for (const { operationId, reason } of notInferred) lines.push(`not inferred: ${operationId}: ${reason}`);
  return lines;
}

function listed(names: readonly string[]): string {
  const shown = names.slice(0, LISTED).join(', ');
  return names.length > LISTED ? `${shown} and ${names.length - LISTED} more` : shown;
}
