import { loadDocument, locateDocument, type ResourceModel } from '../document/index.js';
import { createBodyMaker } from './build-body.js';
import { findCollections, sameStore, type CollectionModel } from './collections.js';
import { conclude, isFinding, summarize } from './conclude.js';
import { chooseCredentials, credentialNames, impliedChallenges, readSchemes, secretsOf, type CredentialChoice, type GivenCredentials } from './credentials.js';
import { plannedPathValues, samplePathValues } from './fill-path.js';
import { mergeFindings, type RecordedResult } from './merge-findings.js';
import { createMockTarget, type MockTarget } from './mock-target.js';
import { planOperationProbes, requiredParameters, unsendable, type PlanContext } from './plan-probes.js';
import { planScenario } from './plan-scenario.js';
import { changesState, createSideState, fillPath, withQuery, type Probe } from './probe.js';
import { readOperations, type OperationModel } from './read-operations.js';
import { createScrubbers, scrubWith } from './redact.js';
import { createRunId } from './run-id.js';
import { requestHeaders, runProbe, withCredentialQuery, type RunState } from './run-probe.js';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS, sendRequest } from './send-request.js';
import type { LeftBehind, VerifyOptions, VerifyResult } from './types.js';
import { createSchemaValidator, schemaPointersOf } from './validate-schema.js';

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
  const given: GivenCredentials = { token, byScheme: new Map(Object.entries(options.credentials ?? {}).filter(([, value]) => value !== '')) };
  const scrub = createScrubbers(secretsOf(given));
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
  let resources: ResourceModel;
  try {
    const document = await loadDocument(documentPath);
    source = { ...document.source };
    basePath = document.basePath;
    resources = document.resources;
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
  const schemes = readSchemes(source);
  const unknownSchemes = [...given.byScheme.keys()].filter(name => !schemes.has(name));
  if (unknownSchemes.length > 0) {
    stopped = `the document declares no security scheme ${unknownSchemes.map(name => `"${name}"`).join(', ')}; its schemes are ${[...schemes.keys()].map(name => `"${name}"`).join(', ') || 'none'}.`;
    return finish();
  }
  if (token === undefined && given.byScheme.size === 0 && operations.some(operation => operation.needsCredentials)) {
    const bearerOnly = [...schemes.values()].every(scheme => scheme.kind === 'bearer');
    const others = bearerOnly ? '' : `, or --credential <scheme>=<value> for ${[...schemes.keys()].map(name => `"${name}"`).join(', ')}`;
    stopped = `the document's operations need ${bearerOnly ? 'a bearer token' : 'credentials'} and none was given: pass --token <key> or set ${TOKEN_VARIABLE} (options.token in code)${others}.`;
    return finish();
  }
  const choices = new Map<string, CredentialChoice>(operations.map(operation => [operation.operationId, chooseCredentials(operation.security, schemes, given)]));

  let mockTarget: MockTarget | undefined;
  if (options.compareWithMock !== false) {
    try {
      mockTarget = await createMockTarget(options.documentPath, basePath, options.seed ?? 1, url.host);
      mock.compared = true;
    } catch (error) {
      mock.note = `The mock could not be made from the document (${messageOf(error)}); answers were not compared with it.`;
    }
  } else mock.note = 'Not compared: compareWithMock is false.';

  const validator = createSchemaValidator(source, schemaPointersOf(operations));
  const state: RunState = {
    baseUrl: base,
    credentialsFor: operation => choices.get(operation.operationId) ?? { kind: 'open' },
    credentialNames: credentialNames(schemes),
    scrub,
    runId,
    send: { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES },
    documentContext: { document: source, validator },
    mock: mockTarget,
    deployment: createSideState(),
    mockSide: createSideState(),
    results: recorded,
    requests: 0,
    observed: new Map(),
    withCredentials: run.withCredentials,
  };
  const model = findCollections(resources, operations);
  let serial = 0;
  const context: PlanContext = { document: source, model, runId, pathParameters: options.pathParameters ?? {}, bodies: createBodyMaker(source, validator), validator, nextSerial: () => ++serial, challengesOf: operation => impliedChallenges(operation.security, schemes) };
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

  // An operation whose shape the document does not know promises nothing to check; one verify cannot send is not checked either.
  const notChecked = new Map<string, string>();
  for (const operation of operations) {
    const reason = operation.notImplemented ? notCheckedReason(operation) : unsendable(operation);
    if (reason !== undefined) notChecked.set(operation.operationId, reason);
  }
  for (const [operationId, reason] of notChecked) recorded.push({ outcome: 'skipped', operationId, check: 'not-checked', probe: 'the operation', message: `Not checked (${reason}).` });
  // Lists first, then fewer path parameters: later probes read keys from what earlier ones listed.
  const depth = (operation: OperationModel): number => (operation.path.match(/\{/g) ?? []).length;
  const ordered = operations.filter(operation => !notChecked.has(operation.operationId)).sort((left, right) => depth(left) - depth(right));
  await runPhase('operations', () => ordered.flatMap(operation => planOperationProbes(operation, context)));
  for (const collection of model.collections) {
    if (collection.reads.length === 0 && collection.lists.length === 0) {
      recorded.push({ outcome: 'skipped', operationId: collection.creates[0]?.operation.operationId ?? '*', check: 'not-checked', probe: `${collection.name}: scenario`, message: `Not checked: the document declares no way to read ${collection.name} back.` });
      continue;
    }
    await runPhase(`scenario of ${collection.name}`, () => planScenario(collection, context, readOnly));
  }
  await cleanUp(state, model, context, cleanup).catch((error: unknown) => (cleanup.note = `Clean-up failed: ${messageOf(error)}`));

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

/** Removes what the run created and its scenario did not, where the document declares a DELETE for it; otherwise lists it. */
async function cleanUp(state: RunState, model: CollectionModel, context: Pick<PlanContext, 'document' | 'bodies' | 'model' | 'pathParameters'>, cleanup: VerifyResult['cleanup']): Promise<void> {
  const created = state.deployment.createdLocations;
  if (created.length === 0) return;
  const withoutDelete = new Set<string>();
  for (const each of created) {
    const collection = each.collection === undefined ? undefined : model.byName.get(each.collection);
    // A DELETE of the store the create wrote (a client's roles are not the realm's).
    const createdBy = model.planned.get(each.operationId)?.plan;
    const remove = collection?.removes.find(entry => createdBy === undefined || sameStore(entry, { plan: createdBy }));
    const itemPath = remove === undefined && createdBy !== undefined && collection?.removes.length ? undefined : collection?.resource.itemPaths[0];
    const filled = remove && each.key !== undefined && each.key !== null ? plannedPathValues(remove, model, state.deployment, { key: each.key, given: each.pathValues }) : undefined;
    // Segments that name no record (`{realm}`) as the create sent them, else as every other request of the run fills them.
    const location =
      filled && 'values' in filled && remove
        ? fillPath(remove.operation.path, { ...samplePathValues(remove.operation, context, state.deployment), ...each.pathValues, ...filled.values })
        : itemPath && each.key !== undefined
          ? fillPath(itemPath, { ...each.pathValues, [/\{([^}]+)\}[^{}/]*\/?$/.exec(itemPath)?.[1] ?? '']: each.key })
          : each.location;
    const leave = (reason: string): LeftBehind => ({ operationId: each.operationId, location, name: each.name, reason });
    if (!remove) {
      const where = itemPath === undefined ? `for what ${each.operationId} creates` : itemPath;
      withoutDelete.add(where);
      cleanup.leftBehind.push(leave(`no DELETE ${where} in the document`));
      continue;
    }
    if (!filled || !('values' in filled)) {
      cleanup.leftBehind.push(leave(filled && 'notChecked' in filled ? filled.notChecked : 'its key is unknown'));
      continue;
    }
    const credentials = state.credentialsFor(remove.operation);
    if (credentials.kind === 'missing') {
      cleanup.leftBehind.push(leave(credentials.reason));
      continue;
    }
    const target = withQuery(location, requiredParameters(remove.operation, 'query', context));
    // A DELETE whose body the document requires (Immich's `{force}`) is sent one made from its schema.
    const made = remove.operation.requestBody?.required === true ? context.bodies.make(remove.operation) : undefined;
    if (made && 'problem' in made) {
      cleanup.leftBehind.push(leave(`its DELETE needs a body verify cannot make: ${made.problem}`));
      continue;
    }
    const body = made === undefined ? undefined : JSON.stringify(made.body);
    const exchange = await sendRequest({ method: 'DELETE', url: new URL(`${state.baseUrl}${withCredentialQuery(target, credentials)}`), headers: requestHeaders(state, credentials, body !== undefined, requiredParameters(remove.operation, 'header', context)), ...(body !== undefined && { body }) }, state.send);
    state.requests++;
    if (exchange.kind === 'answer' && exchange.status >= 200 && exchange.status < 300) cleanup.removed.push(location);
    else cleanup.leftBehind.push(leave(exchange.kind === 'answer' ? `DELETE answered ${exchange.status}` : exchange.message));
  }
  if (withoutDelete.size > 0) cleanup.note = `The document declares no DELETE ${[...withoutDelete].join(', ')}: what the run created there stays; each is named "petstore-mock-verify ${state.runId}" where its schema allows.`;
}

function notCheckedReason(operation: OperationModel): string {
  return `x-not-implemented: the document does not know ${operation.operationId}'s shape; what the mock answers is its own choice, no promise about the service`;
}

function messageOf(error: unknown): string {
  // The first line: a YAML parser's message goes on with an excerpt of the text.
  const [first = ''] = (error instanceof Error ? error.message : String(error)).trim().split('\n');
  return first.replace(/^\[petstore-mock\] /, '').replace(/:$/, '');
}
