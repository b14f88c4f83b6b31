import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const DOCUMENT_ID = 'urn:petstore-mock:verify:document';

/** Checks values against the document's schemas, named by their JSON pointer; JSON Schema 2020-12, as OpenAPI 3.1 uses. */
export interface SchemaValidator {
  /** The problems of `value` against the schema at `pointer`: empty when it validates. */
  problems(pointer: string, value: unknown): string[];
}

export function createSchemaValidator(document: object): SchemaValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  // ajv-formats is CommonJS: its default export arrives as the module or as the function.
  const addFormats = ((addFormatsModule as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;
  addFormats(ajv);
  ajv.addFormat('int32', { type: 'number', validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (value: number) => Number.isInteger(value) });
  ajv.addFormat('float', { type: 'number', validate: () => true });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const compiled = new Map<string, ValidateFunction>();
  return {
    problems(pointer, value) {
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
        compiled.set(pointer, validate);
      }
      if (validate(value)) return [];
      // `/0 must…` and `/1 must…` are one problem: items are named `/[]`.
      return [...new Set((validate.errors ?? []).map(describeError))].slice(0, 5);
    },
  };
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'the value' : error.instancePath.replace(/\/\d+(?=\/|$)/g, '/[]');
  const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
  return `${where} ${error.message ?? 'is invalid'}${allowed ? ` (${allowed.map(String).join(', ')})` : ''}`;
}
