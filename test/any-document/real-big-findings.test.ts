import type { IHttpOperation } from '@stoplight/types';
import { afterEach, describe, expect, it } from 'vitest';
import { examplesOf } from '../../src/engine/document-state.js';
import { boundedForGeneration } from '../../src/engine/prism/bounded-generation.js';
import { byReference } from '../../src/engine/schema/index.js';
import { createEngine } from '../../src/index.js';
import { checkedEngine, findingAt } from '../support/checked-engine.js';
import { readyBaseOf, startCli, type RunningCli } from '../support/run-cli.js';

// Findings 64+ of test/documents/findings/FINDINGS-independent.md: Stripe's and GitHub's real documents.

/** The built mock of a test's finding, stopped after the test. */
let cli: RunningCli | undefined;
afterEach(async () => {
  cli?.child.kill();
  await cli?.exited;
  cli = undefined;
});

/** Starts the built mock of a finding's document under --validate-responses: its base URL once ready. */
async function mockOf(finding: string): Promise<string> {
  cli = startCli(['--document', findingAt(finding), '--port', '0', '--validate-responses']);
  return readyBaseOf(cli);
}

describe('a generated body with an empty object below a list of alternatives (finding 64, Stripe accounts)', () => {
  it('answers the body the document describes, where the mocker threw and the mock answered 500', async () => {
    const base = await mockOf('real-big-faker-clean.yaml');
    const response = await fetch(`${base}/v1/account`);
    const body = (await response.json()) as { external_accounts?: { data?: { sources?: { metadata?: unknown }[] }[] } };
    expect(response.status).toBe(200);
    expect(body.external_accounts?.data?.[0]?.sources?.[0]?.metadata).toEqual({});
    expect(cli?.errors()).not.toMatch(/failed unexpectedly|does not allow/);
  });
});

describe('an optional deepObject query parameter left out of a request (finding 67, Stripe’s upcoming invoice)', () => {
  it('is absent, not an empty object refused by its schema; given, it is still checked', async () => {
    const base = `${await mockOf('real-big-deep-object.yaml')}/v1/invoices/upcoming`;
    expect((await fetch(base)).status).toBe(200);
    expect((await fetch(`${base}?customer=cus_1`)).status).toBe(200);
    expect((await fetch(`${base}?automatic_tax[enabled]=true`)).status).toBe(200);
    const refused = await fetch(`${base}?automatic_tax[other]=1`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain("automatic_tax must have required property 'enabled'");
  });
});

describe('a required list whose items are past the bound of a generated body (finding 65, Stripe accounts)', () => {
  const node = { $ref: '#/__bundled__/Account' };
  const account = {
    type: 'object',
    required: ['id', 'external_accounts'],
    properties: {
      id: { type: 'string' },
      external_accounts: { type: 'array', items: { title: 'Polymorphic', anyOf: [node, { $ref: '#/__bundled__/Card' }] } },
    },
  };
  // A card holds accounts as an account does: every alternative of every list refers back, past the bound at some depth.
  const card = { ...account, properties: { ...account.properties, last4: { type: 'string' } } };
  const operation = {
    id: 'GetAccount',
    method: 'get',
    path: '/v1/account',
    request: {},
    responses: [{ id: 'r', code: '200', headers: [], contents: [{ id: 'c', mediaType: 'application/json', examples: [], encodings: [], schema: node }] }],
    __bundled__: { Account: account, Card: card },
  } as unknown as IHttpOperation;

  it('is made an empty list, so no reference is left for the mocker to stop following and fill with the schema’s own words', () => {
    const bounded = boundedForGeneration(operation) as IHttpOperation & { __bundled__?: unknown };
    const text = JSON.stringify(bounded.responses);
    expect(text).not.toContain('#/__bundled__/');
    expect(bounded.__bundled__).toBeUndefined();
    expect(text).toContain('"maxItems":0');
  });
});

describe('response examples of schemas that reach shared ones (finding 66, GitHub’s 645 examples)', () => {
  it('are checked against the document’s one bundle of shared schemas, each shared schema compiled once, not once per example', async () => {
    const { engine, warnings } = await checkedEngine(findingAt('real-big-shared-examples.yaml'));
    const examples = examplesOf(engine.document);
    expect(examples).toHaveLength(2);
    const [root, leaves] = examples.map(example => byReference(example.schema as object));
    expect(root?.bundle).toBeDefined();
    expect(root?.bundle).toBe(leaves?.bundle);
    await engine.checked;
    expect(warnings.filter(warning => warning.includes('breaks its schema'))).toEqual([]);
  });
});

describe('a parent named by an integer path parameter that is not its key (finding 86, GitHub’s /teams/{team_id}/discussions)', () => {
  it('is found by that property, as its own item path finds it, where every child path answered 404 “No team has id 4”', async () => {
    const base = await mockOf('real-big-other-key-parent.yaml');
    const [team] = (await (await fetch(`${base}/orgs/acme/teams`)).json()) as { id: number; slug: string }[];
    expect((await fetch(`${base}/teams/${team?.id}`)).status).toBe(200);
    expect((await fetch(`${base}/teams/${team?.id}/discussions`)).status).toBe(200);
    const created = await fetch(`${base}/teams/${team?.id}/discussions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Roadmap' }) });
    expect(created.status).toBe(201);
    const listed = (await (await fetch(`${base}/teams/${team?.id}/discussions`)).json()) as { title: string }[];
    expect(listed.map(discussion => discussion.title)).toContain('Roadmap');
    const missing = await fetch(`${base}/teams/999999/discussions`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('No team has id 999999.');
  });
});

describe('a parameter whose schema is a oneOf of different scalar types (finding 87, GitHub’s workflow_id)', () => {
  it('takes text that reads as either type, where every id was refused 400 “must match exactly one schema in oneOf”', async () => {
    const base = await mockOf('real-big-text-parameter-alternatives.yaml');
    const [workflow] = (await (await fetch(`${base}/workflows`)).json()) as { id: number }[];
    expect((await fetch(`${base}/workflows/${workflow?.id}`)).status).toBe(200);
    expect((await fetch(`${base}/workflows/ci.yml`)).status).toBe(404);
    expect((await fetch(`${base}/workflows/${workflow?.id}/enable?ref=true`, { method: 'PUT' })).status).toBe(204);
    const refused = await fetch(`${base}/workflows/${workflow?.id}/enable?ref=main`, { method: 'PUT' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain('ref');
  });
});

describe('a required reference past the bound of a generated body (finding 88, Stripe’s dispute evidence and quote totals)', () => {
  // Many optional leaves spend the bound before the required `evidence` is reached, as Stripe's dispute's 14 required properties did.
  const leaves = Object.fromEntries(Array.from({ length: 130 }, (_, index) => [`Leaf${index}`, { type: 'object', properties: { note: { type: 'string' } } }]));
  const evidence = {
    type: 'object',
    required: ['reason', 'totals', 'files'],
    properties: {
      reason: { type: 'string' },
      totals: { $ref: '#/__bundled__/Totals' },
      files: { type: 'array', items: { $ref: '#/__bundled__/File' } },
      cancellation_policy: { nullable: true, anyOf: [{ type: 'string' }, { $ref: '#/__bundled__/File' }] },
    },
  };
  const totals = { type: 'object', required: ['amount_tax'], properties: { amount_tax: { type: 'integer' }, breakdown: { $ref: '#/__bundled__/File' } } };
  const file = { type: 'object', required: ['id', 'created'], properties: { id: { type: 'string' }, created: { type: 'integer' }, links: { $ref: '#/__bundled__/File' } } };
  const dispute = {
    type: 'object',
    required: ['id', 'evidence'],
    properties: { ...Object.fromEntries(Object.keys(leaves).map(name => [name.toLowerCase(), { $ref: `#/__bundled__/${name}` }])), id: { type: 'string' }, evidence: { $ref: '#/__bundled__/Evidence' } },
  };
  const operation = {
    id: 'PostChargesChargeDispute',
    method: 'post',
    path: '/v1/charges/{charge}/dispute',
    request: {},
    responses: [{ id: 'r', code: '200', headers: [], contents: [{ id: 'c', mediaType: 'application/json', examples: [], encodings: [], schema: { $ref: '#/__bundled__/Dispute' } }] }],
    __bundled__: { ...leaves, Dispute: dispute, Evidence: evidence, Totals: totals, File: file },
  } as unknown as IHttpOperation;

  it('is expanded in place to its required properties only, where its $ref was left to the mocker, which followed it three levels and filled the rest with the schema’s own words', () => {
    const bounded = boundedForGeneration(operation) as IHttpOperation & { __bundled__?: unknown };
    const schema = bounded.responses[0]?.contents?.[0]?.schema as { properties: Record<string, unknown> };
    expect(JSON.stringify(bounded.responses)).not.toContain('#/__bundled__/');
    expect(bounded.__bundled__).toBeUndefined();
    expect(schema.properties['evidence']).toEqual({
      type: 'object',
      required: ['reason', 'totals', 'files'],
      properties: {
        reason: { type: 'string' },
        totals: { type: 'object', required: ['amount_tax'], properties: { amount_tax: { type: 'integer' } } },
        files: { type: 'array', items: {}, maxItems: 0 },
      },
    });
  });

  // Review of finding 88: a property one allOf part requires and another declares (a referred-to base, a nested part) was dropped.
  it.each([
    ['a base referred to declares it', { allOf: [{ $ref: '#/__bundled__/Base' }, { type: 'object', required: ['kept'] }] }, '"kept":{"type":"string"}'],
    ['a base referred to requires it, another part narrows it', { allOf: [{ $ref: '#/__bundled__/Named' }, { type: 'object', properties: { kept: { type: 'string', enum: ['n'] } } }] }, '"kept":{"type":"string","enum":["n"]}'],
    ['a nested part requires and declares it', { allOf: [{ allOf: [{ type: 'object', required: ['kept'], properties: { kept: { type: 'string' }, dropped: { type: 'string' } } }] }] }, '"kept":{"type":"string"}'],
  ])('keeps a property an allOf part requires where %s', (_, evidenceAsParts, kept) => {
    const base = { type: 'object', properties: { kept: { type: 'string' }, dropped: { type: 'string' } } };
    const named = { type: 'object', required: ['kept'], properties: { kept: { type: 'string' }, dropped: { type: 'string' } } };
    const withParts = { ...operation, __bundled__: { ...leaves, Dispute: dispute, Evidence: evidenceAsParts, Base: base, Named: named } } as unknown as IHttpOperation;
    const bounded = boundedForGeneration(withParts);
    const evidenceText = JSON.stringify((bounded.responses[0]?.contents?.[0]?.schema as { properties: Record<string, unknown> }).properties['evidence']);
    expect(evidenceText).toContain(kept);
    expect(evidenceText).not.toContain('dropped');
    expect(evidenceText).not.toContain('#/__bundled__/');
  });

  it('is left to the mocker where its required references lead back to itself (a value would have no end)', () => {
    const looping = { ...operation, __bundled__: { ...leaves, Dispute: dispute, Evidence: { ...evidence, properties: { ...evidence.properties, totals: { $ref: '#/__bundled__/Evidence' } } }, File: file } } as unknown as IHttpOperation;
    const bounded = boundedForGeneration(looping) as IHttpOperation & { __bundled__?: Record<string, unknown> };
    expect(Object.keys(bounded.__bundled__ ?? {})).toContain('Evidence');
  });
});

describe('a POST on a collection path that answers an array (finding 92, GitHub’s POST …/restrictions/users)', () => {
  it('is answered from the document, a list, where it was read as a create and answered one record (500 under --validate-responses)', async () => {
    const base = await mockOf('real-big-create-answering-list.yaml');
    const response = await fetch(`${base}/branches/main/restrictions/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ users: ['octocat'] }) });
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
    expect(cli?.output()).toContain('not inferred: repos/add-user-access-restrictions: it answers an array, not the one user a create makes');
  });
  // Review of finding 92: a create whose lowest success (200) answers the list and whose 201 answers the record made was no longer kept.
  it('is a create still where another of its successes answers the one record it makes, and answers that one', async () => {
    const item = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } };
    const json = (schema: object): object => ({ 'application/json': { schema } });
    const document = {
      openapi: '3.0.3',
      info: { title: 'Items', version: '1' },
      paths: {
        '/items': {
          get: { operationId: 'listItems', responses: { 200: { description: 'the items', content: json({ type: 'array', items: item }) } } },
          post: {
            operationId: 'createItem',
            requestBody: { required: true, content: json({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }) },
            responses: { 200: { description: 'already there: the list', content: json({ type: 'array', items: item }) }, 201: { description: 'made', content: json(item) } },
          },
        },
        '/items/{id}': { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], get: { operationId: 'getItem', responses: { 200: { description: 'the item', content: json(item) }, 404: { description: 'none' } } } },
      },
    };
    const errors: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, initialPets: [], onError: message => errors.push(message), onWarning: () => undefined });
    const created = await engine.handle({ method: 'POST', url: '/items', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'new one' }) });
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body ?? '')).toEqual({ id: 1, name: 'new one' });
    const read = await engine.handle({ method: 'GET', url: '/items/1', headers: {} });
    expect(JSON.parse(read.body ?? '')).toEqual({ id: 1, name: 'new one' });
    expect(errors).toEqual([]);
  });
});

// Review of finding 86: a child holds its parent's other property (an issue comment's `issue_number`), as the path names the parent.
describe('a parent removed, whose children hold its other property as the path names it', () => {
  it('lets go of its own children only, not those of the parent whose key equals that value', async () => {
    const integer = { type: 'integer' };
    const issue = { type: 'object', required: ['id', 'number', 'title'], properties: { id: { ...integer, readOnly: true }, number: integer, title: { type: 'string' } } };
    const comment = { type: 'object', required: ['id', 'body'], properties: { id: { ...integer, readOnly: true }, body: { type: 'string' }, issue_number: integer } };
    const json = (schema: object): object => ({ description: 'ok', content: { 'application/json': { schema } } });
    const notFound = { description: 'none', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } } };
    const inPath = (name: string): object => ({ name, in: 'path', required: true, schema: integer });
    const body = (schema: object): object => ({ required: true, content: { 'application/json': { schema } } });
    const document = {
      openapi: '3.0.3',
      info: { title: 'Issues', version: '1' },
      paths: {
        '/issues': {
          get: { operationId: 'listIssues', responses: { 200: json({ type: 'array', items: issue }) } },
          post: { operationId: 'createIssue', requestBody: body({ type: 'object', required: ['title', 'number'], properties: { title: { type: 'string' }, number: integer } }), responses: { 201: json(issue) } },
        },
        '/issues/{id}': { parameters: [inPath('id')], get: { operationId: 'getIssue', responses: { 200: json(issue), 404: notFound } }, delete: { operationId: 'deleteIssue', responses: { 204: { description: 'gone' }, 404: notFound } } },
        '/issues/{issue_number}/comments': {
          parameters: [inPath('issue_number')],
          get: { operationId: 'listComments', responses: { 200: json({ type: 'array', items: comment }), 404: notFound } },
          post: { operationId: 'createComment', requestBody: body({ type: 'object', required: ['body'], properties: { body: { type: 'string' } } }), responses: { 201: json(comment), 404: notFound } },
        },
        '/issues/{issue_number}/comments/{comment_id}': { parameters: [inPath('issue_number'), inPath('comment_id')], get: { operationId: 'getComment', responses: { 200: json(comment), 404: notFound } } },
      },
    };
    const errors: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, initialPets: [], onError: message => errors.push(message), onWarning: () => undefined });
    const send = async (method: string, url: string, sent?: object): Promise<{ status: number; body: unknown }> => {
      const response = await engine.handle({ method, url, headers: { 'content-type': 'application/json' }, ...(sent && { body: JSON.stringify(sent) }) });
      return { status: response.status, body: response.body ? (JSON.parse(response.body) as unknown) : undefined };
    };
    // Issue 1 is number 100; issue 2 is number 1. A comment on each, by number.
    expect((await send('POST', '/issues', { title: 'first', number: 100 })).body).toMatchObject({ id: 1, number: 100 });
    expect((await send('POST', '/issues', { title: 'second', number: 1 })).body).toMatchObject({ id: 2, number: 1 });
    expect((await send('POST', '/issues/100/comments', { body: 'on the first' })).status).toBe(201);
    const onSecond = await send('POST', '/issues/1/comments', { body: 'on the second' });
    expect(onSecond.body).toMatchObject({ body: 'on the second', issue_number: 1 });
    // The first issue (key 1, number 100) removed: the second's comments (issue_number 1) stay.
    expect((await send('DELETE', '/issues/1')).status).toBe(204);
    expect((await send('GET', '/issues/1/comments')).body).toEqual([onSecond.body]);
    expect((await send('GET', `/issues/1/comments/${(onSecond.body as { id: number }).id}`)).status).toBe(200);
    expect((await send('GET', '/issues/100/comments')).status).toBe(404);
    expect(errors).toEqual([]);
  });
});

describe('a record answered by another schema than the one it is stored by (finding 94, GitHub’s pulls, users, gists and installations)', () => {
  /** An engine of the finding's document that checks its answers, and a JSON request to it. */
  async function shownSchemas(): Promise<{ send: (method: string, url: string, sent?: object) => Promise<{ status: number; body: unknown }>; errors: string[] }> {
    const { engine, errors } = await checkedEngine(findingAt('real-big-shown-schemas.yaml'));
    const send = async (method: string, url: string, sent?: object): Promise<{ status: number; body: unknown }> => {
      const response = await engine.handle({ method, url, headers: { 'content-type': 'application/json' }, ...(sent && { body: JSON.stringify(sent) }) });
      return { status: response.status, body: response.body ? (JSON.parse(response.body) as unknown) : undefined };
    };
    return { send, errors };
  }

  it('is listed with what the list’s schema requires of its nested records, what an open schema does not declare kept, where its requested teams lacked the parent every listed team requires (500)', async () => {
    const { send, errors } = await shownSchemas();
    const created = await send('POST', '/pulls', { title: 'Fix', requested_teams: [{ id: 3, name: 'Justice League', slug: 'justice-league', ldap_dn: 'cn=justice' }] });
    expect(created.status).toBe(201);
    const { number } = created.body as { number: number };
    const listed = await send('GET', '/pulls');
    expect(listed.status).toBe(200);
    const pull = (listed.body as { number: number; requested_teams?: object[] }[]).find(each => each.number === number);
    // `team` is open: the `ldap_dn` it does not declare is kept (only a closed schema's undeclared properties are left out).
    expect(pull?.requested_teams).toEqual([{ id: 3, name: 'Justice League', slug: 'justice-league', ldap_dn: 'cn=justice', parent: null }]);
    // Shown so, not stored so: the record read by its own schema is as it was made.
    const read = await send('GET', `/pulls/${String(number)}`);
    expect((read.body as { requested_teams: object[] }).requested_teams).toEqual([{ id: 3, name: 'Justice League', slug: 'justice-league', ldap_dn: 'cn=justice' }]);
    expect((await send('GET', '/pulls')).body).toEqual(listed.body);
    expect(errors).toEqual([]);
  });

  it('is shown anew once it changes, what it lacked generated the same as before', async () => {
    const note = { type: 'object', required: ['id', 'title'], properties: { id: { type: 'integer', readOnly: true }, title: { type: 'string' }, summary: { type: 'string' }, body: { type: 'string' } } };
    const listedNote = { type: 'object', required: ['id', 'title', 'summary'], properties: { id: { type: 'integer' }, title: { type: 'string' }, summary: { type: 'string' } } };
    const json = (schema: object): object => ({ description: 'ok', content: { 'application/json': { schema } } });
    const sent = { required: true, content: { 'application/json': { schema: { type: 'object', properties: { title: { type: 'string' } } } } } };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Notes', version: '1' },
      paths: {
        '/notes': {
          get: { operationId: 'listNotes', responses: { 200: json({ type: 'array', items: listedNote }) } },
          post: { operationId: 'createNote', requestBody: sent, responses: { 201: json(note) } },
        },
        '/notes/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          get: { operationId: 'getNote', responses: { 200: json(note), 404: { description: 'none' } } },
          patch: { operationId: 'updateNote', requestBody: sent, responses: { 200: json(note), 404: { description: 'none' } } },
        },
      },
    };
    const errors: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, initialPets: [], onError: message => errors.push(message), onWarning: () => undefined });
    const send = async (method: string, url: string, body?: object): Promise<unknown> => {
      const response = await engine.handle({ method, url, headers: { 'content-type': 'application/json' }, ...(body && { body: JSON.stringify(body) }) });
      return response.body ? (JSON.parse(response.body) as unknown) : undefined;
    };
    await send('POST', '/notes', { title: 'first' });
    const [before] = (await send('GET', '/notes')) as { title: string; summary: string }[];
    expect(before).toMatchObject({ id: 1, title: 'first' });
    expect(before?.summary).toBeTypeOf('string');
    await send('PATCH', '/notes/1', { title: 'second' });
    const [after] = (await send('GET', '/notes')) as { title: string; summary: string }[];
    expect(after).toEqual({ ...before, title: 'second' });
    expect(await send('GET', '/notes/1')).toEqual({ id: 1, title: 'second' });
    expect(errors).toEqual([]);
  });

  it('is read as the alternative of a oneOf it is closest to, what that one requires filled in and what it does not declare left out', async () => {
    const { send, errors } = await shownSchemas();
    const [user] = (await send('GET', '/users')).body as { login: string; starred_at?: string }[];
    expect(user?.starred_at).toBeTypeOf('string');
    const read = await send('GET', `/users/${user?.login ?? ''}`);
    expect(read.status).toBe(200);
    const shown = read.body as Record<string, unknown>;
    // public-user, closed: no `starred_at`; not private-user: no `two_factor_authentication`.
    expect(Object.keys(shown).sort()).toEqual(['bio', 'created_at', 'id', 'login', 'name', 'public_repos', 'type']);
    expect(shown).toMatchObject({ login: user?.login, bio: null });
    expect((await send('GET', `/users/${user?.login ?? ''}`)).body).toEqual(shown);
    expect(errors).toEqual([]);
  });

  it('is listed with the properties the list requires and its create left out, and the allOf a list’s item demands of an anyOf stored', async () => {
    const { send, errors } = await shownSchemas();
    const created = await send('POST', '/gists', { files: { 'a.txt': { content: 'x' } }, public: true });
    expect(created.status).toBe(201);
    const gists = await send('GET', '/gists');
    expect(gists.status).toBe(200);
    const gist = (gists.body as { id: string }[]).find(each => each.id === (created.body as { id: string }).id);
    expect(gist).toMatchObject({ files: { 'a.txt': { content: 'x' } }, public: true, description: null });
    expect(gist).toHaveProperty('url');
    const installations = await send('GET', '/app/installations');
    expect(installations.status).toBe(200);
    expect((installations.body as { account: { slug?: string } | null }[]).filter(each => each.account !== null).every(each => typeof each.account?.slug === 'string')).toBe(true);
    expect(errors).toEqual([]);
  });
});
