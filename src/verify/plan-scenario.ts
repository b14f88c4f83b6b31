import type { JsonSchema } from '../document/index.js';
import { mergeAllOf, timeFormatOf, typeIncludes } from '../document/index.js';
import { findSchemaProblems } from '../engine/schema/index.js';
import { createPetFaker } from '../fixtures/pet-faker.js';
import { fakeValue } from '../fixtures/schema-values.js';
import type { Answer } from './answer.js';
import { describeAnswer } from './check-document.js';
import { sameStore, type Collection, type PlannedOperation } from './collections.js';
import type { OperationModel } from './read-operations.js';
import { declares, expectRefusal, expectSuccess, holdsJson, itemsOf, sameJson } from './expectations.js';
import { plannedPathValues, samplePathValues, unknownKey } from './fill-path.js';
import { bodyFixes, createdSuccess, documentGivesValue, enveloped, expectFiltered, keyTextInLocation, learnCreated, learnRecords, newClientKey, requiredParameters, requiredParameterValue, unsendable, unwrapped, type PlanContext } from './plan-probes.js';
import { fillPath, forgetRecord, scenarioOf, withQuery, type Expectation, type Probe, type ScenarioState, type SideState } from './probe.js';
import { isJsonMediaType } from './read-operations.js';
import { propertiesOf, resolveSchema } from './schema-shape.js';

type RecordValue = Record<string, unknown>;

/** The pages a list is read on for the created record (run-probe's limit, and the first). */
const MAX_PAGES_READ = 21;
/** At most this many filters are tried on the created record. */
const MAX_FILTERS = 2;

/**
 * What a client relies on, for one collection, in order: create a record (under a parent the
 * deployment lists, where the path names one), read it back equal, find it in the list and in
 * each filter by its own values, update it and read the change back, delete it and read a 404,
 * and an unknown key is a 404; each step where the document declares it. A read-only run, or a
 * collection without a create, reads a listed record back instead. What verify cannot drive (a
 * body it cannot make, a parent it cannot find, a credential not given) is reported as not
 * checked, with why.
 */
export function planScenario(collection: Collection, context: PlanContext, readOnly: boolean): Probe[] {
  const label = (what: string): string => `${collection.name}: ${what}`;
  const scenario = (state: SideState): ReturnType<typeof scenarioOf> => scenarioOf(state, collection.name);
  const [posted] = collection.creates;
  // Where no POST creates, a PUT of the item path that creates the record it names where none is held (Azure's
  // resources, GitHub's secrets, Bitbucket's reports): sent at a key of the run's own.
  const create = posted ?? collection.updates.find(entry => entry.operation.method === 'PUT' && entry.plan.createsWhereMissing !== undefined);
  const createsAtKey = create !== undefined && create !== posted;
  // Each step on the record the create made, in the store it wrote (a client's roles are not found among the realm's).
  const onCreated = (entry: PlannedOperation): boolean => create === undefined || readOnly || sameStore(entry, create);
  // A read that answers the record before one that does not (Gitea's `GET /user/blocks/{username}` answers only 204: whether that user is blocked).
  const read = collection.reads.find(entry => onCreated(entry) && entry.plan.success.hasBody) ?? collection.reads.find(onCreated);
  // An update verify can send: with a JSON body (`updatePetWithForm` takes a form or the query).
  const update = collection.updates.find(entry => onCreated(entry) && entry.operation.requestBody?.mediaTypes.some(isJsonMediaType) === true);
  const remove = collection.removes.find(onCreated);
  // A list the created record can be looked for in (Keycloak's roles are created under a realm and listed only among a client scope's mappings: not one).
  // Nor one keeping records apart by other segments (Gitea's teams created under `/orgs/{org}` and listed under `/repos/{owner}/{repo}`).
  const lists = collection.lists.filter(entry => holdsWhatCreates(entry, create) && onCreated(entry));
  // A required query parameter verify can fill: a filter (by the created record's value), or one that pages (`maxResults`: a full page).
  const fillable = (entry: PlannedOperation): boolean =>
    entry.operation.parameters.every(parameter => parameter.in !== 'query' || !parameter.required || entry.plan.filters.some(filter => filter.parameter === parameter.name) || parameter.name in fullPage(entry, context));
  // One that lists every record before one whose path selects some (Bitbucket's `/commit/{commit}/pullrequests`, by `merge_commit`).
  const list = lists.find(entry => fillable(entry) && !entry.plan.filters.some(filter => filter.in === 'path')) ?? lists.find(fillable) ?? lists[0];
  const probes: Probe[] = [];
  const pending = new WeakMap<SideState, { path: string; body: unknown; change?: { property: string; value: unknown } }>();
  // The document may bound the path parameter more tightly than the keys it makes (`orderId` at most 5).
  const keyProblem = (planned: PlannedOperation, values: Record<string, unknown>): string | undefined => {
    const name = planned.plan.keyParameter;
    const parameter = planned.operation.parameters.find(each => each.in === 'path' && each.name === name);
    const value = values[name ?? ''];
    // A path parameter is text in the URL: as a string or as the number it spells, either form may be the schema's.
    const forms = [value, String(value), ...(typeof value === 'string' && /^-?\d+$/.test(value) ? [Number(value)] : [])];
    const found = parameter?.schema && name !== undefined ? forms.map(form => context.validator.problems(parameter.schema?.pointer ?? '', form)) : [[]];
    const problems = found.some(each => each.length === 0) ? [] : (found[0] ?? []);
    return problems.length > 0 ? `the key ${JSON.stringify(value)} is one {${name ?? ''}} does not accept by the document (${problems[0] ?? ''})` : undefined;
  };
  const at = (planned: PlannedOperation, state: SideState, options: Parameters<typeof plannedPathValues>[3]): string | { notChecked: string } => {
    const filled = plannedPathValues(planned, context.model, state, options);
    if ('notChecked' in filled) return filled;
    const problem = keyProblem(planned, filled.values);
    if (problem !== undefined) return { notChecked: problem };
    return withQuery(fillPath(planned.operation.path, { ...samplePathValues(planned.operation, context, state), ...filled.values }), requiredParameters(planned.operation, 'query', context));
  };
  const createdOptions = (state: SideState): Parameters<typeof plannedPathValues>[3] => {
    const created = scenario(state).created;
    return created ? { key: created.key, record: created.answered ?? created.sent, given: created.pathValues } : {};
  };
  const listTarget = (state: SideState, record: RecordValue | undefined, given: Record<string, unknown> | undefined, query: Record<string, string | number>): string | { notChecked: string } | undefined => {
    if (!list) return undefined;
    const filled = plannedPathValues(list, context.model, state, { ...(given && { given }), ...(record && given === undefined && { record }) });
    if ('notChecked' in filled) return filled;
    // What the created record holds for a filter's property, as a filter's value.
    const recordValueOf = (filter: (typeof list.plan.filters)[number] | undefined): string | undefined => (filter && record ? filterValue(record[filter.property]) : undefined);
    // A path segment that selects records by a property (`/commit/{commit}/pullrequests`) is the created record's value.
    const selected: Record<string, unknown> = {};
    for (const filter of list.plan.filters.filter(each => each.in === 'path')) {
      const value = recordValueOf(filter);
      if (record && value === undefined) return { notChecked: `the list's path selects records by ${filter.property} ({${filter.parameter}}), which the created record has no value of` };
      if (value !== undefined) selected[filter.parameter] = value;
    }
    const required: Record<string, string | number> = {};
    const page = fullPage(list, context);
    // One that pages (FinSpace's required `maxResults`) asks for a full page, below; it selects no records.
    for (const parameter of list.operation.parameters.filter(each => each.in === 'query' && each.required && !(each.name in page))) {
      const value = recordValueOf(list.plan.filters.find(each => each.parameter === parameter.name));
      // A list of the created record's that requires a value verify cannot take from it (Immich's faces of
      // `?id=<asset>`) lists what that value selects, which need not hold the record: not a break.
      if (record && value === undefined && !documentGivesValue(parameter, context.document)) {
        return { notChecked: `the list requires ${parameter.name}, which verify cannot take from the created record: which records it selects is not known` };
      }
      required[parameter.name] = value ?? requiredParameterValue(parameter, context.document);
    }
    return withQuery(fillPath(list.operation.path, { ...samplePathValues(list.operation, context, state), ...filled.values, ...selected }), { ...required, ...page, ...query });
  };

  if (!readOnly && create) {
    probes.push({
      operation: create.operation, label: label(createsAtKey ? 'create (PUT of its path)' : 'create'), check: 'read-back', credentials: true,
      target: state => {
        // A create whose body is not JSON (Immich's multipart upload, Twilio's form) is not sent, as no other
        // request of it is; nor where the document leaves the body optional: a create needs one to make a record.
        const cannotSend = unsendable(create.operation, { bodyNeeded: true });
        if (cannotSend !== undefined) return { notChecked: `${collection.name} cannot be created: ${cannotSend}` };
        const key = createsAtKey ? newClientKey(collection.resource.key, context) : undefined;
        const filled = plannedPathValues(create, context.model, state, key === undefined ? {} : { key });
        if ('notChecked' in filled) return { notChecked: `${collection.name} cannot be created: ${filled.notChecked}` };
        const refused = key === undefined ? undefined : keyProblem(create, filled.values);
        if (refused !== undefined) return { notChecked: `${collection.name} cannot be created: ${refused}` };
        const fixes = bodyFixes(create.operation, context, state, filled.values);
        // The key the path names, in a body that holds it (Bitbucket's report's `external_id` aside, a record's own `name`).
        const keyInBody = key !== undefined && collection.resource.key.heldByPath !== true && collection.resource.writableFields.includes(collection.keyProperty);
        const made = context.bodies.make(create.operation, keyInBody ? { ...fixes, required: { ...fixes.required, [collection.keyProperty]: key } } : fixes, 1);
        if ('problem' in made) return { notChecked: `${collection.name} cannot be created: ${made.problem}` };
        // Segments that name no record (`{realm}`) take the run's one value, kept with the record for every later step.
        const values = { ...samplePathValues(create.operation, context, state), ...filled.values };
        const path = withQuery(fillPath(create.operation.path, values), requiredParameters(create.operation, 'query', context));
        pending.set(state, { path, body: made.body });
        scenario(state).pathValues = values;
        return path;
      },
      body: state => pending.get(state)?.body,
      expect: (answer, state) => expectCreated(collection, create, answer, state),
      learn: (answer, state) => {
        const own = scenario(state);
        const made = learnCreated(create.operation, context, answer, state, own.pathValues ?? {});
        const sent = pending.get(state)?.body as RecordValue | undefined;
        if (made && sent) {
          // The record itself, out of the envelope the document sends and answers it in.
          const answered = unwrapped(answer.json?.value, createdSuccess(create).envelope);
          const record = unwrapped(sent, create.plan.requestEnvelope) as RecordValue;
          own.created = { key: made.key, sent: record, answered: createdSuccess(create).bodyIsRecord && answered !== null && typeof answered === 'object' ? (answered as RecordValue) : undefined, pathValues: own.pathValues ?? {} };
        }
      },
    });
    if (read) {
      probes.push({
        operation: read.operation, label: label('read the created one back'), check: 'read-back', credentials: true,
        target: state => (scenario(state).created ? at(read, state, createdOptions(state)) : undefined),
        expect: (answer, state) => {
          const created = scenario(state).created;
          const record = inEnvelope(answer, read.plan.success.envelope);
          return [created?.answered ? expectSame(record, created.answered, 'The created record read back') : expectHolds(collection, record, created?.sent ?? {}, 'The created record read back')];
        },
      });
    }
    if (list) {
      probes.push({
        operation: list.operation, label: label('list after create'), check: 'listed-after-create', credentials: true,
        target: state => {
          const created = scenario(state).created;
          return created ? listTarget(state, created.answered ?? created.sent, sharedParents(list, created.pathValues), {}) : undefined;
        },
        next: (answer, state, target) => nextPage(list, answer, createdRecord(collection, scenario(state).created), target),
        expect: (answer, state) => [expectListed(collection, list, answer, scenario(state).created, context)],
      });
      const filters = list.plan.filters.filter(filter => filter.match === 'equals' && !list.operation.parameters.some(parameter => parameter.name === filter.parameter && parameter.required)).slice(0, MAX_FILTERS);
      for (const filter of filters) {
        probes.push({
          operation: list.operation, label: label(`filter by the created one's ${filter.parameter}`), check: 'filter', credentials: true,
          target: state => {
            const created = scenario(state).created;
            const record = created?.answered ?? created?.sent;
            const value = record ? filterValue(record[filter.property]) : undefined;
            return created && value !== undefined ? listTarget(state, record, sharedParents(list, created.pathValues), { [filter.parameter]: value }) : undefined;
          },
          next: (answer, state, target) => nextPage(list, answer, createdRecord(collection, scenario(state).created), target),
          expect: (answer, state) => {
            const created = scenario(state).created;
            const value = (created?.answered ?? created?.sent)?.[filter.property];
            return [expectFiltered(answer, filter.property, value, list.plan.shape), { ...expectListed(collection, list, answer, created, context), check: 'filter' }];
          },
        });
      }
    }
    if (update) {
      probes.push({
        operation: update.operation, label: label(`update (${update.operation.method})`), check: 'read-back', credentials: true,
        target: state => {
          const created = scenario(state).created;
          if (!created) return undefined;
          const path = at(update, state, createdOptions(state));
          if (typeof path !== 'string') return path;
          const change = planUpdate(collection, update, created, context);
          if ('notChecked' in change) return change;
          pending.set(state, { path, body: change.body, change: { property: change.property, value: change.value } });
          return path;
        },
        body: state => pending.get(state)?.body,
        expect: (answer, state) => {
          const results: Expectation[] = [expectSuccess(update.operation, answer, 'read-back', 'Updating the created record')];
          const change = pending.get(state)?.change;
          const value = unwrapped(answer.json?.value, update.plan.success.envelope) as RecordValue | undefined;
          if (change && answer.status < 300 && update.plan.success.bodyIsRecord && value && typeof value === 'object') {
            results.push(holdsJson(value[change.property], change.value) ? { check: 'read-back', outcome: 'passed', message: `The update answers ${change.property} as sent.` } : { check: 'read-back', outcome: 'error', message: `The update answers another ${change.property} than it was sent.`, expected: JSON.stringify(change.value), actual: describeAnswer(answer) });
          }
          return results;
        },
        learn: (answer, state) => {
          const change = pending.get(state)?.change;
          if (change && answer.status >= 200 && answer.status < 300) scenario(state).updated = change;
        },
      });
      if (read) {
        probes.push({
          operation: read.operation, label: label('read the update back'), check: 'read-back', credentials: true,
          target: state => (scenario(state).updated ? at(read, state, createdOptions(state)) : undefined),
          expect: (answer, state) => {
            const change = scenario(state).updated;
            const value = unwrapped(answer.json?.value, read.plan.success.envelope) as RecordValue | undefined;
            if (answer.status !== 200) return [{ check: 'read-back', outcome: 'error', message: 'The updated record was not found.', expected: '200', actual: describeAnswer(answer) }];
            return [holdsJson(value?.[change?.property ?? ''], change?.value) ? { check: 'read-back', outcome: 'passed', message: `The update of ${change?.property ?? ''} is read back.` } : { check: 'read-back', outcome: 'error', message: `The update of ${change?.property ?? ''} is not read back.`, expected: JSON.stringify(change?.value), actual: describeAnswer(answer) }];
          },
        });
      }
    }
    if (remove) {
      probes.push({
        operation: remove.operation, label: label('delete the created one'), check: 'read-back', credentials: true,
        target: state => (scenario(state).created ? at(remove, state, createdOptions(state)) : undefined),
        // A DELETE whose body the document requires (Immich's deleteFace: `{force}`) is sent one, made from its schema.
        ...(remove.operation.requestBody?.required === true && { body: (state: SideState) => removalBody(remove.operation, context, state) }),
        expect: answer => [expectSuccess(remove.operation, answer, 'read-back', 'Deleting the created record')],
        learn: (answer, state) => {
          const own = scenario(state);
          if (answer.status < 200 || answer.status >= 300 || !own.created) return;
          own.removed = true;
          const key = own.created.key;
          state.createdLocations = state.createdLocations.filter(each => !(each.collection === collection.name && sameJson(each.key, key)));
          forgetRecord(state, collection.name, collection.keyProperty, key);
        },
      });
      if (read) {
        probes.push({
          operation: read.operation, label: label('read the deleted one'), check: 'unknown-id', credentials: true, provokes: 'unknown-key',
          target: state => (scenario(state).removed ? at(read, state, createdOptions(state)) : undefined),
          expect: answer => [expectNotFound(read, answer, 'A deleted record')],
        });
      }
    }
  } else if (list && read) {
    probes.push({
      operation: list.operation, label: label('list'), check: 'read-back', credentials: true, target: state => listTarget(state, undefined, undefined, {}),
      expect: answer => [expectSuccess(list.operation, answer, 'read-back', 'The list')],
      learn: (answer, state) => {
        learnRecords(list, context)(answer, state);
        const first = itemsOf(answer, list.plan.shape)?.[0];
        if (first) scenario(state).listed = first;
      },
    });
    probes.push({
      operation: read.operation, label: label('read a listed one back'), check: 'read-back', credentials: true,
      target: state => {
        const listed = scenario(state).listed;
        return listed ? at(read, state, { record: listed, ...(list.plan.parents.length > 0 && { given: scenario(state).pathValues ?? {} }) }) : undefined;
      },
      // The record out of the envelope the read answers it in (Lago's `{api_log: {...}}`), as the list showed it: what a list shows of each record (Conduit's articles without `body`), the read shows too.
      expect: (answer, state) => [expectSame(inEnvelope(answer, read.plan.success.envelope), scenario(state).listed, 'A listed record read back', list.plan.listedFields !== undefined)],
    });
  }
  if (read) {
    probes.push({
      operation: read.operation, label: label('an unknown key'), check: 'unknown-id', credentials: true, provokes: 'unknown-key',
      target: state => {
        const created = scenario(state).created;
        const listed = scenario(state).listed ?? state.records.get(collection.name)?.[0];
        const given = created?.pathValues ?? (listed && read.plan.parents.length > 0 ? parentsOf(read, listed, state, context) : undefined);
        return at(read, state, { key: unknownKey(collection, state, context.runId), ...(given && { given }) });
      },
      expect: answer => [expectNotFound(read, answer, 'An unknown key')],
    });
  }
  return probes;
}

/** The create's path values that a list's path names too (`ownerId`): its parents are the created record's. */
/**
 * Whether `list` can show what `create` makes: each parent it names is one the create names too, or
 * one the record names by a foreign key (or inside an object embedding it). Otherwise which parent's list holds the record is unknown
 * (nothing made it that parent's).
 */
function holdsWhatCreates(list: PlannedOperation, create: PlannedOperation | undefined): boolean {
  return list.plan.parents.every(link => link.foreignKey !== undefined || link.foreignKeyIn !== undefined || create?.plan.parents.some(parent => parent.resource === link.resource) === true);
}

function sharedParents(list: PlannedOperation, pathValues: Record<string, unknown>): Record<string, unknown> | undefined {
  if (list.plan.parents.length === 0) return undefined;
  const shared = Object.fromEntries(list.plan.parents.filter(link => link.parameter in pathValues).map(link => [link.parameter, pathValues[link.parameter]]));
  return Object.keys(shared).length === list.plan.parents.length ? shared : undefined;
}

function parentsOf(read: PlannedOperation, record: RecordValue, state: SideState, context: PlanContext): Record<string, unknown> | undefined {
  const filled = plannedPathValues(read, context.model, state, { record, key: 'unused' });
  return 'values' in filled ? filled.values : undefined;
}

/** The page parameters that show as many records as the document allows, from the first page. */
/**
 * The most records one page of the list shows: what verify asks for as the page's size, and no more
 * than the list's array holds (its `maxItems`: PagerDuty's `ip_allow_lists`, one), whichever is fewer.
 */
function pageLimit(list: PlannedOperation, context: PlanContext): number | undefined {
  const size = list.plan.paging.size;
  const asked = size === undefined ? undefined : fullPage(list, context)[size];
  const held = list.plan.shape?.maxItems;
  if (asked === undefined || held === undefined) return asked ?? held;
  return Math.min(asked, held);
}

function fullPage(list: PlannedOperation, context: PlanContext): Record<string, number> {
  const query: Record<string, number> = {};
  const { paging } = list.plan;
  const schemaOf = (name: string): Record<string, unknown> => {
    const parameter = list.operation.parameters.find(each => each.in === 'query' && each.name === name);
    return parameter?.schema ? resolveSchema(context.document, parameter.schema.schema) : {};
  };
  if (paging.size !== undefined) {
    const maximum = schemaOf(paging.size)['maximum'];
    query[paging.size] = typeof maximum === 'number' ? maximum : 1000;
  }
  if (paging.page) query[paging.page.name] = paging.page.first;
  if (paging.offset !== undefined) query[paging.offset] = 0;
  return query;
}

/** The next page of a list that does not show the record yet and is full, where the list pages by number or offset. */
function nextPage(list: PlannedOperation, answer: Answer, created: CreatedMatch, target: string): string | undefined {
  const items = itemsOf(answer, list.plan.shape);
  const { paging } = list.plan;
  if (answer.status !== 200 || !items || items.length === 0 || created.by === 'nothing' || items.some(created.is)) return undefined;
  const url = new URL(target, 'http://verify.invalid');
  const size = paging.size === undefined ? undefined : Number(url.searchParams.get(paging.size));
  if (size !== undefined && items.length < size) return undefined;
  if (paging.page) url.searchParams.set(paging.page.name, String(Number(url.searchParams.get(paging.page.name) ?? paging.page.first) + 1));
  else if (paging.offset !== undefined) url.searchParams.set(paging.offset, String(Number(url.searchParams.get(paging.offset) ?? 0) + items.length));
  else return undefined;
  return `${url.pathname}${url.search}`;
}

/**
 * A record's value as a query parameter: a primitive. Not an empty text: `?name=` is read by many
 * services as no filter at all (DigitalOcean's droplets), so what it lists shows nothing.
 */
function filterValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function expectCreated(collection: Collection, create: PlannedOperation, answer: Answer, state: SideState): Expectation[] {
  const created = expectSuccess(create.operation, answer, 'read-back', 'Creating a record');
  if (created.outcome !== 'passed' || answer.status >= 300) return [created];
  const own = scenarioOf(state, collection.name).created;
  const results: Expectation[] = [created];
  if (own?.answered) results.push(expectHolds(collection, inEnvelope(answer, createdSuccess(create).envelope), own.sent, 'The created record'));
  const location = answer.headers['location'];
  const key = own?.key;
  if (location !== undefined && (typeof key === 'number' || typeof key === 'string') && keyTextInLocation(location, collection.resource) !== String(key)) {
    results.push({ check: 'read-back', outcome: 'warning', message: 'Location does not name the created record.', expected: `a URL ending in /${String(key).split(collection.resource.key.resourceName === undefined ? /(?!)/ : '/').map(encodeURIComponent).join('/')}`, actual: `Location: ${location}` });
  }
  return results;
}

/** The answer holds what the client sent: every property it sets (not a key the service assigns, nor read-only or write-only ones). */
function expectHolds(collection: Collection, answer: Answer, sent: RecordValue, what: string): Expectation {
  if (answer.status < 200 || answer.status >= 300) return { check: 'read-back', outcome: 'error', message: `${what} was not found.`, expected: '200', actual: describeAnswer(answer) };
  const answered = answer.json?.value as RecordValue | undefined;
  // A value the record's own schema does not take (Immich's albumUsers: sent as {userId, role}, a record's
  // as {user, role}) is one the service makes another of: what it answers cannot be held to what was sent.
  const recordProperties = collection.resource.schema.properties ?? {};
  const compared = Object.entries(sent).filter(([key, value]) => collection.resource.writableFields.includes(key) && findSchemaProblems(value, recordProperties[key] ?? {}).length === 0);
  const differing = compared.filter(([key, value]) => !holdsJson(answered?.[key], value));
  return differing.length === 0
    ? { check: 'read-back', outcome: 'passed', message: `${what} holds what was sent.` }
    : { check: 'read-back', outcome: 'error', message: `${what} differs from what was sent in ${differing.map(([key]) => key).join(', ')}.`, expected: JSON.stringify(Object.fromEntries(compared)), actual: describeAnswer(answer) };
}

/** The answer with its JSON value out of the envelope the document answers a record in. */
function inEnvelope(answer: Answer, envelope: string | undefined): Answer {
  if (envelope === undefined || answer.json === undefined) return answer;
  return { ...answer, json: { ...answer.json, value: unwrapped(answer.json.value, envelope) } };
}

/** `part`: `expected` is what a list shows of the record, some of its properties, each of which the answer must have alike. */
function expectSame(answer: Answer, expected: RecordValue | undefined, what: string, part = false): Expectation {
  if (answer.status !== 200) return { check: 'read-back', outcome: 'error', message: `${what} was not found.`, expected: '200', actual: describeAnswer(answer) };
  const answered = answer.json?.value;
  const same = part && expected !== undefined && answered !== null && typeof answered === 'object' ? Object.entries(expected).every(([key, value]) => sameJson((answered as RecordValue)[key], value)) : sameJson(answered, expected);
  return same
    ? { check: 'read-back', outcome: 'passed', message: `${what} is equal.` }
    : { check: 'read-back', outcome: 'error', message: `${what} is not equal.`, expected: JSON.stringify(expected), actual: describeAnswer(answer) };
}

/**
 * How the created record is told among listed ones: by its key; where the create answered none (no
 * record, no `Location`, the key the service's: Radarr's `POST /release` answers 200 without a body),
 * by holding every value sent that the record's schema takes; else it cannot be told.
 */
interface CreatedMatch {
  readonly by: 'key' | 'values' | 'nothing';
  readonly is: (item: RecordValue) => boolean;
  /** The record as a message names it. */
  readonly named: string;
}

function createdRecord(collection: Collection, created: ScenarioState['created']): CreatedMatch {
  const key = created?.key;
  // A key the item path holds shows in no listed record: the record is looked for by the values sent.
  if (key !== undefined && key !== null && collection.resource.key.heldByPath !== true) return { by: 'key', is: item => sameJson(item[collection.keyProperty], key), named: JSON.stringify(key) };
  const recordProperties = collection.resource.schema.properties ?? {};
  const sent = Object.entries(created?.sent ?? {}).filter(([name, value]) => collection.resource.writableFields.includes(name) && findSchemaProblems(value, recordProperties[name] ?? {}).length === 0);
  if (sent.length === 0) return { by: 'nothing', is: () => false, named: '(no key answered)' };
  return { by: 'values', is: item => sent.every(([name, value]) => holdsJson(item[name], value)), named: '(no key answered: looked for by the values sent)' };
}

function expectListed(collection: Collection, list: PlannedOperation, answer: Answer, created: ScenarioState['created'], context: PlanContext): Expectation {
  const items = itemsOf(answer, list.plan.shape);
  if (!items) return { check: 'listed-after-create', outcome: 'error', message: 'The list did not answer a list.', expected: list.plan.shape?.kind === 'wrapped' ? `a list in ${list.plan.shape.items.join('.')}` : 'a JSON array', actual: describeAnswer(answer) };
  const match = createdRecord(collection, created);
  const key = match.named;
  if (match.by === 'nothing') return { check: 'listed-after-create', outcome: 'skipped', message: 'Not checked: the create answered neither the record nor a Location, and sent no value verify could find it by.' };
  if (items.some(match.is)) return { check: 'listed-after-create', outcome: 'passed', message: `The created record ${key} is listed.` };
  const limit = pageLimit(list, context);
  const pageFull = limit !== undefined && items.length >= limit;
  const readsOn = list.plan.paging.page !== undefined || list.plan.paging.offset !== undefined;
  // A full page with no way to the next says nothing of a record after it.
  if (pageFull && !readsOn) return { check: 'listed-after-create', outcome: 'skipped', message: `Not checked: the list shows at most ${limit} records and the document offers no next page; the created record ${key} is not among the first.` };
  return {
    check: 'listed-after-create',
    // A full page may end before a new record: without reading on, that is not a break.
    outcome: pageFull ? 'warning' : 'error',
    message: pageFull ? `The created record ${key} is not on the pages verify read (${MAX_PAGES_READ}).` : `The created record ${key} is not listed.`,
    expected: match.by === 'key' ? `an item with ${collection.keyProperty} ${key}` : `an item holding ${JSON.stringify(created?.sent)}`,
    actual: `${items.length} items without it`,
    cause: 'created record not listed',
  };
}

function expectNotFound(read: PlannedOperation, answer: Answer, what: string): Expectation {
  if (answer.status === 404) return { check: 'unknown-id', outcome: 'passed', message: `${what} is 404.` };
  if (!declares(read.operation, 404) && answer.status !== 200) return expectRefusal(read.operation, answer, 'unknown-id', what);
  return {
    check: 'unknown-id',
    outcome: 'error',
    message: answer.status === 200 ? `${what} is found (200): the deployment answers records it does not hold.` : `${what} is not 404.`,
    expected: '404',
    actual: describeAnswer(answer),
    cause: `unknown key answered ${answer.status}`,
  };
}

/** The update the scenario sends: one property the client sets, changed to another value the document allows. */
function planUpdate(collection: Collection, update: PlannedOperation, created: { key: unknown; sent: RecordValue; answered: RecordValue | undefined }, context: PlanContext): { body: unknown; property: string; value: unknown } | { notChecked: string } {
  const properties = collection.resource.schema.properties ?? {};
  const parentKeys = new Set(update.plan.parents.map(link => link.foreignKey ?? link.foreignKeyIn?.object));
  const record = { ...(created.answered ?? {}), ...created.sent };
  const full = Object.fromEntries(Object.entries(created.sent).filter(([name]) => collection.resource.writableFields.includes(name) || name === collection.keyProperty));
  // A property the update's body declares (out of its envelope): one it does not (Lago's `lago_id` beside `{tax: TaxBaseInput}`) a service may ignore.
  const declared = bodyProperties(update, context);
  const fields = collection.resource.writableFields.filter(field => field !== collection.keyProperty && !parentKeys.has(field) && properties[field] !== undefined && (declared === undefined || declared.has(field)));
  const ordered = [...fields.filter(field => field !== 'name'), ...fields.filter(field => field === 'name')];
  const withKey = { ...full, [collection.keyProperty]: created.key };
  // The record as answered, where the body schema wants what the service assigned too (a required `id`).
  const whole = Object.fromEntries(Object.entries(record).filter(([name]) => !collection.resource.writeOnlyFields.includes(name) || name in created.sent));
  let firstProblems: string[] | undefined;
  for (const field of ordered) {
    for (const value of otherValues(properties[field] as JsonSchema, record[field])) {
      const records = [...(update.plan.role === 'merge' ? [{ [field]: value }] : []), ...(update.plan.role === 'replace-by-body' ? [] : [{ ...full, [field]: value }]), { ...withKey, [field]: value }, { ...whole, [field]: value }];
      for (const body of records.map(record => enveloped(record, update.plan.requestEnvelope))) {
        const problems = context.bodies.problems(update.operation, body);
        if (problems.length === 0) return { body, property: field, value };
        firstProblems ??= problems;
      }
    }
  }
  return { notChecked: `verify cannot make an update of ${collection.name} the document accepts${firstProblems ? ` (${firstProblems.slice(0, 2).join('; ')})` : ''}` };
}

/** The properties an operation's JSON body declares, out of the envelope it sends the record in; undefined where it declares none (any may be sent). */
function bodyProperties(operation: PlannedOperation, context: PlanContext): ReadonlySet<string> | undefined {
  const pointer = operation.operation.requestBody?.schema?.pointer;
  if (pointer === undefined) return undefined;
  const schema = context.validator.schemaAt(pointer);
  if (schema === null || typeof schema !== 'object') return undefined;
  const outer = propertiesOf(context.document, schema as Record<string, unknown>);
  const envelope = operation.plan.requestEnvelope;
  const inner = envelope === undefined ? outer : propertiesOf(context.document, outer.get(envelope) ?? {});
  return inner.size === 0 ? undefined : new Set(inner.keys());
}

/** Values other than `current` that a property's schema allows, plainest first. */
function otherValues(raw: JsonSchema, current: unknown): unknown[] {
  const schema = mergeAllOf(raw);
  if (schema.readOnly === true || schema.const !== undefined) return [];
  if (schema.enum) return schema.enum.filter(value => !sameJson(value, current)).slice(0, 1);
  if (typeIncludes(schema, 'boolean')) return [current !== true];
  if (typeIncludes(schema, 'integer') || typeIncludes(schema, 'number')) {
    const base = typeof current === 'number' ? current : typeof schema.minimum === 'number' ? schema.minimum : 1;
    return [base + 1, base - 1];
  }
  if (typeIncludes(schema, 'string')) {
    const time = timeFormatOf(schema);
    if (time === 'date') return ['2020-02-02'];
    if (time === 'date-time') return ['2020-02-02T02:02:02Z'];
    if (schema.format === 'email') return ['pmv.updated@example.com'];
    // Each is checked against the body's schema before it is sent.
    const plain = ['Pmv', 'pmv updated'];
    // A value of the schema's format or pattern, as the mock makes its records' (`\p{L}` classes included).
    const made = [1, 2, 3].map(seed => fakeValue(schema, '', { faker: createPetFaker(seed), now: new Date() }));
    return [...new Set([...plain, ...made])].filter(value => typeof value === 'string' && value !== current);
  }
  return [];
}

/** A body for a removal that requires one, made as any other request's is; undefined where verify cannot make it (the request then shows why). */
function removalBody(operation: OperationModel, context: PlanContext, state: SideState): unknown {
  const made = context.bodies.make(operation, bodyFixes(operation, context, state));
  return 'body' in made ? made.body : undefined;
}
