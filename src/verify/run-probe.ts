import { toAnswer, type Answer } from './answer.js';
import { checkAgainstDocument, type DocumentContext } from './check-document.js';
import { compareWithMock } from './compare-with-mock.js';
import type { MockTarget } from './mock-target.js';
import type { Expectation, Probe, SideState } from './probe.js';
import type { CredentialChoice } from './credentials.js';
import { requiredParameters } from './plan-probes.js';
import { findResponse, type OperationModel } from './read-operations.js';
import { redactHeaders, redactQuery, scrubWith, withoutQueryNames } from './redact.js';
import { sendRequest, type Exchange, type SendOptions } from './send-request.js';
import type { RecordedResult } from './merge-findings.js';
import type { ReportedRequest } from './types.js';

export const RUN_HEADER = 'x-petstore-verify-run';
/** Most further pages a probe reads on. */
const MAX_PAGES = 20;

/** Everything a run accumulates as it sends probes. */
export interface RunState {
  baseUrl: string;
  /** How each operation is authenticated: the document's schemes, with the credentials given. */
  credentialsFor(operation: OperationModel): CredentialChoice;
  /** Header and query parameter names a report redacts whatever their value. */
  credentialNames: { headers: Set<string>; query: Set<string> };
  /** Replaces the token, in every form a deployment can echo it, in a text. */
  scrub: (text: string) => string;
  runId: string;
  send: SendOptions;
  documentContext: DocumentContext;
  mock: MockTarget | undefined;
  deployment: SideState;
  mockSide: SideState;
  results: RecordedResult[];
  requests: number;
  /** Statuses the deployment answered, by operation. */
  observed: Map<string, Set<number>>;
  /** Answers to requests with credentials, and how many were 401. */
  withCredentials: { answers: number; unauthorized: number };
}

/** Sends a probe to the deployment and the mock, and records every check's result. Resolves to the deployment's exchange (undefined when skipped). */
export async function runProbe(probe: Probe, run: RunState): Promise<Exchange | undefined> {
  const { operation } = probe;
  const target = probe.target(run.deployment);
  const record = (expectation: Expectation, request?: ReportedRequest, status?: number): void => {
    run.results.push({
      outcome: expectation.outcome, operationId: operation.operationId, check: expectation.check, probe: probe.label, message: expectation.message,
      ...(request && { request }), ...(expectation.expected !== undefined && { expected: expectation.expected }), ...(expectation.actual !== undefined && { actual: expectation.actual }),
      ...(expectation.cause !== undefined && { cause: expectation.cause }), ...(status !== undefined && { status }),
    });
  };
  if (target === undefined) {
    record({ check: probe.check, outcome: 'skipped', message: 'Skipped: an earlier step gave nothing to send this with.' });
    return undefined;
  }
  if (typeof target !== 'string') {
    record({ check: probe.check, outcome: 'skipped', message: `Not checked: ${target.notChecked}.` });
    return undefined;
  }
  const credentials = probe.credentials ? run.credentialsFor(operation) : undefined;
  if (credentials?.kind === 'missing') {
    record({ check: probe.check, outcome: 'skipped', message: `Not checked: ${credentials.reason}.` });
    return undefined;
  }
  const body = probe.body?.(run.deployment);
  const required = requiredParameters(operation, 'header', run.documentContext);
  const headers = requestHeaders(run, credentials, body !== undefined, required);
  // Without credentials, none is sent as a required query parameter either (at its example): the request must lack them.
  const withQueryCredentials = (sent: string): string => (probe.credentials ? withCredentialQuery(sent, credentials) : withoutQueryNames(sent, run.credentialNames.query));
  const path = withQueryCredentials(target);
  const text = body === undefined ? undefined : JSON.stringify(body);
  const reported: ReportedRequest = { method: operation.method, path: redactQuery(path, run.credentialNames.query), headers: redactHeaders(headers, run.credentialNames.headers), ...(body !== undefined && { body }) };
  // Scrubbed before any check reads it, so no report can hold a credential, whole or cut short.
  let exchange = scrubWith(await sendRequest({ method: operation.method, url: new URL(`${run.baseUrl}${path}`), headers, ...(text !== undefined && { body: text }) }, run.send), run.scrub);
  run.requests++;
  let answer: Answer | undefined;
  // A probe that reads on (the next page of a list) sends again until it has what it looks for.
  for (let page = 0, sent = target; ; page++) {
    if (exchange.kind === 'failure') {
      record({ check: 'connection', outcome: 'error', message: exchange.message, expected: 'an answer', actual: `${exchange.failure} after ${exchange.durationMs} ms` }, reported);
      return exchange;
    }
    answer = toAnswer(exchange);
    noteStatus(run, probe, answer);
    // A redirect the document declares for the operation, exactly or as `3XX` (Discourse's topic by external id: 301 only), is its answer.
    const declared = findResponse(operation, answer.status)?.status;
    if (answer.status >= 300 && answer.status < 400 && (declared === undefined || declared === 'default')) {
      record({ check: 'connection', outcome: 'error', message: 'The deployment redirected; verify follows no redirect (check the base URL).', expected: 'an answer from the base URL', actual: `${answer.status} Location: ${answer.headers['location'] ?? '(none)'}` }, reported);
      return exchange;
    }
    const following = page < MAX_PAGES ? probe.next?.(answer, run.deployment, sent) : undefined;
    if (following === undefined) break;
    sent = following;
    const followingPath = withQueryCredentials(following);
    reported.path = redactQuery(followingPath, run.credentialNames.query);
    exchange = scrubWith(await sendRequest({ method: operation.method, url: new URL(`${run.baseUrl}${followingPath}`), headers }, run.send), run.scrub);
    run.requests++;
  }
  probe.learn?.(answer, run.deployment, target);
  const provokes = typeof probe.provokes === 'function' ? probe.provokes(run.deployment) : probe.provokes;
  const documentChecks = checkAgainstDocument(operation, answer, run.documentContext, provokes);
  // A status the document does not declare is the cause of whatever else this probe finds wrong with the answer.
  const undeclared = documentChecks.find(expectation => expectation.check === 'status-declared' && expectation.outcome === 'error');
  const probeChecks = (probe.expect?.(answer, run.deployment) ?? []).map(expectation => (undeclared?.cause !== undefined && (expectation.outcome === 'error' || expectation.outcome === 'warning') ? { ...expectation, cause: undeclared.cause } : expectation));
  const own = [...documentChecks, ...probeChecks];
  for (const expectation of own) record(expectation, reported, answer.status);
  if (run.mock) {
    const mockTarget = probe.target(run.mockSide);
    if (typeof mockTarget === 'string') {
      const mockBody = probe.body?.(run.mockSide);
      const mockHeaders = requestHeaders(run, credentials, mockBody !== undefined, required);
      let mockAnswer = scrubWith(await run.mock.send(operation.method, withQueryCredentials(mockTarget), mockHeaders, mockBody === undefined ? undefined : JSON.stringify(mockBody)), run.scrub);
      for (let page = 0, sent = mockTarget; page < MAX_PAGES; page++) {
        const following = probe.next?.(mockAnswer, run.mockSide, sent);
        if (following === undefined) break;
        sent = following;
        mockAnswer = scrubWith(await run.mock.send(operation.method, withQueryCredentials(following), mockHeaders, undefined), run.scrub);
      }
      probe.learn?.(mockAnswer, run.mockSide, mockTarget);
      for (const expectation of compareWithMock(operation, answer, mockAnswer)) {
        if (!explainedAlready(expectation, own)) record(expectation, reported, answer.status);
      }
    }
  }
  return exchange;
}

/**
 * The headers of a request: the run's, the header parameters the operation requires (`requiredParameters`),
 * and the credentials of the operation's first alternative verify can satisfy.
 */
export function requestHeaders(run: Pick<RunState, 'runId'>, credentials: CredentialChoice | undefined, hasBody: boolean, required: Readonly<Record<string, string>> = {}): Record<string, string> {
  const parts = credentials?.kind === 'sent' ? credentials.parts : undefined;
  const cookies = Object.entries(parts?.cookies ?? {}).map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    accept: 'application/json',
    'user-agent': 'petstore-mock-verify',
    ...required,
    [RUN_HEADER]: run.runId,
    ...parts?.headers,
    ...(cookies !== '' && { cookie: cookies }),
    ...(hasBody && { 'content-type': 'application/json' }),
  };
}

/** The path with the API keys the document puts in the query. */
export function withCredentialQuery(path: string, credentials: CredentialChoice | undefined): string {
  const query = credentials?.kind === 'sent' ? Object.entries(credentials.parts.query) : [];
  if (query.length === 0) return path;
  // A credential the document also declares as a required query parameter (Trello's `key` and `token`) is sent once, as the credential.
  const kept = withoutQueryNames(path, new Set(query.map(([name]) => name)));
  const search = new URLSearchParams(query).toString();
  return `${kept}${kept.includes('?') ? '&' : '?'}${search}`;
}

function noteStatus(run: RunState, probe: Probe, answer: Answer): void {
  const statuses = run.observed.get(probe.operation.operationId) ?? new Set<number>();
  statuses.add(answer.status);
  run.observed.set(probe.operation.operationId, statuses);
  if (probe.credentials) {
    run.withCredentials.answers++;
    if (answer.status === 401) run.withCredentials.unauthorized++;
  }
}

/**
 * One cause, one finding: a status or body the document's checks already found wrong on this
 * request (`limit=101` accepted, a 422 undeclared, a property the document does not describe) is
 * not reported again as a difference from the mock.
 */
function explainedAlready(comparison: Expectation, own: Expectation[]): boolean {
  if (comparison.outcome === 'passed' || comparison.outcome === 'skipped') return false;
  if (comparison.check === 'mock-status') return own.some(expectation => expectation.outcome === 'error' || expectation.outcome === 'warning');
  if (comparison.check === 'mock-body-shape') return own.some(expectation => (expectation.check === 'body-schema' || expectation.check === 'document-behind') && expectation.outcome !== 'passed');
  return false;
}
