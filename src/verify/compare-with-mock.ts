import { absentHeadersCause, describeAnswer, headerValueCause, listOf } from './check-document.js';
import type { Answer } from './answer.js';
import { findResponse, type OperationModel } from './read-operations.js';
import type { Expectation } from './probe.js';
import { shapeOf } from './schema-shape.js';

/** Headers whose values the mock takes from the document, so a different value is worth a warning. */
const VALUE_HEADERS = new Set(['deprecation', 'sunset']);

/**
 * The deployment's answer beside the in-process mock's for the same request: the status, the shape
 * of the body and the headers the document declares. Differences are warnings: where the
 * deployment breaks the document, the document checks already say so as errors.
 */
export function compareWithMock(operation: OperationModel, deployment: Answer, mock: Answer): Expectation[] {
  if (deployment.status !== mock.status) {
    return [{ check: 'mock-status', outcome: 'warning', message: `The mock answers ${mock.status}; the deployment ${deployment.status}.`, expected: `${mock.status} (the mock)`, actual: describeAnswer(deployment) }];
  }
  return [{ check: 'mock-status', outcome: 'passed', message: `Both answer ${mock.status}.` }, compareShapes(deployment, mock), ...compareHeaders(operation, deployment, mock)];
}

function compareShapes(deployment: Answer, mock: Answer): Expectation {
  if (!deployment.json || !mock.json) {
    const same = !deployment.json === !mock.json;
    return same
      ? { check: 'mock-body-shape', outcome: 'passed', message: 'Neither body is JSON.' }
      : { check: 'mock-body-shape', outcome: 'warning', message: `The ${mock.json ? 'mock' : 'deployment'}'s body is JSON, the other's is not.`, expected: mock.json ? 'a JSON body' : 'no JSON body', actual: describeAnswer(deployment) };
  }
  const mockShape = shapeOf(mock.json.value);
  const deploymentShape = shapeOf(deployment.json.value);
  // An empty list on either side says nothing about its items.
  const comparable = (path: string): boolean => !path.includes('/[]') || (hasItems(mockShape, path) && hasItems(deploymentShape, path));
  const differences: string[] = [];
  for (const [path, types] of mockShape) {
    if (!comparable(path) || underNull(deploymentShape, path)) continue;
    const other = deploymentShape.get(path);
    if (!other) differences.push(`${path} missing`);
    else if (!sameTypes(types, other)) differences.push(`${path} is ${[...other].join('|')}, the mock's ${[...types].join('|')}`);
  }
  for (const path of deploymentShape.keys()) if (comparable(path) && !underNull(mockShape, path) && !mockShape.has(path)) differences.push(`${path} extra`);
  return differences.length === 0
    ? { check: 'mock-body-shape', outcome: 'passed', message: 'The bodies have the same shape.' }
    : { check: 'mock-body-shape', outcome: 'warning', message: `The body's shape differs from the mock's: ${differences.join('; ')}.`, expected: 'the mock body’s properties and types', actual: differences.join('; ') };
}

function hasItems(shape: Map<string, Set<string>>, path: string): boolean {
  const parent = path.slice(0, path.lastIndexOf('/[]')) || '/';
  return [...shape.keys()].some(key => key.startsWith(`${parent === '/' ? '' : parent}/[]`));
}

/**
 * The same types, a null on either side aside: a null is a value the schema allows where it is
 * answered (the document checks say otherwise), not another shape: the last page's `next` is null
 * where the mock's page has more, and the data of a deployment is not the mock's.
 */
function sameTypes(left: Set<string>, right: Set<string>): boolean {
  const leftTypes = [...left].filter(type => type !== 'null');
  const rightTypes = [...right].filter(type => type !== 'null');
  if (leftTypes.length === 0 || rightTypes.length === 0) return true;
  return leftTypes.length === rightTypes.length && leftTypes.every(type => rightTypes.includes(type));
}

/** Whether `path` lies under a value that is only ever null in `shape` (`/meta/next/href` where `next` is null): nothing to compare it with. */
function underNull(shape: Map<string, Set<string>>, path: string): boolean {
  for (let end = path.lastIndexOf('/'); end > 0; end = path.lastIndexOf('/', end - 1)) {
    const types = shape.get(path.slice(0, end));
    if (types !== undefined && types.size === 1 && types.has('null')) return true;
  }
  return false;
}

function compareHeaders(operation: OperationModel, deployment: Answer, mock: Answer): Expectation[] {
  const declared = new Map((findResponse(operation, mock.status)?.headers ?? []).map(header => [header.name.toLowerCase(), header]));
  const names = new Map([...declared].map(([lower, header]) => [lower, header.name]));
  if (mock.status === 401 && !names.has('www-authenticate')) names.set('www-authenticate', 'WWW-Authenticate');
  const results: Expectation[] = [];
  const absent: string[] = [];
  for (const [lower, name] of names) {
    const mockValue = mock.headers[lower];
    if (mockValue === undefined) continue;
    const value = deployment.headers[lower];
    if (value === undefined) absent.push(name);
    else if (VALUE_HEADERS.has(lower) && value !== mockValue) {
      results.push({ check: 'mock-headers', outcome: 'warning', message: `${name} differs from the mock's, which comes from the document.`, expected: `${name}: ${mockValue}`, actual: `${name}: ${value}`, cause: headerValueCause(name) });
    } else {
      results.push({ check: 'mock-headers', outcome: 'passed', message: `Both send ${name}.` });
    }
  }
  // Headers the document marks mock-only are the mock's own addition: their warning says why the deployment need not send them.
  const mockOnly = absent.filter(name => declared.get(name.toLowerCase())?.mockOnly !== undefined);
  const promised = absent.filter(name => !mockOnly.includes(name));
  for (const missing of [promised, mockOnly]) {
    if (missing.length === 0) continue;
    const reasons = [...new Set(missing.map(name => declared.get(name.toLowerCase())?.mockOnly).filter(reason => reason !== undefined))];
    const why = missing === mockOnly ? ` The document marks ${missing.length === 1 ? 'it' : 'them'} mock-only, not a promise of the service: ${reasons.join(' ')}` : '';
    results.push({
      check: 'mock-headers',
      outcome: 'warning',
      message: `The mock sends ${listOf(missing)} with ${operation.operationId}'s ${mock.status}; the deployment does not.${why}`,
      expected: missing.map(name => `${name}: ${mock.headers[name.toLowerCase()] ?? ''}`).join('; '),
      actual: '(absent)',
      cause: absentHeadersCause(missing),
    });
  }
  return results;
}
