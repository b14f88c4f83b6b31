import { dereferenceLocal } from '../document/dereference.js';
import { fromOpenApi30, readDiscriminators } from '../document/json-schema.js';
import { findSchemaProblems, shareReferences } from '../engine/schema/index.js';
import type { OperationModel, SchemaRef } from './read-operations.js';

/** Checks values against the document's schemas, named by their JSON pointer. */
export interface SchemaValidator {
  /** The problems of `value` against the schema at `pointer`: empty when it validates. */
  problems(pointer: string, value: unknown): string[];
  /**
   * The problems of an answer's body against the response schema at `pointer`, as Prism checks an answer
   * (the mock's `--validate-responses`): a `writeOnly` property is not required (bunq's `DeviceServer`
   * requires its `secret`, which no answer holds; OpenAPI requires it of requests only).
   */
  answerProblems(pointer: string, value: unknown): string[];
  /** The schema at `pointer`, its `$ref`s resolved. */
  schemaAt(pointer: string): unknown;
}

/**
 * The mock's own check (Prism's validator, with the document's dialect and formats), so that verify
 * and the mock never disagree on what the document allows.
 *
 * `pointers` are the schemas verify will check (every operation's parameters, bodies, responses and
 * headers): they are read together once, as one graph with one bundle of shared and recursive
 * schemas (engine/schema's shareReferences), so each is compiled once and every check after is
 * linear in the value checked. A schema read alone instead finds its own graph and bundle: for a
 * document of Stripe's size (20,000 `$ref`s reaching most of 1,200 schemas), a walk and a copy of
 * most of the document for each of its 2,000 schemas, and every bundle compiled anew.
 */
export function createSchemaValidator(document: object, pointers: readonly string[] = []): SchemaValidator {
  const resolved = dereferenceLocal(document);
  // What each discriminator's mapping gives the schemas it names (`type: "tags"`), for the bodies verify makes.
  readDiscriminators(((resolved as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {}));
  // An OpenAPI 3.0 schema (`nullable`, boolean exclusive bounds) is checked as the JSON Schema Prism converts it to.
  const openapi30 = /^3\.0\./.test(String((document as { openapi?: unknown }).openapi));
  const schemas = new Map<string, unknown>();
  const schemaAt = (pointer: string): unknown => {
    if (!schemas.has(pointer)) {
      const schema = resolvePointer(resolved, pointer);
      schemas.set(pointer, openapi30 && schema !== null && typeof schema === 'object' ? fromOpenApi30(schema) : schema);
    }
    return schemas.get(pointer);
  };
  const known = pointers.flatMap(pointer => {
    try {
      const schema = schemaAt(pointer);
      return schema !== null && typeof schema === 'object' ? [schema] : [];
    } catch {
      // A pointer at nothing says so when it is checked.
      return [];
    }
  });
  shareReferences(known);
  const answerSchemas = new Map<string, unknown>();
  const answerSchemaAt = (pointer: string): unknown => {
    if (!answerSchemas.has(pointer)) {
      answerSchemas.set(pointer, withoutWriteOnlyRequired(schemaAt(pointer)));
    }
    return answerSchemas.get(pointer);
  };
  return {
    schemaAt,
    problems: (pointer, value) => described(findSchemaProblems(value, schemaAt(pointer))),
    answerProblems: (pointer, value) => described(findSchemaProblems(value, answerSchemaAt(pointer))),
  };
}

/** Values, not schemas: never read for `required`. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum']);

/** Whether a schema object requires a property it marks `writeOnly`. */
function requiresWriteOnly(node: Record<string, unknown>): boolean {
  const { required, properties } = node;
  if (!Array.isArray(required) || typeof properties !== 'object' || properties === null) return false;
  return required.some(name => typeof name === 'string' && (properties as Record<string, { writeOnly?: unknown } | undefined>)[name]?.writeOnly === true);
}

/**
 * The schema as an answer is checked against it (what Prism's `stripWriteOnlyProperties` does for the mock's
 * `--validate-responses`): a `writeOnly` property it requires is not required; the same object where none is.
 * Walked with a stack and copied once per object: the schemas verify reads are graphs, shared and recursive
 * (Prism's own walk ran out of stack on a document of Stripe's shape).
 */
function withoutWriteOnlyRequired(schema: unknown): unknown {
  // Every object the schema reaches (data aside), once each.
  const reached: object[] = [];
  const seen = new Set<object>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    reached.push(node);
    for (const [key, child] of Object.entries(node)) if (!DATA_KEYWORDS.has(key)) stack.push(child);
  }
  if (!reached.some(node => !Array.isArray(node) && requiresWriteOnly(node as Record<string, unknown>))) return schema;
  // A copy of each, then each copy's entries pointed at the copies: no recursion, however deep the graph.
  const copies = new Map<object, Record<string, unknown> | unknown[]>(reached.map(node => [node, Array.isArray(node) ? [] : {}]));
  const copied = (value: unknown): unknown => (typeof value === 'object' && value !== null ? (copies.get(value) ?? value) : value);
  for (const [node, made] of copies) {
    for (const [key, child] of Object.entries(node)) (made as Record<string, unknown>)[key] = DATA_KEYWORDS.has(key) ? child : copied(child);
    if (!Array.isArray(node) && requiresWriteOnly(node as Record<string, unknown>)) {
      const properties = (node as { properties: Record<string, { writeOnly?: unknown } | undefined> }).properties;
      (made as Record<string, unknown>)['required'] = (node as { required: unknown[] }).required.filter(name => typeof name !== 'string' || properties[name]?.writeOnly !== true);
    }
  }
  return copied(schema);
}

/** Problems as a finding names them, at most five: `/0 must…` and `/1 must…` are one problem, items named `/[]`. */
function described(found: readonly { path: string; message: string }[]): string[] {
  const sentences = found.map(problem => `${problem.path === '' ? 'the value' : `/${problem.path.split('.').map(part => (/^\d+$/.test(part) ? '[]' : part)).join('/')}`} ${problem.message}`);
  return [...new Set(sentences)].slice(0, 5);
}

/** The pointers of every schema verify checks of these operations: parameters, request bodies, responses and their headers. */
export function schemaPointersOf(operations: readonly OperationModel[]): string[] {
  const pointers = new Set<string>();
  const add = (reference: SchemaRef | undefined): void => {
    if (reference !== undefined) pointers.add(reference.pointer);
  };
  for (const operation of operations) {
    for (const parameter of operation.parameters) add(parameter.schema);
    add(operation.requestBody?.schema);
    for (const response of operation.responses) {
      add(response.jsonSchema);
      for (const header of response.headers) add(header.schema);
    }
  }
  return [...pointers];
}

function resolvePointer(document: unknown, pointer: string): unknown {
  let target = document;
  for (const token of pointer.replace(/^#?\//, '').split('/')) {
    const key = decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
    target = (target as Record<string, unknown> | undefined)?.[key];
  }
  if (target === undefined) throw new Error(`[petstore-mock] verify: the document has no schema at ${pointer}.`);
  return target;
}
