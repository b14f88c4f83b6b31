/**
 * Renders src/types/api.generated.ts, the API's TypeScript types, from the OpenAPI document alone:
 * `npm run build` writes it (scripts/generate-api-types.ts) and test/build/generated-files.test.ts checks
 * it is current, so a new schema, field, operation or status needs no hand-written type.
 *
 * Naming rules:
 * - A schema `components.schemas.<name>` becomes the type `<name>` in PascalCase (`pet-status` →
 *   `PetStatus`). A name that is a global of JavaScript, TypeScript or fetch (`Error`, `Date`,
 *   `Record`, `Response`, …) gets the prefix `Api`: `Error` → `ApiError`; one starting with a digit
 *   gets `Schema`. Two schemas that would share a name are refused with an error naming both.
 * - A top-level schema whose `enum` is all strings also gets a `readonly` tuple of its values, named
 *   in SCREAMING_SNAKE_CASE with the last word in the plural: `PetStatus` → `PET_STATUSES`,
 *   `Category` → `CATEGORIES`, `Colors` → `COLORS` (a word ending in `s` but not `ss`/`us`/`is` is
 *   taken as plural already); its type is then `(typeof PET_STATUSES)[number]`.
 * - `OperationResponses` and `OperationRequestBodies` are keyed by `operationId`, in the document's
 *   order; each status maps to its JSON body's type (`null` with no body, `unknown` with no JSON one).
 *
 * Schemas map as: `$ref` → the referenced type's name; `enum`/`const` → literals; `string` → string;
 * `integer`/`number` → number; `array` → `T[]`; `object` → properties, `?` unless `required`;
 * `additionalProperties` → an index signature; `type: [x, 'null']` or `nullable` → `| null`;
 * `oneOf`/`anyOf` → a union, `allOf` → an intersection; anything else → `unknown`, which is never
 * wrong. `readOnly` properties stay in the named type (the response side) and are left out of
 * request bodies: where a request body refers to a schema that has some, it takes `Omit<Schema, …>`,
 * and an object it declares inline drops them (properties of schemas those schemas refer to keep
 * theirs). `writeOnly` properties are left out of response bodies the same way.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'yaml';

type Schema = Record<string, unknown>;
type Side = 'request' | 'response' | 'neither';

/** A rendered type and how tightly it binds: a union must be parenthesised inside `T[]` or `A & B`. */
interface TypeText {
  text: string;
  binding: 'union' | 'intersection' | 'atom';
  /** A union's members, so that a union of unions stays flat. */
  alternatives?: TypeText[];
}

const HEADER = '// Generated from openapi/petstore.yaml by scripts/render-api-types.ts; do not edit (npm run build rewrites it).\n';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const SCHEMA_REF = '#/components/schemas/';
const TABLE_NAMES = ['OperationResponses', 'OperationRequestBodies', 'OperationId'];
const GLOBAL_NAMES = new Set([
  'Array', 'ArrayBuffer', 'Awaited', 'BigInt', 'Blob', 'Boolean', 'Date', 'Error', 'Event', 'Exclude', 'Extract', 'File',
  'FormData', 'Function', 'Headers', 'Iterable', 'Iterator', 'JSON', 'Map', 'Math', 'NonNullable', 'Number', 'Object', 'Omit',
  'Parameters', 'Partial', 'Pick', 'Promise', 'Readonly', 'ReadonlyArray', 'Record', 'RegExp', 'Request', 'Required', 'Response',
  'ReturnType', 'Set', 'String', 'Symbol', 'URL', 'WeakMap', 'WeakSet',
]);
const UNKNOWN: TypeText = { text: 'unknown', binding: 'atom' };

/** The TypeScript module of the API's types, from the document's text or its parsed form. */
export function renderApiTypesModule(document: string | OpenAPIV3_1.Document): string {
  const source = typeof document === 'string' ? (parse(document) as OpenAPIV3_1.Document) : document;
  const schemas = (source.components?.schemas ?? {}) as Record<string, Schema>;
  const names = nameSchemas(schemas);
  const renderer = new TypeRenderer(source, schemas, names);
  const declarations = Object.entries(schemas).map(([name, schema]) => renderer.declaration(name, schema));
  return [HEADER, ...declarations, ...renderer.operationTables()].join('\n');
}

/** Schema name → exported type name, refusing two schemas (or a schema's values) that would share one. */
function nameSchemas(schemas: Record<string, Schema>): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Map<string, string>(TABLE_NAMES.map(name => [name, `the generated ${name}`]));
  const take = (name: string, holder: string): void => {
    const other = taken.get(name);
    if (other !== undefined) throw new Error(`[petstore-mock] ${holder} would be named ${name}, as is ${other}; rename one of them in the document.`);
    taken.set(name, holder);
  };
  for (const [schemaName, schema] of Object.entries(schemas)) {
    const typeName = typeNameOf(schemaName);
    take(typeName, `The schema "${schemaName}"`);
    if (isStringEnum(schema)) take(constantNameOf(typeName), `The values of the schema "${schemaName}"`);
    names.set(schemaName, typeName);
  }
  return names;
}

function typeNameOf(schemaName: string): string {
  const words = schemaName.split(/[^A-Za-z0-9]+/).filter(word => word !== '');
  const pascal = words.map(word => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  if (pascal === '') throw new Error(`[petstore-mock] The schema name "${schemaName}" has no letter or digit to name a type by.`);
  const typeName = /^[0-9]/.test(pascal) ? `Schema${pascal}` : pascal;
  return GLOBAL_NAMES.has(typeName) ? `Api${typeName}` : typeName;
}

/** `PetStatus` → `PET_STATUSES`: SCREAMING_SNAKE_CASE, the last word in the plural. */
function constantNameOf(typeName: string): string {
  const words = typeName.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/).map(word => word.toUpperCase());
  const last = words.pop() ?? '';
  return [...words, pluralOf(last)].join('_');
}

function pluralOf(word: string): string {
  if (/(SS|US|IS|X|Z|CH|SH)$/.test(word)) return `${word}ES`;
  if (/S$/.test(word)) return word;
  if (/[^AEIOU]Y$/.test(word)) return `${word.slice(0, -1)}IES`;
  return `${word}S`;
}

class TypeRenderer {
  constructor(
    private readonly source: OpenAPIV3_1.Document,
    private readonly schemas: Record<string, Schema>,
    private readonly names: Map<string, string>,
  ) {}

  /** The exported declaration of one named schema (and its values' tuple if it is a string enum). */
  declaration(schemaName: string, schema: Schema): string {
    const typeName = this.names.get(schemaName) ?? typeNameOf(schemaName);
    const renamed = typeName === schemaName ? [] : [`The document's \`${schemaName}\` schema${GLOBAL_NAMES.has(schemaName) ? ` (\`${schemaName}\` is a global name)` : ''}.`];
    const described = typeof schema.description === 'string' ? [schema.description] : [];
    const summary = [...described, ...renamed];
    const doc = jsDoc(summary.length > 0 ? summary : [`The document's \`${schemaName}\` schema.`], '', schema);
    if (isStringEnum(schema)) {
      const constant = constantNameOf(typeName);
      return `/** Allowed values of \`${typeName}\`, in the document's order. */
export const ${constant} = [${schema.enum.map(stringLiteral).join(', ')}] as const;

${doc}export type ${typeName} = (typeof ${constant})[number];
`;
    }
    // A type, not an interface: a record of the document is then a `Record<string, unknown>` too, as the stores keep records of any collection.
    if (isPlainObject(schema)) return `${doc}export type ${typeName} = ${this.objectBody(schema, '', 'neither', true)};\n`;
    return `${doc}export type ${typeName} = ${this.render(schema, '', 'neither').text};\n`;
  }

  /** `OperationResponses`, `OperationRequestBodies` and `OperationId`. */
  operationTables(): string[] {
    const responses: string[] = [];
    const requestBodies: string[] = [];
    const seen = new Set<string>();
    for (const [path, pathItem] of Object.entries(this.source.paths ?? {})) {
      for (const method of HTTP_METHODS) {
        const operation = pathItem?.[method];
        if (!operation) continue;
        const id = operation.operationId;
        if (!id) throw new Error(`[petstore-mock] ${method.toUpperCase()} ${path} needs an operationId.`);
        if (seen.has(id)) throw new Error(`[petstore-mock] The operationId ${id} is used twice; give each operation its own.`);
        seen.add(id);
        const doc = `  /** \`${method.toUpperCase()} ${path}\`${operation.summary ? `: ${escapeComment(operation.summary.replace(/\s+/g, ' ').trim().replace(/\.$/, ''))}` : ''}${operation.deprecated ? ' (deprecated)' : ''}. */\n`;
        const declared = (operation.responses as OpenAPIV3_1.ResponsesObject | undefined) ?? {};
        const statuses = Object.entries(declared).map(([status, response]) => `${propertyKey(status)}: ${this.responseBody(response)}`);
        responses.push(`${doc}  ${propertyKey(id)}: ${statuses.length > 0 ? `{ ${statuses.join('; ')} }` : 'Record<never, never>'};\n`);
        requestBodies.push(`${doc}  ${propertyKey(id)}: ${this.requestBody(operation.requestBody)};\n`);
      }
    }
    return [
      `/** What each operation answers, by status: the body type of each declared response (\`null\` with no body). */
export interface OperationResponses {
${responses.join('')}}
`,
      `/** The request body each operation takes (\`null\` for none). */
export interface OperationRequestBodies {
${requestBodies.join('')}}
`,
      `export type OperationId = keyof OperationResponses;
`,
    ];
  }

  private responseBody(response: OpenAPIV3_1.ResponseObject | OpenAPIV3_1.ReferenceObject): string {
    const resolved = this.resolve(response) as OpenAPIV3_1.ResponseObject | undefined;
    if (resolved === undefined) return 'unknown';
    return this.bodyType(resolved.content, 'response');
  }

  private requestBody(requestBody: OpenAPIV3_1.RequestBodyObject | OpenAPIV3_1.ReferenceObject | undefined): string {
    if (requestBody === undefined) return 'null';
    const resolved = this.resolve(requestBody) as OpenAPIV3_1.RequestBodyObject | undefined;
    if (resolved === undefined) return 'unknown';
    return this.bodyType(resolved.content, 'request');
  }

  /** The type of a JSON body: its schemas' union, `null` with no content, `unknown` with no JSON media type. */
  private bodyType(content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined, side: Side): string {
    if (content === undefined || Object.keys(content).length === 0) return 'null';
    const json = Object.entries(content).filter(([mediaType]) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(mediaType));
    if (json.length === 0) return 'unknown';
    return union(json.map(([, media]) => (media.schema === undefined ? UNKNOWN : this.render(media.schema as Schema, '  ', side)))).text;
  }

  /** Follows one local `$ref` (of a response, request body or schema); `undefined` if it points outside or at nothing. */
  private resolve(node: object): unknown {
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref !== 'string') return node;
    if (!ref.startsWith('#/')) return undefined;
    let target: unknown = this.source;
    for (const token of ref.slice(2).split('/')) {
      const key = decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
      if (target === null || typeof target !== 'object' || !Object.hasOwn(target, key)) return undefined;
      target = (target as Record<string, unknown>)[key];
    }
    return target !== null && typeof target === 'object' ? this.resolve(target) : undefined;
  }

  /** A schema as a type expression; `indent` is that of the line it starts on. */
  private render(schema: unknown, indent: string, side: Side): TypeText {
    if (schema === true || (isSchema(schema) && Object.keys(schema).length === 0)) return UNKNOWN;
    if (schema === false) return { text: 'never', binding: 'atom' };
    if (!isSchema(schema)) return UNKNOWN;
    const parts: TypeText[] = [];
    if (typeof schema.$ref === 'string') parts.push(this.reference(schema.$ref, side));
    const own = this.ownType(schema, indent, side);
    if (own) parts.push(own);
    if (Array.isArray(schema.allOf)) parts.push(...schema.allOf.map(member => this.render(member, indent, side)));
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const members = schema[keyword];
      if (Array.isArray(members)) parts.push(union(members.map(member => this.render(member, indent, side))));
    }
    const combined = intersection(parts);
    return schema.nullable === true ? union([combined, { text: 'null', binding: 'atom' }]) : combined;
  }

  private reference(ref: string, side: Side): TypeText {
    if (!ref.startsWith(SCHEMA_REF)) return UNKNOWN;
    const schemaName = decodeURIComponent(ref.slice(SCHEMA_REF.length)).replaceAll('~1', '/').replaceAll('~0', '~');
    const typeName = this.names.get(schemaName);
    const target = this.schemas[schemaName];
    if (typeName === undefined || target === undefined) return UNKNOWN;
    const hidden = side === 'neither' ? [] : hiddenProperties(target, side);
    if (hidden.length === 0) return { text: typeName, binding: 'atom' };
    return { text: `Omit<${typeName}, ${hidden.map(stringLiteral).join(' | ')}>`, binding: 'atom' };
  }

  /** What `type`, `enum`, `const`, `properties` and `items` say, or `undefined` if none is there. */
  private ownType(schema: Schema, indent: string, side: Side): TypeText | undefined {
    if ('const' in schema) return literal(schema.const);
    if (Array.isArray(schema.enum)) return union(schema.enum.map(literal));
    const declared = Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : undefined;
    const types = declared ?? (isSchema(schema.properties) || 'additionalProperties' in schema ? ['object'] : 'items' in schema ? ['array'] : []);
    if (types.length === 0) return undefined;
    return union(
      types.map((type): TypeText => {
        switch (type) {
          case 'string':
            return { text: 'string', binding: 'atom' };
          case 'integer':
          case 'number':
            return { text: 'number', binding: 'atom' };
          case 'boolean':
            return { text: 'boolean', binding: 'atom' };
          case 'null':
            return { text: 'null', binding: 'atom' };
          case 'array': {
            const items = 'items' in schema && !('prefixItems' in schema) ? this.render(schema.items, indent, side) : UNKNOWN;
            return { text: `${items.binding === 'atom' ? items.text : `(${items.text})`}[]`, binding: 'atom' };
          }
          case 'object':
            return { text: this.objectBody(schema, indent, side, false), binding: 'atom' };
          default:
            return UNKNOWN;
        }
      }),
    );
  }

  /**
   * `{ … }` of an object schema. Multi-line when `block` (an interface) or when a property has a
   * comment; one line otherwise.
   */
  private objectBody(schema: Schema, indent: string, side: Side, block: boolean): string {
    const required = new Set(Array.isArray(schema.required) ? schema.required.filter(name => typeof name === 'string') : []);
    const hidden = new Set(side === 'neither' ? [] : hiddenProperties(schema, side));
    const inner = `${indent}  `;
    const properties = Object.entries(isSchema(schema.properties) ? schema.properties : {}).filter(([name]) => !hidden.has(name));
    const members = properties.map(([name, property]) => {
      const type = this.render(property, inner, side);
      const optional = !required.has(name);
      const doc = isSchema(property) && typeof property.description === 'string' ? jsDoc([property.description], inner, property) : isSchema(property) && property.deprecated === true ? jsDoc([], inner, property) : '';
      return { doc, line: `${propertyKey(name)}${optional ? '?' : ''}: ${type.text}`, type, optional };
    });
    const additional = schema.additionalProperties;
    if (additional !== undefined && additional !== false) {
      const extra = this.render(additional, inner, side);
      const all = union([extra, ...members.map(member => member.type), ...(members.some(member => member.optional) ? [{ text: 'undefined', binding: 'atom' as const }] : [])]);
      members.push({ doc: '', line: `[key: string]: ${all.text}`, type: all, optional: false });
    }
    if (members.length === 0) return additional === false ? 'Record<string, never>' : '{ [key: string]: unknown }';
    if (!block && members.every(member => member.doc === '')) return `{ ${members.map(member => member.line).join('; ')} }`;
    return `{\n${members.map(member => `${member.doc}${inner}${member.line};\n`).join('')}${indent}}`;
  }
}

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An object schema written as an object type of its own, a line a property: properties and nothing that combines or widens it. */
function isPlainObject(schema: Schema): boolean {
  const combining = ['$ref', 'allOf', 'oneOf', 'anyOf', 'enum', 'const'].some(keyword => keyword in schema);
  return schema.type === 'object' && !combining && schema.nullable !== true && isSchema(schema.properties) && Object.keys(schema.properties).length > 0;
}

/** A schema that is a list of strings and nothing else: it gets a `readonly` tuple of them. */
function isStringEnum(schema: Schema): schema is Schema & { enum: string[] } {
  const combined = ['$ref', 'allOf', 'oneOf', 'anyOf', 'const'].some(keyword => keyword in schema) || schema.nullable === true;
  return !combined && Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every(value => typeof value === 'string');
}

/** Top-level properties a side never sees: `readOnly` ones in a request, `writeOnly` ones in a response. */
function hiddenProperties(schema: Schema, side: 'request' | 'response'): string[] {
  const flag = side === 'request' ? 'readOnly' : 'writeOnly';
  return Object.entries(isSchema(schema.properties) ? schema.properties : {})
    .filter(([, property]) => isSchema(property) && property[flag] === true)
    .map(([name]) => name);
}

function literal(value: unknown): TypeText {
  if (typeof value === 'string') return { text: stringLiteral(value), binding: 'atom' };
  if (typeof value === 'number' && Number.isFinite(value)) return { text: String(value), binding: 'atom' };
  if (typeof value === 'boolean' || value === null) return { text: String(value), binding: 'atom' };
  return UNKNOWN;
}

/** `A | B`, flat and without repeats; `unknown` absorbs the rest, `never` drops out. */
function union(members: TypeText[]): TypeText {
  const alternatives = members.flatMap(member => member.alternatives ?? [member]);
  const kept = alternatives.filter((member, index) => member.text !== 'never' && alternatives.findIndex(other => other.text === member.text) === index);
  if (kept.some(member => member.text === 'unknown')) return UNKNOWN;
  if (kept.length === 0) return { text: 'never', binding: 'atom' };
  if (kept.length === 1) return kept[0] ?? UNKNOWN;
  return { text: kept.map(member => member.text).join(' | '), binding: 'union', alternatives: kept };
}

/** `A & B`, without repeats; `unknown` drops out. */
function intersection(members: TypeText[]): TypeText {
  const kept = members.filter((member, index) => member.text !== 'unknown' && members.findIndex(other => other.text === member.text) === index);
  if (kept.length === 0) return UNKNOWN;
  if (kept.length === 1) return kept[0] ?? UNKNOWN;
  return { text: kept.map(member => (member.binding === 'union' ? `(${member.text})` : member.text)).join(' & '), binding: 'intersection' };
}

function stringLiteral(value: string): string {
  return `'${JSON.stringify(value).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`;
}

function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) || /^(?:0|[1-9][0-9]*)$/.test(name) ? name : stringLiteral(name);
}

function escapeComment(text: string): string {
  return text.replaceAll('*/', '*\\/');
}

/** A `/** … *\/` block from paragraphs, with `@deprecated` when the schema says so; one line when it fits. */
function jsDoc(paragraphs: string[], indent: string, schema: Schema): string {
  const lines = paragraphs.flatMap(paragraph => escapeComment(paragraph.trim()).split('\n').map(line => line.trimEnd()));
  if (schema.deprecated === true) lines.push('@deprecated');
  if (lines.length === 1) return `${indent}/** ${lines[0] ?? ''} */\n`;
  return `${indent}/**\n${lines.map(line => `${indent} *${line === '' ? '' : ` ${line}`}\n`).join('')}${indent} */\n`;
}
