import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { loadDocument } from '../../src/document/index.js';
import type { ApiError, Call, NewPet, Override, Pet } from '../../src/index.js';
import { createPetstoreMock } from '../../src/msw/index.js';

const BASE = 'https://api.animal-store.example/v1';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const AUTH = { authorization: 'Bearer typed', 'content-type': 'application/json' };

describe('the typed test controls of the MSW mock', () => {
  const mock = createPetstoreMock({ seed: 3, pets: 2 });
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('accept only the statuses and bodies the document declares for the operation', () => {
    // Compile-time checks: `tsc -p tsconfig.spec.json` (part of npm test) fails if any of these stops being an error.
    const typeOnly = (): void => {
      // @ts-expect-error createPet declares no 418
      void mock.override('createPet', { status: 418 });
      // @ts-expect-error a 201 of createPet is a Pet, which has a name
      void mock.override('createPet', { status: 201, body: { id: 1, categoryId: 1 } });
      // @ts-expect-error a 503 is an Error body
      void mock.override('listPets', { status: 503, body: [] });
      // @ts-expect-error the document has no deletePet
      void mock.override('deletePet', { status: 204 });
    };
    expect(typeOnly).toBeTypeOf('function');
    expectTypeOf(mock.override('createPet', { status: 201, body: { id: 9, name: 'Typed', categoryId: 1 } })).resolves.toEqualTypeOf<Override>();
    expectTypeOf<Parameters<typeof mock.override<'getPet', 404>>[1]['body']>().toEqualTypeOf<ApiError | undefined>();
    expectTypeOf<Parameters<typeof mock.override<'listPets', 200>>[1]['body']>().toEqualTypeOf<Pet[] | undefined>();
  });

  it('name the statuses the document declares in the type error of an undeclared one, on every surface', async () => {
    const declared = new Map([...(await loadDocument()).operations].map(([id, operation]) => [id, Object.keys(operation.definition.responses ?? {}).sort()]));
    const calls = [
      ['the MSW mock', 'listPets', "mock.override('listPets', { status: 418 })"],
      ['an MSW session', 'getPet', "mock.openSession().override('getPet', { status: 418, times: 1 })"],
      ['the admin client', 'createPet', "admin.override('createPet', { status: 418 })"],
      ['an admin session', 'listPets', "admin.session('s').override('listPets', { status: 418, body: [] })"],
      ['the started container', 'listStoreOrders', "container.override('listStoreOrders', { status: 418 })"],
    ] as const;
    const errors = typeErrors(`import type { AdminClient } from './src/admin-client/index.js';
import { createPetstoreMock } from './src/msw/index.js';
import type { StartedPetstoreMockContainer } from './src/testcontainers/index.js';
declare const admin: AdminClient;
declare const container: StartedPetstoreMockContainer;
const mock = createPetstoreMock();
${calls.map(([, , call]) => `void ${call};`).join('\n')}
`);
    expect(errors.map(error => error.line)).toEqual(calls.map((_, index) => 7 + index));
    for (const [index, [surface, operationId]] of calls.entries()) {
      const listed = /^Type '418' is not assignable to type '([\d |]+)'\.$/.exec(errors[index]?.message ?? '')?.[1];
      expect(listed?.split(' | ').sort(), `${surface}: ${errors[index]?.message ?? 'no error'}`).toEqual(declared.get(operationId));
    }
  }, 30_000);

  it('types a call’s body as the operation’s request body', async () => {
    await fetch(`${BASE}/pets`, { method: 'POST', headers: AUTH, body: '{"name":"Typed","categoryId":4}' });
    const calls = mock.calls('createPet');
    expectTypeOf(calls).toEqualTypeOf<Call<'createPet'>[]>();
    expectTypeOf(calls[0]?.body).toEqualTypeOf<NewPet | null | undefined>();
    expect(calls.map(call => call.body?.name)).toEqual(['Typed']);
  });

  it('refuses what TypeScript would, for callers without it', async () => {
    const untyped = mock as unknown as { override(operationId: string, options: object): Promise<Override> };
    await expect(untyped.override('createPet', { status: 418 })).rejects.toThrow(/^\[petstore-mock\] status must be one createPet declares/);
    await expect(mock.setState({ pets: [{ id: 1, name: 'Cat', categoryId: 1.5 }] })).rejects.toThrow(/pets\[0\] \(id 1\): categoryId must be integer; nothing was changed/);
    expect(() => mock.clearOverrides('404')).toThrow(/No override has id "404"/);
  });

  it('checks initialPets against the document when the engine is made', async () => {
    const bad = createPetstoreMock({ initialPets: [{ id: 1, name: 'n'.repeat(300), categoryId: 1 }] });
    await expect(bad.engine()).rejects.toThrow(/initialPets pets\[0\] \(id 1\): name must NOT have more than 255 characters/);
  });
});

/** The type errors of `code`, compiled as a file at the project's root with tsconfig.spec.json's options: each one's line (1-based) and text. */
function typeErrors(code: string): { line: number; message: string }[] {
  const config = ts.getParsedCommandLineOfConfigFile(`${ROOT}tsconfig.spec.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.spec.json could not be read');
  const fixture = `${ROOT}override-statuses.fixture.ts`;
  const host = ts.createCompilerHost(config.options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => (name === fixture ? ts.createSourceFile(name, code, language) : readSource(name, language, ...rest));
  const program = ts.createProgram([fixture], config.options, host);
  const file = program.getSourceFile(fixture);
  if (!file) throw new Error('the fixture was not compiled');
  return program.getSemanticDiagnostics(file).map(diagnostic => ({
    line: file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  }));
}
