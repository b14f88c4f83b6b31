import type { Answer } from './answer.js';
import { buildBody } from './build-body.js';
import { describeAnswer } from './check-document.js';
import { declares, expectRefusal, expectSuccess, itemsOf, sameJson } from './expectations.js';
import type { Resource } from './find-resource.js';
import { expectFiltered, learnCreated, type PlanContext } from './plan-probes.js';
import { fillPath, withQuery, type Expectation, type Probe, type SideState } from './probe.js';
import { resolveSchema } from './schema-shape.js';

/**
 * What a client relies on, in order: create a resource, read it back equal, find it in the list,
 * filter by its status and get only that status, and an unknown id is a 404. A read-only run reads
 * a listed resource back instead of creating one.
 */
export function planScenario(resource: Resource, context: PlanContext, readOnly: boolean): Probe[] {
  const itemTarget = (id: unknown): string => fillPath(resource.itemPath, { [resource.idParameter]: id });
  const { pageSize } = resource;
  const pageSizeMaximum = pageSize?.schema ? resolveSchema(context.document, pageSize.schema.schema)['maximum'] : undefined;
  const fullPage: Record<string, number> = pageSize && typeof pageSizeMaximum === 'number' ? { [pageSize.name]: pageSizeMaximum } : {};
  const filter = resource.list.parameters.find(parameter => parameter.in === 'query' && resource.itemProperties.has(parameter.name) && parameter.schema && Array.isArray(resolveSchema(context.document, parameter.schema.schema)['enum']));
  const probes: Probe[] = [];

  if (!readOnly && resource.create) {
    const create = resource.create;
    probes.push({
      operation: create, label: 'scenario: create', check: 'read-back', credentials: true, target: () => create.path,
      body: () => buildBody(context.document, create, context.runId),
      expect: (answer, state) => expectCreated(resource, answer, state),
      learn: (answer, state) => {
        learnCreated(create, context, answer, state);
        const answered = answer.json?.value as Record<string, unknown> | undefined;
        const sent = buildBody(context.document, create, context.runId);
        if (answer.status >= 200 && answer.status < 300 && answered && typeof answered === 'object') {
          state.created = { id: answered[resource.idProperty], sent, answered, location: answer.headers['location'] };
        }
      },
    });
    probes.push({
      operation: resource.read, label: 'scenario: read the created one back', check: 'read-back', credentials: true,
      target: state => (state.created ? itemTarget(state.created.id) : undefined),
      expect: (answer, state) => [expectSame(answer, state.created?.answered, 'The created resource read back')],
    });
    probes.push({
      operation: resource.list, label: 'scenario: list after create', check: 'listed-after-create', credentials: true,
      target: state => (state.created ? withQuery(resource.collectionPath, fullPage) : undefined),
      expect: (answer, state) => [expectListed(resource, answer, state.created?.id, fullPage)],
    });
    if (filter) {
      probes.push({
        operation: resource.list, label: `scenario: filter by the created one's ${filter.name}`, check: 'filter', credentials: true,
        target: state => (state.created?.answered[filter.name] === undefined ? undefined : withQuery(resource.collectionPath, { ...fullPage, [filter.name]: String(state.created.answered[filter.name]) })),
        expect: (answer, state) => {
          const value = state.created?.answered[filter.name];
          return [expectFiltered(answer, filter.name, value), { ...expectListed(resource, answer, state.created?.id, fullPage), check: 'filter' }];
        },
      });
    }
  } else {
    probes.push({
      operation: resource.list, label: 'scenario: list', check: 'read-back', credentials: true, target: () => withQuery(resource.collectionPath, fullPage),
      expect: answer => [expectSuccess(resource.list, answer, 'read-back', 'The list')],
      learn: (answer, state) => {
        const first = itemsOf(answer)?.[0];
        if (first) state.listed = first;
      },
    });
    probes.push({
      operation: resource.read, label: 'scenario: read a listed one back', check: 'read-back', credentials: true,
      target: state => (state.listed ? itemTarget(state.listed[resource.idProperty]) : undefined),
      expect: (answer, state) => [expectSame(answer, state.listed, 'A listed resource read back')],
    });
  }
  probes.push({
    operation: resource.read, label: 'scenario: an unknown id', check: 'unknown-id', credentials: true, target: state => itemTarget(unknownId(state)),
    expect: answer => [expectNotFound(resource, answer)],
  });
  return probes;
}

function expectCreated(resource: Resource, answer: Answer, state: SideState): Expectation[] {
  const created = expectSuccess(resource.create ?? resource.list, answer, 'read-back', 'Creating a resource');
  if (created.outcome !== 'passed' || answer.status >= 300) return [created];
  const answered = answer.json?.value as Record<string, unknown> | undefined;
  const sent = state.created?.sent ?? {};
  const results: Expectation[] = [created];
  const differing = Object.entries(sent).filter(([key, value]) => !sameJson(answered?.[key], value));
  results.push(
    differing.length === 0
      ? { check: 'read-back', outcome: 'passed', message: 'The created resource holds what was sent.' }
      : { check: 'read-back', outcome: 'error', message: `The created resource differs from what was sent in ${differing.map(([key]) => key).join(', ')}.`, expected: JSON.stringify(sent), actual: describeAnswer(answer) },
  );
  const location = answer.headers['location'];
  const id = answered?.[resource.idProperty];
  if (location !== undefined && (typeof id === 'number' || typeof id === 'string') && !location.replace(/\/+$/, '').endsWith(`/${encodeURIComponent(id)}`)) {
    results.push({ check: 'read-back', outcome: 'warning', message: 'Location does not name the created resource.', expected: `a URL ending in /${id}`, actual: `Location: ${location}` });
  }
  return results;
}

function expectSame(answer: Answer, expected: Record<string, unknown> | undefined, what: string): Expectation {
  if (answer.status !== 200) return { check: 'read-back', outcome: 'error', message: `${what} was not found.`, expected: '200', actual: describeAnswer(answer) };
  return sameJson(answer.json?.value, expected)
    ? { check: 'read-back', outcome: 'passed', message: `${what} is equal.` }
    : { check: 'read-back', outcome: 'error', message: `${what} is not equal.`, expected: JSON.stringify(expected), actual: describeAnswer(answer) };
}

function expectListed(resource: Resource, answer: Answer, id: unknown, fullPage: Record<string, number>): Expectation {
  const items = itemsOf(answer);
  if (!items) return { check: 'listed-after-create', outcome: 'error', message: 'The list did not answer a list.', expected: 'a JSON array', actual: describeAnswer(answer) };
  if (items.some(item => sameJson(item[resource.idProperty], id))) return { check: 'listed-after-create', outcome: 'passed', message: `The created resource ${JSON.stringify(id)} is listed.` };
  const [limit] = Object.values(fullPage);
  const pageFull = limit !== undefined && items.length >= limit;
  return {
    check: 'listed-after-create',
    // A full page may end before a new resource: without page navigation that is not a break.
    outcome: pageFull ? 'warning' : 'error',
    message: pageFull ? `The created resource ${JSON.stringify(id)} is not on the first full page; the document offers no way to read on.` : `The created resource ${JSON.stringify(id)} is not listed.`,
    expected: `an item with ${resource.idProperty} ${JSON.stringify(id)}`,
    actual: `${items.length} items without it`,
  };
}

function expectNotFound(resource: Resource, answer: Answer): Expectation {
  if (answer.status === 404) return { check: 'unknown-id', outcome: 'passed', message: 'An unknown id is 404.' };
  if (!declares(resource.read, 404)) return expectRefusal(resource.read, answer, 'unknown-id', 'An unknown id');
  return { check: 'unknown-id', outcome: answer.status === 200 ? 'warning' : 'error', message: answer.status === 200 ? 'The id verify took for unknown exists.' : 'An unknown id is not 404.', expected: '404 with an Error body', actual: describeAnswer(answer) };
}

/** An id far above every id this side has shown. */
function unknownId(state: SideState): number {
  const ids = [...state.knownIds, state.created?.id].filter((id): id is number => typeof id === 'number');
  return Math.max(1000, ...ids) + 1_000_000;
}
