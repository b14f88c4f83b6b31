import { preview, type Answer } from './answer.js';
import { findResponse, isJsonMediaType, type OperationModel, type ResponseModel } from './read-operations.js';
import { findUndescribedProperties } from './schema-shape.js';
import { mergeAllOf, typeIncludes, type JsonSchema } from '../document/index.js';
import type { Expectation, Provocation } from './probe.js';
import type { SchemaValidator } from './validate-schema.js';

export interface DocumentContext {
  document: object;
  validator: SchemaValidator;
}

/**
 * The checks every answer of the deployment goes through: is it what the document declares? A
 * document need not list every status (OpenAPI says so): where it declares none for what the
 * request provoked, the status HTTP gives it is accepted (a 401 without credentials where the
 * document declares security, a 404 for an unknown key, a 4xx for invalid input where no 400 or
 * 422 is declared, a 2xx where no success is declared).
 */
export function checkAgainstDocument(operation: OperationModel, answer: Answer, context: DocumentContext, provokes?: Provocation): Expectation[] {
  const declared = operation.responses.map(response => response.status).join(', ');
  const response = findResponse(operation, answer.status);
  const implied = response ? undefined : impliedStatus(operation, answer.status, provokes);
  if (implied !== undefined) return [{ check: 'status-declared', outcome: 'passed', message: `${answer.status} is not declared, and need not be: ${implied}.` }];
  if (!response) {
    return [{ check: 'status-declared', outcome: 'error', message: `${answer.status} is not a status the document declares for ${operation.operationId}.`, expected: `one of ${declared}`, actual: describeAnswer(answer), cause: `undeclared status: ${answer.status}` }];
  }
  return [
    { check: 'status-declared', outcome: 'passed', message: `${answer.status} is declared.` },
    ...checkBody(operation, response, answer, context),
    ...checkHeaders(operation, response, answer, context),
  ];
}

function checkBody(operation: OperationModel, response: ResponseModel, answer: Answer, context: DocumentContext): Expectation[] {
  // A HEAD answer has no body, whatever content its document declares (RFC 9110, 9.3.2): Radarr's `HEAD /ping`;
  // nor has a 204 or a 304 (RFC 9110, 15.3.5 and 15.4.5): Asana declares JSON for its 204s.
  if (response.mediaTypes.length === 0 || operation.method === 'HEAD' || answer.status === 204 || answer.status === 304) return [];
  const results: Expectation[] = [];
  const contentType = answer.headers['content-type'] ?? '';
  const declaresJson = response.mediaTypes.some(isJsonMediaType);
  if (declaresJson && !isJsonMediaType(contentType)) {
    results.push({ check: 'content-type', outcome: 'error', message: `The document declares JSON for ${answer.status}; the answer is ${contentType === '' ? 'without Content-Type' : contentType}.`, expected: response.mediaTypes.join(', '), actual: contentType || '(none)' });
  } else {
    results.push({ check: 'content-type', outcome: 'passed', message: `Content-Type ${contentType}.` });
  }
  if (!declaresJson || !response.jsonSchema) return results;
  if (answer.tooLarge) {
    results.push({ check: 'body-schema', outcome: 'error', message: 'The body is larger than verify reads; reading stopped there.', expected: 'a body within the read limit', actual: `more than ${Buffer.byteLength(answer.text)} bytes` });
    return results;
  }
  if (!answer.json) {
    results.push({ check: 'body-schema', outcome: 'error', message: 'The body is not JSON.', expected: `JSON matching ${response.jsonSchema.pointer}`, actual: preview(answer.text) || '(empty body)' });
    return results;
  }
  const body = answer.json.value;
  const problems = context.validator.answerProblems(response.jsonSchema.pointer, body);
  const undescribed = findUndescribedProperties(context.document, response.jsonSchema.schema, body);
  const names = [...new Set(undescribed.map(path => path.replace(/\/\d+(?=\/|$)/g, '/[]')))];
  // A body of another shape is one finding: the properties the document does not describe are part of it, not a second cause.
  const besides = problems.length > 0 && names.length > 0 ? `; it has properties the document does not describe (${names.join(', ')})` : '';
  results.push(
    problems.length === 0
      ? { check: 'body-schema', outcome: 'passed', message: `The body matches ${response.jsonSchema.pointer}.` }
      : { check: 'body-schema', outcome: 'error', message: `The body does not match the document's schema: ${problems.join('; ')}${besides}.`, expected: response.jsonSchema.pointer, actual: preview(body) },
  );
  if (names.length > 0 && problems.length === 0) {
    results.push({ check: 'document-behind', outcome: 'warning', message: `The deployment returns properties the document does not describe: the document is behind (${names.join(', ')}).`, expected: 'only properties the schema describes', actual: names.join(', ') });
  }
  // Where the body breaks its schema, a wrong or missing status is part of that one finding.
  if (answer.status >= 400 && problems.length === 0 && declaresStatusProperty(context, response.jsonSchema.pointer)) results.push(checkErrorStatus(operation, answer.status, body));
  return results;
}

function impliedStatus(operation: OperationModel, status: number, provokes: Provocation | undefined): string | undefined {
  const declaresAny = (statuses: string[]): boolean => operation.responses.some(response => statuses.includes(response.status));
  if (status >= 200 && status < 300 && !operation.responses.some(response => response.status.startsWith('2'))) return 'the document declares no success for the operation';
  if (provokes === 'no-credentials' && status === 401 && operation.needsCredentials) return 'the document declares security for the operation, and a request without credentials is 401';
  if (provokes === 'unknown-key' && status === 404) return 'the request names a record that does not exist';
  if (provokes === 'invalid-input' && status >= 400 && status < 500 && status !== 401 && !declaresAny(['400', '422'])) return 'the request breaks the document, which declares no status for invalid input';
  return undefined;
}

/** Whether the error schema has an integer `status`: the HTTP status repeated, as RFC 7807 problems and the Animal Store's `Error` define it. */
function declaresStatusProperty(context: DocumentContext, pointer: string): boolean {
  const schema = context.validator.schemaAt(pointer) as JsonSchema | undefined;
  if (!schema || typeof schema !== 'object') return false;
  const status = mergeAllOf(schema).properties?.['status'];
  return status !== undefined && (typeIncludes(status, 'integer') || typeIncludes(status, 'number'));
}

/** An error body repeats the HTTP status in its `status` property, as the API's `Error` does. */
function checkErrorStatus(operation: OperationModel, status: number, body: unknown): Expectation {
  const bodyStatus = (body as { status?: unknown } | null)?.status;
  if (bodyStatus === status) return { check: 'error-body', outcome: 'passed', message: `The error body's status is ${status}.` };
  return { check: 'error-body', outcome: 'error', message: `${operation.operationId}'s ${status} body must carry "status": ${status}.`, expected: `"status": ${status}`, actual: bodyStatus === undefined ? '(no status)' : `"status": ${JSON.stringify(bodyStatus)}` };
}

function checkHeaders(operation: OperationModel, response: ResponseModel, answer: Answer, context: DocumentContext): Expectation[] {
  const absent = response.headers.filter(header => header.required && answer.headers[header.name.toLowerCase()] === undefined).map(header => header.name);
  const results: Expectation[] = [];
  if (absent.length > 0) {
    results.push({ check: 'header-schema', outcome: 'error', message: `${operation.operationId}'s ${answer.status} lacks ${listOf(absent)}, which the document requires.`, expected: absent.join(', '), actual: '(absent)', cause: absentHeadersCause(absent) });
  }
  for (const header of response.headers) {
    const value = answer.headers[header.name.toLowerCase()];
    if (value === undefined || !header.schema) continue;
    const type = header.schema.schema['type'];
    const typed = (type === 'integer' || type === 'number') && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
    const problems = context.validator.problems(header.schema.pointer, typed);
    results.push(
      problems.length === 0
        ? { check: 'header-schema', outcome: 'passed', message: `${header.name} matches its schema.` }
        : { check: 'header-schema', outcome: 'error', message: `The header ${header.name} does not match its schema: ${problems.join('; ')}.`, expected: header.schema.pointer, actual: `${header.name}: ${value}`, cause: headerValueCause(header.name) },
    );
  }
  return results;
}

/** One cause for headers missing together, whichever check finds them missing (the document's, or the comparison with the mock). */
export function absentHeadersCause(names: string[]): string {
  return `absent headers: ${names.map(name => name.toLowerCase()).sort().join(',')}`;
}

/** One cause for a header whose value is wrong or differs from the mock's. */
export function headerValueCause(name: string): string {
  return `header value: ${name.toLowerCase()}`;
}

/** `A`, `A and B`, `A, B and C`. */
export function listOf(names: string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

export function describeAnswer(answer: Answer): string {
  const body = answer.json ? preview(answer.json.value) : preview(answer.text);
  return body === '' ? String(answer.status) : `${answer.status} ${body}`;
}
