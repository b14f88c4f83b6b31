import { fileURLToPath } from 'node:url';
import type { CorpusDocument } from './resource-crud.contract.js';

const corpusPath = (name: string): string => fileURLToPath(new URL(`../documents/corpus/${name}`, import.meta.url));
const JSON_API = 'application/vnd.api+json; ext="https://www.jsonapi.net/ext/openapi"';
const realWorldPath = (name: string): string => fileURLToPath(new URL(`../documents/real-world/${name}`, import.meta.url));

/** Public documents of other styles (test/documents/corpus/README.md), each collection's round trip written from the document. */
export const CORPUS: readonly CorpusDocument[] = [
  {
    name: 'the OAI petstore-expanded example (no security, an integer-coded Error, allOf, 204 delete)',
    documentPath: corpusPath('petstore-expanded.yaml'),
    origin: 'https://petstore.swagger.io',
    basePath: '/v2',
    headers: {},
    cases: [
      {
        collection: 'pets',
        create: { path: '/pets', body: { name: 'Rex', tag: 'calm' } },
        key: 'id',
        item: key => `/pets/${key}`,
        list: { path: '/pets', keeps: 'tags=calm', drops: 'tags=grumpy' },
        remove: true,
      },
    ],
  },
  {
    name: 'the Swagger Petstore v3 (singular collections, lists as action paths, PUT on the collection, a string key, an API key or OAuth2)',
    documentPath: corpusPath('swagger-petstore-v3.yaml'),
    origin: 'https://petstore3.swagger.io',
    basePath: '/api/v3',
    headers: { authorization: 'Bearer test-key', api_key: 'test-key' },
    cases: [
      {
        collection: 'pet',
        create: { path: '/pet', body: { name: 'Rex', photoUrls: ['https://photos.example/rex'], status: 'pending' } },
        key: 'id',
        item: key => `/pet/${key}`,
        list: { path: '/pet/findByStatus?status=pending' },
        update: {
          method: 'PUT',
          path: () => '/pet',
          body: key => ({ id: Number(key), name: 'Rexy', photoUrls: ['https://photos.example/rex'], status: 'sold' }),
          changed: { name: 'Rexy', status: 'sold' },
        },
        remove: true,
      },
      { collection: 'order', create: { path: '/store/order', body: { petId: 1, quantity: 2, status: 'placed' } }, key: 'id', item: key => `/store/order/${key}`, remove: true },
      {
        collection: 'user',
        create: { path: '/user', body: { username: 'ana-lopez', firstName: 'Ana', email: 'ana@example.com' } },
        key: 'username',
        item: key => `/user/${key}`,
        update: { method: 'PUT', body: key => ({ username: key, firstName: 'Anna', email: 'ana@example.com' }), changed: { firstName: 'Anna' } },
        remove: true,
      },
    ],
  },
  {
    name: 'Spring PetClinic REST (nested collections, embedded children, paged lists, 204 PUT, RFC 7807 problems)',
    documentPath: corpusPath('spring-petclinic-rest.yaml'),
    origin: 'http://localhost:9966',
    basePath: '/petclinic/api',
    headers: {},
    cases: [
      {
        collection: 'owners',
        create: { path: '/owners', body: { firstName: 'George', lastName: 'Franklin', address: '110 W. Liberty St.', city: 'Madison', telephone: '6085551023' } },
        key: 'id',
        item: key => `/owners/${key}`,
        list: { path: '/owners', keeps: 'lastName=Franklin', drops: 'lastName=Nobody' },
        update: {
          method: 'PUT',
          body: () => ({ firstName: 'George', lastName: 'Frank', address: '110 W. Liberty St.', city: 'Madison', telephone: '6085551023' }),
          changed: { lastName: 'Frank' },
        },
        remove: true,
      },
      {
        collection: 'owners, paged',
        create: { path: '/owners', body: { firstName: 'Jean', lastName: 'Coleman', address: '105 N. Lake St.', city: 'Monona', telephone: '6085552654' } },
        key: 'id',
        item: key => `/owners/${key}`,
        list: { path: '/v2/owners?page=0&size=100', items: ['content'], keeps: 'lastName=Coleman', drops: 'lastName=Nobody' },
      },
      {
        collection: 'pets under an owner',
        create: { path: '/owners/1/pets', body: { name: 'Leo', birthDate: '2010-09-07', type: { id: 1, name: 'cat' } } },
        key: 'id',
        item: key => `/pets/${key}`,
        list: { path: '/pets' },
        elsewhere: key => `/owners/2/pets/${key}`,
        update: { method: 'PUT', path: key => `/owners/1/pets/${key}`, body: () => ({ name: 'Leonard', birthDate: '2010-09-07', type: { id: 1, name: 'cat' } }), changed: { name: 'Leonard', ownerId: 1 } },
        remove: true,
      },
      { collection: 'visits', create: { path: '/visits', body: { date: '2024-01-01', description: 'checkup', petId: 1 } }, key: 'id', item: key => `/visits/${key}`, list: { path: '/visits' }, remove: true },
      {
        collection: 'pet types',
        create: { path: '/pettypes', body: { name: 'hamster' } },
        key: 'id',
        item: key => `/pettypes/${key}`,
        update: { method: 'PUT', body: key => ({ id: Number(key), name: 'gerbil' }), changed: { name: 'gerbil' } },
        remove: true,
      },
    ],
  },
  {
    name: 'the Redocly museum (OpenAPI 3.1, uuid keys made by the service, PATCH, RFC 7807 problems, HTTP basic)',
    documentPath: realWorldPath('museum.yaml'),
    origin: 'https://redocly.com',
    basePath: '/_mock/docs/openapi/museum-api',
    headers: { authorization: `Basic ${Buffer.from('curator:secret').toString('base64')}` },
    cases: [
      {
        collection: 'special events',
        create: {
          path: '/special-events',
          body: { name: 'Mermaid Treasure Identification and Analysis', location: 'Under the seaweed', eventDescription: 'Join us as we review and classify a rare collection of 20 thingamabobs.', dates: ['2030-03-15', '2030-03-16'], price: 30 },
        },
        key: 'eventId',
        item: key => `/special-events/${key}`,
        neverCreated: '00000000-0000-4000-8000-000000000000',
        list: { path: '/special-events?limit=30' },
        update: { method: 'PATCH', body: () => ({ location: 'On the beach', price: 15 }), changed: { location: 'On the beach', price: 15 } },
        remove: true,
      },
    ],
  },
  {
    name: 'Scalar Galaxy (OpenAPI 3.1, six schemes as alternatives, a public list by security [{}], {data, meta} pages by limit and offset)',
    documentPath: realWorldPath('scalar-galaxy-3.1.json'),
    origin: 'https://galaxy.scalar.com',
    basePath: '',
    headers: { 'x-api-key': 'galaxy-key' },
    cases: [
      {
        collection: 'planets',
        create: { path: '/planets', body: { id: 1, name: 'Vulcan', description: 'A hot planet' } },
        key: 'id',
        keySentIsReplaced: true,
        item: key => `/planets/${key}`,
        list: { path: '/planets?limit=100&offset=0', items: ['data'] },
        update: { method: 'PUT', body: key => ({ id: Number(key), name: 'Vulcan II', description: 'A hotter planet' }), changed: { name: 'Vulcan II', description: 'A hotter planet' } },
        remove: true,
      },
    ],
  },
  {
    name: 'JsonApiDotNetCore (JSON:API: records in {data: {type, id, attributes, relationships}}, a vendor media type, allOf inheritance under additionalProperties: false, relationship endpoints)',
    documentPath: realWorldPath('jsonapidotnetcore-example.json'),
    origin: 'https://localhost:44340',
    basePath: '',
    headers: {},
    mediaType: JSON_API,
    cases: [
      {
        collection: 'tags',
        envelope: 'data',
        create: { path: '/api/tags', body: { type: 'tags', attributes: { 'openapi:discriminator': 'tags', name: 'urgent' } } },
        key: 'id',
        item: key => `/api/tags/${key}`,
        list: { path: '/api/tags', items: ['data'] },
        update: { method: 'PATCH', body: key => ({ type: 'tags', id: key, attributes: { 'openapi:discriminator': 'tags', name: 'later' } }), changed: { attributes: { name: 'later' } } },
        remove: true,
        neverCreated: '987654321',
      },
      {
        collection: 'people',
        envelope: 'data',
        create: { path: '/api/people', body: { type: 'people', attributes: { 'openapi:discriminator': 'people', firstName: 'Ada', lastName: 'Byron' } } },
        key: 'id',
        item: key => `/api/people/${key}`,
        list: { path: '/api/people', items: ['data'] },
        // A merge patch of one attribute keeps the others (RFC 7396 merges objects member by member).
        update: { method: 'PATCH', body: key => ({ type: 'people', id: key, attributes: { 'openapi:discriminator': 'people', lastName: 'King' } }), changed: { attributes: { firstName: 'Ada', lastName: 'King' } } },
        remove: true,
      },
    ],
  },
  {
    name: 'Baby Buddy (Django REST framework: paths ending in a slash, ids and filters typed string, {count, next, previous, results} by limit and offset, slug keys)',
    documentPath: realWorldPath('babybuddy-drf.yml'),
    origin: 'https://babybuddy.example',
    basePath: '',
    headers: {},
    cases: [
      {
        collection: 'notes',
        create: { path: '/api/notes/', body: { child: 4, note: 'Slept through the night' } },
        key: 'id',
        item: key => `/api/notes/${key}/`,
        list: { path: '/api/notes/?limit=100', items: ['results'], keeps: 'child=4', drops: 'child=987654' },
        update: { method: 'PATCH', body: () => ({ child: 4, note: 'Woke once' }), changed: { child: 4, note: 'Woke once' } },
        remove: true,
      },
      {
        collection: 'tags',
        create: { path: '/api/tags/', body: { name: 'night', color: '#203040' } },
        key: 'slug',
        item: key => `/api/tags/${key}/`,
        list: { path: '/api/tags/?limit=100', items: ['results'] },
        update: { method: 'PUT', body: () => ({ name: 'late night', color: '#203040' }), changed: { name: 'late night' } },
        remove: true,
        neverCreated: 'no-such-tag',
      },
    ],
  },
];

/**
 * Documents written here in the shapes of published ones the corpus lacks, each through the same round trip:
 * keys held by the item path alone (AWS GuardDuty's threat intel sets, Bitbucket's branch restrictions).
 */
export const WRITTEN_IN_PUBLISHED_SHAPES: readonly CorpusDocument[] = [
  {
    name: 'keys held by the path alone (a create answering only the key, or the record without it; paged and nested lists)',
    documentPath: fileURLToPath(new URL('../documents/held-keys.yaml', import.meta.url)),
    origin: 'https://held.example',
    basePath: '/v1',
    headers: {},
    cases: [
      {
        collection: 'threatintelsets',
        create: { path: '/detectors/d-1/threatintelsets', body: { Name: 'known-bad', Format: 'TXT', Location: 's3://lists/bad.txt' } },
        key: 'threatIntelSetId',
        keyHeldByPath: { answeredAs: 'ThreatIntelSetId' },
        item: key => `/detectors/d-1/threatintelsets/${key}`,
        list: { path: '/detectors/d-1/threatintelsets' },
        update: { method: 'POST', body: () => ({ Name: 'still-bad' }), changed: { Name: 'still-bad', Format: 'TXT' } },
        elsewhere: key => `/detectors/d-2/threatintelsets/${key}`,
        remove: true,
        neverCreated: 'never-made',
      },
      {
        collection: 'restrictions',
        create: { path: '/restrictions', body: { kind: 'force', pattern: 'release/*' } },
        key: 'id',
        keyHeldByPath: {},
        item: key => `/restrictions/${key}`,
        list: { path: '/restrictions', items: ['values'], keeps: 'kind=force', drops: 'kind=delete' },
        update: { method: 'PUT', body: () => ({ kind: 'delete', pattern: 'release/*' }), changed: { kind: 'delete' } },
        remove: true,
      },
    ],
  },
  {
    name: 'records a PUT of their own path creates (Azure Resource Manager, Bitbucket reports, GitHub secrets: no POST; 201 and 200, or 201 and 204 with no body)',
    documentPath: fileURLToPath(new URL('../documents/put-creates.yaml', import.meta.url)),
    origin: 'https://management.example',
    basePath: '',
    headers: {},
    cases: [
      {
        collection: 'caches',
        create: { method: 'PUT', path: '/subscriptions/s-1/providers/Example.Cache/caches/my-cache', key: 'my-cache', body: { location: 'westeurope', properties: { cacheSizeGB: 3 } } },
        key: 'name',
        item: key => `/subscriptions/s-1/providers/Example.Cache/caches/${key}`,
        list: { path: '/subscriptions/s-1/providers/Example.Cache/caches', items: ['value'] },
        update: { method: 'PATCH', body: () => ({ tags: { env: 'dev' } }), changed: { tags: { env: 'dev' }, location: 'westeurope' } },
        elsewhere: key => `/subscriptions/s-2/providers/Example.Cache/caches/${key}`,
        remove: true,
        neverCreated: 'never-made',
      },
      {
        collection: 'reports',
        create: { method: 'PUT', path: '/commits/c-1/reports/lint-1', key: 'lint-1', body: { title: 'lint', result: 'PASSED' } },
        key: 'reportId',
        keyHeldByPath: {},
        item: key => `/commits/c-1/reports/${key}`,
        list: { path: '/commits/c-1/reports', items: ['values'] },
        update: { method: 'PUT', body: () => ({ title: 'lint', result: 'FAILED' }), changed: { result: 'FAILED' } },
        elsewhere: key => `/commits/c-2/reports/${key}`,
        remove: true,
      },
      {
        collection: 'secrets',
        create: { method: 'PUT', path: '/secrets/DEPLOY_TOKEN', key: 'DEPLOY_TOKEN', body: { visibility: 'private' }, answersRecord: false },
        key: 'name',
        item: key => `/secrets/${key}`,
        list: { path: '/secrets', items: ['secrets'] },
        update: { method: 'PUT', body: () => ({ visibility: 'all' }), changed: { visibility: 'all' } },
        remove: true,
      },
    ],
  },
];
