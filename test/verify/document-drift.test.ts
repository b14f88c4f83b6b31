import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyDeployment, type Finding } from '../../src/verify/index.js';
import { startDeployment, type Deployment, type DocumentDrift } from './drifted-mock.js';

const corpus = (name: string): string => fileURLToPath(new URL(`../documents/corpus/${name}`, import.meta.url));
const TOKEN = 'drifted-deployment-token';
let deployment: Deployment | undefined;

afterEach(async () => {
  await deployment?.close();
  deployment = undefined;
});

async function verifyDrifted(file: string, drift: DocumentDrift): Promise<Finding[]> {
  deployment = await startDeployment(corpus(file), { drift, credentials: { authorization: `Bearer ${TOKEN}`, api_key: TOKEN } });
  const result = await verifyDeployment(deployment.url, { token: TOKEN, documentPath: corpus(file), timeoutMs: 30_000 });
  expect(result.inconclusive).toBe(false);
  return result.findings;
}

/** Each finding as `operationId check`, once: one cause per operation is one finding. */
const named = (findings: Finding[]): string[] => findings.map(finding => `${finding.operationId} ${finding.check}`);

describe('verify against a deployment of a public document that drifted from it in one way', () => {
  it('reports a key answered as a string where the document says integer, as one body-schema error per operation that answers records', async () => {
    const findings = await verifyDrifted('petstore-expanded.yaml', 'key-as-string');
    expect(named(findings).sort()).toEqual(['addPet body-schema', 'find pet by id body-schema', 'findPets body-schema']);
    expect(findings.every(finding => finding.outcome === 'error' && /id must be integer/.test(finding.message))).toBe(true);
  });

  it('reports a deleted record still read back 200, once per collection, on its read', { timeout: 60_000 }, async () => {
    const findings = await verifyDrifted('spring-petclinic-rest.yaml', 'no-404');
    expect(named(findings).sort()).toEqual(['getOwner unknown-id', 'getPet unknown-id', 'getPetType unknown-id', 'getSpecialty unknown-id', 'getVet unknown-id', 'getVisit unknown-id']);
    expect(findings.every(finding => finding.outcome === 'error' && /found \(200\)/.test(finding.message))).toBe(true);
  });

  it('reports error bodies of the deployment’s own shape instead of the document’s as body-schema errors, nothing else', async () => {
    const findings = await verifyDrifted('petstore-expanded.yaml', 'own-error-shape');
    expect(named(findings).sort()).toEqual(['addPet body-schema', 'deletePet body-schema', 'find pet by id body-schema']);
    expect(findings.every(finding => /required property 'code'.*properties the document does not describe \(\/error\)/.test(finding.message))).toBe(true);
  });

  it('reports every secured operation that lets a request without credentials in, and no other', { timeout: 60_000 }, async () => {
    const findings = await verifyDrifted('swagger-petstore-v3.yaml', 'open-door');
    expect(findings.every(finding => finding.check === 'authentication' && finding.message === 'A request without credentials was not answered 401.')).toBe(true);
    expect(named(findings)).toEqual(expect.arrayContaining(['addPet authentication', 'getInventory authentication', 'getPetById authentication', 'deletePet authentication']));
    expect(named(findings)).not.toContain('getOrderById authentication');
  });

  it('reports a 401 without WWW-Authenticate where an OAuth2 scheme implies one, and not where only an API key is declared', async () => {
    const findings = await verifyDrifted('swagger-petstore-v3.yaml', 'no-challenge');
    expect(findings.every(finding => finding.check === 'authentication' && /must carry WWW-Authenticate/.test(finding.message))).toBe(true);
    expect(named(findings)).toContain('getPetById authentication');
    expect(named(findings)).not.toContain('getInventory authentication');
    expect(findings.length).toBe(new Set(named(findings)).size);
  });
});
