import { dereferenceLocal } from '../document/dereference.js';
import { fromOpenApi30 } from '../document/json-schema.js';
import { findSchemaProblems } from '../engine/schema/index.js';

/** Checks values against the document's schemas, named by their JSON pointer. */
export interface SchemaValidator {
  /** The problems of `value` against the schema at `pointer`: empty when it validates. */
  problems(pointer: string, value: unknown): string[];
  /** The schema at `pointer`, its `$ref`s resolved. */
  schemaAt(pointer: string): unknown;
}

/**
 * The mock's own check (Prism's validator, with the document's dialect and formats), so that verify
 * and the mock never disagree on what the document allows.
 */
export function createSchemaValidator(document: object): SchemaValidator {
  const resolved = dereferenceLocal(document);
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
  return {
    schemaAt,
    problems(pointer, value) {
      const found = findSchemaProblems(value, schemaAt(pointer));
      // `/0 must…` and `/1 must…` are one problem: items are named `/[]`.
      const described = found.map(problem => `${problem.path === '' ? 'the value' : `/${problem.path.split('.').map(part => (/^\d+$/.test(part) ? '[]' : part)).join('/')}`} ${problem.message}`);
      return [...new Set(described)].slice(0, 5);
    },
  };
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
