import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadDocument } from '../src/document/index.js';
import { PET_STATUSES, type ApiError, type NewPet, type OperationRequestBodies, type OperationResponses, type Pet, type PetStatus } from '../src/index.js';

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

  it.each([
    ['NewPet', ['name', 'categoryId', 'status'], ['name', 'categoryId']],
    ['Pet', ['id', 'name', 'categoryId', 'status'], ['id', 'name', 'categoryId']],
    ['Error', ['code', 'message', 'status'], ['code', 'message', 'status']],
  ])('give %s the properties and required fields of its schema', async (name, properties, required) => {
    const found = await schema(name);
    expect(Object.keys(found.properties ?? {}).sort()).toEqual([...properties].sort());
    expect([...(found.required ?? [])].sort()).toEqual([...required].sort());
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

  it('match those lists at compile time', () => {
    expectTypeOf<keyof NewPet>().toEqualTypeOf<'name' | 'categoryId' | 'status'>();
    expectTypeOf<RequiredKeys<NewPet>>().toEqualTypeOf<'name' | 'categoryId'>();
    expectTypeOf<keyof Pet>().toEqualTypeOf<'id' | 'name' | 'categoryId' | 'status'>();
    expectTypeOf<RequiredKeys<Pet>>().toEqualTypeOf<'id' | 'name' | 'categoryId'>();
    expectTypeOf<RequiredKeys<ApiError>>().toEqualTypeOf<'code' | 'message' | 'status'>();
  });
});
