import { randomUUID } from 'node:crypto';
import { IGNORED_HEADER_PARAMETERS, namesHeldKey, resourceNameValues, type ParentLink, type ResourceName } from '../document/index.js';
import type { Answer } from './answer.js';
import { absentHeadersCause, describeAnswer } from './check-document.js';
import { givesValue, requiredProperties, sampleParameter, type BodyMaker } from './build-body.js';
import type { Collection, CollectionModel, PlannedOperation } from './collections.js';
import { expectRefusal, expectSuccess, itemsOf } from './expectations.js';
import { fittingExample, namesUnlistedRecord, plannedPathValues, samplePathValues, unknownKey } from './fill-path.js';
import { fillPath, rememberRecords, valuesInPath, withQuery, type CreatedRecord, type Expectation, type Probe, type SideState } from './probe.js';
import { isJsonMediaType, type OperationModel, type ParameterModel } from './read-operations.js';
import { resolveSchema } from './schema-shape.js';
import type { SchemaValidator } from './validate-schema.js';
import { runKeyPart } from './run-id.js';

/** What planning needs besides the operation. */
export interface PlanContext {
  document: Record<string, unknown>;
  model: CollectionModel;
  runId: string;
  bodies: BodyMaker;
  validator: SchemaValidator;
  /** Path parameters' values the user gave (`--path-parameter realm=master`), for parameters that name no record verify knows. */
  pathParameters: Readonly<Record<string, string>>;
  /** 1, 2, 3…: what makes each client key the run sends its own. */
  nextSerial(): number;
  /** The challenges a 401 of the operation implies (`Bearer`, `Basic`); none for API keys alone. */
  challengesOf(operation: OperationModel): string[];
}

/** A query parameter that caps how many items a list holds. */
const PAGE_SIZE = /^(limit|page_?size|per_?page|size|max|count)$/i;
/** Roles whose plain request changes a record: the scenario sends them, on the record it created. */
const CHANGING_ROLES = new Set(['replace', 'merge', 'remove', 'replace-by-body']);

/** Why verify does not send an operation at all, when it does not: a body it cannot send (`bodyNeeded`: or may leave out, where only a body can do what is asked, as a create's). */
export function unsendable(operation: OperationModel, { bodyNeeded = false } = {}): string | undefined {
  const body = operation.requestBody;
  if (!body || body.mediaTypes.length === 0 || body.mediaTypes.some(isJsonMediaType) || (!body.required && !bodyNeeded)) return undefined;
  return `its body is ${body.mediaTypes.join(' or ')}; verify sends JSON bodies only`;
}

/**
 * The stateless probes of one operation, from its declaration: without credentials, as is, each
 * query parameter at and beyond its bounds and enum, a path parameter of the wrong type, the body's
 * examples, and the body without each required property. An operation that changes a record the
 * resource model knows is sent as is by the scenario only (on the record the run created); here
 * its other probes name a key no record has, so that no record the run did not make is touched.
 */
export function planOperationProbes(operation: OperationModel, context: PlanContext): Probe[] {
  const probes: Probe[] = [];
  const planned = context.model.planned.get(operation.operationId);
  const changing = planned !== undefined && CHANGING_ROLES.has(planned.plan.role);
  const jsonBody = operation.requestBody?.mediaTypes.some(isJsonMediaType) === true || operation.requestBody?.mediaTypes.length === 0;
  // What a POST of this operation created, with the values its sent path holds, for the clean-up.
  const learnWhatItCreated = (answer: Answer, state: SideState, sent: string): void => {
    learnCreated(operation, context, answer, state, valuesInPath(operation.path, sent));
  };
  const path = (state: SideState, overrides: Record<string, unknown> = {}): string | { notChecked: string } | undefined => {
    if (!planned) return fillPath(operation.path, { ...samplePathValues(operation, context, state), ...actionPathValues(operation, context, state), ...overrides });
    const collection = context.model.byName.get(planned.plan.resource);
    let filled;
    if (planned.plan.keyParameter === undefined) filled = plannedPathValues(planned, context.model, state);
    else if (changing && collection) filled = plannedPathValues(planned, context.model, state, { key: unknownKey(collection, state, context.runId), given: firstParents(planned, context, state) });
    else {
      const record = collection ? state.records.get(collection.name)?.[0] : undefined;
      if (!record) return { notChecked: `no record of ${planned.plan.resource} to read: the deployment listed none (the scenario reads the one it creates)` };
      filled = plannedPathValues(planned, context.model, state, { record });
    }
    if ('notChecked' in filled) return filled;
    // A view's path filters (`/items/type/{typeId}/brand/{brandId}`) take a listed record's values, so that it lists one;
    // segments that only keep records apart (`{realm}`) a value of their schema.
    const listed = collection ? state.records.get(collection.name)?.[0] : undefined;
    const viewed = Object.fromEntries(planned.plan.filters.flatMap(filter => (filter.in === 'path' && listed?.[filter.property] !== undefined ? [[filter.parameter, listed[filter.property]]] : [])));
    return fillPath(operation.path, { ...samplePathValues(operation, context, state), ...viewed, ...filled.values, ...overrides });
  };
  const basic = (state: SideState, query: Record<string, string | number> = {}): string | { notChecked: string } | undefined => {
    const filled = path(state);
    return typeof filled === 'string' ? withQuery(filled, { ...requiredParameters(operation, 'query', context), ...query }) : filled;
  };
  const validBody = (state: SideState): unknown => {
    if (!jsonBody || !operation.requestBody) return undefined;
    const made = context.bodies.make(operation, bodyFixes(operation, context, state));
    return 'body' in made ? made.body : undefined;
  };
  const body = operation.requestBody && jsonBody ? (state: SideState): unknown => validBody(state) : undefined;
  const learn = learnRecords(planned, context);

  if (operation.needsCredentials) {
    probes.push({
      operation, label: 'without credentials', check: 'authentication', credentials: false, provokes: 'no-credentials', target: state => basic(state) ?? fillPath(operation.path, {}),
      ...(body && { body }),
      expect: answer => expectChallenge(answer, context.challengesOf(operation)),
    });
  }
  if (changing) {
    probes.push({ operation, label: 'with credentials', check: 'baseline', credentials: true, target: () => ({ notChecked: `the scenario of ${planned.plan.resource} sends it, on the record the run created` }) });
  } else if (!operation.requestBody?.examples.length || !jsonBody) {
    // A body's examples stand for the plain request: each is sent below.
    probes.push({
      operation, label: 'with credentials', check: 'baseline', credentials: true,
      // An operation that acts on a record (Keycloak's POST /users/{id}/logout) names one by a made-up key where no listing gave one: 404 is then the right answer.
      provokes: (state: SideState) => (namesUnlistedRecord(operation, context.model, state) ? 'unknown-key' : undefined),
      target: state => {
        if (operation.requestBody?.required && jsonBody && validBody(state) === undefined) return { notChecked: unmadeBody(operation, context, state) };
        return basic(state);
      },
      ...(body && { body }),
      expect: (answer, state) =>
        answer.status === 404 && namesUnlistedRecord(operation, context.model, state)
          ? [{ check: 'baseline', outcome: 'passed', message: 'The plain request names a record by a key verify made up (no listing gave one, and verify acts on no record it did not make): 404, as it should.' }]
          : [expectSuccess(operation, answer, 'baseline', 'The plain request')],
      learn: (answer, state, sent) => {
        learn(answer, state);
        learnWhatItCreated(answer, state, sent);
      },
    });
  }
  for (const parameter of operation.parameters) {
    const schema = parameter.schema ? resolveSchema(context.document, parameter.schema.schema) : undefined;
    if (!schema) continue;
    if (parameter.in === 'query') {
      // The body is the plain one: only the parameter differs. What a POST so sent creates is cleaned up.
      const extras: Partial<Probe> = { ...(body && { body }), ...(operation.method === 'POST' && { learn: learnWhatItCreated }) };
      probes.push(...planQueryProbes(operation, context, parameter, schema, basic, planned).map(probe => ({ ...probe, ...extras })));
    }
    if (parameter.in === 'path' && (schema['type'] === 'integer' || schema['type'] === 'number')) {
      probes.push({
        operation, label: `${parameter.name}=not-a-number (not ${schema['type']})`, check: 'parameter-bounds', credentials: true, provokes: 'invalid-input',
        target: state => {
          const filled = path(state, { [parameter.name]: 'not-a-number' });
          return filled === undefined ? fillPath(fillPath(operation.path, { [parameter.name]: 'not-a-number' }), samplePathValues(operation, context, state)) : filled;
        },
        ...(body && { body }),
        expect: answer => [expectRefusal(operation, answer, 'parameter-bounds', `${parameter.name}=not-a-number`)],
      });
    }
  }
  if (jsonBody && !changing) {
    for (const example of operation.requestBody?.examples ?? []) {
      const broken = brokenExample(operation, example.value, context);
      probes.push({
        operation, label: `example "${example.name}"`, check: 'example', credentials: true, target: state => basic(state),
        // An example the document's own schema refuses is invalid input: a 4xx for it breaks no promise of the document.
        provokes: (state: SideState) => (broken !== undefined ? 'invalid-input' : namesUnlistedRecord(operation, context.model, state) ? 'unknown-key' : undefined),
        body: () => withMarker(example.value, operation, context),
        expect: (answer, state) => {
          if (broken !== undefined) return [{ check: 'example', outcome: 'warning', message: `The example "${example.name}" breaks the document's own schema of the body (${broken}): answered ${answer.status}, which verify does not judge.` }];
          if (answer.status === 404 && namesUnlistedRecord(operation, context.model, state)) return [{ check: 'example', outcome: 'passed', message: `The example "${example.name}" was sent to a record verify made up a key for (no listing gave one): 404, as it should.` }];
          return [expectSuccess(operation, answer, 'example', `The example "${example.name}"`)];
        },
        learn: learnWhatItCreated,
      });
    }
  }
  if (jsonBody) {
    for (const property of requiredProperties(context.document, operation)) {
      probes.push({
        operation, label: `body without "${property}" (required)`, check: 'request-body', credentials: true, provokes: 'invalid-input', target: state => basic(state),
        body: state => {
          const full = validBody(state);
          const base = full !== null && typeof full === 'object' && !Array.isArray(full) ? (full as Record<string, unknown>) : {};
          return Object.fromEntries(Object.entries(base).filter(([key]) => key !== property));
        },
        expect: answer => [expectRefusal(operation, answer, 'request-body', `A body without "${property}"`)],
        learn: learnWhatItCreated,
      });
    }
  }
  return probes;
}

function planQueryProbes(operation: OperationModel, context: PlanContext, parameter: ParameterModel, schema: Record<string, unknown>, basic: (state: SideState, query?: Record<string, string | number>) => string | { notChecked: string } | undefined, planned: PlannedOperation | undefined): Probe[] {
  const probes: Probe[] = [];
  const name = parameter.name;
  const shape = planned?.plan.shape;
  const inBound = (value: number, why: string): Probe => ({
    operation, label: `${name}=${value} (${why})`, check: 'parameter-bounds', credentials: true, target: state => basic(state, { [name]: value }),
    expect: answer => {
      const results: Expectation[] = [expectSuccess(operation, answer, 'parameter-bounds', `${name}=${value}`)];
      const items = itemsOf(answer, shape);
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
    operation, label: `${name}=${value} (${why})`, check: 'parameter-bounds', credentials: true, provokes: 'invalid-input', target: state => basic(state, { [name]: value }),
    expect: answer => [expectRefusal(operation, answer, 'parameter-bounds', `${name}=${value} (${why})`)],
  });
  if (typeof schema['minimum'] === 'number') probes.push(inBound(schema['minimum'], 'the minimum'), outOfBound(schema['minimum'] - 1, 'below the minimum'));
  if (typeof schema['maximum'] === 'number') probes.push(inBound(schema['maximum'], 'the maximum'), outOfBound(schema['maximum'] + 1, 'above the maximum'));
  const enumSchema = schema['type'] === 'array' && schema['items'] !== null && typeof schema['items'] === 'object' ? resolveSchema(context.document, schema['items'] as Record<string, unknown>) : schema;
  if (Array.isArray(enumSchema['enum'])) {
    const filter = planned?.plan.filters.find(each => each.parameter === name && each.match === 'equals');
    // A PUT, PATCH or DELETE is sent here on a key no record has (only the scenario changes the record the run made): its 404 is right.
    const onUnknownKey = planned !== undefined && CHANGING_ROLES.has(planned.plan.role);
    for (const value of enumSchema['enum'] as unknown[]) {
      probes.push({
        operation, label: `${name}=${String(value)}`, check: filter ? 'filter' : 'parameter-enum', credentials: true, target: state => basic(state, { [name]: String(value) }),
        ...(onUnknownKey && { provokes: 'unknown-key' as const }),
        expect: answer =>
          onUnknownKey && answer.status === 404
            ? [{ check: 'parameter-enum', outcome: 'passed', message: `${name}=${String(value)} on a key no record has: 404, as it should.` }]
            : [expectSuccess(operation, answer, 'parameter-enum', `${name}=${String(value)}`), ...(filter && filter.filtersNothing?.includes(value) !== true ? [expectFiltered(answer, filter.property, value, shape)] : [])],
      });
    }
    probes.push(outOfBound('petstore-mock-verify-not-a-value', `not one of ${(enumSchema['enum'] as unknown[]).map(String).join(', ')}`));
  }
  return probes;
}

/** Every listed item carries the value filtered on. */
export function expectFiltered(answer: Answer, name: string, value: unknown, shape?: PlannedOperation['plan']['shape']): Expectation {
  const items = itemsOf(answer, shape);
  if (!items || answer.status >= 300) return { check: 'filter', outcome: 'skipped', message: `No list to check ${name}=${String(value)} on.` };
  if (items.length === 0) return { check: 'filter', outcome: 'skipped', message: `The list for ${name}=${String(value)} is empty: nothing shows whether it filters.` };
  // A list of compact items that leave the property out (Asana's goals without `is_workspace_level`) shows nothing either.
  if (items.every(item => !(name in item))) return { check: 'filter', outcome: 'skipped', message: `The list's items do not show ${name}: nothing shows whether ${name}=${String(value)} filters.` };
  const others = items.filter(item => item[name] !== value);
  return others.length === 0
    ? { check: 'filter', outcome: 'passed', message: `All ${items.length} items have ${name}=${String(value)}.` }
    : { check: 'filter', outcome: 'error', message: `${name}=${String(value)} does not filter: ${others.length} of ${items.length} items have another ${name}.`, expected: `only items with ${name}=${String(value)}`, actual: `${name} values ${[...new Set(others.map(item => (item[name] === undefined ? '(none)' : JSON.stringify(item[name]))))].join(', ')}; ${describeAnswer(answer)}` };
}

/**
 * A 401 to a request without credentials: with `WWW-Authenticate` where the document's schemes
 * imply one (bearer, basic: RFC 9110 section 11.6.1, RFC 6750, RFC 7617), naming one of them; an
 * API key has no standard challenge, so none is demanded for it.
 */
function expectChallenge(answer: Answer, challenges: string[]): Expectation[] {
  const wanted = challenges.length === 0 ? '401' : `401 with WWW-Authenticate: ${challenges.join(' or ')}`;
  if (answer.status !== 401) return [{ check: 'authentication', outcome: 'error', message: 'A request without credentials was not answered 401.', expected: wanted, actual: describeAnswer(answer) }];
  const challenge = answer.headers['www-authenticate'];
  if (challenges.length === 0) return [{ check: 'authentication', outcome: 'passed', message: '401 without credentials.' }];
  if (challenge === undefined) {
    return [{ check: 'authentication', outcome: 'error', message: `A 401 must carry WWW-Authenticate (RFC 9110, section 11.6.1): the document's ${challenges.join(' and ')} scheme implies it.`, expected: `WWW-Authenticate: ${challenges.join(' or ')} ...`, actual: '(absent)', cause: absentHeadersCause(['WWW-Authenticate']) }];
  }
  const named = challenges.some(scheme => new RegExp(`(^|[\\s,])${scheme}(\\s|,|$)`, 'i').test(challenge));
  return [
    named
      ? { check: 'authentication', outcome: 'passed', message: `401 with WWW-Authenticate: ${challenge}.` }
      : { check: 'authentication', outcome: 'warning', message: `The 401's challenge names none of the document's schemes (${challenges.join(', ')}).`, expected: `WWW-Authenticate: ${challenges.join(' or ')} ...`, actual: `WWW-Authenticate: ${challenge}` },
  ];
}

/** The query parameters the operation requires, each at its example, else a value its schema takes (eShop's `api-version=1.0`). */
/**
 * The parameters in the query or the headers the operation requires, each at its example, else a value
 * its schema takes: a request without them is refused 400 by a service that checks them (Discourse's
 * `Api-Key` and `Api-Username`, header parameters where no security scheme is declared). Header names
 * lower-cased; `Accept`, `Content-Type` and `Authorization` are not parameters (OpenAPI: such a parameter is ignored).
 */
export function requiredParameters(operation: OperationModel, where: 'query' | 'header', context: { readonly document: object }): Record<string, string> {
  const values: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    const name = where === 'header' ? parameter.name.toLowerCase() : parameter.name;
    if (parameter.in !== where || !parameter.required || (where === 'header' && IGNORED_HEADER_PARAMETERS.has(name))) continue;
    values[name] = requiredParameterValue(parameter, context.document);
  }
  return values;
}

/** A required parameter's value: its example, else a value its schema takes. */
export function requiredParameterValue(parameter: ParameterModel, document: unknown): string {
  const example = fittingExample(parameter, document);
  if (example !== undefined) return String(Array.isArray(example) ? (example as unknown[])[0] : example);
  return parameter.schema ? sampleParameter(document, parameter.schema.schema) : 'x';
}

/** Whether the document gives a parameter's value (an example, a default, an enum, a const), where verify would otherwise make one up. */
export function documentGivesValue(parameter: ParameterModel, document: unknown): boolean {
  return parameter.example !== undefined || (parameter.schema !== undefined && givesValue(document, parameter.schema.schema));
}

/**
 * What the document's own schema of the body refuses in one of its examples, in a few words; undefined
 * where it takes it (PagerDuty's incident example sends `body.details` as text where an object is declared):
 * a refusal of such an example is the document's fault, not the deployment's.
 */
function brokenExample(operation: OperationModel, value: unknown, context: PlanContext): string | undefined {
  const pointer = operation.requestBody?.schema?.pointer;
  const problems = pointer === undefined ? [] : context.validator.problems(pointer, value);
  return problems.length === 0 ? undefined : problems.slice(0, 3).join('; ');
}

/** The parents a changing probe names: those of a record this side listed, so that only the key is unknown. */
function firstParents(planned: PlannedOperation, context: PlanContext, state: SideState): Record<string, unknown> | undefined {
  if (planned.plan.parents.length === 0) return undefined;
  const filled = plannedPathValues({ ...planned, plan: { ...planned.plan, keyParameter: undefined } }, context.model, state);
  return 'values' in filled ? filled.values : undefined;
}

/** Properties a body verify makes must carry: parents' keys where the body names them, the run's marker, a fresh client key; a key the service assigns left out. */
export function bodyFixes(operation: OperationModel, context: PlanContext, state: SideState, pathValues: Record<string, unknown> = {}): { required: Record<string, unknown>; preferred: Record<string, unknown>[]; omit: string[]; envelope?: string } {
  const planned = context.model.planned.get(operation.operationId);
  const collection = planned && context.model.byName.get(planned.plan.resource);
  const required: Record<string, unknown> = {};
  const preferred: Record<string, unknown>[] = [];
  const omit: string[] = [];
  if (planned && collection) {
    for (const link of planned.plan.parents) {
      const parentKey = link.foreignKey === undefined ? undefined : parentKeyOf(link, pathValues[link.parameter], context, state);
      if (link.foreignKey !== undefined && parentKey !== undefined) required[link.foreignKey] = parentKey;
    }
    const key = collection.resource.key;
    // A key the client may send is a fresh one, so that no create collides with a record the deployment holds (or the run made).
    if (key.acceptsClientKey) preferred.push({ [key.property]: newClientKey(key, context) });
    else omit.push(key.property);
    // A property naming another collection's record by its key (`petId`, `ownerId`) names one this side has listed.
    for (const other of context.model.collections) {
      if (other === collection) continue;
      const record = state.records.get(other.name)?.[0];
      if (!record) continue;
      for (const field of collection.resource.fields) {
        if (field.toLowerCase() === `${other.resource.singular}id`.toLowerCase() && !(field in required)) required[field] = record[other.keyProperty];
      }
    }
  }
  // The marker as the name, unless the name is the key the client gives (Keycloak's roles): each create's own key marks it then.
  if (!namesTheRecord(operation, context)) preferred.push({ name: `petstore-mock-verify ${context.runId}` });
  const envelope = planned?.plan.requestEnvelope;
  return { required, preferred, omit, ...(envelope !== undefined && { envelope }) };
}

/** Whether `name` is the key of the records the operation writes, given by the client: one name for every create would collide. */
function namesTheRecord(operation: OperationModel, context: PlanContext): boolean {
  const planned = context.model.planned.get(operation.operationId);
  const key = planned && context.model.byName.get(planned.plan.resource)?.resource.key;
  return key !== undefined && key.acceptsClientKey && key.property === 'name';
}

/**
 * An example with the run's marker as its name, where the document allows it: what the run creates is
 * recognisable. Where the example gives the key of a record the client names (DigitalOcean's domain
 * `example.com`), the key is made the run's own first (`pmv-…-example.com`), where the document allows
 * that: the example's own key may name a record the deployment holds already (a 409 that says nothing
 * of the document).
 */
function withMarker(example: unknown, operation: OperationModel, context: PlanContext): unknown {
  if (example === null || typeof example !== 'object' || Array.isArray(example)) return example;
  const keyed = withOwnKey(example as Record<string, unknown>, operation, context);
  if (typeof keyed['name'] !== 'string' || namesTheRecord(operation, context)) return keyed;
  const marked = { ...keyed, name: `petstore-mock-verify ${context.runId}` };
  return context.bodies.problems(operation, marked).length === 0 ? marked : keyed;
}

/** The example with the key it gives the record written as the run's own, the first way the document allows; else as it is. */
function withOwnKey(example: Record<string, unknown>, operation: OperationModel, context: PlanContext): Record<string, unknown> {
  const planned = context.model.planned.get(operation.operationId);
  const key = planned === undefined || planned.plan.role !== 'create' ? undefined : context.model.byName.get(planned.plan.resource)?.resource.key;
  const given = key === undefined ? undefined : example[key.property];
  if (key === undefined || !key.acceptsClientKey || typeof given !== 'string' || given === '') return example;
  const marker = ownKey(context);
  for (const own of [`${marker}-${given}`, `${given}-${marker}`, key.schema.format === 'uuid' ? randomUUID() : marker]) {
    const keyed = { ...example, [key.property]: own };
    if (context.bodies.problems(operation, keyed).length === 0) return keyed;
  }
  return example;
}

/** How a create answers: a PUT that creates as its create (`createsWhereMissing`), every other as its success. */
export function createdSuccess(planned: PlannedOperation): PlannedOperation['plan']['success'] {
  return planned.plan.createsWhereMissing?.success ?? planned.plan.success;
}

/** A key of the run's own for a record the client names: a uuid where the key is one, else `ownKey`'s. */
export function newClientKey(key: Collection['resource']['key'], context: PlanContext): string {
  return key.schema.format === 'uuid' ? randomUUID() : ownKey(context);
}

/** A client key of the run's own, each new (`pmv-20260512t101500z3f9a1c-1`). */
function ownKey(context: PlanContext): string {
  return `pmv-${runKeyPart(context.runId)}-${context.nextSerial()}`;
}

function unmadeBody(operation: OperationModel, context: PlanContext, state: SideState): string {
  const made = context.bodies.make(operation, bodyFixes(operation, context, state));
  return 'problem' in made ? made.problem : 'verify cannot make its body';
}

/** Records a list or a read showed, for later probes on this side. */
export function learnRecords(planned: PlannedOperation | undefined, context: PlanContext): (answer: Answer, state: SideState) => void {
  return (answer, state) => {
    if (!planned || answer.status < 200 || answer.status >= 300) return;
    const collection = context.model.byName.get(planned.plan.resource);
    if (!collection) return;
    if (planned.plan.role === 'list') rememberRecords(state, collection.name, collection.keyProperty, itemsOf(answer, planned.plan.shape) ?? []);
    if (planned.plan.role === 'read' && answer.json?.value !== null && typeof answer.json?.value === 'object') rememberRecords(state, collection.name, collection.keyProperty, [answer.json.value as Record<string, unknown>]);
  };
}

/** A success of a POST is something the run must clean up. `pathValues`: what its path was filled with, so that what it made is named by a path, not a template. */
export function learnCreated(operation: OperationModel, context: PlanContext, answer: Answer, state: SideState, pathValues: Record<string, unknown>): CreatedRecord | undefined {
  const planned = context.model.planned.get(operation.operationId);
  // A PUT of the item path that creates where none is held (Azure's resources, GitHub's secrets): its key is the path's.
  const putCreate = operation.method === 'PUT' && planned?.plan.createsWhereMissing !== undefined;
  if ((operation.method !== 'POST' && !putCreate) || answer.status < 200 || answer.status >= 300) return undefined;
  const collection = planned?.plan.role === 'create' || putCreate ? context.model.byName.get(planned.plan.resource) : undefined;
  const value = unwrapped(answer.json?.value, planned === undefined ? undefined : createdSuccess(planned).envelope);
  const body = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const pathKey = putCreate && planned.plan.keyParameter !== undefined ? pathValues[planned.plan.keyParameter] : undefined;
  const key = collection ? (pathKey ?? body?.[collection.keyProperty] ?? heldKeyAnswered(body, collection.resource) ?? keyFromLocation(answer, collection.resource)) : undefined;
  const created: CreatedRecord = { operationId: operation.operationId, collection: collection?.name, key, pathValues, name: typeof body?.['name'] === 'string' ? body['name'] : '', location: answer.headers['location'] ?? fillPath(operation.path, pathValues) };
  state.createdLocations.push(created);
  return created;
}

/** A record as it stands in its envelope (`{"article": {...}}`, where the document wraps it so), or the value itself. */
export function unwrapped(value: unknown, envelope: string | undefined): unknown {
  if (envelope === undefined || value === null || typeof value !== 'object' || Array.isArray(value) || !(envelope in value)) return value;
  return (value as Record<string, unknown>)[envelope];
}

/** A body in the envelope the document sends a record in (`{"article": {...}}`), or as it is. */
export function enveloped(body: unknown, envelope: string | undefined): unknown {
  return envelope === undefined ? body : { [envelope]: body };
}

/** A key the item path holds, where the create's answer names it alike (AWS's `{ThreatIntelSetId}` for `{threatIntelSetId}`). */
function heldKeyAnswered(body: Record<string, unknown> | undefined, resource: Collection['resource']): unknown {
  const named = body === undefined ? undefined : Object.keys(body).find(name => namesHeldKey(resource.key, name));
  return named === undefined ? undefined : body?.[named];
}

/** The key a `Location` names in its last segment. */
export function keyFromLocation(answer: Answer, resource: Collection['resource']): unknown {
  const location = answer.headers['location'];
  const text = location === undefined ? undefined : keyTextInLocation(location, resource);
  if (text === undefined) return undefined;
  return resource.key.kind === 'sequence' && /^-?\d+$/.test(text) ? Number(text) : text;
}

/**
 * The text of the key a `Location` names: its last segment, decoded, less the literal text the resource's
 * item paths write around the key (`/categories/22.json` for `/categories/{id}.json`: `22`); undefined for none.
 */
export function keyTextInLocation(location: string, resource: Collection['resource']): string | undefined {
  if (resource.key.resourceName !== undefined) return resourceNameInLocation(location, resource.key.resourceName);
  const last = location.replace(/[?#].*$/, '').replace(/\/+$/, '').split('/').at(-1) ?? '';
  const around = resource.itemPaths
    .map(path => /^([^{}]*)\{[^{}]+\}([^{}]*)$/.exec(path.split('/').at(-1) ?? ''))
    .map(match => ({ prefix: match?.[1] ?? '', suffix: match?.[2] ?? '' }))
    .find(({ prefix, suffix }) => last.length > prefix.length + suffix.length && last.startsWith(prefix) && last.endsWith(suffix));
  const bare = around === undefined ? last : last.slice(around.prefix.length, last.length - around.suffix.length);
  let text: string;
  try {
    text = decodeURIComponent(bare);
  } catch {
    text = bare;
  }
  return text === '' ? undefined : text;
}

/** The resource name a `Location` ends with (`/api/v1/users/7/webhooks/abc`: `users/7/webhooks/abc`), its segments decoded; undefined where it spells none. */
function resourceNameInLocation(location: string, name: ResourceName): string | undefined {
  const segments = location.replace(/[?#].*$/, '').replace(/\/+$/, '').split('/').slice(-name.segments.length);
  const decoded = segments.map(segment => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  const text = decoded.join('/');
  return decoded.some(segment => segment.includes('/')) || resourceNameValues(name, text) === undefined ? undefined : text;
}

/**
 * The path values of an action on one record (`POST /orders/{id}/cancel`): a listed record's key and its
 * parents', so that a nested path names records that belong together; none where no record is listed.
 */
function actionPathValues(operation: OperationModel, context: PlanContext, state: SideState): Record<string, unknown> {
  const action = context.model.actions?.get(operation.operationId);
  const record = action === undefined ? undefined : state.records.get(action.resource)?.[0];
  if (action === undefined || record === undefined) return {};
  const filled = plannedPathValues({ plan: action }, context.model, state, { record });
  return 'values' in filled ? filled.values : {};
}

/** The parent's key a path value gives: the value, or, where the path names the parent by another property (`{project_name}`), the key of the listed parent holding it. */
function parentKeyOf(link: ParentLink, value: unknown, context: PlanContext, state: SideState): unknown {
  const parent = context.model.byName.get(link.resource);
  const other = parent?.resource.otherKeys?.[link.parameter];
  if (value === undefined || parent === undefined || other?.orKey !== false) return value;
  return (state.records.get(parent.name) ?? []).find(record => record[other.property] === value)?.[parent.keyProperty];
}
