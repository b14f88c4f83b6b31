import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dereferenceLocal } from '../../src/document/dereference.js';
import { AUTH, JSON_AUTH, useSurface } from './contract-helpers.js';
import type { DrivenDocument } from './driven-documents.js';
import type { CreateSurface } from './surface.js';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  examples?: unknown[];
  example?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  readOnly?: boolean;
  writeOnly?: boolean;
  allOf?: Schema[];
};
type Operation = { operationId: string; deprecated?: boolean; 'x-sunset'?: string; parameters?: { name: string; in: string; schema: Schema }[]; responses: Record<string, { content?: Record<string, { schema?: Schema }> }>; requestBody?: { content: Record<string, { schema: Schema }> } };
interface Located { method: string; path: string; operation: Operation }

/**
 * What any OpenAPI document promises, read from the document alone: this suite knows nothing of
 * today's Animal Store, so an evolved document (fields, statuses, bounds, operations added or
 * removed) is checked by what it says. Every response is also checked by the mock against the
 * document (`validateResponses`), and a surface that reports a violation fails.
 */
export function describeDocumentDrivenContract(surfaceName: string, createSurface: CreateSurface, document: DrivenDocument): void {
  const { documentPath } = document;
  const text = readFileSync(documentPath, 'utf8');
  const source = dereferenceLocal(parse(text) as { paths: Record<string, Record<string, Operation>>; servers?: { url: string }[] });
  const basePath = new URL(source.servers?.[0]?.url ?? 'http://localhost/', 'http://localhost').pathname.replace(/\/$/, '');
  const operations: Located[] = Object.entries(source.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
  const successOf = (operation: Operation): string => Object.keys(operation.responses).filter(code => /^2/.test(code)).sort()[0] ?? '200';
  const schemaOf = (operation: Operation, code: string): Schema | undefined => Object.values(operation.responses[code]?.content ?? {})[0]?.schema;
  const collection = operations.find(({ method, path, operation }) => method === 'GET' && operations.some(other => other.method === 'POST' && other.path === path) && schemaOf(operation, successOf(operation))?.type === 'array');
  if (!collection) throw new Error(`${documentPath} has no collection for this suite`);
  const create = operations.find(({ method, path }) => method === 'POST' && path === collection.path) as Located;
  const item = operations.filter(({ path }) => path.startsWith(`${collection.path}/{`));
  const read = item.find(({ method }) => method === 'GET');
  const remove = item.find(({ method }) => method === 'DELETE');
  const declaredPet = schemaOf(create.operation, successOf(create.operation)) ?? schemaOf(collection.operation, '200')?.items;
  if (!declaredPet) throw new Error(`${documentPath}: no pet schema for this suite`);
  const recordSchema = flatten(declaredPet);
  const idProperty = Object.keys(recordSchema.properties ?? {}).find(name => recordSchema.properties?.[name]?.readOnly || name === 'id') ?? 'id';
  const url = (path: string, id?: number): string => basePath + path.replace(/\{[^}]+\}/, String(id ?? 1));
  const deprecated = operations.filter(located => located.operation.deprecated === true);
  const bounded = (collection.operation.parameters ?? []).filter(({ in: where, schema }) => where === 'query' && (schema.maximum !== undefined || schema.enum !== undefined));

  describe(`the document ${documentPath.split('/').pop() ?? ''} through ${surfaceName}`, () => {
    const surface = useSurface(createSurface, { seed: 7, pets: 5, validateResponses: true });

    it('lists seeded pets that carry every property the document gives a pet, and nothing it does not', async () => {
      const response = await surface().request('GET', url(collection.path), { headers: AUTH });
      expect(response.status).toBe(Number(successOf(collection.operation)));
      const pets = (await response.json()) as Record<string, unknown>[];
      expect(pets.length).toBeGreaterThan(0);
      const answered = Object.entries(recordSchema.properties ?? {}).filter(([, schema]) => !schema.writeOnly).map(([name]) => name);
      for (const pet of pets) expect(Object.keys(pet).sort()).toEqual([...answered].sort());
      expect(surface().reportedErrors).toEqual([]);
    });

    it('creates a pet that keeps every property sent, gets what the service assigns, and reads back equal', async () => {
      const body = sampleOf(create.operation.requestBody?.content['application/json']?.schema ?? recordSchema, true) as Record<string, unknown>;
      const response = await surface().request('POST', url(collection.path), { headers: JSON_AUTH, body: JSON.stringify(body) });
      expect(response.status).toBe(Number(successOf(create.operation)));
      const pet = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body).length, 'properties sent').toBeGreaterThan(0);
      for (const [name, value] of Object.entries(body)) {
        const schema = recordSchema.properties?.[name];
        if (schema && !schema.readOnly && !schema.writeOnly) expect(pet[name], name).toEqual(value);
        if (schema?.writeOnly) expect(pet).not.toHaveProperty(name);
      }
      for (const name of recordSchema.required ?? []) expect(pet, `required ${name}`).toHaveProperty(name);
      const listed = (await (await surface().request('GET', url(collection.path), { headers: AUTH })).json()) as Record<string, unknown>[];
      if (read) {
        const again = await surface().request('GET', url(read.path, pet[idProperty] as number), { headers: AUTH });
        expect(again.status).toBe(200);
        expect(await again.json()).toEqual(pet);
      }
      expect(listed.length).toBeGreaterThan(0);
      expect(surface().reportedErrors).toEqual([]);
    });

    if (document.boundedParameters.length === 0) {
      it('has no query parameter with a maximum or an enum on its list operation, as stated', () => {
        expect(bounded.map(({ name }) => name)).toEqual([]);
      });
    } else {
      it('enforces the bounds and enums of the list operation’s parameters, and filters by every enum value', async () => {
        expect(bounded.map(({ name }) => name)).toEqual(document.boundedParameters);
        for (const parameter of bounded) {
          const { schema } = parameter;
          if (schema.maximum !== undefined) {
            expect((await surface().request('GET', `${url(collection.path)}?${parameter.name}=${schema.maximum}`, { headers: AUTH })).status).toBe(200);
            const over = await surface().request('GET', `${url(collection.path)}?${parameter.name}=${schema.maximum + 1}`, { headers: AUTH });
            expect(over.status).toBe(400);
            expect(((await over.json()) as { message: string }).message).toContain(parameter.name);
          }
          if (!schema.enum) continue;
          // Each pet carrying the property is found under its one value: together, the filtered lists hold them all.
          const every = (await (await surface().request('GET', url(collection.path), { headers: AUTH })).json()) as Record<string, unknown>[];
          const carrying = every.filter(pet => pet[parameter.name] !== undefined).length;
          expect(carrying, `pets with ${parameter.name}`).toBeGreaterThan(0);
          let found = 0;
          for (const value of schema.enum) {
            const pets = (await (await surface().request('GET', `${url(collection.path)}?${parameter.name}=${String(value)}`, { headers: AUTH })).json()) as Record<string, unknown>[];
            for (const pet of pets) expect(pet[parameter.name]).toBe(value);
            found += pets.length;
          }
          expect(found, `pets found by ${parameter.name}`).toBe(carrying);
          expect((await surface().request('GET', `${url(collection.path)}?${parameter.name}=not-a-value`, { headers: AUTH })).status).toBe(400);
        }
      });
    }

    it('answers every operation of the document with a status it declares, and 501 only where it says x-not-implemented', async () => {
      for (const { method, path, operation } of operations) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(sampleOf(operation.requestBody?.content['application/json']?.schema ?? {}, true));
        const response = await surface().request(method, url(path, 2), { headers: JSON_AUTH, ...(body !== undefined && { body }) });
        expect(Object.keys(operation.responses), `${method} ${path} answered ${response.status}`).toContain(String(response.status));
        if ((operation as { 'x-not-implemented'?: boolean })['x-not-implemented'] !== true) expect(response.status).not.toBe(501);
      }
      expect(surface().reportedErrors).toEqual([]);
    });

    it('refuses every operation without credentials with 401 and changes nothing', async () => {
      const before = await (await surface().request('GET', url(collection.path), { headers: AUTH })).text();
      for (const { method, path } of operations) {
        const response = await surface().request(method, url(path, 1), { headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined as never : '{}' });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
      expect(await (await surface().request('GET', url(collection.path), { headers: AUTH })).text()).toBe(before);
    });

    if (document.deprecated.length === 0) {
      it('marks no operation deprecated, as stated, and no answer carries Deprecation or Sunset', async () => {
        expect(deprecated).toEqual([]);
        expect(operations.length).toBeGreaterThan(0);
        for (const { method, path } of operations) {
          const response = await surface().request(method, url(path, 3), { headers: AUTH });
          expect(response.headers.get('deprecation'), `${method} ${path}`).toBeNull();
          expect(response.headers.get('sunset'), `${method} ${path}`).toBeNull();
        }
      });
    } else {
      it('sends Deprecation, and Sunset where the document sets one, on every deprecated operation', async () => {
        expect(deprecated.map(({ method, path }) => `${method} ${path}`)).toEqual(document.deprecated);
        for (const { method, path, operation } of deprecated) {
          const response = await surface().request(method, url(path, 3), { headers: AUTH });
          expect(response.headers.get('deprecation'), `${method} ${path}`).toMatch(/^@\d+$/);
          if (operation['x-sunset']) expect(response.headers.get('sunset')).toBe(new Date(`${operation['x-sunset']}T00:00:00Z`).toUTCString());
        }
      });
    }

    if (remove) {
      it('removes a pet with the document’s DELETE, after which it is a 404', async () => {
        const first = await surface().request('DELETE', url(remove.path, 1), { headers: AUTH });
        expect(first.status).toBe(Number(successOf(remove.operation)));
        expect((await surface().request('DELETE', url(remove.path, 1), { headers: AUTH })).status).toBe(404);
        if (read) expect((await surface().request('GET', url(read.path, 1), { headers: AUTH })).status).toBe(404);
      });
    }
  });
}

/** `allOf` parts as one object schema: their properties and required lists together. */
function flatten(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map(flatten);
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map(part => part.properties)) as Record<string, Schema>,
    required: parts.flatMap(part => part.required ?? []),
  };
}

/** A value of `schema` with every property (`every`) or the required ones, from examples, enums, defaults and types. */
function sampleOf(given: Schema, every: boolean): unknown {
  const schema = flatten(given);
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.[0] !== undefined) return schema.examples[0];
  if (schema.enum) return schema.enum[schema.enum.length - 1];
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? (schema.properties ? 'object' : undefined));
  if (type === 'object') {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([name, property]) => !property.readOnly && (every || (schema.required ?? []).includes(name)))
        .map(([name, property]) => [name, sampleOf(property, every)]),
    );
  }
  if (type === 'array') return [sampleOf(schema.items ?? {}, every)];
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return true;
  if (schema.format === 'date-time') return '2026-01-02T03:04:05Z';
  if (schema.format === 'date') return '2026-01-02';
  return 'Sample'.slice(0, schema.maxLength ?? 6);
}
