import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { dereferenceLocal } from '../../src/document/dereference.js';
import { loadDocument } from '../../src/document/index.js';

const run = promisify(execFile);

describe('the OpenAPI document', () => {
  it('passes Redocly CLI lint with no errors or warnings', async () => {
    const { stdout, stderr } = await run(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', '--format', 'stylish'], { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } }).catch(
      (error: unknown) => {
        const { stdout: out = '', stderr: err = '' } = error as { stdout?: string; stderr?: string };
        throw new Error(`Redocly lint failed:\n${out}\n${err}`);
      },
    );
    expect(`${stdout}${stderr}`).not.toMatch(/\berror\b.*\(/);
    // Redocly exits 0 on warnings; `recommended` warns of what third-party tools stumble on, so none is let in.
    expect(`${stdout}${stderr}`).not.toMatch(/^\s*\d+:\d+\s+warning\s/m);
  }, 60_000);

  it('describes both deployments, each ending in /v1', async () => {
    const { source, basePath } = await loadDocument();
    expect(source.servers?.map(server => server.description)).toEqual(['Production', 'Staging']);
    expect(basePath).toBe('/v1');
  });

  it('marks getPet deprecated with its sunset and replacement', async () => {
    const getPet = (await loadDocument()).operations.get('getPet');
    expect(getPet?.definition.deprecated).toBe(true);
    expect(getPet?.definition['x-sunset']).toBe('2030-12-05');
    expect(getPet?.definition['x-successor-operation']).toBe('listPets');
  });

  it('requires bearer authentication on every operation', async () => {
    const { source, operations } = await loadDocument();
    expect(source.components?.securitySchemes?.['bearerAuth']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(source.security).toEqual([{ bearerAuth: [] }]);
    for (const operation of operations.values()) expect(operation.definition.security).toBeUndefined();
  });

  it('declares every status the mock answers for each operation, faults and forced ones included', async () => {
    const { operations } = await loadDocument();
    const statuses = (id: string): string[] => Object.keys(operations.get(id)?.definition.responses ?? {});
    expect(statuses('listPets')).toEqual(['200', '400', '401', '500', '503']);
    expect(statuses('createPet')).toEqual(['201', '400', '401', '413', '415', '500', '503', '507']);
    expect(statuses('getPet')).toEqual(['200', '400', '401', '404', '410', '500', '503']);
    expect(statuses('listStoreOrders')).toEqual(['400', '401', '500', '501', '503']);
  });

  it('gives every path parameter an example, and petId the lower bound of Pet.id', async () => {
    const { source, operations } = await loadDocument();
    const resolved = dereferenceLocal(source);
    const pathParameters = [...operations.values()].flatMap(({ method, path }) => {
      const pathItem = resolved.paths?.[path] as (OpenAPIV3_1.PathItemObject & Record<string, OpenAPIV3_1.OperationObject | undefined>) | undefined;
      const parameters = [...(pathItem?.parameters ?? []), ...(pathItem?.[method]?.parameters ?? [])] as OpenAPIV3_1.ParameterObject[];
      return parameters.filter(parameter => parameter.in === 'path').map(parameter => ({ where: `${method.toUpperCase()} ${path} ${parameter.name}`, parameter }));
    });
    expect(pathParameters.map(({ where }) => where)).toContain('GET /pets/{petId} petId');
    for (const { where, parameter } of pathParameters) expect(parameter.example ?? parameter.examples, where).toBeDefined();
    const petId = pathParameters.find(({ parameter }) => parameter.name === 'petId')?.parameter.schema as OpenAPIV3_1.SchemaObject | undefined;
    const recordSchema = resolved.components?.schemas?.['Pet']?.properties?.['id'] as OpenAPIV3_1.SchemaObject | undefined;
    expect(petId?.minimum).toBe(1);
    expect(petId?.minimum).toBe(recordSchema?.minimum);
  });

  it('requires exactly the headers the service promises, and marks x-mock-only those the mock alone always sends: the deprecation trio on getPet’s 401', async () => {
    const { source, operations } = await loadDocument();
    const resolved = dereferenceLocal(source);
    const required: Record<string, string[]> = {};
    const mockOnly: Record<string, string[]> = {};
    const expected: Record<string, string[]> = {};
    for (const { operationId, method, path, definition } of operations.values()) {
      const responses = (resolved.paths?.[path] as Record<string, OpenAPIV3_1.OperationObject | undefined> | undefined)?.[method]?.responses ?? {};
      for (const [status, response] of Object.entries(responses) as [string, OpenAPIV3_1.ResponseObject][]) {
        const headers = Object.entries(response.headers ?? {}) as [string, OpenAPIV3_1.HeaderObject][];
        required[`${operationId} ${status}`] = headers.filter(([, header]) => header.required === true).map(([name]) => name).sort();
        mockOnly[`${operationId} ${status}`] = headers.filter(([, header]) => typeof (header as Record<string, unknown>)['x-mock-only'] === 'string' && header.required !== true).map(([name]) => name).sort();
        const always: string[] = [];
        if (operationId === 'createPet' && status === '201') always.push('Location');
        if (status === '401') always.push('WWW-Authenticate');
        if (status === '503') always.push('Retry-After');
        // The engine adds these to every answer of its operation responder. A deprecated operation's
        // 400, 500 and 503 can also come from before the operation is known (a bad X-Petstore-Session
        // or mock control, an unexpected failure, the server shutting down), which carry none.
        if (definition.deprecated === true && ['200', '401', '404', '410'].includes(status)) {
          if (definition['x-deprecated-at'] !== undefined) always.push('Deprecation');
          if (definition['x-sunset'] !== undefined) always.push('Sunset');
          if (definition['x-successor-operation'] !== undefined) always.push('Link');
        }
        expected[`${operationId} ${status}`] = always.sort();
      }
    }
    const sent = Object.fromEntries(Object.keys(required).map(key => [key, [...(required[key] ?? []), ...(mockOnly[key] ?? [])].sort()]));
    expect(sent).toEqual(expected);
    expect(required['getPet 401']).toEqual(['WWW-Authenticate']);
    expect(mockOnly['getPet 401']).toEqual(['Deprecation', 'Link', 'Sunset']);
    expect(Object.entries(mockOnly).filter(([, names]) => names.length > 0).map(([key]) => key)).toEqual(['getPet 401']);
  });
});
