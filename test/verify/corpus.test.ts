import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDeployment, type VerifyResult } from '../../src/verify/index.js';
import { startDeployment, type Deployment } from './drifted-mock.js';

const corpus = (name: string): string => fileURLToPath(new URL(name.startsWith('.') ? name : `../documents/corpus/${name}`, import.meta.url));
const ALL_STEPS = ['create', 'read the created one back', 'list after create', 'update (PUT)', 'read the update back', 'delete the created one', 'read the deleted one', 'an unknown key'];
const TOKEN = 'corpus-verify-token';

/** Each public document, its collections (as the mock finds them) and the scenario steps each one's document declares. */
const DOCUMENTS = [
  { file: 'petstore-expanded.yaml', collections: { pets: ['create', 'read the created one back', 'list after create', 'delete the created one', 'read the deleted one', 'an unknown key'] } },
  { file: 'petstore-expanded-v2.yaml', collections: { pets: ['create', 'read the created one back', 'list after create', 'delete the created one', 'read the deleted one', 'an unknown key'] } },
  { file: 'swagger-petstore-v3.yaml', collections: { pet: ['create', 'read the created one back', 'list after create', 'update (PUT)', 'read the update back', 'delete the created one', 'read the deleted one', 'an unknown key'], order: ['create', 'read the created one back', 'delete the created one', 'read the deleted one', 'an unknown key'], user: ['create', 'read the created one back', 'update (PUT)', 'read the update back', 'delete the created one', 'read the deleted one', 'an unknown key'] } },
  // The 2.0 document types deleteOrder's orderId as a string where Order.id is an integer: the mock answers 404 to that DELETE, so the orders stay.
  { file: 'swagger-petstore-v2.yaml', staysBehind: '/store/order/', collections: { pet: ['create', 'read the created one back', 'list after create', 'update (PUT)', 'read the update back', 'delete the created one', 'read the deleted one', 'an unknown key'], user: ['create', 'read the created one back', 'update (PUT)', 'read the update back', 'delete the created one', 'read the deleted one', 'an unknown key'] } },
  {
    file: 'spring-petclinic-rest.yaml',
    collections: Object.fromEntries(['owners', 'pettypes', 'pets', 'visits', 'specialties', 'vets'].map(name => [name, ALL_STEPS])),
  },
  // uuid keys the service assigns, a list wrapped as {data, meta} and paged by page/limit, an update by PATCH, RFC 7807 problems.
  { file: './documents/events-open.yaml', collections: { events: [...ALL_STEPS.filter(step => step !== 'update (PUT)'), 'update (PATCH)', "filter by the created one's city"] } },
  // Swagger 2.0 with an API key in a header (the token), multipart and form bodies verify does not send, and a nested create-only path.
  { file: '../documents/kennel-swagger2.yaml', collections: { dogs: ['create', 'read the created one back', 'list after create', "filter by the created one's status", "filter by the created one's breed", 'delete the created one', 'read the deleted one', 'an unknown key'] } },
  // Envelopes both ways ({"article": {...}}, {"articles": [...], "articlesCount": n}), slug keys, an API key in Authorization (`Token …`), query parameters named like properties they do not filter by (favorited=<a username>).
  {
    file: '../documents/real-world/conduit.yaml',
    credentials: { Token: 'Token corpus-verify' },
    collections: {
      articles: ALL_STEPS,
      comments: ['create', 'list after create', 'delete the created one'],
    },
  },
  // ASP.NET Core's generator: every operation requires the query parameter api-version (its example 1.0), the clean-up's DELETE too.
  { file: '../documents/real-world/eshop-catalog.json', collections: { items: ALL_STEPS } },
  // JSON:API (JsonApiDotNetCore): records in {data, links}, a vendor media type, discriminators, relationship endpoints, an absolute Location.
  {
    file: '../documents/real-world/jsonapidotnetcore-example.json',
    collections: Object.fromEntries(['people', 'tags', 'todoItems'].map(name => [name, [...ALL_STEPS.filter(step => step !== 'update (PUT)'), 'update (PATCH)']])),
  },
  // Immich's shapes: uuid parameters where records' ids are plain strings, a DELETE with a required body, a list
  // that requires a value no created record gives, free-form objects, a create whose body is answered in
  // another shape, a multipart create (test/documents/findings/immich-shapes.yaml says which broke what).
  {
    file: '../documents/findings/immich-shapes.yaml',
    collections: { albums: ['create', 'read the created one back', 'list after create', 'delete the created one', 'read the deleted one', 'an unknown key'], faces: ['create', 'read the created one back', 'delete the created one', 'read the deleted one', 'an unknown key'] },
  },
  // OpenAPI 3.1 (Scalar's Galaxy): planets paged by limit/offset in {data, meta} whose meta.next is a URL or null, basic, bearer and API key schemes.
  { file: '../documents/real-world/scalar-galaxy-3.1.json', collections: { planets: ALL_STEPS } },
  // An action on a record verify cannot list (Keycloak's POST /users/{id}/logout): named by a key verify makes up, a 404 is right.
  { file: '../documents/findings/action-on-unlisted-record.yaml', collections: { users: ['create', 'read the created one back', 'delete the created one', 'read the deleted one', 'an unknown key'] } },
  // Django REST framework (Baby Buddy): paths ending in /, filters as query parameters on every operation (a PUT's enum
  // filters are sent on a made-up key: 404), slug patterns in Python's dialect (^[-\w]+\z).
  { file: '../documents/real-world/babybuddy-drf.yml', collections: { notes: ALL_STEPS, tags: ALL_STEPS } },
  // Lago's envelopes ({tax: {...}}, {taxes: [...]}), an update body that does not declare the service's lago_id, logs only listed and read.
  // The tax's code is the client's: verify sends a fresh one inside the envelope, so the plain create's record is its own, removed at the end.
  { file: '../documents/findings/lago-envelopes.yaml', collections: { taxes: ALL_STEPS, api_logs: ['list', 'read a listed one back', 'an unknown key'] } },
  // Lago's alternatives: a create of one alert or many (oneOf of {alert} and {alerts: [...]}, both ways), a key the item
  // path asks to be a uuid where the record's is a plain string, event properties of oneOf [string, integer, number];
  // customers keyed by external_id (the create's example that of the seeded customer: verify sends a key of its own, in
  // the envelope), payment requests naming their customer in customer.external_id, charges a plan holds.
  {
    file: '../documents/findings/lago-alternatives.yaml',
    collections: {
      alerts: ALL_STEPS.filter(step => !/update/.test(step)),
      billing_entities: ['create', 'list after create', 'an unknown key'],
      events: ['create', 'read the created one back', 'an unknown key'],
      customers: ALL_STEPS.filter(step => !/update/.test(step)),
      payment_requests: ['create', 'read the created one back', 'list after create', 'an unknown key'],
      charges: ['create', 'list after create'],
    },
  },
  // Keycloak's lookups: a {realm} segment naming no record, roles keyed by a name the client gives and found by id
  // elsewhere, groups found by path, roles listed only in a client scope's mappings (no list shows a created role).
  {
    file: '../documents/findings/keycloak-lookups.yaml',
    collections: {
      roles: ALL_STEPS.filter(step => step !== 'list after create'),
      groups: ALL_STEPS,
      'client-scopes': ALL_STEPS.filter(step => !/update/.test(step)),
    },
  },
  // Keys held by the path alone (AWS GuardDuty's threat intel sets, Bitbucket's branch restrictions): no record shows its
  // key; verify reads it from the create's answer where that names it (`ThreatIntelSetId`), else from Location.
  {
    file: '../documents/held-keys.yaml',
    collections: {
      threatintelsets: ['create', 'read the created one back', 'list after create', 'update (POST)', 'read the update back', 'delete the created one', 'read the deleted one', 'an unknown key'],
      restrictions: ALL_STEPS,
    },
  },
  // Records a PUT of their own path creates (Azure's resources, Bitbucket's reports, GitHub's secrets): verify creates one by
  // that PUT at a key of the run's own, reads it back, finds it in the list, updates it by the same PUT (or a PATCH) and
  // deletes it. A secret's read answers no value of it, so its create is read back as held, not equal.
  {
    file: '../documents/put-creates.yaml',
    deletedByScenario: true,
    collections: {
      caches: ['create (PUT of its path)', 'read the created one back', 'list after create', 'update (PUT)', 'read the update back', 'delete the created one', 'read the deleted one', 'an unknown key'],
      reports: ['create (PUT of its path)', 'read the created one back', 'list after create', 'update (PUT)', 'read the update back', 'delete the created one', 'read the deleted one', 'an unknown key'],
      secrets: ['create (PUT of its path)', 'read the created one back', 'list after create', 'update (PUT)', 'read the update back', 'delete the created one', 'read the deleted one', 'an unknown key'],
    },
  },
  // Operations told apart by a fragment of their path (AWS's, as APIs.guru writes them): verify sends no fragment, and
  // the mock routes each request by the header or query parameter the fragment names.
  {
    file: '../documents/findings/fragment-paths.yaml',
    credentials: { hmac: 'AWS4-HMAC-SHA256 Credential=corpus-verify' },
    collections: { 'permission-group': ['create', 'read the created one back', 'list after create', 'delete the created one', 'read the deleted one', 'an unknown key'] },
  },
  // Twilio Studio: HTTP basic, creates and updates by form (verify sends JSON only: not checked), CORS headers declared on every answer without examples.
  { file: '../documents/real-world/twilio-studio-v2.yaml', credentials: { accountSid_authToken: 'AC1:corpus-verify' }, collections: {}, notCreated: { Flows: 'its body is application/x-www-form-urlencoded; verify sends JSON bodies only' } },
] as const;

describe.each(DOCUMENTS)('verify against the mock started with the document $file', document => {
  const { file, collections } = document;
  const staysBehind = 'staysBehind' in document ? document.staysBehind : undefined;
  let deployment: Deployment;
  let result: VerifyResult;
  beforeAll(async () => {
    deployment = await startDeployment(corpus(file));
    result = await verifyDeployment(deployment.url, { token: TOKEN, ...('credentials' in document && { credentials: document.credentials }), documentPath: corpus(file), timeoutMs: 30_000 });
  });
  afterAll(() => deployment.close());

  it('finds nothing wrong: no error, no warning, exit code 0', () => {
    expect(result.findings).toEqual([]);
    expect(result).toMatchObject({ ok: true, inconclusive: false, exitCode: 0 });
  });

  it('runs each collection’s scenario, every step its document declares passing', () => {
    // A create verify cannot send is said to be not checked, with why, rather than sent as JSON and refused.
    for (const [name, why] of Object.entries('notCreated' in document ? document.notCreated : {})) {
      const creates = result.results.filter(each => each.probe === `${name}: create`);
      expect(creates.map(each => each.outcome), `${name}: create`).toEqual(['skipped']);
      expect(creates[0]?.message, `${name}: create`).toContain(why);
    }
    for (const [name, steps] of Object.entries(collections)) {
      for (const step of steps) {
        const results = result.results.filter(each => each.probe === `${name}: ${step}`);
        expect(results.length, `${name}: ${step}`).toBeGreaterThan(0);
        expect(results.map(each => each.outcome), `${name}: ${step}`).not.toContain('skipped');
        expect(results.some(each => each.outcome === 'passed'), `${name}: ${step}`).toBe(true);
      }
    }
  });

  it('removes every record it created where the document declares a DELETE', () => {
    expect(result.cleanup.leftBehind.filter(left => !/no DELETE/.test(left.reason) && (staysBehind === undefined || !left.location.startsWith(staysBehind)))).toEqual([]);
    if ('deletedByScenario' in document) expect(result.cleanup.removed).toEqual([]);
    else expect(result.cleanup.removed.length).toBeGreaterThan(0);
  });

  it('names each record it leaves or removes by its filled path, never a template', () => {
    const named = [...result.cleanup.removed, ...result.cleanup.leftBehind.map(left => left.location)];
    expect(named.filter(location => /\{[^}]*\}/.test(location))).toEqual([]);
  });
});
