import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadDocument } from '../src/document/index.js';
import { PET_STATUSES, type ApiError, type NewPet, type Pet, type PetStatus } from '../src/index.js';

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

  it('match those lists at compile time', () => {
    expectTypeOf<keyof NewPet>().toEqualTypeOf<'name' | 'categoryId' | 'status'>();
    expectTypeOf<RequiredKeys<NewPet>>().toEqualTypeOf<'name' | 'categoryId'>();
    expectTypeOf<keyof Pet>().toEqualTypeOf<'id' | 'name' | 'categoryId' | 'status'>();
    expectTypeOf<RequiredKeys<Pet>>().toEqualTypeOf<'id' | 'name' | 'categoryId'>();
    expectTypeOf<RequiredKeys<ApiError>>().toEqualTypeOf<'code' | 'message' | 'status'>();
  });
});
