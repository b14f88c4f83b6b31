import type { OpenAPIV3_1 } from 'openapi-types';
import { lowerBound, mergeAllOf, readDiscriminators, requestBodySchema, successCode, successCodes, successSchema, timeFormatOf, typeIncludes, upperBound, type JsonSchema } from '../json-schema.js';
import type { DocumentOperation } from '../document-operation.js';
import { pathWithoutFragment } from '../path-index.js';
import { findListShape, findPaging, type ListShape } from './list-shape.js';
import { findCopies } from './record-copies.js';
import { createSchemaFingerprints } from './schema-fingerprints.js';
import { withArticle } from '../../text/index.js';
import { alternativesIn, eitherKeyOf, otherKeysOf } from './either-key.js';
import { envelopeOf, manyEnvelopeOf, recordBesideLinks, soleAllOfPart, type Envelope } from './record-wrapping.js';
import { findResourceName, idParameterOf, nameStartsWith, propertyNaming } from './resource-names.js';
import type { Filter, KeyRule, OperationPlan, ParentKeySent, ParentLink, RangeBound, RecordAction, RecordRole, Resource, ResourceModel } from './resource-model.js';

const SAFE_INTEGER_MAXIMUM = Number.MAX_SAFE_INTEGER;
const TEMPLATE = /^\{([^}/]+)\}$/;

/**
 * Derives the document's resources from its paths and schemas (local `$ref`s resolved, so a schema
 * referred to from many places is one object): a collection path is one whose operations list or
 * create records of one object schema, or that has an item path (the collection path plus one
 * templated segment); one schema reached by several paths is one resource. The key is the item
 * path's parameter matched to a property by name; a nested path names parents; a list's query
 * parameters that name properties filter it, and paging parameters page it.
 */
export function findResources(
  resolved: OpenAPIV3_1.Document,
  documentOperations: ReadonlyMap<string, DocumentOperation>,
  /** An OpenAPI 3.0 schema as JSON Schema (`nullable`, boolean `exclusiveMaximum`), as Prism validates it; 3.1 schemas are JSON Schema already. */
  toJsonSchema: (schema: JsonSchema) => JsonSchema = schema => schema,
): ResourceModel {
  readDiscriminators((resolved.components?.schemas ?? {}));
  // Paths read without a trailing slash (Django REST framework's `/api/notes/` and `/api/notes/{id}/`) or a
  // format suffix (Discourse's `/categories.json`, `/categories/{id}.json`), where the document has no path
  // so read; the resources name them as the document writes them.
  const { operations, writtenPath, writtenPathOf } = asReadPaths(documentOperations);
  const definitionOf = (operation: DocumentOperation): OpenAPIV3_1.OperationObject =>
    ((resolved.paths?.[writtenPathOf(operation)] ?? {}) as Record<string, OpenAPIV3_1.OperationObject>)[operation.method] ?? {};
  const byPath = new Map<string, DocumentOperation[]>();
  for (const operation of operations.values()) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  const methodAt = (path: string, method: string): DocumentOperation | undefined => byPath.get(path)?.find(operation => operation.method === method);
  const objectAnswer = (operation: DocumentOperation | undefined): JsonSchema | undefined => (operation ? asObjectSchema(recordOf(successSchema(definitionOf(operation)), collectionNamesOf(operation.path))) : undefined);
  const createBody = (operation: DocumentOperation | undefined): JsonSchema | undefined => {
    const body = requestSchema(operation && definitionOf(operation));
    return asObjectSchema(operation ? (envelopeOf(body, collectionNamesOf(operation.path))?.inner ?? body) : body);
  };

  // Item paths by their collection path: `/pets` → `/pets/{petId}`.
  const itemPathsOf = new Map<string, string[]>();
  for (const path of byPath.keys()) {
    const cut = path.lastIndexOf('/');
    // `/{realm}` is the item path of `/` where the document has `/` (the server's path names the collection: `…/admin/realms`),
    // and no path lies below it: else every path of the document would have a parent record to find first.
    const parent = cut === 0 && byPath.has('/') && ![...byPath.keys()].some(other => other.startsWith(`${path}/`)) ? '/' : path.slice(0, cut);
    // A path whose only operation lists records (`/items/by/{name}`, bare or in a page wrapper) is a filtered view, not an item path.
    const listsOnly = methodsAt(byPath, path).every(operation => operation.method === 'get' && answersList(successSchema(definitionOf(operation))));
    if ((cut > 0 || parent === '/') && TEMPLATE.test(path.slice(cut + 1)) && !parent.endsWith('}') && !listsOnly) itemPathsOf.set(parent, [...(itemPathsOf.get(parent) ?? []), path]);
  }
  // A collection at the server's own path is named after its last segment (`realms`).
  const serverNoun = [lastLiteral(serverPathOf(resolved))].find(segment => segment !== undefined && !/^(?:v\d[\w.-]*|api|rest)$/i.test(segment));

  // Each collection path's item schema: its item GET's answer, else its create's, else its list's items.
  const candidates: { path: string; schema: JsonSchema }[] = [];
  const collectionPaths = new Set([...byPath.keys()].filter(path => !path.endsWith('}')));
  for (const path of itemPathsOf.keys()) collectionPaths.add(path);
  for (const path of collectionPaths) {
    const items = itemPathsOf.get(path) ?? [];
    const fromItem = items.map(item => objectAnswer(methodAt(item, 'get'))).find(Boolean);
    const create = methodAt(path, 'post');
    const fromCreate = objectAnswer(create) ?? (items.length > 0 ? createBody(create) : undefined);
    const list = methodAt(path, 'get');
    const fromList = list ? listedItems(successSchema(definitionOf(list))) : undefined;
    const schema = fromItem ?? (fromList && (items.length > 0 || create) ? fromList : undefined) ?? (items.length > 0 ? fromCreate : fromList && create ? fromList : undefined);
    if (schema && hasProperties(schema)) candidates.push({ path, schema });
  }

  // Paths below an item path whose fixed segments name a part of its record (JSON:API's `/people/{id}/relationships/assignedTodoItems`),
  // with no item path below them: parts of that record, not collections. Not so where what the path lists or creates is what
  // another collection path keeps (`/owners/{ownerId}/pets/{petId}/visits` beside `/visits`, though a pet shows its `visits`).
  const partPaths = new Map<string, { itemPath: string; path: string[]; schema: JsonSchema }>();
  const allItemPaths = [...itemPathsOf.values()].flat();
  for (const path of byPath.keys()) {
    if (itemPathsOf.has(path)) continue;
    for (const itemPath of allItemPaths) {
      if (!path.startsWith(`${itemPath}/`)) continue;
      const rest = path.slice(itemPath.length + 1).split('/');
      const record = rest.some(segment => segment.includes('{')) ? undefined : objectAnswer(methodAt(itemPath, 'get'));
      const schema = record === undefined ? undefined : propertyAt(record, rest);
      // What the path answers and takes is that part (Keycloak's `/roles/{role-name}/composites` answers roles, not a role's `composites`).
      const fits = schema !== undefined && methodsAt(byPath, path).every(operation => {
        const given = [successSchema(definitionOf(operation)), operation.method === 'get' ? undefined : requestSchema(definitionOf(operation))];
        return given.every(other => other === undefined || sameShape(other, schema));
      });
      if (schema !== undefined && fits) partPaths.set(path, { itemPath, path: rest, schema });
    }
  }
  const keptElsewhere = new Set(candidates.filter(candidate => !partPaths.has(candidate.path)).map(candidate => candidate.schema));
  for (const path of partPaths.keys()) {
    const list = methodAt(path, 'get');
    const kept = [candidates.find(candidate => candidate.path === path)?.schema, objectAnswer(methodAt(path, 'post')), list && listedItems(successSchema(definitionOf(list)))];
    if (kept.some(schema => schema !== undefined && keptElsewhere.has(schema))) partPaths.delete(path);
  }
  for (let index = candidates.length - 1; index >= 0; index -= 1) if (partPaths.has(candidates[index]?.path ?? '')) candidates.splice(index, 1);
  // A path below a record's item path, named after one of its properties, that answers that record (Gitea's
  // `POST /issues/{index}/assignees` answering the issue): it changes that record, and holds none of its own.
  for (let index = candidates.length - 1; index >= 0; index -= 1) {
    const candidate = candidates[index];
    if (candidate !== undefined && actsOnItsRecord(candidate, candidates, itemPathsOf)) candidates.splice(index, 1);
  }
  for (const path of partPaths.keys()) collectionPaths.delete(path);
  // One resource per item schema; a path that only creates records of one (`POST /owners/{ownerId}/pets/{petId}/visits`) is one of its collection paths.
  // So is a copy of that schema at a path named alike (`/sites/{site_id}/deploys` and `/deploys/{deploy_id}`
  // in a document whose references were inlined); copies named otherwise (`/tags`, `/categories`) stay apart.
  const fingerprintOf = createSchemaFingerprints();
  const groups = new Map<JsonSchema, string[]>();
  // Each group's schema by the noun its first path ends in.
  const groupsNamed = new Map<string | undefined, JsonSchema[]>();
  /** The group `schema` at `path` belongs to: its own, or that of a copy of it at a path named alike. */
  const groupKeyOf = (schema: JsonSchema, path: string): JsonSchema | undefined =>
    groups.has(schema) ? schema : groupsNamed.get(lastLiteral(path))?.find(other => fingerprintOf(other) === fingerprintOf(schema));
  for (const { path, schema } of candidates) {
    const key = groupKeyOf(schema, path);
    if (key !== undefined) {
      groups.get(key)?.push(path);
      continue;
    }
    groups.set(schema, [path]);
    const noun = lastLiteral(path);
    groupsNamed.set(noun, [...(groupsNamed.get(noun) ?? []), schema]);
  }
  const grouped = new Set(candidates.map(candidate => candidate.path));
  // Not so a POST below an item path of those records (`/clients/{id}/registration-access-token`: an action on one, planned below),
  // nor one whose body is not the record (`/client-description-converter` taking a string): answered from the document, and said so.
  const notCreates: { operationId: string; schema: JsonSchema }[] = [];
  for (const path of collectionPaths) {
    const create = methodAt(path, 'post');
    const created = grouped.has(path) || !create ? undefined : objectAnswer(create);
    const createdKey = created === undefined ? undefined : groupKeyOf(created, path);
    const group = createdKey === undefined ? undefined : groups.get(createdKey);
    if (!group || !create || created === undefined) continue;
    if (group.some(collection => (itemPathsOf.get(collection) ?? []).some(item => path.startsWith(`${item}/`)))) continue;
    // A body that is an array of them (`/user/createWithList`) stays a path of the collection, answered from the document as a create of many.
    if (!typeIncludes(requestSchema(definitionOf(create)), 'array') && !sharesProperty(createBody(create), created)) {
      notCreates.push({ operationId: create.operationId, schema: created });
      continue;
    }
    group.push(path);
  }
  // An RPC-style create (Docker's `POST /networks/create`): a POST at a collection's path and `/create` that takes the
  // record's fields and answers its key (`{Id, Warning}`) makes one of that collection's records.
  for (const path of byPath.keys()) {
    const base = path.endsWith('/create') ? path.slice(0, -'/create'.length) : undefined;
    const create = methodAt(path, 'post');
    const record = base === undefined ? undefined : candidates.find(candidate => candidate.path === base)?.schema;
    const group = record === undefined ? undefined : groups.get(record);
    if (base === undefined || !create || record === undefined || !group || grouped.has(path) || !sharesProperty(createBody(create), record)) continue;
    const answered = Object.keys(asObjectSchema(successSchema(definitionOf(create)))?.properties ?? {}).map(fieldNameKey);
    const keys = (itemPathsOf.get(base) ?? []).flatMap(item => TEMPLATE.exec(item.slice(item.lastIndexOf('/') + 1))?.[1] ?? []);
    if (!keys.some(parameter => answered.includes(fieldNameKey(propertyNamedBy(record, parameter, '') ?? parameter)))) continue;
    group.push(path);
    collectionPaths.add(path);
  }
  const resources: Resource[] = [];
  const resourceOfSchema = recordSchemas(fingerprintOf);
  // Each resource's schema as the document writes it: where its parts are the very objects other schemas refer to.
  const writtenSchema = new Map<Resource, JsonSchema>();
  const notInferred: { operationId: string; reason: string }[] = [];
  for (const [source, paths] of groups) {
    const unconverted = mergeAllOf(source);
    const merged = withRequiredListed(toJsonSchema(unconverted));
    const itemPaths = paths.flatMap(path => itemPathsOf.get(path) ?? []).filter(path => methodsAt(byPath, path).length > 0);
    const keyParameters = itemPaths.map(path => TEMPLATE.exec(path.slice(path.lastIndexOf('/') + 1))?.[1] ?? '');
    const createBodies = paths.map(path => methodAt(path, 'post')).flatMap(create => (create ? [createBody(create)] : []));
    const noun = lastLiteral(paths[0] ?? '') ?? serverNoun;
    // What the item paths' key parameter says of a key (`format: uuid` where the record's `id` is a plain string).
    const keyParameterSchemas = itemPaths.flatMap((path, index) =>
      (byPath.get(path) ?? []).flatMap(operation => parametersOf(resolved, writtenPathOf(operation), definitionOf(operation)).filter(parameter => parameter.in === 'path' && parameter.name === keyParameters[index]).map(parameter => mergeAllOf(toJsonSchema((parameter.schema ?? {}) as JsonSchema)))),
    );
    const createQueryNames = paths.flatMap(path => {
      const create = methodAt(path, 'post');
      return create === undefined ? [] : parametersOf(resolved, writtenPathOf(create), definitionOf(create)).filter(parameter => parameter.in === 'query').map(parameter => parameter.name);
    });
    const named = findKey(merged, keyParameters, createBodies, singularOf(noun ?? ''), keyParameterSchemas) ?? resourceNameKey(unconverted, merged, itemPaths, createQueryNames);
    // Held by the path where a client learns the key: from a create's answer, or by naming it in a PUT that creates the record.
    const putAtItem = itemPaths.some(path => methodAt(path, 'put') !== undefined);
    const held = named === undefined && (createBodies.length > 0 || putAtItem) ? keyHeldByPath(merged, keyParameters, keyParameterSchemas, { namedByClient: createBodies.length === 0 }) : undefined;
    const key = named ?? held?.key;
    if (!key) {
      for (const path of [...paths, ...itemPaths]) {
        for (const operation of byPath.get(path) ?? []) {
          notInferred.push({ operationId: operation.operationId, reason: `no property of its records matches ${keyParameters.length > 0 ? `{${[...new Set(keyParameters)].join('}, {')}}` : 'an id'}` });
        }
      }
      continue;
    }
    const base = noun ?? 'records';
    const schema = held?.schema ?? merged;
    const properties = schema.properties ?? {};
    const fields = Object.keys(properties);
    const resource: Resource = {
      name: base,
      singular: singularOf(base),
      schema,
      collectionPaths: paths,
      itemPaths,
      key,
      fields,
      writableFields: fields.filter(field => properties[field]?.readOnly !== true && properties[field]?.writeOnly !== true && (field !== key.property || key.acceptsClientKey)),
      writeOnlyFields: fields.filter(field => properties[field]?.writeOnly === true),
      ...numberedField(fields, properties, key.property),
      ...otherKeysOf(merged, paths, byPath.keys(), singularOf(base), key.property, propertyNamedBy),
      embeds: [],
      copies: [],
    };
    resources.push(resource);
    resourceOfSchema.set(source, resource);
    writtenSchema.set(resource, unconverted);
  }

  nameApart(resources);

  // Embedded children: an array of another resource's records whose schema holds a key of this one.
  for (const parent of resources) {
    const embeds: { property: string; child: string; foreignKey: string }[] = [];
    for (const [property, schema] of Object.entries(writtenSchema.get(parent)?.properties ?? {})) {
      const child = schema.items === undefined ? undefined : resourceOfSchema.get(schema.items);
      if (!typeIncludes(schema, 'array') || !child || child === parent) continue;
      const foreignKey = findForeignKey(child, parent, undefined);
      if (foreignKey) embeds.push({ property, child: child.name, foreignKey });
    }
    if (embeds.length > 0) (parent as { embeds: Resource['embeds'] }).embeds = embeds;
  }
  for (const resource of resources) {
    const copies = findCopies(resource, resources);
    if (copies.length > 0) (resource as { copies: Resource['copies'] }).copies = copies;
  }

  for (const { operationId, schema } of notCreates) {
    const resource = resourceOfSchema.get(schema);
    if (resource) notInferred.push({ operationId, reason: `its request body is not ${withArticle(resource.singular)}: no ${resource.singular} is created` });
  }

  const itemOwner = new Map<string, Resource>();
  const collectionOwner = new Map<string, Resource>();
  for (const resource of resources) {
    for (const path of resource.itemPaths) itemOwner.set(path, resource);
    for (const path of resource.collectionPaths) collectionOwner.set(path, resource);
  }

  const plans = new Map<string, OperationPlan>();
  const postsAt = new Set([...operations.values()].filter(operation => operation.method === 'post').map(operation => operation.path));
  for (const operation of operations.values()) {
    const definition = definitionOf(operation);
    if ((operation.definition as Record<string, unknown>)['x-not-implemented'] === true) continue;
    const part = partPaths.get(operation.path);
    const partOwner = part === undefined ? undefined : itemOwner.get(part.itemPath);
    if (part !== undefined && partOwner !== undefined) {
      const plan = planPart(operation, definition, part, partOwner, itemOwner);
      if (plan !== undefined) plans.set(operation.operationId, plan);
      continue;
    }
    const onItem = itemOwner.get(operation.path);
    const onCollection = collectionOwner.get(operation.path);
    let success = successOf(definition);
    let role: RecordRole | undefined;
    let resource: Resource | undefined;
    let shape: ListShape | undefined;
    let listedFields: readonly string[] | undefined;
    let listedSchema: JsonSchema | undefined;
    if (onItem) {
      resource = onItem;
      // A PUT whose body requires nothing (Conduit's `UpdateArticle`, Linode's instance) changes what it sends and keeps the rest: see DeclaredBody.
      role = ({ get: 'read', put: 'replace', patch: 'merge', post: 'merge', delete: 'remove' } as const)[operation.method as 'get'];
    } else if (onCollection) {
      resource = onCollection;
      if (operation.method === 'get') {
        shape = findListShape(successSchema(definition), schema => resourceOfSchema.is(schema, onCollection));
        if (!shape) {
          // A list of a part of the record (its key and some of its properties): the records, each shown by those properties.
          shape = findListShape(successSchema(definition), schema => {
            const part = partOf(schema, onCollection);
            if (part) {
              listedFields = part;
              listedSchema = mergeAllOf(schema);
            }
            return part !== undefined;
          });
          if (!shape) {
            listedFields = undefined;
            listedSchema = undefined;
          }
        }
        role = shape ? 'list' : undefined;
        if (!shape) notInferred.push({ operationId: operation.operationId, reason: `its answer is no list of ${onCollection.name}` });
      } else if (operation.method === 'post' || (operation.method === 'put' && !postsAt.has(operation.path))) {
        // A PUT on a collection that has no POST (Vikunja's `PUT /projects`) is its create: a key the body names, as for any client key, replaces.
        // A create takes one record: a body that is an array (`createWithList`) is another operation.
        role = typeIncludes(requestSchema(definition), 'array') ? undefined : 'create';
        // A body that names none of the record's properties cannot be related to it: answered from the document, and said so.
        const sent = Object.keys(mergeAllOf(createBody(operation) ?? {}).properties ?? {});
        const fieldNames = new Set(onCollection.fields.map(fieldNameKey));
        if (role === 'create' && sent.length > 0 && !sent.some(name => fieldNames.has(fieldNameKey(name)))) {
          role = undefined;
          notInferred.push({ operationId: operation.operationId, reason: `its request body shares no property with the ${onCollection.name} it answers` });
        }
        // A create answers the one record it made: one that answers only arrays (GitHub's `POST …/restrictions/users`, the whole list) is
        // another operation; one whose other success answers one (a 200 the list, a 201 the record made) answers that.
        if (role === 'create' && answersArray(success)) {
          const one = successCodes(definition).map(code => successOf(definition, code)).find(each => each.schema !== undefined && !answersArray(each));
          if (one !== undefined) success = one;
          else {
            role = undefined;
            notInferred.push({ operationId: operation.operationId, reason: `it answers an array, not the one ${onCollection.singular} a create makes` });
          }
        }
      }
      else if (operation.method === 'put') role = 'replace-by-body';
    } else if (operation.method === 'get' && (!operation.path.endsWith('}') || answersList(success.schema))) {
      // A view: `/pet/findByStatus`, `/pets` of another parent, `/items/by/{name}` (an array, or a page of them: `/{realm}` answering a realm that holds a list is no view).
      // Not so one record of a collection, whatever array it holds (Gitea's `/commits/{sha}/pull`: a pull request and its `labels`).
      const oneRecord = resourceOfSchema.has(successSchema(definition) ?? {});
      const listedBy = (isRecordOf: RecordSchemas['is']): { candidate: Resource; listShape: ListShape } | undefined => {
        for (const candidate of resources) {
          const listShape = findListShape(successSchema(definition), schema => isRecordOf(schema, candidate));
          if (listShape) return { candidate, listShape };
        }
        return undefined;
      };
      // The records of the very schema first, then of a copy of one.
      const listed = oneRecord ? undefined : (listedBy(resourceOfSchema.isSource) ?? listedBy(resourceOfSchema.is));
      if (listed) {
        resource = listed.candidate;
        shape = listed.listShape;
        role = 'list';
      }
      // One record another holds the key of (JSON:API's `/todoItems/{id}/owner`, by `relationships.owner.data.id`): read by that key.
      if (!role && !operation.path.endsWith('}')) {
        const last = operation.path.slice(operation.path.lastIndexOf('/') + 1);
        const holder = itemOwner.get(operation.path.slice(0, operation.path.lastIndexOf('/')));
        const held = holder === undefined ? undefined : resources.find(candidate => answeredRecord(success.schema, candidate, schema => resourceOfSchema.is(schema, candidate)) !== undefined && heldKeys(holder, last, candidate)?.one === true);
        if (held !== undefined) {
          resource = held;
          role = 'read';
        }
      }
    }
    if (!role || !resource) continue;
    const names = { name: resource.name, singular: resource.singular };
    const answered = answeredRecord(success.schema, names, schema => resourceOfSchema.is(schema, resource));
    const view = answered === undefined ? envelopeOfView(success.schema, names, resource.key.property) : undefined;
    const sentIn = role === 'list' || role === 'read' || role === 'remove' ? undefined : envelopeOf(requestSchema(definition), names);
    const requestEnvelope = sentIn?.property;
    // Named after the collection as this path writes it (`/subscriptions/{id}/alerts` for a collection named `alerts2`).
    const pathNames = collectionNamesOf(operation.path);
    const manyOf = (schema: JsonSchema | undefined): string | undefined => manyEnvelopeOf(schema, names) ?? manyEnvelopeOf(schema, pathNames);
    const manyRequest = role === 'create' && requestEnvelope !== undefined ? manyOf(requestSchema(definition)) : undefined;
    const manyAnswer = manyRequest === undefined ? undefined : manyOf(success.schema);
    if (role === 'create') {
      const unreachable = keyNoPathReaches(resource, sentIn?.inner ?? requestSchema(definition));
      if (unreachable !== undefined) notInferred.push({ operationId: operation.operationId, reason: unreachable });
    }
    const parameters = parametersOf(resolved, writtenPathOf(operation), definition);
    const query = parameters.filter(parameter => parameter.in === 'query');
    const filters = role === 'list' ? findFilters(resource, query, resource.collectionPaths.flatMap(path => createBody(methodAt(path, 'post')) ?? [])) : [];
    if (role === 'list' && !onCollection) {
      // A view's path parameters that name no parent filter by the property they name (`{name}`; `{typeId}` → `catalogTypeId`).
      const parentParameters = new Set(findParents(operation.path, false, itemOwner, resource).map(parent => parent.parameter));
      const unnamed: string[] = [];
      for (const parameter of parameters.filter(each => each.in === 'path' && !parentParameters.has(each.name))) {
        const property = pathFilterProperty(resource, parameter.name);
        if (property === undefined) unnamed.push(parameter.name);
        else filters.push({ parameter: parameter.name, property, match: typeIncludes(resource.schema.properties?.[property], 'array') ? 'contains' : 'equals', in: 'path' });
      }
      // One ending the path (`/items/by/{name}`) must name a property; others naming none are not read (`/{realm}/roles`), as the start says.
      if (operation.path.endsWith('}') && unnamed.length > 0) {
        notInferred.push({ operationId: operation.operationId, reason: `${unnamed.map(name => `{${name}}`).join(', ')} name${unnamed.length > 1 ? '' : 's'} no property of its ${resource.name}` });
        continue;
      }
    }
    const filtered = new Set(filters.map(filter => filter.parameter));
    const paging = role === 'list' ? findPaging(query.filter(parameter => !filtered.has(parameter.name)).map(parameter => ({ name: parameter.name, ...(parameter.schema && { schema: parameter.schema as JsonSchema }) }))) : {};
    if (role === 'list') {
      // A parameter named like a range bound that the engine does not read: the start says so.
      const paged = new Set<string>([paging.size, paging.offset, paging.page?.name, paging.after, paging.before, paging.order?.name].filter((name): name is string => name !== undefined));
      const unread = query.filter(parameter => !filtered.has(parameter.name) && !paged.has(parameter.name) && rangeBoundOf(parameter.name) !== undefined).map(parameter => parameter.name);
      if (unread.length > 0) notInferred.push({ operationId: operation.operationId, reason: `range parameter${unread.length > 1 ? 's' : ''} ${unread.join(', ')} name${unread.length > 1 ? '' : 's'} no property of its ${resource.name}: not read` });
    }
    const isItemRole = role === 'read' || role === 'replace' || role === 'merge' || role === 'remove';
    const keyParameter = isItemRole ? TEMPLATE.exec(operation.path.slice(operation.path.lastIndexOf('/') + 1))?.[1] : undefined;
    const parents = findParents(operation.path, isItemRole, itemOwner, resource);
    const named = keyParameter === undefined ? undefined : propertyNamedBy(resource.schema, keyParameter, resource.singular);
    const keyProperty = named !== undefined && named !== resource.key.property ? named : undefined;
    const scope = scopeParameters(operation.path, keyParameter, parents, filters);
    const idParameter = role === 'create' && resource.key.resourceName !== undefined ? idParameterOf(resource.key.resourceName, operation.path, query.map(parameter => parameter.name), singularOf) : undefined;
    const fieldMask = role === 'merge' ? query.find(parameter => mergeAllOf((parameter.schema ?? {}) as JsonSchema).format === 'field-mask' || fieldNameKey(parameter.name) === 'updatemask')?.name : undefined;
    plans.set(operation.operationId, {
      operationId: operation.operationId,
      role,
      resource: resource.name,
      keyParameter,
      ...(keyProperty !== undefined && { keyProperty }),
      parents,
      filters,
      paging,
      shape,
      ...(listedFields !== undefined && { listedFields }),
      ...(listedSchema !== undefined && { listedSchema }),
      success: { ...planSuccess(success, answered !== undefined), ...answered, ...view },
      ...(requestEnvelope !== undefined && { requestEnvelope }),
      ...(manyRequest !== undefined && manyAnswer !== undefined && { many: { request: manyRequest, answer: manyAnswer } }),
      ...(scope.length > 0 && { scope }),
      ...(idParameter !== undefined && { idParameter }),
      ...(fieldMask !== undefined && { fieldMask }),
    });
  }


  // A POST below an item path that is not a create (`/orders/{id}/cancel`): the record it acts on must exist.
  const actions = new Map<string, RecordAction>();
  const itemPathsLongestFirst = [...itemOwner.keys()].sort((a, b) => b.length - a.length);
  for (const operation of operations.values()) {
    if (operation.method !== 'post' || plans.has(operation.operationId) || (operation.definition as Record<string, unknown>)['x-not-implemented'] === true) continue;
    const itemPath = itemPathsLongestFirst.find(path => operation.path.startsWith(`${path}/`));
    const resource = itemPath === undefined ? undefined : itemOwner.get(itemPath);
    const keyParameter = itemPath === undefined ? undefined : TEMPLATE.exec(itemPath.slice(itemPath.lastIndexOf('/') + 1))?.[1];
    if (itemPath === undefined || resource === undefined || keyParameter === undefined) continue;
    // Its errors as declared: a list of them without 404 (`400`, `401` only) says a missing record is not one.
    const errors = Object.keys(operation.definition.responses ?? {}).filter(status => /^4/.test(status) || status === 'default');
    if (errors.length > 0 && !errors.some(status => status === '404' || status.toUpperCase() === '4XX' || status === 'default')) {
      notInferred.push({ operationId: operation.operationId, reason: `an action on ${withArticle(resource.singular)}: answered from the document (it declares no 404 for a missing ${resource.singular})` });
      continue;
    }
    const parents = findParents(itemPath, true, itemOwner, resource);
    const scope = scopeParameters(itemPath, keyParameter, parents, []);
    actions.set(operation.operationId, { operationId: operation.operationId, resource: resource.name, keyParameter, parents, ...(scope.length > 0 && { scope }) });
    notInferred.push({ operationId: operation.operationId, reason: `an action on ${withArticle(resource.singular)}: answered from the document, 404 where the ${resource.singular} does not exist` });
  }
  notInferred.push(...customMethods(operations.values(), plans, itemOwner, collectionOwner));
  for (const [operationId, plan] of plans) {
    const parentKeysSent = plan.role === 'create' ? parentKeysInBody(plan, plans.values()) : [];
    if (parentKeysSent.length > 0) plans.set(operationId, { ...plan, parentKeysSent });
  }
  // A PUT that creates the record it names where none is held: where it declares a 201, or nothing else creates the collection's records.
  const createdElsewhere = new Set([...plans.values()].filter(plan => plan.role === 'create').map(plan => plan.resource));
  for (const [operationId, plan] of plans) {
    const operation = operations.get(operationId);
    const resource = operation === undefined ? undefined : itemOwner.get(operation.path);
    if (plan.role !== 'replace' || operation?.method !== 'put' || resource === undefined || plan.keyParameter === undefined || plan.keyProperty !== undefined) continue;
    // A key a client may name: not whole numbers the service gives in order, nor a resource name spelt of several values.
    if (resource.key.kind === 'sequence' || resource.key.resourceName !== undefined) continue;
    const definition = definitionOf(operation);
    const codes = successCodes(definition);
    const declaresCreated = codes.includes('201');
    if (!declaresCreated && createdElsewhere.has(resource.name)) continue;
    // Each answer as its status declares it: a create its 201, an update its other success (GitHub's secrets: 201 and 204, neither with a body).
    const declared = successOf(definition);
    const answerOf = (code: string): OperationPlan['success'] => {
      const own = successOf(definition, code);
      return { ...plan.success, ...planSuccess(own, own.schema === undefined || own.schema === declared.schema ? plan.success.bodyIsRecord : false) };
    };
    const updateCode = declaresCreated && plan.success.status === 201 ? codes.find(code => code !== '201') : undefined;
    plans.set(operationId, { ...plan, ...(updateCode !== undefined && { success: answerOf(updateCode) }), createsWhereMissing: { success: declaresCreated ? answerOf('201') : plan.success } });
  }
  const written = resources.map(resource => ({ ...resource, collectionPaths: resource.collectionPaths.map(writtenPath), itemPaths: resource.itemPaths.map(writtenPath) }));
  return { resources: written, byName: new Map(written.map(resource => [resource.name, resource])), plans, actions, notInferred };
}

/**
 * Custom methods (AIP-136: a verb after a `:` ending a collection's or an item's path,
 * `/attachments:batchDelete`, `/users/{user}:getStats`): what they do is theirs, answered from the
 * document; the start names them.
 */
function customMethods(operations: Iterable<DocumentOperation>, plans: ReadonlyMap<string, OperationPlan>, itemOwner: ReadonlyMap<string, Resource>, collectionOwner: ReadonlyMap<string, Resource>): { operationId: string; reason: string }[] {
  const found: { operationId: string; reason: string }[] = [];
  for (const operation of operations) {
    const custom = /^(.+):([A-Za-z]\w*)$/.exec(operation.path);
    const base = custom?.[1] ?? '';
    const item = itemOwner.get(base);
    const owner = item ?? collectionOwner.get(base);
    if (custom === null || owner === undefined || plans.has(operation.operationId)) continue;
    found.push({ operationId: operation.operationId, reason: `a custom method (:${custom[2] ?? ''}) on ${item === undefined ? 'the' : 'one of the'} ${owner.name}: answered from the document` });
  }
  return found;
}

/**
 * The plan of an operation on a part of a record (`relationships.assignedTodoItems`): a GET reads it, a
 * PATCH or PUT merges the body into it, a POST adds the body's items to the array it holds and a
 * DELETE removes them (only where it holds one: JSON:API's to-many relationships).
 */
function planPart(
  operation: DocumentOperation,
  definition: OpenAPIV3_1.OperationObject,
  part: { itemPath: string; path: string[]; schema: JsonSchema },
  resource: Resource,
  itemOwner: ReadonlyMap<string, Resource>,
): OperationPlan | undefined {
  const items = arrayWithin(part.schema);
  const role = ({ get: 'read-part', patch: 'merge-part', put: 'merge-part', post: 'add-to-part', delete: 'remove-from-part' } as const)[operation.method as 'get'] as RecordRole | undefined;
  if (role === undefined || ((role === 'add-to-part' || role === 'remove-from-part') && items === undefined)) return undefined;
  const keyParameter = TEMPLATE.exec(part.itemPath.slice(part.itemPath.lastIndexOf('/') + 1))?.[1];
  const parents = findParents(part.itemPath, true, itemOwner, resource);
  const scope = scopeParameters(part.itemPath, keyParameter, parents, []);
  return {
    operationId: operation.operationId,
    role,
    resource: resource.name,
    keyParameter,
    parents,
    filters: [],
    paging: {},
    shape: undefined,
    success: planSuccess(successOf(definition), false),
    part: { path: part.path, items, schema: part.schema },
    ...(scope.length > 0 && { scope }),
  };
}

/** The schema of the property a path of names leads to in an object schema (`allOf` parts merged), if every name is a property on the way. */
function propertyAt(schema: JsonSchema, names: readonly string[]): JsonSchema | undefined {
  let at: JsonSchema | undefined = schema;
  for (const name of names) {
    const property: JsonSchema | undefined = at === undefined ? undefined : mergeAllOf(at).properties?.[name];
    at = property === undefined ? undefined : soleAllOfPart(property);
  }
  return at;
}

/**
 * Whether a body a path answers or takes has the shape of a part of the record: both arrays of the
 * same kind of item, or both objects one of whose properties hold the other's (`{links, data, meta}`
 * and `{data, meta}`), sharing one at least.
 */
function sameShape(body: JsonSchema, part: JsonSchema): boolean {
  const a = mergeAllOf(soleAllOfPart(body));
  const b = mergeAllOf(soleAllOfPart(part));
  const kind = (schema: JsonSchema | undefined): string => {
    if (schema === undefined) return 'any';
    const merged = mergeAllOf(soleAllOfPart(schema));
    return typeIncludes(merged, 'array') ? 'array' : merged.properties !== undefined || typeIncludes(merged, 'object') ? 'object' : String(merged.type ?? 'any');
  };
  if (kind(a) !== kind(b)) return false;
  if (kind(a) === 'array') return kind(a.items) === kind(b.items);
  const mine = Object.keys(a.properties ?? {});
  const theirs = new Set(Object.keys(b.properties ?? {}));
  const shared = mine.filter(name => theirs.has(name));
  return shared.length > 0 && (shared.length === mine.length || shared.length === theirs.size);
}

/** Where a part's array is: `[]` for an array, `['data']` for an object holding one in `data` (a to-many relationship); else undefined. */
function arrayWithin(schema: JsonSchema): string[] | undefined {
  if (typeIncludes(schema, 'array')) return [];
  const data = mergeAllOf(schema).properties?.['data'];
  return data !== undefined && typeIncludes(mergeAllOf(data), 'array') ? ['data'] : undefined;
}

/** The properties of a list's item schema when they are some of the resource's, its key among them: the list shows part of each record. */
function partOf(schema: JsonSchema, resource: Resource): string[] | undefined {
  const names = Object.keys(mergeAllOf(schema).properties ?? {});
  return names.includes(resource.key.property) && names.every(name => resource.fields.includes(name)) ? names : undefined;
}

/** A property's name as a body may spell it: Twilio's `FriendlyName` is the record's `friendly_name`. */
export function fieldNameKey(name: string): string {
  return name.toLowerCase().replaceAll(/[_-]/g, '');
}

/** The names a one-record envelope may take at a path: its last fixed segment and that segment's singular (`articles`, `article`). */
function collectionNamesOf(path: string): { name: string; singular: string } {
  const name = lastLiteral(path) ?? '';
  return { name, singular: singularOf(name) };
}

/** The record a schema answers: unwrapped from its envelope (`{"article": {...}}`), less the links beside it (`allOf [Booking, {links}]`). */
function recordOf(schema: JsonSchema | undefined, names: { name: string; singular: string }): JsonSchema | undefined {
  const unwrapped = envelopeOf(schema, names)?.inner ?? schema;
  return recordBesideLinks(unwrapped)?.record ?? unwrapped;
}

/** How an answer holds the resource's record, where it does: as itself, in an envelope, beside links. */
function answeredRecord(schema: JsonSchema | undefined, names: { name: string; singular: string }, isRecord: (schema: JsonSchema) => boolean): { envelope?: string; besideEnvelope?: JsonSchema; nullableEnvelope?: true; links?: JsonSchema } | undefined {
  if (schema === undefined) return undefined;
  if (isRecord(schema)) return {};
  const envelope = envelopeOf(schema, names) ?? envelopeBesideAnything(schema, names, isRecord);
  const unwrapped = envelope?.inner ?? schema;
  const beside = recordBesideLinks(unwrapped);
  const record = beside?.record ?? unwrapped;
  if (!isRecord(record) || (envelope === undefined && beside === undefined)) return undefined;
  return {
    ...(envelope !== undefined && { envelope: envelope.property }),
    ...(envelope?.beside !== undefined && { besideEnvelope: envelope.beside }),
    ...(envelope?.nullable === true && { nullableEnvelope: true as const }),
    ...(beside !== undefined && { links: beside.links }),
  };
}

/**
 * An envelope named after the collection beside data of another kind, read only where it holds the record
 * (the answer itself, not the record, is known by then): a `Location` with a property `location` is a
 * location, and read as an envelope its collection lost its state.
 */
function envelopeBesideAnything(schema: JsonSchema, names: { name: string; singular: string }, isRecord: (schema: JsonSchema) => boolean): Envelope | undefined {
  const envelope = envelopeOf(schema, names, true);
  return envelope !== undefined && isRecord(envelope.inner) ? envelope : undefined;
}

/**
 * The envelope of an answer that shows the record in another schema than its own (Discourse's create
 * answers `{"category": {...}}` with 66 properties where its list shows 45): named after the collection,
 * declaring the record's key. The answer is generated from its schema, the record's values over it.
 */
function envelopeOfView(schema: JsonSchema | undefined, names: { name: string; singular: string }, key: string): { envelope: string } | undefined {
  const envelope = envelopeOf(schema, names);
  return envelope !== undefined && mergeAllOf(envelope.inner).properties?.[key] !== undefined ? { envelope: envelope.property } : undefined;
}

/**
 * The key property: the item path's parameter by name (`petId` → `petId` or `id`; `{customer}` under
 * `/customers` → `id`, as Stripe writes it), else `id`; of any type.
 */
function findKey(schema: JsonSchema, parameters: readonly string[], createBodies: readonly (JsonSchema | undefined)[], singular: string, parameterSchemas: readonly JsonSchema[] = []): KeyRule | undefined {
  const properties = schema.properties ?? {};
  let property: string | undefined;
  for (const parameter of parameters) {
    property = propertyNamedBy(schema, parameter, singular) ?? eitherKeyOf(schema, parameter, singular, propertyNamedBy)?.key;
    if (property) break;
  }
  if (parameters.length === 0) property = Object.keys(properties).find(name => name.toLowerCase() === 'id');
  const keySchema = property === undefined ? undefined : properties[property];
  if (property === undefined || keySchema === undefined) return undefined;
  const merged = withParameterConstraints(mergeAllOf(keySchema), parameterSchemas);
  const bounds = keyBounds(merged);
  if (typeIncludes(merged, 'integer') || typeIncludes(merged, 'number')) return { property, kind: 'sequence', acceptsClientKey: false, bounds, schema: merged };
  if (!typeIncludes(merged, 'string') && merged.type !== undefined) return undefined;
  // A string key the create's body requires is the client's (`username`); one it may carry is kept when
  // sent, else made (`eventId` of a schema used both ways); one it never carries (or readOnly) is made.
  // A body written `allOf: [Base, {required: [code]}]` (Lago's tax create) lists and requires what its parts do.
  const bodies = createBodies.map(body => (body === undefined ? undefined : mergeAllOf(body)));
  const sent = merged.readOnly !== true && bodies.some(body => body?.properties?.[property] !== undefined);
  const required = sent && bodies.some(body => body?.required?.includes(property) === true);
  if (required) return { property, kind: 'client', acceptsClientKey: true, bounds, schema: merged };
  return { property, kind: merged.format === 'uuid' ? 'uuid' : 'generated', acceptsClientKey: sent, bounds, schema: asWholeNumberText(merged, parameterSchemas) };
}

/**
 * A string key the service makes whose item path takes a whole number (HubSpot's webhook subscriptions:
 * `id` a string, `{subscriptionId}` an `int32`): made as the text of one, so that the path reaches the
 * records it lists. Drawn as any string, every read of a listed record was a 400.
 */
function asWholeNumberText(keySchema: JsonSchema, parameterSchemas: readonly JsonSchema[]): JsonSchema {
  if (keySchema.format !== undefined || STRING_CONSTRAINTS.some(keyword => keySchema[keyword] !== undefined)) return keySchema;
  const whole = parameterSchemas.length > 0 && parameterSchemas.every(parameter => typeIncludes(parameter, 'integer') && !typeIncludes(parameter, 'string'));
  return whole ? { ...keySchema, pattern: '^[1-9][0-9]{0,8}$' } : keySchema;
}

/** The whole numbers a key may take: its schema's bounds, from 1, at most the largest safe integer. */
function keyBounds(schema: JsonSchema): KeyRule['bounds'] {
  return { minimum: lowerBound(schema) ?? 1, maximum: Math.min(upperBound(schema) ?? SAFE_INTEGER_MAXIMUM, SAFE_INTEGER_MAXIMUM) };
}

/**
 * A key that is a resource name (see findResourceName), where the item path's parameter names no
 * property: a string the service makes (from the create's id parameter, else drawn), never the body's.
 */
function resourceNameKey(written: JsonSchema, merged: JsonSchema, itemPaths: readonly string[], createQueryNames: readonly string[]): KeyRule | undefined {
  const found = findResourceName(written, itemPaths, createQueryNames);
  const schema = found === undefined ? undefined : merged.properties?.[found.property];
  if (found === undefined || schema === undefined) return undefined;
  return { property: found.property, kind: 'generated', acceptsClientKey: false, bounds: { minimum: 1, maximum: SAFE_INTEGER_MAXIMUM }, schema: mergeAllOf(schema), resourceName: found.name };
}

/** Whether an answer's property names a key the item path holds (AWS's `ThreatIntelSetId` for `{threatIntelSetId}`, case, `-` and `_` aside). */
export function namesHeldKey(key: KeyRule, name: string): boolean {
  return key.heldByPath === true && fieldNameKey(name) === fieldNameKey(key.property);
}

/**
 * A key the item path holds and the record does not, where the item paths name their records by one
 * parameter that names no property and a create makes them (Bitbucket's branch restrictions at
 * `/…/branch-restrictions/{id}`, none with an `id`; AWS GuardDuty's threat intel sets, whose
 * `{threatIntelSetId}` only the create answers; Bitbucket's reports, made by a `PUT` of
 * `…/reports/{reportId}`): the records are keyed by a property named after the parameter that the engine
 * keeps and no answer shows, made by the service as the parameter's schema says (whole numbers in order,
 * seeded UUIDs, else seeded strings), or named by the client's `PUT`. Without either no client could
 * learn a key, so none is made: such a collection is answered from the document, and the start says why.
 */
function keyHeldByPath(schema: JsonSchema, parameters: readonly string[], parameterSchemas: readonly JsonSchema[], { namedByClient }: { namedByClient: boolean }): { key: KeyRule; schema: JsonSchema } | undefined {
  const [parameter] = parameters;
  if (parameter === undefined || parameter === '' || parameters.some(other => other !== parameter)) return undefined;
  const properties = schema.properties ?? {};
  if (Object.keys(properties).some(name => fieldNameKey(name) === fieldNameKey(parameter))) return undefined;
  const keySchema: JsonSchema = { ...(parameterSchemas.find(candidate => candidate.type !== undefined) ?? parameterSchemas[0] ?? { type: 'string' }), readOnly: true };
  const bounds = keyBounds(keySchema);
  const whole = typeIncludes(keySchema, 'integer') || typeIncludes(keySchema, 'number');
  if (!whole && !typeIncludes(keySchema, 'string') && keySchema.type !== undefined) return undefined;
  // Only a PUT makes them: a key the client names, which whole numbers given in order are not.
  if (namedByClient && whole) return undefined;
  const kind = whole ? 'sequence' : keySchema.format === 'uuid' ? 'uuid' : 'generated';
  return { key: { property: parameter, kind, acceptsClientKey: false, bounds, schema: keySchema, heldByPath: true }, schema: { ...schema, properties: { ...properties, [parameter]: keySchema } } };
}

/**
 * Where a create takes a client's key its own item path refuses (Lago's billing entity `code`, any
 * string in the body, `format: uuid` in `/billing_entities/{code}`): what the start says of it. A
 * record created with such a key is stored and listed, but no read reaches it, and its create
 * answers no `Location`.
 */
function keyNoPathReaches(resource: Resource, body: JsonSchema | undefined): string | undefined {
  const sent = body === undefined ? undefined : mergeAllOf(mergeAllOf(body).properties?.[resource.key.property] ?? {});
  if (!resource.key.acceptsClientKey || sent === undefined || !typeIncludes(sent, 'string')) return undefined;
  const asked = STRING_CONSTRAINTS.filter(keyword => resource.key.schema[keyword] !== undefined && sent[keyword] === undefined);
  const [itemPath] = resource.itemPaths;
  if (asked.length === 0 || itemPath === undefined) return undefined;
  const constraints = asked.map(keyword => `${keyword}: ${JSON.stringify(resource.key.schema[keyword])}`).join(', ');
  return `its body's ${resource.key.property} takes any string, which ${itemPath} refuses unless it has ${constraints}: ${withArticle(resource.singular)} created with another is stored and listed, but no read reaches it (its answer has no Location)`;
}

/** What a string key must be to be asked for by its path: a parameter's format, pattern, length or values, where the property's schema says none of them. */
const STRING_CONSTRAINTS = ['format', 'pattern', 'minLength', 'maxLength', 'enum'] as const;

/**
 * The key property's schema with the string constraints its path parameter adds (Immich's `id` is a
 * plain string, its `{id}` a `format: uuid`): a key made from the property's schema alone would be
 * refused by every path that asks for its record (400). A property that constrains itself is left as it is.
 */
function withParameterConstraints(keySchema: JsonSchema, parameterSchemas: readonly JsonSchema[]): JsonSchema {
  if (!typeIncludes(keySchema, 'string') || STRING_CONSTRAINTS.some(keyword => keySchema[keyword] !== undefined)) return keySchema;
  const constraining = parameterSchemas.find(parameter => typeIncludes(parameter, 'string') && STRING_CONSTRAINTS.some(keyword => parameter[keyword] !== undefined));
  if (constraining === undefined) return keySchema;
  return { ...keySchema, ...Object.fromEntries(STRING_CONSTRAINTS.flatMap(keyword => (constraining[keyword] === undefined ? [] : [[keyword, constraining[keyword]]]))) };
}

/**
 * The property an item path's parameter names: by name, case, `-` and `_` aside (`username`,
 * `eventId`); else by its name less the record's (`{role-name}`, `{roleName}` under `/roles` →
 * `name`, `{external_customer_id}` under `/customers` → `external_id`, `{preheat_instance_name}` under
 * `/preheat/instances` → `name`); else, for an ordinal (`{index}`), the
 * record's whole number named as one (`number`); else `id` for a parameter ending in `id` or naming the record (`{customer}` under `/customers`);
 * else `name` for one ending in a word `Name` (`{resourceName}`, `{cache_name}`).
 */
function propertyNamedBy(schema: JsonSchema, parameter: string, singular: string): string | undefined {
  const byName = new Map(Object.keys(schema.properties ?? {}).map(name => [fieldNameKey(name), name]));
  const wanted = fieldNameKey(parameter);
  const noun = fieldNameKey(singular);
  const exact = byName.get(wanted);
  if (exact !== undefined) return exact;
  // The record's noun where it stands in the name: first (`roleName` → `name`) or within (`external_customer_id` → `external_id`).
  const at = noun === '' || wanted.length <= noun.length ? -1 : wanted.indexOf(noun);
  const bare = at < 0 ? undefined : wanted.slice(0, at) + wanted.slice(at + noun.length);
  // Else the words before the noun qualify it, as the path's do (`preheat_instance_name` under `/preheat/instances` → `name`).
  const unnamed = bare === undefined ? undefined : (byName.get(bare) ?? byName.get(wanted.slice(at + noun.length)));
  if (unnamed !== undefined) return unnamed;
  const ordinal = ordinalNamedBy(schema, bare ?? wanted);
  if (ordinal !== undefined) return ordinal;
  const identity = /id$/i.test(parameter) || (noun !== '' && wanted === noun) ? byName.get('id') : undefined;
  // A name of a kind (`{resourceName}`, `{cache_name}`: Azure names every resource so) is the record's `name`; a bare `{username}`
  // is not, nor one of two alternatives (`{build_id_or_name}`, read by eitherKeyOf).
  const nameOfKind = /[a-z0-9]Name$|[a-z0-9][_-]name$/.test(parameter) && alternativesIn(parameter) === undefined;
  return identity ?? (nameOfKind ? byName.get('name') : undefined);
}

/**
 * Whether a collection path lies below an item path of its own records, its next segment naming a
 * property of the record (`/issues/{index}/assignees` of an issue's `assignees`): a part of that record
 * changed at a path of its own, not records kept under it.
 */
function actsOnItsRecord(candidate: { path: string; schema: JsonSchema }, candidates: readonly { path: string; schema: JsonSchema }[], itemPathsOf: ReadonlyMap<string, string[]>): boolean {
  const properties = new Set(Object.keys(mergeAllOf(candidate.schema).properties ?? {}).map(fieldNameKey));
  return candidates.some(other => other !== candidate && other.schema === candidate.schema && (itemPathsOf.get(other.path) ?? []).some(itemPath => {
    const next = candidate.path.startsWith(`${itemPath}/`) ? candidate.path.slice(itemPath.length + 1).split('/')[0] : undefined;
    return next !== undefined && !next.includes('{') && properties.has(fieldNameKey(next));
  }));
}

/** Words for a record's place in the sequence of its collection: an issue's `number`, addressed as `/issues/{index}`. */
const ORDINAL_WORDS = new Set(['index', 'number', 'num', 'no', 'nr']);

/**
 * The record's one whole-number property named as an ordinal, where the parameter is named as another
 * (`{index}`, `{issue_index}` under `/issues` → `number`): the two words say the same place.
 */
function ordinalNamedBy(schema: JsonSchema, wanted: string): string | undefined {
  if (!ORDINAL_WORDS.has(wanted)) return undefined;
  const named = Object.entries(schema.properties ?? {}).filter(([name, property]) => ORDINAL_WORDS.has(fieldNameKey(name)) && typeIncludes(mergeAllOf(property), 'integer'));
  return named.length === 1 ? named[0]?.[0] : undefined;
}

/** The child's property holding the parent's key: the path parameter's name, else `<parent>Id` (`ownerId`, `owner_id`). */
/**
 * The record's schema with each property it requires but does not list (Lago's WalletObject requires
 * `balance`) listed, of any value: a record holds it (the store keeps only listed properties, and the
 * service assigns it, generated), as every answer's schema requires.
 */
function withRequiredListed(schema: JsonSchema): JsonSchema {
  const properties = schema.properties ?? {};
  const unlisted = (schema.required ?? []).filter(name => !Object.hasOwn(properties, name));
  return unlisted.length === 0 ? schema : { ...schema, properties: { ...properties, ...Object.fromEntries(unlisted.map(name => [name, {}])) } };
}

/** The read-only whole number named as an identity (`id`, `pk`) beside another key: the service numbers its records by it. */
function numberedField(fields: readonly string[], properties: Readonly<Record<string, JsonSchema>>, key: string): { numbered: string } | Record<string, never> {
  const numbered = fields.find(field => field !== key && /^(?:id|pk)$/i.test(field) && properties[field]?.readOnly === true && typeIncludes(mergeAllOf(properties[field] ?? {}), 'integer'));
  return numbered === undefined ? {} : { numbered };
}

function findForeignKey(child: Resource, parent: Resource, parameter: string | undefined): string | undefined {
  const lower = new Map(child.fields.map(field => [field.toLowerCase(), field]));
  const candidates = [parameter, `${parent.singular}id`, `${parent.singular}_id`].filter((name): name is string => name !== undefined);
  for (const candidate of candidates) {
    const found = lower.get(candidate.toLowerCase());
    // A child's own `id` is its identity, whatever its key: `/clients/{id}/roles` does not make a role's `id` its client's.
    if (found && found !== child.key.property && found.toLowerCase() !== 'id') return found;
  }
  return undefined;
}

/**
 * The parents a create may name in its body where its path names none (`/payment_requests` with
 * `external_customer_id`): each parent another path of the collection names by a parameter
 * (`/customers/{external_customer_id}/payment_requests`) whose key the record holds inside an
 * embedded object (`customer.external_id`). The body's property of the parameter's name is that key.
 */
function parentKeysInBody(create: OperationPlan, plans: Iterable<OperationPlan>): ParentKeySent[] {
  const found = new Map<string, ParentKeySent>();
  for (const plan of plans) {
    if (plan.resource !== create.resource) continue;
    for (const link of plan.parents) {
      if (link.foreignKeyIn === undefined || create.parents.some(parent => parent.resource === link.resource) || found.has(link.parameter)) continue;
      found.set(link.parameter, { field: link.parameter, resource: link.resource, ...link.foreignKeyIn });
    }
  }
  return [...found.values()];
}

/**
 * The child's object property named after the parent (`customer`, case and `_` aside) that declares
 * the parent's key property (`external_id`) of a type its key compares with: the child names its parent there.
 */
function embeddedParentKey(child: Resource, parent: Resource): { object: string; property: string } | undefined {
  const wanted = fieldNameKey(parent.singular);
  const object = child.fields.find(field => fieldNameKey(field) === wanted && field !== child.key.property);
  const schema = object === undefined ? undefined : mergeAllOf(soleAllOfPart(child.schema.properties?.[object] ?? {}));
  const key = schema?.properties?.[parent.key.property];
  if (object === undefined || schema === undefined || key === undefined || (schema.type !== undefined && !typeIncludes(schema, 'object'))) return undefined;
  const sameType = parent.key.kind === 'sequence' ? typeIncludes(mergeAllOf(key), 'integer') || typeIncludes(mergeAllOf(key), 'number') : typeIncludes(mergeAllOf(key), 'string');
  return sameType ? { object, property: parent.key.property } : undefined;
}

function findParents(path: string, isItem: boolean, itemOwner: ReadonlyMap<string, Resource>, child: Resource): ParentLink[] {
  const segments = path.split('/');
  const parents: ParentLink[] = [];
  let previous: { resource: Resource; parameter: string } | undefined;
  // `/flows/{flowId}/executions` under `/flows/{id}`: a parent's item path matched whatever its parameter's name.
  const anyName = (template: string): string => template.replaceAll(/\{[^}]*\}/g, '{}');
  const ownerOf = (prefix: string): Resource | undefined => itemOwner.get(prefix) ?? [...itemOwner].find(([itemPath]) => anyName(itemPath) === anyName(prefix))?.[1];
  // The record's own parameter is the last segment of an item path; the parents' come before it.
  const last = isItem ? segments.length - 1 : segments.length;
  for (let index = 1; index < last; index += 1) {
    const parameter = TEMPLATE.exec(segments[index] ?? '')?.[1];
    if (parameter === undefined) continue;
    const parent = ownerOf(segments.slice(0, index + 1).join('/'));
    // A property that holds the parent's resource name (a memo's `parent` for `/memos/{memo}/comments`, comments being memos).
    const naming = parent?.key.resourceName === undefined ? undefined : propertyNaming(child.schema, parent.key.resourceName, child.key.property);
    if (!parent || (parent === child && naming === undefined)) continue;
    const inName = child.key.resourceName !== undefined && parent.key.resourceName !== undefined && nameStartsWith(child.key.resourceName, parent.key.resourceName);
    const foreignKey = inName ? undefined : (naming ?? findForeignKey(child, parent, parameter));
    // The segment after the nearest parent, ending the path, names what it holds of the child's (`/people/{id}/assignedTodoItems`, `/todoItems/{id}/owner`).
    const named = index === segments.length - 2 ? segments[index + 1] : undefined;
    const foreignKeyIn = foreignKey === undefined && !inName ? embeddedParentKey(child, parent) : undefined;
    const holds = foreignKey === undefined && foreignKeyIn === undefined && !inName && named !== undefined && !named.includes('{') ? heldKeys(parent, named, child) : undefined;
    parents.push({
      parameter,
      resource: parent.name,
      foreignKey,
      ...(foreignKeyIn !== undefined && { foreignKeyIn }),
      previousForeignKey: previous && findForeignKey(parent, previous.resource, previous.parameter),
      ...(holds !== undefined && { holds }),
      ...(inName && { inName: true as const }),
    });
    previous = { resource: parent, parameter };
  }
  return parents;
}

/**
 * Where a parent's record holds its children's keys under a name (`assignedTodoItems`): a property of
 * that name, at its top or in one of its objects (`relationships`), that is an array (or holds one in
 * `data`) of the child's keys, or of objects holding the child's key property (`{type, id}`); `one`
 * where it holds a single such object in `data` (a to-one relationship: `owner`).
 */
function heldKeys(parent: Resource, name: string, child: Resource): { path: string[]; key: string | undefined; one?: true } | undefined {
  const top = parent.schema.properties ?? {};
  const places: [string[], JsonSchema | undefined][] = [[[name], top[name]], ...Object.entries(top).map(([outer, schema]): [string[], JsonSchema | undefined] => [[outer, name], mergeAllOf(soleAllOfPart(schema)).properties?.[name]])];
  for (const [path, found] of places) {
    if (found === undefined) continue;
    const schema = mergeAllOf(soleAllOfPart(found));
    const data = typeIncludes(schema, 'array') ? schema : schema.properties?.['data'] === undefined ? undefined : mergeAllOf(soleAllOfPart(schema.properties['data']));
    // One: `data` an object holding the child's key (a to-one relationship).
    if (data !== undefined && !typeIncludes(schema, 'array') && data.properties?.[child.key.property] !== undefined && !typeIncludes(data, 'array')) return { path: [...path, 'data'], key: child.key.property, one: true };
    if (data === undefined || !typeIncludes(data, 'array') || data.items === undefined) continue;
    const within = typeIncludes(schema, 'array') ? path : [...path, 'data'];
    const items = mergeAllOf(soleAllOfPart(data.items));
    if (items.properties?.[child.key.property] !== undefined) return { path: within, key: child.key.property };
    if (!typeIncludes(items, 'object') && items.properties === undefined) return { path: within, key: undefined };
  }
  return undefined;
}

/**
 * The path parameters whose values keep a resource's records apart, in path order: each segment that
 * names no collection (`{realm}` in `/{realm}/clients`, `{owner}` and `{repo}` in
 * `/repos/{owner}/{repo}/issues`), and the nearest parent when the records hold no key of it
 * (`/clients/{id}/roles` where a role names no client): records made under one value are not seen
 * under another, as the service keeps them.
 */
function scopeParameters(path: string, keyParameter: string | undefined, parents: readonly ParentLink[], filters: readonly Filter[]): string[] {
  const nearest = parents.at(-1);
  const unlinked = nearest !== undefined && nearest.foreignKey === undefined && nearest.foreignKeyIn === undefined && nearest.holds === undefined && nearest.inName !== true ? nearest.parameter : undefined;
  return path.split('/').flatMap(segment => TEMPLATE.exec(segment)?.[1] ?? []).filter(name =>
    name === unlinked || (name !== keyParameter && !parents.some(parent => parent.parameter === name) && !filters.some(filter => filter.in === 'path' && filter.parameter === name)),
  );
}

/** The property a view's path parameter names: by name (case, `-`, `_` aside), else the one property whose name ends with it (`typeId` → `catalogTypeId`). */
function pathFilterProperty(resource: Resource, parameter: string): string | undefined {
  const wanted = fieldNameKey(parameter);
  const exact = resource.fields.find(field => fieldNameKey(field) === wanted);
  if (exact !== undefined) return exact;
  const endings = resource.fields.filter(field => fieldNameKey(field).endsWith(wanted));
  return endings.length === 1 ? endings[0] : undefined;
}

function findFilters(resource: Resource, query: readonly OpenAPIV3_1.ParameterObject[], createBodies: readonly JsonSchema[]): Filter[] {
  const properties = resource.schema.properties ?? {};
  const filters: Filter[] = [];
  for (const parameter of query) {
    const singular = parameter.name.replace(/(?:es|s)$/, '');
    const property = [parameter.name, singular, `${singular}s`].find(name => properties[name] !== undefined);
    if (property === undefined) {
      const range = findRange(resource, parameter);
      const items = range === undefined ? itemFilter(properties, parameter) : undefined;
      if (range) filters.push({ parameter: parameter.name, ...range });
      else if (items) filters.push({ parameter: parameter.name, ...items, match: 'contains' });
      continue;
    }
    // The key by another name only as a list of keys (`?ids=1&ids=2`, as "get many by ids" endpoints take them).
    if (property === resource.key.property && parameter.name !== property && !typeIncludes((parameter.schema ?? {}) as JsonSchema, 'array')) continue;
    if (!valuesCompare(parameter.schema as JsonSchema | undefined, properties[property])) continue;
    const held = valuesHeld(properties[property], createBodies.map(body => mergeAllOf(body).properties?.[property]));
    const declared = declaredValues(parameter.schema as JsonSchema | undefined);
    // Values of another kind (webhooks' `type=system|default|all` beside a hook's `type` made `dingtalk`, `discord`…): no filter of it.
    if (declared !== undefined && held !== undefined && !declared.some(value => held.includes(value))) continue;
    const unheld = declared === undefined || held === undefined ? [] : declared.filter(value => !held.includes(value));
    filters.push({ parameter: parameter.name, property, match: typeIncludes(properties[property], 'array') ? 'contains' : 'equals', ...(unheld.length > 0 && { filtersNothing: unheld }) });
  }
  return filters;
}

/** The values a parameter (or its items, for an array) declares it takes: its `enum`. */
function declaredValues(schema: JsonSchema | undefined): readonly unknown[] | undefined {
  const merged = schema === undefined ? undefined : mergeAllOf(schema);
  const values = merged !== undefined && typeIncludes(merged, 'array') && merged.items !== undefined && !Array.isArray(merged.items) ? mergeAllOf(merged.items).enum : merged?.enum;
  return Array.isArray(values) ? values : undefined;
}

/** The values a record's property may hold: its `enum` (its items', for an array), else the one a create's body declares for it. */
function valuesHeld(property: JsonSchema | undefined, created: readonly (JsonSchema | undefined)[]): readonly unknown[] | undefined {
  return [property, ...created].map(declaredValues).find(values => values !== undefined);
}

/**
 * A parameter that names a property of the objects an array holds, as `<the array's name or its
 * singular><the items' property, or its plural>` (`list_id` and `list_ids` → `lists[].id`,
 * `tag_name` → `tags[].name`): it keeps the records one of whose items holds a value sent.
 */
function itemFilter(properties: Readonly<Record<string, JsonSchema>>, parameter: OpenAPIV3_1.ParameterObject): { property: string; itemProperty: string } | undefined {
  const wanted = fieldNameKey(parameter.name);
  for (const [property, schema] of Object.entries(properties)) {
    const array = mergeAllOf(schema);
    if (!typeIncludes(array, 'array') || array.items === undefined || Array.isArray(array.items)) continue;
    const items = mergeAllOf(array.items).properties ?? {};
    for (const noun of new Set([fieldNameKey(property), fieldNameKey(singularOf(property))])) {
      const rest = wanted.startsWith(noun) ? wanted.slice(noun.length) : '';
      const itemProperty = Object.keys(items).find(name => rest === fieldNameKey(name) || rest === `${fieldNameKey(name)}s`);
      if (rest !== '' && itemProperty !== undefined && valuesCompare(parameter.schema as JsonSchema | undefined, items[itemProperty])) return { property, itemProperty };
    }
  }
  return undefined;
}

/**
 * Whether a query parameter's values can be compared with a property's (its items', for an array):
 * not where the property is an object (Conduit's `author=jake` names the author's username, not the
 * author), nor a boolean where the parameter is not (`favorited=jake`: the articles jake favorited).
 * A parameter of no declared type compares with anything a query can hold.
 */
function valuesCompare(parameter: JsonSchema | undefined, property: JsonSchema | undefined): boolean {
  const value = property === undefined ? undefined : typeIncludes(property, 'array') && property.items !== undefined ? mergeAllOf(property.items) : mergeAllOf(property);
  if (value === undefined || parameter === undefined) return true;
  const given = mergeAllOf(parameter);
  const typed = given.type !== undefined;
  if (typeIncludes(value, 'object') && value.type !== undefined && !typeIncludes(given, 'object')) return false;
  const only = (schema: JsonSchema, type: string): boolean => (Array.isArray(schema.type) ? schema.type.every(each => each === type || each === 'null') : schema.type === type);
  if (only(value, 'boolean') && typed && !typeIncludes(given, 'boolean')) return false;
  return !(typed && only(given, 'boolean') && !typeIncludes(value, 'boolean') && value.type !== undefined);
}

const LOWER_WORDS: Readonly<Record<string, RangeBound>> = { start: 'atLeast', from: 'atLeast', since: 'atLeast', min: 'atLeast', after: 'above', gte: 'atLeast', gt: 'above' };
const UPPER_WORDS: Readonly<Record<string, RangeBound>> = { end: 'atMost', to: 'atMost', until: 'atMost', max: 'atMost', before: 'below', lte: 'atMost', lt: 'below' };
const BOUND_WORDS: Readonly<Record<string, RangeBound>> = { ...LOWER_WORDS, ...UPPER_WORDS };
/** The words of a range parameter's name, beside what it bounds (the operators `gte`… only as `[gte]`, `.gte`, `__gte`). */
const RANGE_WORDS = Object.keys(BOUND_WORDS).filter(word => !['gte', 'gt', 'lte', 'lt'].includes(word));

/**
 * What a parameter's name says of a range: the bound and the name of what it bounds (`startDate` →
 * at least, `date`; `created[gte]` → at least, `created`; `price_max` → at most, `price`; `since` →
 * at least, nothing named). Undefined for a name that says no bound.
 */
export function rangeBoundOf(name: string): { bound: RangeBound; names: string } | undefined {
  const bound = (word: string): RangeBound => BOUND_WORDS[word.toLowerCase()] as RangeBound;
  const operator = /^(.+?)(?:\[(gte|gt|lte|lt)\]|\.(gte|gt|lte|lt)|__(gte|gt|lte|lt))$/i.exec(name);
  const operatorWord = operator?.[2] ?? operator?.[3] ?? operator?.[4];
  if (operator?.[1] !== undefined && operatorWord !== undefined) return { bound: bound(operatorWord), names: operator[1] };
  if (RANGE_WORDS.includes(name.toLowerCase())) return { bound: bound(name), names: '' };
  const words = RANGE_WORDS.join('|');
  const capitalized = RANGE_WORDS.map(word => `${word.charAt(0).toUpperCase()}${word.slice(1)}`).join('|');
  // A word, then a separator or a capital: `startDate`, `min_price`, `from-date`; never `tokens` or `maximum`.
  const prefix = new RegExp(`^(${words})[_-](.+)$`, 'i').exec(name) ?? new RegExp(`^(${words})([A-Z].*)$`).exec(name);
  if (prefix?.[1] !== undefined && prefix[2] !== undefined) return { bound: bound(prefix[1]), names: prefix[2] };
  // A separator or a capital, then a word: `price_max`, `dateFrom`, `created-before`; never `photo`.
  const suffix = new RegExp(`^(.+?)(?:[_-](${words})|(${capitalized}))$`).exec(name) ?? new RegExp(`^(.+?)[_-](${words})$`, 'i').exec(name);
  const suffixWord = suffix?.[2] ?? suffix?.[3];
  if (suffix?.[1] !== undefined && suffixWord !== undefined) return { bound: bound(suffixWord), names: suffix[1] };
  return undefined;
}

/**
 * A range parameter's property: the one its name names (`startDate` → `date` or `dates`, `created[gte]`
 * → `created` or `created_at`, `min_price` → `price`); a bare `from`/`since`/`to` bounds the record's
 * only date, when the parameter is a date. Each a date or a number, as the parameter is.
 */
function findRange(resource: Resource, parameter: OpenAPIV3_1.ParameterObject): { property: string; match: RangeBound } | undefined {
  const range = rangeBoundOf(parameter.name);
  if (!range) return undefined;
  const properties = resource.schema.properties ?? {};
  const parameterSchema = mergeAllOf((parameter.schema ?? {}) as JsonSchema);
  const isDate = (schema: JsonSchema | undefined): boolean => timeFormatOf(schema) !== undefined;
  const kindOf = (schema: JsonSchema | undefined): 'date' | 'number' | undefined => {
    const merged = schema === undefined ? undefined : mergeAllOf(schema);
    const value = merged !== undefined && typeIncludes(merged, 'array') && merged.items !== undefined ? mergeAllOf(merged.items) : merged;
    if (isDate(value)) return 'date';
    return typeIncludes(value, 'integer') || typeIncludes(value, 'number') ? 'number' : undefined;
  };
  const parameterKind = isDate(parameterSchema) ? 'date' : typeIncludes(parameterSchema, 'integer') || typeIncludes(parameterSchema, 'number') ? 'number' : typeIncludes(parameterSchema, 'string') ? 'text' : undefined;
  const fits = (property: string): boolean => {
    const kind = kindOf(properties[property]);
    return kind !== undefined && (kind === parameterKind || (kind === 'date' && parameterKind === 'text') || (kind === 'number' && parameterKind === 'date' && /(?:created|updated|_at|At|time|date)$/i.test(property)));
  };
  const normalized = (name: string): string => name.toLowerCase().replaceAll(/[_-]/g, '');
  const byName = new Map(Object.keys(properties).map(name => [normalized(name), name]));
  if (range.names === '') {
    // `from`, `since`, `until`: the record's only date, for a parameter that is one.
    if (parameterKind !== 'date') return undefined;
    const dates = Object.keys(properties).filter(name => name !== resource.key.property && fits(name));
    const [only] = dates;
    return dates.length === 1 && only !== undefined ? { property: only, match: range.bound } : undefined;
  }
  const base = normalized(range.names);
  const property = [base, `${base}s`, base.replace(/(?:es|s)$/, ''), `${base}at`, `${base}date`, `${base}time`].map(name => byName.get(name)).find((name): name is string => name !== undefined && name !== resource.key.property && fits(name));
  return property === undefined ? undefined : { property, match: range.bound };
}

/**
 * The operations with each path read without what only spells it (a trailing `/`, a format suffix such as
 * Rails' `.json` on its last segment: `/categories.json`, `/categories/{id}.json`), where the document has
 * no path so read and no other path reads the same; and each path as written.
 */
function asReadPaths(given: ReadonlyMap<string, DocumentOperation>): { operations: ReadonlyMap<string, DocumentOperation>; writtenPath: (path: string) => string; writtenPathOf: (operation: DocumentOperation) => string } {
  const { operations: unfragmented, writtenPathOf } = withoutFragments(given);
  const { operations, writtenPath } = withoutSuffixes(unfragmented);
  return { operations, writtenPath, writtenPathOf: operation => writtenPathOf(operation) ?? writtenPath(operation.path) };
}

/**
 * The operations with each path written with a fragment (`/permission-group#maxResults`, see fragment-paths) read as
 * the path a request is sent to (`/permission-group`), where no other operation of its method is at that path: a list
 * written so is its collection's beside the create at `/permission-group`. Those that share a method and path
 * (DynamoDB's every `POST /#X-Amz-Target=…`) stay as written: actions, told apart by a header, not a collection.
 */
function withoutFragments(given: ReadonlyMap<string, DocumentOperation>): { operations: ReadonlyMap<string, DocumentOperation>; writtenPathOf: (operation: DocumentOperation) => string | undefined } {
  const atPath = new Map<string, number>();
  for (const operation of given.values()) {
    const at = `${operation.method} ${pathWithoutFragment(operation.path)}`;
    atPath.set(at, (atPath.get(at) ?? 0) + 1);
  }
  const written = new Map<string, string>();
  const operations = new Map(
    [...given].map(([id, operation]): [string, DocumentOperation] => {
      const read = pathWithoutFragment(operation.path);
      if (read === operation.path || (atPath.get(`${operation.method} ${read}`) ?? 0) > 1) return [id, operation];
      written.set(id, operation.path);
      return [id, { ...operation, path: read }];
    }),
  );
  return { operations, writtenPathOf: operation => written.get(operation.operationId) };
}

function withoutSuffixes(given: ReadonlyMap<string, DocumentOperation>): { operations: ReadonlyMap<string, DocumentOperation>; writtenPath: (path: string) => string } {
  const paths = new Set([...given.values()].map(operation => operation.path));
  const readAs = (path: string): string => {
    const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const unsuffixed = bare.replace(FORMAT_SUFFIX, '');
    // `{name}.json` under a collection the document writes bare (`/files`, `/files/{id}`) is data of a
    // file, not the format of every path: only a document that writes its collections so is read so.
    const templated = unsuffixed.endsWith('}');
    return templated && unsuffixed !== bare && paths.has(unsuffixed.slice(0, unsuffixed.lastIndexOf('/')) || '/') ? bare : unsuffixed;
  };
  const readers = new Map<string, Set<string>>();
  for (const path of paths) {
    const read = readAs(path);
    if (read !== path) readers.set(read, (readers.get(read) ?? new Set()).add(path));
  }
  const written = new Map<string, string>();
  const operations = new Map(
    [...given].map(([id, operation]): [string, DocumentOperation] => {
      const path = operation.path;
      const read = readAs(path);
      if (read === path || read === '' || paths.has(read) || (readers.get(read)?.size ?? 0) > 1) return [id, operation];
      written.set(read, path);
      return [id, { ...operation, path: read }];
    }),
  );
  return { operations, writtenPath: path => written.get(path) ?? path };
}

/** A format suffix on a path's last segment (`.json`, `.xml`, `.yaml`), after a name or a template. */
const FORMAT_SUFFIX = /(?<=[^/.])\.(?:json|xml|ya?ml)$/i;

function parametersOf(resolved: OpenAPIV3_1.Document, path: string, definition: OpenAPIV3_1.OperationObject): OpenAPIV3_1.ParameterObject[] {
  // Parameters of the path item apply to each of its operations, unless an operation redeclares them.
  const pathParameters = ((resolved.paths?.[path] as OpenAPIV3_1.PathItemObject | undefined)?.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const own = (definition.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  return [...pathParameters.filter(parameter => !own.some(mine => mine.name === parameter.name && mine.in === parameter.in)), ...own];
}

/** An operation's lowest 2xx answer (or that of `code`): its status, and its JSON body's schema. */
function successOf(definition: OpenAPIV3_1.OperationObject, code = successCode(definition)): { status: number; hasBody: boolean; schema: JsonSchema | undefined } {
  const schema = successSchema(definition, code);
  return { status: Number(code ?? 200), hasBody: schema !== undefined, schema };
}

function answersArray(success: ReturnType<typeof successOf>): boolean {
  return typeIncludes(mergeAllOf(success.schema ?? {}), 'array');
}

function planSuccess(success: ReturnType<typeof successOf>, isRecord: boolean): OperationPlan['success'] {
  return { status: success.status, hasBody: success.hasBody, bodyIsRecord: isRecord, ...(!isRecord && success.schema !== undefined && { schema: success.schema }) };
}

function requestSchema(definition: OpenAPIV3_1.OperationObject | undefined): JsonSchema | undefined {
  return requestBodySchema(definition);
}

/** Whether a create's body names one of the record's properties (case and `_` aside): else it sends no such record. */
function sharesProperty(body: JsonSchema | undefined, record: JsonSchema): boolean {
  if (body === undefined) return false;
  if (body === record) return true;
  const fields = new Set(Object.keys(mergeAllOf(record).properties ?? {}).map(fieldNameKey));
  return Object.keys(mergeAllOf(body).properties ?? {}).some(name => fields.has(fieldNameKey(name)));
}

/** The schema object itself when it is an object schema with properties (`allOf` parts counted). */
function asObjectSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  return schema !== undefined && !typeIncludes(schema, 'array') && hasProperties(schema) ? schema : undefined;
}

function hasProperties(schema: JsonSchema): boolean {
  return Object.keys(mergeAllOf(schema).properties ?? {}).length > 0;
}

/** The records of a list answer: an array's items, or the one array of objects a wrapper holds. */
/**
 * Whether a success schema answers a list: an array, or a page wrapping one array of records beside
 * facts of the page (`{pageIndex, pageSize, count, data}`); a record that holds one array (an order's
 * lines) has no such facts and is no list.
 */
function answersList(schema: JsonSchema | undefined): boolean {
  if (typeIncludes(schema, 'array')) return true;
  const shape = findListShape(schema, items => asObjectSchema(items) !== undefined);
  return shape?.kind === 'wrapped' && shape.facts.length > 0;
}

function listedItems(schema: JsonSchema | undefined): JsonSchema | undefined {
  let found: JsonSchema | undefined;
  findListShape(schema, items => {
    if (asObjectSchema(items) === undefined) return false;
    found = items;
    return true;
  });
  return found;
}

/** The resources by their records' schema, each found by that very object or (a copy of it) by one written alike. */
interface RecordSchemas {
  set(schema: JsonSchema, resource: Resource): void;
  /** The resource of `schema`, or of the one schema of a resource written alike (none where several are). */
  get(schema: JsonSchema): Resource | undefined;
  has(schema: JsonSchema): boolean;
  /** Whether `schema` is `resource`'s, or (being no resource's own) written alike to it and no other's. */
  is: (schema: JsonSchema, resource: Resource) => boolean;
  /** Whether `schema` is the very object of `resource`'s. */
  isSource: (schema: JsonSchema, resource: Resource) => boolean;
}

function recordSchemas(fingerprintOf: (schema: JsonSchema) => string): RecordSchemas {
  const byObject = new Map<JsonSchema, Resource>();
  // null: several resources' schemas are written alike (`/tags` and `/categories` of `{id, name}`).
  const byFingerprint = new Map<string, Resource | null>();
  return {
    set(schema, resource) {
      byObject.set(schema, resource);
      const fingerprint = fingerprintOf(schema);
      const earlier = byFingerprint.get(fingerprint);
      byFingerprint.set(fingerprint, earlier === undefined || earlier === resource ? resource : null);
    },
    get: schema => byObject.get(schema) ?? byFingerprint.get(fingerprintOf(schema)) ?? undefined,
    has(schema) {
      return this.get(schema) !== undefined;
    },
    is: (schema, resource) => byObject.get(schema) === resource || (!byObject.has(schema) && byFingerprint.get(fingerprintOf(schema)) === resource),
    isSource: (schema, resource) => byObject.get(schema) === resource,
  };
}

function methodsAt(byPath: ReadonlyMap<string, DocumentOperation[]>, path: string): DocumentOperation[] {
  return byPath.get(path) ?? [];
}

/** The path of the document's first server (`/admin/realms` of `https://keycloak.example.com/admin/realms`), its variables left as written. */
function serverPathOf(resolved: OpenAPIV3_1.Document): string {
  const url = resolved.servers?.[0]?.url ?? '';
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return path.split(/[?#]/)[0] ?? '';
}

/**
 * Each resource's name made unique: where several are named after the same last segment, the one at
 * the shortest path keeps it (PagerDuty's `/incidents` beside `/analytics/raw/incidents`, `/services`
 * beside `/status_pages/{id}/services`), the document's order deciding between equals; the others are
 * numbered (`incidents2`).
 */
function nameApart(resources: readonly Resource[]): void {
  const depth = (resource: Resource): number => (resource.collectionPaths[0] ?? '').split('/').length;
  const byClaim = [...resources].sort((one, other) => depth(one) - depth(other));
  const used = new Set<string>();
  for (const resource of byClaim) {
    let name = resource.name;
    for (let n = 2; used.has(name); n += 1) name = `${resource.name}${n}`;
    used.add(name);
    (resource as { name: string }).name = name;
  }
}

function lastLiteral(path: string): string | undefined {
  return path
    .split('/')
    .filter(segment => segment !== '' && !segment.startsWith('{'))
    .at(-1);
}

const IRREGULAR_PLURALS: Readonly<Record<string, string>> = { people: 'person', children: 'child', men: 'man', women: 'woman', mice: 'mouse', geese: 'goose', feet: 'foot', teeth: 'tooth', caches: 'cache' };

/** `pets` → `pet`, `categories` → `category`, `addresses` → `address`, `people` → `person`, `pet` → `pet`. */
export function singularOf(name: string): string {
  const irregular = Object.hasOwn(IRREGULAR_PLURALS, name.toLowerCase()) ? IRREGULAR_PLURALS[name.toLowerCase()] : undefined;
  if (irregular !== undefined) return name.charAt(0) === name.charAt(0).toUpperCase() ? `${irregular.charAt(0).toUpperCase()}${irregular.slice(1)}` : irregular;
  if (/ies$/i.test(name)) return `${name.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh)es$/i.test(name)) return name.slice(0, -2);
  if (/s$/i.test(name) && !/ss$/i.test(name)) return name.slice(0, -1);
  return name;
}
