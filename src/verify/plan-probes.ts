import type { Answer } from './answer.js';
import { describeAnswer } from './check-document.js';
import { buildBody, requiredProperties, sampleValue } from './build-body.js';
import { expectRefusal, expectSuccess, itemsOf } from './expectations.js';
import type { Resource } from './find-resource.js';
import { fillPath, withQuery, type Expectation, type Probe, type SideState } from './probe.js';
import type { OperationModel, ParameterModel } from './read-operations.js';
import { resolveSchema } from './schema-shape.js';

/** What planning needs besides the operation. */
export interface PlanContext {
  document: unknown;
  resource: Resource | undefined;
  runId: string;
}

/** A query parameter that caps how many items a list holds. */
const PAGE_SIZE = /^(limit|page_?size|per_?page|size|max|count)$/i;

/**
 * The stateless probes of one operation, from its declaration: without credentials, as is, each
 * query parameter at and beyond its bounds and enum, a path parameter of the wrong type, the body's
 * examples, and the body without each required property.
 */
export function planOperationProbes(operation: OperationModel, context: PlanContext): Probe[] {
  const probes: Probe[] = [];
  const basic = (state: SideState, query: Record<string, string | number> = {}): string | undefined => {
    const path = fillPathParameters(operation, context, state);
    return path === undefined ? undefined : withQuery(path, { ...requiredQuery(operation, context), ...query });
  };
  const body = operation.requestBody ? (): unknown => buildBody(context.document, operation, context.runId) : undefined;
  const learn = learnIds(operation, context);

  if (operation.needsCredentials) {
    probes.push({
      operation, label: 'without credentials', check: 'authentication', credentials: false, target: state => basic(state) ?? fillPath(operation.path, {}),
      ...(body && { body }),
      expect: answer => expectChallenge(answer),
    });
  }
  // A body's examples stand for the plain request: each is sent below.
  if (!operation.requestBody?.examples.length) probes.push({
    operation, label: 'with credentials', check: 'baseline', credentials: true, target: state => basic(state),
    ...(body && { body }),
    expect: answer => [expectSuccess(operation, answer, 'baseline', 'The plain request')],
    learn: (answer, state) => {
      learn(answer, state);
      learnCreated(operation, context, answer, state);
    },
  });
  for (const parameter of operation.parameters) {
    const schema = parameter.schema ? resolveSchema(context.document, parameter.schema.schema) : undefined;
    if (!schema) continue;
    if (parameter.in === 'query') probes.push(...planQueryProbes(operation, context, parameter, schema, basic));
    if (parameter.in === 'path' && (schema['type'] === 'integer' || schema['type'] === 'number')) {
      probes.push({
        operation, label: `${parameter.name}=not-a-number (not ${schema['type']})`, check: 'parameter-bounds', credentials: true,
        target: state => fillPath(fillPathParameters(operation, context, state, { [parameter.name]: 'not-a-number' }) ?? operation.path, {}),
        expect: answer => [expectRefusal(operation, answer, 'parameter-bounds', `${parameter.name}=not-a-number`)],
      });
    }
  }
  for (const example of operation.requestBody?.examples ?? []) {
    probes.push({
      operation, label: `example "${example.name}"`, check: 'example', credentials: true, target: state => basic(state),
      body: () => buildBody(context.document, operation, context.runId, example.value),
      expect: answer => [expectSuccess(operation, answer, 'example', `The example "${example.name}"`)],
      learn: (answer, state) => learnCreated(operation, context, answer, state),
    });
  }
  for (const property of requiredProperties(context.document, operation)) {
    probes.push({
      operation, label: `body without "${property}" (required)`, check: 'request-body', credentials: true, target: state => basic(state),
      body: () => {
        const full = buildBody(context.document, operation, context.runId);
        return Object.fromEntries(Object.entries(full).filter(([key]) => key !== property));
      },
      expect: answer => [expectRefusal(operation, answer, 'request-body', `A body without "${property}"`)],
      learn: (answer, state) => learnCreated(operation, context, answer, state),
    });
  }
  return probes;
}

function planQueryProbes(operation: OperationModel, context: PlanContext, parameter: ParameterModel, schema: Record<string, unknown>, basic: (state: SideState, query?: Record<string, string | number>) => string | undefined): Probe[] {
  const probes: Probe[] = [];
  const name = parameter.name;
  const inBound = (value: number, why: string): Probe => ({
    operation, label: `${name}=${value} (${why})`, check: 'parameter-bounds', credentials: true, target: state => basic(state, { [name]: value }),
    expect: answer => {
      const results: Expectation[] = [expectSuccess(operation, answer, 'parameter-bounds', `${name}=${value}`)];
      const items = itemsOf(answer);
      if (PAGE_SIZE.test(name) && items && answer.status < 300) {
        results.push(
          items.length <= value
            ? { check: 'parameter-bounds', outcome: 'passed', message: `${items.length} items for ${name}=${value}.` }
            : { check: 'parameter-bounds', outcome: 'error', message: `${name}=${value} answered more items than it allows.`, expected: `at most ${value} items`, actual: `${items.length} items` },
        );
      }
      return results;
    },
  });
  const outOfBound = (value: string | number, why: string): Probe => ({
    operation, label: `${name}=${value} (${why})`, check: 'parameter-bounds', credentials: true, target: state => basic(state, { [name]: value }),
    expect: answer => [expectRefusal(operation, answer, 'parameter-bounds', `${name}=${value} (${why})`)],
  });
  if (typeof schema['minimum'] === 'number') probes.push(inBound(schema['minimum'], 'the minimum'), outOfBound(schema['minimum'] - 1, 'below the minimum'));
  if (typeof schema['maximum'] === 'number') probes.push(inBound(schema['maximum'], 'the maximum'), outOfBound(schema['maximum'] + 1, 'above the maximum'));
  if (Array.isArray(schema['enum'])) {
    const filters = context.resource?.list === operation && context.resource.itemProperties.has(name);
    for (const value of schema['enum'] as unknown[]) {
      probes.push({
        operation, label: `${name}=${String(value)}`, check: filters ? 'filter' : 'parameter-enum', credentials: true, target: state => basic(state, { [name]: String(value) }),
        expect: answer => [expectSuccess(operation, answer, 'parameter-enum', `${name}=${String(value)}`), ...(filters ? [expectFiltered(answer, name, value)] : [])],
      });
    }
    probes.push(outOfBound('petstore-mock-verify-not-a-value', `not one of ${(schema['enum'] as unknown[]).map(String).join(', ')}`));
  }
  return probes;
}

/** Every listed item carries the value filtered on. */
export function expectFiltered(answer: Answer, name: string, value: unknown): Expectation {
  const items = itemsOf(answer);
  if (!items || answer.status >= 300) return { check: 'filter', outcome: 'skipped', message: `No list to check ${name}=${String(value)} on.` };
  if (items.length === 0) return { check: 'filter', outcome: 'skipped', message: `The list for ${name}=${String(value)} is empty: nothing shows whether it filters.` };
  const others = items.filter(item => item[name] !== value);
  return others.length === 0
    ? { check: 'filter', outcome: 'passed', message: `All ${items.length} items have ${name}=${String(value)}.` }
    : { check: 'filter', outcome: 'error', message: `${name}=${String(value)} does not filter: ${others.length} of ${items.length} items have another ${name}.`, expected: `only items with ${name}=${String(value)}`, actual: `${name} values ${[...new Set(others.map(item => (item[name] === undefined ? '(none)' : JSON.stringify(item[name]))))].join(', ')}; ${describeAnswer(answer)}` };
}

function expectChallenge(answer: Answer): Expectation[] {
  if (answer.status !== 401) return [{ check: 'authentication', outcome: 'error', message: 'A request without credentials was not answered 401.', expected: '401 with an Error body and WWW-Authenticate', actual: describeAnswer(answer) }];
  const challenge = answer.headers['www-authenticate'];
  return [
    challenge === undefined
      ? { check: 'authentication', outcome: 'error', message: 'A 401 must carry WWW-Authenticate (RFC 9110, section 11.6.1); the document declares it too.', expected: 'WWW-Authenticate: Bearer ...', actual: '(absent)' }
      : { check: 'authentication', outcome: 'passed', message: `401 with WWW-Authenticate: ${challenge}.` },
  ];
}

/** The path with its parameters filled: the resource's id from what this side has shown, else a sample value. */
function fillPathParameters(operation: OperationModel, context: PlanContext, state: SideState, overrides: Record<string, unknown> = {}): string | undefined {
  const values: Record<string, unknown> = {};
  for (const parameter of operation.parameters.filter(each => each.in === 'path')) {
    if (parameter.name in overrides) values[parameter.name] = overrides[parameter.name];
    else if (context.resource?.read === operation && parameter.name === context.resource.idParameter) {
      const id = state.knownIds[0];
      if (id === undefined) return undefined;
      values[parameter.name] = id;
    } else values[parameter.name] = parameter.example ?? (parameter.schema ? sampleValue(context.document, parameter.schema.schema) : 1);
  }
  return fillPath(operation.path, values);
}

function requiredQuery(operation: OperationModel, context: PlanContext): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query' || !parameter.required) continue;
    query[parameter.name] = String(parameter.example ?? (parameter.schema ? sampleValue(context.document, parameter.schema.schema) : 'x'));
  }
  return query;
}

/** Ids of the listed items, for later probes on this side. */
function learnIds(operation: OperationModel, context: PlanContext): (answer: Answer, state: SideState) => void {
  return (answer, state) => {
    if (context.resource?.list !== operation) return;
    for (const item of itemsOf(answer) ?? []) {
      const id = item[context.resource.idProperty];
      if (id !== undefined && !state.knownIds.includes(id)) state.knownIds.push(id);
    }
  };
}

/** A success of a create is something the run must clean up. */
export function learnCreated(operation: OperationModel, context: PlanContext, answer: Answer, state: SideState): void {
  if (operation.method !== 'POST' || answer.status < 200 || answer.status >= 300) return;
  const body = answer.json?.value as Record<string, unknown> | undefined;
  const id = body?.[context.resource?.idProperty ?? 'id'];
  state.createdLocations.push({ operationId: operation.operationId, id, name: typeof body?.['name'] === 'string' ? body['name'] : '' });
}
