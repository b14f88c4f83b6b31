// Writes the hostile documents of the independent check of issue 31 (see FINDINGS.md): each the
// Animal Store's document with one hostile change, as JSON. Some are megabytes: generated, not stored.
//
//   node test/documents/hostile-independent/generate.mjs <shape> <out.json> [size]
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const [shape, out, sizeText] = process.argv.slice(2);
const size = sizeText === undefined ? undefined : Number(sizeText);
const document = parse(readFileSync(new URL('../../../openapi/petstore.yaml', import.meta.url), 'utf8'));
const schemas = document.components.schemas;
const pets = [schemas.NewPet, schemas.Pet];
// The hostile schema at the pets' extra.a.b.c.d.e: deeper than the seeded pets' optional properties are made.
const nest = property => { let schema = property; for (const key of ['e', 'd', 'c', 'b', 'a']) schema = { type: 'object', properties: { [key]: schema } }; return schema; };
const extra = property => { for (const schema of pets) schema.properties.extra = nest(property); };

const FORMAT_EXAMPLES = { 'date-time': '2020-01-01T00:00:00Z', uri: 'https://a.example/', email: 'a@b.example', hostname: 'a.example', 'uri-reference': '/a', iri: 'https://a.example/', 'idn-email': 'a@b.example', 'uri-template': '/a/{b}', duration: 'P1D', regex: 'a+', 'json-pointer': '/a', ipv6: '::1', time: '00:00:00Z', date: '2020-01-01' };

const shapes = {
  // allOf of n parts each a oneOf of 2: Prism's allOf merger (json-schema-merge-allof) makes every combination (2^n).
  'allof-oneof-product': (n = 22) => extra({ allOf: Array.from({ length: n }, (_, index) => ({ oneOf: [{ type: 'object', required: [`a${index}`] }, { type: 'object', required: [`b${index}`] }] })) }),
  // allOf of n parts of one property each: the merged schema has n properties, past --max-properties, and merging copies them n times.
  'allof-wide': (n = 100_000) => extra({ allOf: Array.from({ length: n }, (_, index) => ({ properties: { [`p${index}`]: { type: 'string' } } })) }),
  // A backtracking pattern RE2 cannot read (a lookahead), so it stays on RegExp.
  'lookahead-pattern': () => { for (const schema of pets) Object.assign(schema.properties.name, { pattern: '^(?=a)(a+)+$', examples: ['aaaa'] }); },
  'backreference-pattern': () => { for (const schema of pets) Object.assign(schema.properties.name, { pattern: '^(a+)+(b)?\\2$', examples: ['aaaa'] }); },
  // patternProperties whose key is a backtracking pattern with a lookahead.
  'pattern-properties': () => extra({ type: 'object', patternProperties: { '^(?=x)(x+)+$': { type: 'string' } } }),
  // An array of objects with uniqueItems (a common shape): Ajv compares every pair of items.
  'unique-items': () => extra({ type: 'array', uniqueItems: true, items: { type: 'object' } }),
  // Formats on the pets' name: huge values are checked by ajv-formats' regular expressions.
  formats: () => { for (const schema of pets) for (const format of ['date-time', 'uri', 'email', 'hostname', 'uri-reference', 'iri', 'idn-email', 'uri-template', 'duration', 'regex', 'json-pointer', 'ipv6', 'time', 'date'])
    schema.properties[`f_${format}`] = { type: 'string', format, examples: [FORMAT_EXAMPLES[format]] }; },
  // A $ref chain A0 → A1 → … → An (each only a $ref), the pets' extra the head.
  'ref-chain': (n = 10_000) => {
    for (let index = 0; index < n; index += 1) schemas[`A${index}`] = { $ref: `#/components/schemas/A${index + 1}` };
    schemas[`A${n}`] = { type: 'string' };
    extra({ $ref: '#/components/schemas/A0' });
  },
  // A chain through properties: A0 = {next: A1}, A1 = {next: A2}, …: n levels of references, each a schema.
  'ref-property-chain': (n = 10_000) => {
    for (let index = 0; index < n; index += 1) schemas[`A${index}`] = { type: 'object', properties: { next: { $ref: `#/components/schemas/A${index + 1}` } } };
    schemas[`A${n}`] = { type: 'string' };
    extra({ $ref: '#/components/schemas/A0' });
  },
  // A cycle of $refs with no schema in between.
  'ref-cycle': () => { schemas.A = { $ref: '#/components/schemas/B' }; schemas.B = { $ref: '#/components/schemas/A' }; extra({ $ref: '#/components/schemas/A' }); },
  // A schema that is a $ref into the paths (the create's body), and a path item that is a $ref to another.
  'ref-into-paths': () => {
    extra({ $ref: '#/paths/~1pets/post/requestBody/content/application~1json/schema' });
    document.paths['/loop'] = { $ref: '#/paths/~1loop2' };
    document.paths['/loop2'] = { $ref: '#/paths/~1loop' };
  },
  // Names that are Object.prototype's: a schema, a property, a path, a collection.
  'proto-names': () => {
    Object.defineProperty(schemas, '__proto__', { value: { type: 'object', properties: { polluted: { type: 'boolean' } } }, enumerable: true, configurable: true, writable: true });
    for (const schema of pets) {
      Object.defineProperty(schema.properties, '__proto__', { value: { type: 'object', properties: { admin: { type: 'boolean' } } }, enumerable: true, configurable: true, writable: true });
      schema.properties.constructor = { type: 'string' };
      schema.properties.toString = { type: 'string' };
    }
    document.paths['/constructor'] = structuredClone(document.paths['/pets']);
    for (const operation of Object.values(document.paths['/constructor'])) if (operation.operationId) operation.operationId = `${operation.operationId}Constructor`;
    document.paths['/toString/{hasOwnProperty}'] = structuredClone(document.paths['/pets/{petId}']);
    for (const operation of Object.values(document.paths['/toString/{hasOwnProperty}'])) if (operation.operationId) operation.operationId = `${operation.operationId}ToString`;
    for (const operation of Object.values(document.paths['/toString/{hasOwnProperty}'])) for (const parameter of operation.parameters ?? []) if (parameter.name === 'petId') parameter.name = 'hasOwnProperty';
  },
  // n path templates sharing a prefix: /pets/{petId}/x0, /pets/{petId}/x1, …
  'many-paths': (n = 20_000) => {
    const template = { get: { operationId: 'x', security: [], parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } } } } };
    for (let index = 0; index < n; index += 1) document.paths[`/pets/{petId}/x${index}/{a}/{b}`] = { get: { ...template.get, operationId: `x${index}`, parameters: [...template.get.parameters, { name: 'a', in: 'path', required: true, schema: { type: 'string' } }, { name: 'b', in: 'path', required: true, schema: { type: 'string' } }] } };
  },
  // n servers, each with a variable of 1,000 values.
  'many-servers': (n = 200) => {
    document.servers = Array.from({ length: n }, (_, index) => ({ url: `https://{region}.s${index}.example/{version}`, variables: { region: { default: 'r0', enum: Array.from({ length: 1_000 }, (_, value) => `r${value}`) }, version: { default: 'v1' } } }));
  },
  // A deepObject query parameter on the list.
  'deep-object': () => {
    document.paths['/pets'].get.parameters.push({ name: 'filter', in: 'query', style: 'deepObject', explode: true, schema: { type: 'object', additionalProperties: { type: 'string' } } });
  },
  // A 20 MB example of the list, in a document under the 32 MiB limit.
  'huge-example': (megabytes = 20) => {
    const pet = { id: 1, name: 'x'.repeat(200), categoryId: 1, status: 'available' };
    const count = Math.floor((megabytes * 1024 * 1024) / 260);
    document.paths['/pets'].get.responses['200'].content['application/json'].examples.huge = { value: Array.from({ length: count }, (_, index) => ({ ...pet, id: index + 1 })) };
  },
  // if/then/else nested n deep, and dependentSchemas of n entries (3.1 only, as the document is).
  'if-chain': (n = 200) => {
    let schema = { type: 'string' };
    for (let index = 0; index < n; index += 1) schema = { if: { required: [`k${index}`] }, then: { properties: { [`k${index}`]: schema } }, else: { required: [`j${index}`] } };
    extra(schema);
  },
  'dependent-schemas': (n = 50_000) => extra({ type: 'object', dependentSchemas: Object.fromEntries(Array.from({ length: n }, (_, index) => [`k${index}`, { required: [`d${index}`] }])) }),
  // Width no limit names: prefixItems, patternProperties, required, allOf of n small schemas.
  'prefix-items': (n = 100_000) => extra({ type: 'array', prefixItems: Array.from({ length: n }, () => ({ type: 'string', maxLength: 4 })) }),
  'wide-pattern-properties': (n = 20_000) => extra({ type: 'object', patternProperties: Object.fromEntries(Array.from({ length: n }, (_, index) => [`^p${index}_`, { type: 'string' }])) }),
  'wide-required': (n = 200_000) => { for (const schema of pets) schema.required = [...schema.required, ...Array.from({ length: n }, (_, index) => `r${index}`)]; },
  // A discriminator whose mapping names n schemas, each allOf the base.
  discriminator: (n = 256) => {
    schemas.Base = { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } }, discriminator: { propertyName: 'kind', mapping: {} } };
    const oneOf = [];
    for (let index = 0; index < n; index += 1) {
      schemas[`K${index}`] = { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', properties: { [`v${index}`]: { type: 'string', pattern: `^v${index}$` } } }] };
      schemas.Base.discriminator.mapping[`k${index}`] = `#/components/schemas/K${index}`;
      oneOf.push({ $ref: `#/components/schemas/K${index}` });
    }
    extra({ oneOf, discriminator: { propertyName: 'kind', mapping: schemas.Base.discriminator.mapping } });
  },
};

const make = shapes[shape];
if (!make) throw new Error(`unknown shape ${shape}; one of ${Object.keys(shapes).join(', ')}`);
make(size);
const text = JSON.stringify(document);
writeFileSync(out, text);
console.error(`${shape}: ${text.length} bytes to ${out}`);
