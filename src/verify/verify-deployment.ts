import { loadDocument, locateDocument, type PetResource } from '../document/index.js';
import { conclude, isFinding, summarize } from './conclude.js';
import { findResource, type Resource } from './find-resource.js';
import { mergeFindings, type RecordedResult } from './merge-findings.js';
import { createMockTarget, type MockTarget } from './mock-target.js';
import { planOperationProbes, type PlanContext } from './plan-probes.js';
import { planScenario } from './plan-scenario.js';
import { changesState, createSideState, type Probe } from './probe.js';
import { readOperations, type OperationModel } from './read-operations.js';
import { createScrubber, scrubWith } from './redact.js';
import { createRunId } from './run-id.js';
import { runProbe, type RunState } from './run-probe.js';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS, sendRequest } from './send-request.js';
import type { LeftBehind, VerifyOptions, VerifyResult } from './types.js';
import { createSchemaValidator } from './validate-schema.js';

/** The environment variable the CLI reads the token from. */
export const TOKEN_VARIABLE = 'PETSTORE_VERIFY_TOKEN';

/**
 * Checks a deployment of the API (its base URL, ending in the document's base path such as `/v1`)
 * against the OpenAPI document and against the in-process mock made from it. Never throws for
 * what it finds or cannot reach: the result says so, with an exit code.
 */
export async function verifyDeployment(baseUrl: string, options: VerifyOptions = {}): Promise<VerifyResult> {
  const started = performance.now();
  const runId = options.runId ?? createRunId();
  const documentPath = options.documentPath ?? locateDocument();
  const token = options.token === '' ? undefined : options.token;
  const scrub = createScrubber(token);
  const recorded: RecordedResult[] = [];
  const cleanup: VerifyResult['cleanup'] = { removed: [], leftBehind: [] };
  const mock: VerifyResult['mock'] = { compared: false };
  let stopped: string | undefined;
  let crashed: string | undefined;
  const run: Partial<RunState> & { withCredentials: RunState['withCredentials']; requests: number } = { withCredentials: { answers: 0, unauthorized: 0 }, requests: 0 };
  const coverage: VerifyResult['coverage'] = [];

  const finish = (): VerifyResult => {
    const results = mergeFindings(recorded);
    const verdict = conclude({ results, strict: options.strict === true, stopped, crashed, withCredentials: run.withCredentials });
    const result: VerifyResult = {
      ok: verdict.ok,
      inconclusive: verdict.inconclusive,
      exitCode: verdict.exitCode,
      reason: verdict.reason,
      runId,
      baseUrl,
      documentPath,
      readOnly: options.readOnly === true,
      strict: options.strict === true,
      mock,
      summary: summarize(results, run.requests, Math.round(performance.now() - started)),
      findings: results.filter(isFinding),
      results,
      coverage,
      cleanup,
    };
    return scrubWith(result, scrub);
  };

  // The base URL and the document: without them there is nothing to run.
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    stopped = `the base URL "${baseUrl}" is not a URL; give the deployment's, e.g. https://staging.example/v1.`;
    return finish();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    stopped = `the base URL must be http or https, got ${url.protocol}`;
    return finish();
  }
  let source: Record<string, unknown>;
  let basePath: string;
  let operations: OperationModel[];
  let pets: PetResource;
  try {
    const document = await loadDocument(documentPath);
    source = { ...document.source };
    basePath = document.basePath;
    pets = document.pets;
    operations = readOperations(source);
  } catch (error) {
    stopped = `the document ${documentPath} is unusable: ${messageOf(error)}`;
    return finish();
  }
  const base = url.href.replace(/[?#].*$/, '').replace(/\/+$/, '');
  if (!new URL(base).pathname.endsWith(basePath)) {
    stopped = `the base URL ${base} does not end in ${basePath}, the base path of the document's servers; give the deployment's URL up to and including it.`;
    return finish();
  }
  if (token === undefined && operations.some(operation => operation.needsCredentials)) {
    stopped = `the document's operations need a bearer token and none was given: pass --token <key> or set ${TOKEN_VARIABLE} (options.token in code).`;
    return finish();
  }

  let mockTarget: MockTarget | undefined;
  if (options.compareWithMock !== false) {
    try {
      mockTarget = await createMockTarget(options.documentPath, basePath, options.seed ?? 1);
      mock.compared = true;
    } catch (error) {
      mock.note = `The mock could not be made from the document (${messageOf(error)}); answers were not compared with it.`;
    }
  } else mock.note = 'Not compared: compareWithMock is false.';

  const state: RunState = {
    baseUrl: base,
    token,
    scrub,
    runId,
    send: { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES },
    documentContext: { document: source, validator: createSchemaValidator(source) },
    mock: mockTarget,
    deployment: createSideState(),
    mockSide: createSideState(),
    results: recorded,
    requests: 0,
    observed: new Map(),
    withCredentials: run.withCredentials,
  };
  const resource = findResource(pets, operations);
  const context: PlanContext = { document: source, resource, runId };
  const readOnly = options.readOnly === true;

  const runPhase = async (phase: string, plan: () => Probe[]): Promise<void> => {
    if (stopped !== undefined || crashed !== undefined) return;
    try {
      for (const probe of plan()) {
        if (readOnly && changesState(probe)) {
          recorded.push({ outcome: 'skipped', operationId: probe.operation.operationId, check: probe.check, probe: probe.label, message: `Skipped: --read-only sends no ${probe.operation.method}.` });
          continue;
        }
        const first = state.requests === 0;
        const exchange = await runProbe(probe, state);
        if (first && exchange?.kind === 'failure') {
          stopped = `could not reach ${base}: ${exchange.message}`;
          return;
        }
      }
    } catch (error) {
      crashed = `${phase}: ${messageOf(error)}`;
      recorded.push({ outcome: 'error', operationId: '*', check: 'verify-crashed', probe: phase, message: `The ${phase} phase failed: ${messageOf(error)}` });
    } finally {
      run.requests = state.requests;
    }
  };

  // An operation whose shape the document does not know promises nothing to check.
  const notChecked = new Map(operations.filter(operation => operation.notImplemented).map(operation => [operation.operationId, notCheckedReason(operation)]));
  for (const [operationId, reason] of notChecked) recorded.push({ outcome: 'skipped', operationId, check: 'not-checked', probe: 'the operation', message: `Not checked (${reason}).` });
  // Lists first: later probes read ids from them.
  const ordered = operations.filter(operation => !operation.notImplemented).sort((left, right) => Number(left.path.includes('{')) - Number(right.path.includes('{')));
  await runPhase('operations', () => ordered.flatMap(operation => planOperationProbes(operation, context)));
  if (resource) await runPhase('scenario', () => planScenario(resource, context, readOnly));
  else recorded.push({ outcome: 'skipped', operationId: '*', check: 'read-back', probe: 'scenario', message: 'Skipped: the document has no collection with a list and an item path to run the scenario on.' });
  await cleanUp(state, resource, cleanup).catch((error: unknown) => (cleanup.note = `Clean-up failed: ${messageOf(error)}`));

  for (const operation of operations) {
    const reason = notChecked.get(operation.operationId);
    coverage.push({
      operationId: operation.operationId,
      declared: operation.responses.map(response => response.status),
      observed: [...(state.observed.get(operation.operationId) ?? [])].sort((a, b) => a - b),
      ...(reason !== undefined && { notChecked: reason }),
    });
  }
  return finish();
}

/** Removes what the run created, when the document has a DELETE for it; otherwise lists it. */
async function cleanUp(state: RunState, resource: Resource | undefined, cleanup: VerifyResult['cleanup']): Promise<void> {
  const created = state.deployment.createdLocations;
  if (created.length === 0) return;
  if (!resource?.remove) {
    cleanup.note = `The document declares no DELETE ${resource?.itemPath ?? 'on the created resources'}: what the run created stays; each is named "petstore-mock-verify ${state.runId}".`;
  }
  for (const each of created) {
    const location = resource ? resource.itemPath.replace(`{${resource.idParameter}}`, encodeURIComponent(String(each.id))) : String(each.id);
    const leave = (reason: string): LeftBehind => ({ operationId: each.operationId, location, name: each.name, reason });
    if (!resource?.remove || each.id === undefined) {
      cleanup.leftBehind.push(leave(resource?.remove ? 'its id is unknown' : `no DELETE ${resource?.itemPath ?? ''} in the document`.trim()));
      continue;
    }
    const exchange = await sendRequest(
      { method: 'DELETE', url: new URL(`${state.baseUrl}${location}`), headers: { 'user-agent': 'petstore-mock-verify', 'x-petstore-verify-run': state.runId, ...(state.token !== undefined && { authorization: `Bearer ${state.token}` }) } },
      state.send,
    );
    state.requests++;
    if (exchange.kind === 'answer' && exchange.status >= 200 && exchange.status < 300) cleanup.removed.push(location);
    else cleanup.leftBehind.push(leave(exchange.kind === 'answer' ? `DELETE answered ${exchange.status}` : exchange.message));
  }
}

function notCheckedReason(operation: OperationModel): string {
  return `x-not-implemented: the document does not know ${operation.operationId}'s shape; what the mock answers is its own choice, no promise about the service`;
}

function messageOf(error: unknown): string {
  // The first line: a YAML parser's message goes on with an excerpt of the text.
  const [first = ''] = (error instanceof Error ? error.message : String(error)).trim().split('\n');
  return first.replace(/^\[petstore-mock\] /, '').replace(/:$/, '');
}
