// Reading an override as given (over HTTP or in-process): its body is checked against the document
// by Prism's validator, so this lives apart from the registry, which the MSW handlers load at once.
import type { JsonSchema, PetstoreDocument } from '../../document/index.js';
import { describeSchemaProblems, findSchemaProblems, findInexactNumber } from '../schema/index.js';
import { responseSchemaOf } from '../../document/index.js';
import { show } from '../../options/index.js';
import type { OverrideSpec } from './overrides.js';
import { MAX_OVERRIDE_TIMES } from './overrides.js';
import { MAX_REQUEST_DELAY } from './request-controls.js';

const SPEC_FIELDS = ['operationId', 'status', 'times', 'body', 'example', 'delay'];

/** `value` as an override of the document's operations, or the sentence that says what is wrong with it. */
export function readOverrideSpec(value: unknown, document: PetstoreDocument): { spec: OverrideSpec } | { problem: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'An override must be an object such as {"operationId": "createPet", "status": 503, "times": 2}.' };
  const given = value as Record<string, unknown>;
  const unknown = Object.keys(given).filter(field => !SPEC_FIELDS.includes(field));
  if (unknown.length > 0) return { problem: `An override has no field ${unknown.map(field => JSON.stringify(field)).join(', ')}; its fields are ${SPEC_FIELDS.join(', ')}.` };
  const { operationId, status, times, body, example, delay } = given;
  const operations = [...document.operations.keys()];
  if (typeof operationId !== 'string' || !document.operations.has(operationId)) {
    return { problem: `operationId must be one of ${operations.join(', ')}, got ${show(operationId)}.` };
  }
  const operation = document.prismOperations.find(candidate => candidate.iid === operationId);
  const declared = operation?.responses.map(response => response.code) ?? [];
  if (typeof status !== 'number' || !declared.includes(String(status))) {
    return { problem: `status must be one ${operationId} declares: ${declared.join(', ')}; got ${show(status)}.` };
  }
  if (times !== undefined && !(Number.isInteger(times) && (times as number) >= 1 && (times as number) <= MAX_OVERRIDE_TIMES)) {
    return { problem: `times must be a whole number from 1 to ${MAX_OVERRIDE_TIMES} (leave it out to answer until cleared), got ${JSON.stringify(times)}.` };
  }
  if (delay !== undefined && !(Number.isInteger(delay) && (delay as number) >= 0 && (delay as number) <= MAX_REQUEST_DELAY)) {
    return { problem: `delay must be a whole number of milliseconds from 0 to ${MAX_REQUEST_DELAY}, got ${JSON.stringify(delay)}.` };
  }
  if (body !== undefined && example !== undefined) return { problem: 'An override takes a body or an example, not both.' };
  const response = operation?.responses.find(candidate => candidate.code === String(status));
  if (example !== undefined) {
    const names = (response?.contents ?? []).flatMap(content => (content.examples ?? []).map(each => each.key));
    if (typeof example !== 'string' || !names.includes(example)) {
      return { problem: `example must name an example of the ${status} response of ${operationId} (${names.join(', ') || 'it has none'}), got ${JSON.stringify(example)}.` };
    }
  }
  if (body !== undefined) {
    // It is answered as JSON text at every call: what JSON cannot write (nested deeper than the stack
    // allows, though JSON.parse read it; a value that refers to itself) is refused now, not at each answer.
    const unwritable = whyNotWritableAsJson(body);
    if (unwritable !== undefined) return { problem: `body cannot be written as JSON (${unwritable}).` };
    if (!(response?.contents ?? []).some(content => content.schema !== undefined)) {
      return { problem: `body cannot be given: the ${status} response of ${operationId} declares no body; leave it out.` };
    }
    const schema = responseSchemaOf(document, operationId, status);
    const problems = findSchemaProblems(body, schema);
    if (problems.length > 0) return { problem: `body does not fit the ${status} response of ${operationId}: ${describeSchemaProblems(problems)}.` };
    // Given in code, Infinity or an integer past 2^53 − 1 would be answered as JSON a client reads as another value.
    const inexact = findInexactNumber(body, schema as JsonSchema);
    if (inexact) return { problem: `body ${inexact.path || '(the body)'} is ${inexact.value}, ${inexact.reason}, so the answer would carry another.` };
  }
  return {
    spec: {
      operationId,
      status,
      ...(times !== undefined && { times: times as number }),
      ...(body !== undefined && { body }),
      ...(example !== undefined && { example }),
      ...(delay !== undefined && { delay: delay as number }),
    },
  };
}

function whyNotWritableAsJson(value: unknown): string | undefined {
  try {
    JSON.stringify(value);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
