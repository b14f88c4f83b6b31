import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'yaml';
import { renderApiTypesModule } from '../../scripts/render-api-types.js';
import { loadDocument } from '../../src/document/index.js';
import { PET_STATUSES, type ApiError, type NewPet, type OperationRequestBodies, type OperationResponses, type Pet, type PetStatus } from '../../src/index.js';

async function schema(name: string): Promise<OpenAPIV3_1.SchemaObject> {
  const found = (await loadDocument()).source.components?.schemas?.[name];
  if (!found) throw new Error(`No schema ${name}`);
  return found;
}

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

describe('the exported TypeScript types', () => {
  it('list the PetStatus values of the document, in order', async () => {
    expect([...PET_STATUSES]).toEqual((await schema('PetStatus')).enum);
    expectTypeOf<PetStatus>().toEqualTypeOf<'available' | 'pending' | 'sold'>();
  });

  it('give NewPet, Pet and Error the properties and required fields of their schemas, in the types as in the document', async () => {
    const shapes: [string, string[], string[]][] = [
      ['NewPet', ['name', 'categoryId', 'status'], ['name', 'categoryId']],
      ['Pet', ['id', 'name', 'categoryId', 'status'], ['id', 'name', 'categoryId']],
      ['Error', ['code', 'message', 'status'], ['code', 'message', 'status']],
    ];
    for (const [name, properties, required] of shapes) {
      const found = await schema(name);
      expect(Object.keys(found.properties ?? {}).sort(), name).toEqual([...properties].sort());
      expect([...(found.required ?? [])].sort(), name).toEqual([...required].sort());
    }
    // The same lists at compile time (tsc -p tsconfig.spec.json).
    expectTypeOf<keyof NewPet>().toEqualTypeOf<'name' | 'categoryId' | 'status'>();
    expectTypeOf<RequiredKeys<NewPet>>().toEqualTypeOf<'name' | 'categoryId'>();
    expectTypeOf<keyof Pet>().toEqualTypeOf<'id' | 'name' | 'categoryId' | 'status'>();
    expectTypeOf<RequiredKeys<Pet>>().toEqualTypeOf<'id' | 'name' | 'categoryId'>();
    expectTypeOf<RequiredKeys<ApiError>>().toEqualTypeOf<'code' | 'message' | 'status'>();
  });

  it('name every operation of the document with the statuses it declares, and the operations’ request bodies', async () => {
    const typed: Record<keyof OperationResponses, string[]> = {
      listPets: ['200', '400', '401', '500', '503'],
      createPet: ['201', '400', '401', '413', '415', '500', '503', '507'],
      getPet: ['200', '400', '401', '404', '410', '500', '503'],
      listStoreOrders: ['400', '401', '500', '501', '503'],
    };
    const document = await loadDocument();
    const declared = Object.fromEntries([...document.operations].map(([id, operation]) => [id, Object.keys(operation.definition.responses ?? {}).sort()]));
    expect(typed).toEqual(declared);
    expectTypeOf<keyof OperationResponses['listPets']>().toEqualTypeOf<200 | 400 | 401 | 500 | 503>();
    expectTypeOf<keyof OperationResponses['createPet']>().toEqualTypeOf<201 | 400 | 401 | 413 | 415 | 500 | 503 | 507>();
    expectTypeOf<keyof OperationResponses['getPet']>().toEqualTypeOf<200 | 400 | 401 | 404 | 410 | 500 | 503>();
    expectTypeOf<keyof OperationResponses['listStoreOrders']>().toEqualTypeOf<400 | 401 | 500 | 501 | 503>();
    expectTypeOf<OperationResponses['createPet'][201]>().toEqualTypeOf<Pet>();
    expectTypeOf<OperationResponses['listPets'][200]>().toEqualTypeOf<Pet[]>();
    const withBody = [...document.operations].filter(([, operation]) => operation.definition.requestBody !== undefined).map(([id]) => id);
    expect(withBody).toEqual(['createPet']);
    expectTypeOf<OperationRequestBodies['createPet']>().toEqualTypeOf<NewPet>();
    expectTypeOf<OperationRequestBodies['listPets']>().toEqualTypeOf<null>();
  });
});

/** Today's document as an object, to change in a test. */
function currentDocument(): OpenAPIV3_1.Document {
  return parse(readFileSync(new URL('../../openapi/petstore.yaml', import.meta.url), 'utf8')) as OpenAPIV3_1.Document;
}

/** The document as it might grow: a field, a status value, two operations and a schema more. */
function evolvedDocument(): OpenAPIV3_1.Document {
  const document = currentDocument();
  const schemas = document.components?.schemas ?? {};
  const tags: OpenAPIV3_1.SchemaObject = { type: 'array', items: { type: 'string' }, description: 'Free labels.' };
  const [newPet, pet, status] = [schemas.NewPet, schemas.Pet, schemas.PetStatus];
  if (!newPet?.properties || !pet?.properties || !status?.enum) throw new Error('The document lost NewPet, Pet or PetStatus.');
  newPet.properties.tags = tags;
  pet.properties.tags = tags;
  pet.properties.createdAt = { type: 'string', format: 'date-time', description: 'When the animal was added.' };
  pet.required = [...(pet.required ?? []), 'createdAt'];
  status.enum = [...(status.enum as string[]), 'adopted'];
  schemas.Category = {
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { type: 'integer' }, name: { type: 'string' }, parentId: { type: ['integer', 'null'] } },
  };
  const paths = document.paths ?? {};
  const petPath = paths['/pets/{petId}'];
  if (!petPath) throw new Error('The document lost /pets/{petId}.');
  petPath.delete = {
    operationId: 'deletePet',
    summary: 'Remove an animal',
    responses: { '204': { description: 'Removed.' }, '404': { $ref: '#/components/responses/NotFound' } },
  };
  paths['/categories'] = {
    get: {
      operationId: 'listCategories',
      responses: {
        '200': { description: 'The categories.', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Category' } } } } },
        '401': { $ref: '#/components/responses/Unauthorized' },
      },
    },
  };
  return document;
}

/** The diagnostics of `files` (name → text) compiled together with the project's strict options. */
function typeCheck(files: Record<string, string>): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-mock-api-types-'));
  try {
    writeFileSync(join(folder, 'package.json'), '{ "type": "module" }');
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2023.d.ts'],
      types: [],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      verbatimModuleSyntax: true,
      noEmit: true,
    };
    const program = ts.createProgram(Object.keys(files).map(name => join(folder, name)), options);
    return ts.getPreEmitDiagnostics(program).map(diagnostic => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the types rendered from the document', () => {
  it('follow the document as it evolves, with no code changed', () => {
    const rendered = renderApiTypesModule(evolvedDocument());
    expect(rendered).toContain("export const PET_STATUSES = ['available', 'pending', 'sold', 'adopted'] as const;");
    expect(rendered).toMatch(/export type NewPet = \{[^}]*\n {2}tags\?: string\[\];\n\};/);
    expect(rendered).toMatch(/export type Pet = \{[^}]*\n {2}createdAt: string;\n\};/);
    expect(rendered).not.toMatch(/export type NewPet = \{[^}]*createdAt/);
    expect(rendered).toContain('export type Category = {\n  id: number;\n  name: string;\n  parentId?: number | null;\n};');
    expect(rendered).toContain('  deletePet: { 204: null; 404: ApiError };');
    expect(rendered).toContain('  listCategories: { 200: Category[]; 401: ApiError };');
    expect(rendered).toContain('  deletePet: null;');
    const usage = `import { PET_STATUSES, type Category, type NewPet, type OperationId, type OperationResponses, type Pet } from './api.generated.js';
export const adopted: (typeof PET_STATUSES)[number] = 'adopted';
export const pet: Pet = { id: 1, name: 'Bella', categoryId: 1, createdAt: '2030-01-01T00:00:00Z', tags: ['calm'], status: 'adopted' };
export const category: Category = { id: 1, name: 'Dogs', parentId: null };
export const removed: OperationResponses['deletePet'][204] = null;
export const operations: OperationId[] = ['deletePet', 'listCategories', 'getPet'];
// @ts-expect-error a new pet has no createdAt
export const newPet: NewPet = { name: 'Bella', categoryId: 1, createdAt: '' };
// @ts-expect-error deletePet declares no 200
export const answered: OperationResponses['deletePet'][200] = null;
`;
    expect(typeCheck({ 'api.generated.ts': rendered, 'usage.ts': usage })).toEqual([]);
  }, 30_000);

  it('map each schema construct to its type, unknown where none fits', () => {
    const document = currentDocument();
    document.components = {
      ...document.components,
      schemas: {
        ...document.components?.schemas,
        Labels: { type: 'object', additionalProperties: { type: 'string' } },
        Notes: { type: 'object', properties: { text: { type: 'string' } }, additionalProperties: { type: 'integer' } },
        Shape: { oneOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'boolean' }], nullable: true } as OpenAPIV3_1.SchemaObject, // OpenAPI 3.0's nullable
        Tagged: { allOf: [{ $ref: '#/components/schemas/NewPet' }, { type: 'object', properties: { tag: { const: 'x' } }, required: ['tag'] }] },
        Account: {
          type: 'object',
          required: ['id', 'password'],
          properties: { id: { type: 'integer', readOnly: true }, password: { type: 'string', writeOnly: true }, odd: { not: { type: 'string' } } },
        },
        Kind: { enum: [1, 2] },
        'pet-kind': { type: 'string', enum: ['dog', "cat's"] },
        Colors: { type: 'string', enum: ['red'] },
        Date: { type: 'string', format: 'date' },
      },
    };
    document.paths = {
      '/accounts': {
        post: {
          operationId: 'createAccount',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Account' } } } },
          responses: { '201': { description: 'Made.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Account' } } } }, default: { description: 'Text.', content: { 'text/plain': {} } } },
        },
      },
    };
    const rendered = renderApiTypesModule(document);
    expect(rendered).toContain('export type Labels = { [key: string]: string };');
    expect(rendered).toContain('  text?: string;\n  [key: string]: number | string | undefined;\n}');
    expect(rendered).toContain('export type Shape = Pet | boolean | null;');
    expect(rendered).toContain("export type Tagged = NewPet & { tag: 'x' };");
    expect(rendered).toContain('  odd?: unknown;');
    expect(rendered).toContain('export type Kind = 1 | 2;');
    expect(rendered).toContain("export const PET_KINDS = ['dog', 'cat\\'s'] as const;\n\n/** The document's `pet-kind` schema. */\nexport type PetKind = (typeof PET_KINDS)[number];");
    expect(rendered).toContain("export const COLORS = ['red'] as const;");
    expect(rendered).toContain('export type ApiDate = string;');
    expect(rendered).toContain("  createAccount: { 201: Omit<Account, 'password'>; default: unknown };");
    expect(rendered).toContain("  createAccount: Omit<Account, 'id'>;");
    expect(typeCheck({ 'api.generated.ts': rendered })).toEqual([]);
  }, 30_000);
});
