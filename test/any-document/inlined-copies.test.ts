import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';

// A document whose references were inlined by the tool that published it (Netlify's `swagger.json` has
// no `$ref`: a deploy's schema is written out again at every path that answers one). Each schema below
// is a fresh copy, as such a document holds it.
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const DEPLOY = { type: 'object', properties: { id: { type: 'string' }, site_id: { type: 'string' }, title: { type: 'string' }, branch: { type: 'string' } } };
const SITE = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };
const NAMED = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } };
const json = (schema: unknown) => ({ content: { 'application/json': { schema: copy(schema) } } });
const ok = (schema: unknown) => ({ description: 'ok', ...json(schema) });
const siteId = { name: 'site_id', in: 'path', required: true, schema: { type: 'string' } };
const deployId = { name: 'deploy_id', in: 'path', required: true, schema: { type: 'string' } };
const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const gone = { description: 'deleted' };

const INLINED = {
  openapi: '3.0.3',
  info: { title: 'Inlined', version: '1' },
  paths: {
    '/sites': { post: { operationId: 'createSite', requestBody: json(SITE), responses: { 201: ok(SITE) } }, get: { operationId: 'listSites', responses: { 200: ok({ type: 'array', items: SITE }) } } },
    '/sites/{site_id}': { parameters: [siteId], get: { operationId: 'getSite', responses: { 200: ok(SITE), 404: { description: 'none' } } } },
    '/sites/{site_id}/deploys': {
      parameters: [siteId],
      get: { operationId: 'listSiteDeploys', responses: { 200: ok({ type: 'array', items: DEPLOY }) } },
      post: { operationId: 'createSiteDeploy', requestBody: json(DEPLOY), responses: { 200: ok(DEPLOY) } },
    },
    '/sites/{site_id}/deploys/{deploy_id}': {
      parameters: [siteId, deployId],
      get: { operationId: 'getSiteDeploy', responses: { 200: ok(DEPLOY) } },
    },
    '/deploys/{deploy_id}': {
      parameters: [deployId],
      get: { operationId: 'getDeploy', responses: { 200: ok(DEPLOY) } },
      delete: { operationId: 'deleteDeploy', responses: { 204: gone } },
    },
    '/tags': { post: { operationId: 'createTag', requestBody: json(NAMED), responses: { 201: ok(NAMED) } }, get: { operationId: 'listTags', responses: { 200: ok({ type: 'array', items: NAMED }) } } },
    '/tags/{id}': { parameters: [id], get: { operationId: 'getTag', responses: { 200: ok(NAMED), 404: { description: 'none' } } } },
    '/categories': { post: { operationId: 'createCategory', requestBody: json(NAMED), responses: { 201: ok(NAMED) } }, get: { operationId: 'listCategories', responses: { 200: ok({ type: 'array', items: NAMED }) } } },
    '/categories/{id}': { parameters: [id], get: { operationId: 'getCategory', responses: { 200: ok(NAMED), 404: { description: 'none' } } } },
    // A view answering copies that categories and tags are both written as: neither's list.
    '/popular-tags': { get: { operationId: 'popularTags', responses: { 200: ok({ type: 'array', items: NAMED }) } } },
  },
};

// Two recursive pairs written alike but for one property, in an ordinary document (review 17a).
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const collection = (place: string, noun: string, schema: string) => ({
  [`/${place}/${noun}`]: { get: { operationId: `list-${place}-${noun}`, responses: { 200: ok({ type: 'array', items: ref(schema) }) } }, post: { operationId: `create-${place}-${noun}`, requestBody: json(ref(schema)), responses: { 201: ok(ref(schema)) } } },
  [`/${place}/${noun}/{id}`]: { parameters: [{ ...id, schema: { type: 'string' } }], get: { operationId: `get-${place}-${noun}`, responses: { 200: ok(ref(schema)), 404: { description: 'none' } } } },
});
const RECURSIVE = {
  openapi: '3.1.0',
  info: { title: 'Drives', version: '1' },
  paths: { ...collection('drive', 'folders', 'FolderV1'), ...collection('archive', 'folders', 'FolderV2'), ...collection('drive', 'files', 'FileV1'), ...collection('archive', 'files', 'FileV2') },
  components: {
    schemas: {
      FolderV1: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, files: { type: 'array', items: ref('FileV1') } } },
      FileV1: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, folder: ref('FolderV1') } },
      FolderV2: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, created: { type: 'string', format: 'date-time' }, files: { type: 'array', items: ref('FileV2') } } },
      FileV2: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, folder: ref('FolderV2') } },
    },
  },
};

async function call(engine: Engine, method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await engine.handle({ method, url, headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, json: response.body ? (JSON.parse(response.body) as unknown) : undefined };
}

describe('a document whose references were inlined', () => {
  it('keeps one store for copies of one schema at paths named alike: a deploy made under a site reads and deletes at /deploys/{deploy_id}', async () => {
    const engine = await createEngine({ document: copy(INLINED), seed: 3 });
    const site = ((await call(engine, 'POST', '/sites', { name: 'one' })).json as { id: string }).id;
    const created = await call(engine, 'POST', `/sites/${site}/deploys`, { title: 'first', branch: 'main' });
    expect(created.status).toBe(200);
    const deploy = created.json as { id: string };
    expect(await call(engine, 'GET', `/deploys/${deploy.id}`)).toEqual({ status: 200, json: deploy });
    expect((await call(engine, 'GET', `/sites/${site}/deploys`)).json).toContainEqual(deploy);
    expect((await call(engine, 'DELETE', `/deploys/${deploy.id}`)).status).toBe(204);
    expect((await call(engine, 'GET', `/sites/${site}/deploys/${deploy.id}`)).status).toBe(404);
    expect((await call(engine, 'GET', `/sites/${site}/deploys`)).json).not.toContainEqual(deploy);
  });

  it('keeps copies of one schema at paths named otherwise apart: a tag is no category, though both are {id, name}', async () => {
    const engine = await createEngine({ document: copy(INLINED), seed: 3 });
    const tags = ((await call(engine, 'GET', '/tags')).json as { id: number }[]).length;
    const categories = ((await call(engine, 'GET', '/categories')).json as { id: number }[]).length;
    const tag = (await call(engine, 'POST', '/tags', { name: 'only a tag' })).json as { id: number; name: string };
    expect((await call(engine, 'GET', `/tags/${tag.id}`)).json).toEqual(tag);
    expect((await call(engine, 'GET', '/tags')).json).toHaveLength(tags + 1);
    expect((await call(engine, 'GET', '/categories')).json).toHaveLength(categories);
    expect(((await call(engine, 'GET', '/categories')).json as { name: string }[]).map(category => category.name)).not.toContain('only a tag');
  });

  it('names each collection once in the model, with every path that holds its records', async () => {
    const engine = await createEngine({ document: copy(INLINED), seed: 3 });
    const names = engine.document.resources.resources.map(resource => resource.name).sort();
    expect(names).toEqual(['categories', 'deploys', 'sites', 'tags']);
    const deploys = engine.document.resources.resources.find(resource => resource.name === 'deploys');
    expect(deploys?.itemPaths).toEqual(expect.arrayContaining(['/sites/{site_id}/deploys/{deploy_id}', '/deploys/{deploy_id}']));
  });

  it('lists neither tags nor categories at a view whose items are copies both are written as: a tag made is not shown as a category', async () => {
    const engine = await createEngine({ document: copy(INLINED), seed: 3 });
    expect(engine.document.resources.plans.get('popularTags')).toBeUndefined();
    await call(engine, 'POST', '/tags', { name: 'only a tag' });
    const categories = ((await call(engine, 'GET', '/categories')).json as { name: string }[]).map(category => category.name);
    const popular = (await call(engine, 'GET', '/popular-tags')).json as { name: string }[];
    expect(popular.map(tag => tag.name)).not.toEqual(categories);
  });

  it('keeps two recursive schemas written alike but for one property apart: a file of the archive is not read in the drive', async () => {
    const engine = await createEngine({ document: copy(RECURSIVE), seed: 1 });
    expect(engine.document.resources.resources.map(resource => resource.collectionPaths.join(' ')).sort()).toEqual(['/archive/files', '/archive/folders', '/drive/files', '/drive/folders']);
    expect((await call(engine, 'POST', '/archive/files', { id: 'only-in-archive', name: 'x' })).status).toBe(201);
    expect((await call(engine, 'GET', '/archive/files/only-in-archive')).status).toBe(200);
    expect((await call(engine, 'GET', '/drive/files/only-in-archive')).status).toBe(404);
  });
});
