import type { OperationModel } from './read-operations.js';
import { propertiesOf, resolveSchema } from './schema-shape.js';

type Schema = Record<string, unknown>;

/** The name of everything the run creates: `petstore-mock-verify <run id>`. */
export function markerName(runId: string): string {
  return `petstore-mock-verify ${runId}`;
}

/**
 * A valid body for the operation: its first example, else one made from the schema's required
 * properties; a string `name` property is set to the run's marker so what the run creates is recognisable.
 */
export function buildBody(document: unknown, operation: OperationModel, runId: string, example?: unknown): Record<string, unknown> {
  const requestBody = operation.requestBody;
  const schema = requestBody?.schema?.schema ?? {};
  const base = example ?? requestBody?.examples[0]?.value ?? sampleValue(document, schema);
  const body = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  const nameSchema = propertiesOf(document, schema).get('name');
  if (nameSchema && resolveSchema(document, nameSchema)['type'] === 'string') body['name'] = markerName(runId);
  return body;
}

/** The required properties of the operation's body schema. */
export function requiredProperties(document: unknown, operation: OperationModel): string[] {
  const schema = operation.requestBody?.schema?.schema;
  if (!schema) return [];
  const required = resolveSchema(document, schema)['required'];
  return Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : [];
}

/** A plain value a schema accepts: an example, a default, the first enum value, or the least of its type. */
export function sampleValue(document: unknown, raw: Schema): unknown {
  const schema = resolveSchema(document, raw);
  if (Array.isArray(schema['examples']) && schema['examples'].length > 0) return schema['examples'][0];
  if (schema['example'] !== undefined) return schema['example'];
  if (schema['default'] !== undefined) return schema['default'];
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0];
  switch (schema['type']) {
    case 'integer':
    case 'number':
      return typeof schema['minimum'] === 'number' ? schema['minimum'] : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const required = Array.isArray(schema['required']) ? (schema['required'] as string[]) : [];
      const properties = propertiesOf(document, schema);
      return Object.fromEntries(required.map(name => [name, sampleValue(document, properties.get(name) ?? {})]));
    }
    default:
      return 'petstore-mock-verify';
  }
}
