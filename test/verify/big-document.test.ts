import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byReference } from '../../src/engine/schema/index.js';
import { readOperations } from '../../src/verify/read-operations.js';
import { createSchemaValidator, schemaPointersOf } from '../../src/verify/validate-schema.js';
import type { VerifyResult } from '../../src/verify/index.js';
import { bigDocument } from '../support/big-document.js';
import { runCliToEnd, startCli, type RunningCli } from '../support/run-cli.js';

// Stripe's shape at a tenth of its counts: 10 collections (60 operations), 80 schemas that refer to each other in cycles.
const MID_SIZED = { collections: 10, schemas: 80, seed: 31 };
const document = bigDocument(MID_SIZED);
let directory: string;
let documentPath: string;
let mock: RunningCli;
let baseUrl: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'verify-big-'));
  documentPath = join(directory, 'mid-sized.json');
  writeFileSync(documentPath, JSON.stringify(document));
  mock = startCli(['--port', '0', '--document', documentPath]);
  const line = await mock.waitForLine(/ready on /, 60_000);
  baseUrl = (/ready on (\S+)/.exec(line)?.[1] ?? '').replace(/\/$/, '');
}, 90_000);

afterAll(async () => {
  mock.child.kill();
  await mock.exited;
  rmSync(directory, { recursive: true, force: true });
});

describe('verify on a generated document of Stripe’s shape', () => {
  it('reads every schema it checks as one graph with one bundle, so that each shared schema is compiled once', () => {
    const pointers = schemaPointersOf(readOperations(document));
    const validator = createSchemaValidator(document, pointers);
    const bundles = new Set(pointers.map(pointer => byReference(validator.schemaAt(pointer) as object).bundle));
    // Parameters, bodies, responses of 60 operations: read alone, each of them found a bundle of its own.
    expect(pointers.length).toBeGreaterThan(150);
    expect(bundles.size).toBe(1);
    expect([...bundles][0]).toBeDefined();
  });

  it('drives every operation of a mock of it, each action answered from the document included, and finds nothing', async () => {
    const { code, stdout, stderr } = await runCliToEnd(['verify', baseUrl, '--document', documentPath, '--token', 'verify-big', '--format', 'json']);
    const result = JSON.parse(stdout) as VerifyResult;
    expect(result.findings).toEqual([]);
    expect(stderr).toMatch(/exit 0: Passed/);
    expect(code).toBe(0);
    // Every one of the 60 operations was sent and answered; the 10 actions (POST …/{id}/<verb>) with 200, as their body checks passed.
    expect(result.coverage).toHaveLength(60);
    expect(result.coverage.filter(operation => operation.observed.length === 0)).toEqual([]);
    const actions = result.coverage.filter(operation => operation.operationId.endsWith('IdAction'));
    expect(actions).toHaveLength(10);
    expect(actions.every(action => action.observed.includes(200))).toBe(true);
    // What the run created is deleted where the document declares a DELETE; only what actions made stays, and says why.
    expect(result.cleanup.removed).toHaveLength(10);
    expect(result.cleanup.leftBehind.filter(left => !left.operationId.endsWith('IdAction') || !/no DELETE/.test(left.reason))).toEqual([]);
    // About 6 s on an idle machine; a loaded one (load 19) took more than 20.
  }, 120_000);

  it('still finds a deployment that answers what the document refuses, through the shared graph', async () => {
    // The document verify reads says a resource_0's `created` is a string; the mock answers integers.
    const drifted = structuredClone(document) as { components: { schemas: Record<string, { properties: Record<string, unknown> } | undefined> } };
    const resource = drifted.components.schemas['resource_0'];
    if (!resource) throw new Error('The generated document has no resource_0.');
    resource.properties['created'] = { type: 'string' };
    const driftedPath = join(directory, 'drifted.json');
    writeFileSync(driftedPath, JSON.stringify(drifted));
    const { code, stdout } = await runCliToEnd(['verify', baseUrl, '--document', driftedPath, '--token', 'verify-big', '--format', 'json', '--read-only']);
    const result = JSON.parse(stdout) as VerifyResult;
    expect(code).toBe(1);
    const bodyErrors = result.findings.filter(finding => finding.check === 'body-schema');
    expect(bodyErrors.map(finding => finding.operationId)).toEqual(expect.arrayContaining(['Getresource_0s', 'Getresource_0sId']));
    expect(bodyErrors.every(finding => finding.message.includes('/created must be string'))).toBe(true);
  }, 120_000);
});
