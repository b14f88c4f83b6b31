import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/**
 * Documents built to stress the loader and the request path (issue 31): each the Animal Store's
 * document with one hostile change to its pets, written as JSON text. Generated, never stored: some
 * are megabytes.
 */

type Json = Record<string, unknown>;

const PACKAGE_DOCUMENT = fileURLToPath(new URL('../../openapi/petstore.yaml', import.meta.url));

function animalStore(): Json {
  return parse(readFileSync(PACKAGE_DOCUMENT, 'utf8')) as Json;
}

function schemasOf(document: Json): Record<string, Json> {
  return (document['components'] as { schemas: Record<string, Json> }).schemas;
}

function petSchemas(document: Json): Json[] {
  const schemas = schemasOf(document);
  return [schemas['NewPet'] as Json, schemas['Pet'] as Json];
}

/**
 * Schemas whose `$ref`s share targets, `depth` levels: `L0 → {a: L1, b: L1} → …`, the pets' optional
 * `tree`. Expanded, the tree doubles per level (2^depth leaves); by reference it is `depth` schemas.
 */
export function sharedReferences(depth: number, { required = false }: { required?: boolean } = {}): string {
  const document = animalStore();
  const schemas = schemasOf(document);
  for (let level = 0; level < depth; level += 1) {
    const next = { $ref: `#/components/schemas/L${level + 1}` };
    schemas[`L${level}`] = { type: 'object', required: ['a', 'b'], properties: { a: next, b: next } };
  }
  schemas[`L${depth}`] = { type: 'string', maxLength: 8 };
  for (const schema of petSchemas(document)) {
    (schema['properties'] as Json)['tree'] = { $ref: '#/components/schemas/L0' };
    if (required) schema['required'] = [...(schema['required'] as string[]), 'tree'];
  }
  return JSON.stringify(document);
}

/** The pets' `name` with a pattern that backtracks catastrophically on `aaaa…a!`. */
export function backtrackingPattern(pattern = '^(a+)+$'): string {
  const document = animalStore();
  for (const schema of petSchemas(document)) Object.assign((schema['properties'] as Json)['name'] as Json, { pattern, examples: ['aaaa'] });
  return JSON.stringify(document);
}

/** The pets' `status` (PetStatus) with `count` values. */
export function hugeEnum(count: number): string {
  const document = animalStore();
  const values = ['available', 'pending', 'sold', ...Array.from({ length: count - 3 }, (_, index) => `status-${index}`)];
  schemasOf(document)['PetStatus'] = { type: 'string', enum: values };
  return JSON.stringify(document);
}

/** A `Pet` (and `NewPet`) with `count` optional string properties more. */
export function manyProperties(count: number): string {
  const document = animalStore();
  for (const schema of petSchemas(document)) {
    const properties = schema['properties'] as Json;
    for (let index = 0; index < count; index += 1) properties[`extra${index}`] = { type: 'string', maxLength: 16 };
  }
  return JSON.stringify(document);
}

/** `depth` levels of nested objects under `x-nested`: the text, not the reference graph, is deep. */
export function deepNesting(depth: number): string {
  const text = JSON.stringify(animalStore());
  const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `${text.slice(0, -1)},"x-nested":${nested}}`;
}

/** A schema that refers to itself: a pet's `parent` is a pet (recursion a document may rightly have). */
export function recursiveSchema(): string {
  const document = animalStore();
  const schemas = schemasOf(document);
  schemas['Lineage'] = { type: 'object', properties: { name: { type: 'string', maxLength: 32 }, parent: { $ref: '#/components/schemas/Lineage' } } };
  for (const schema of petSchemas(document)) (schema['properties'] as Json)['lineage'] = { $ref: '#/components/schemas/Lineage' };
  return JSON.stringify(document);
}
