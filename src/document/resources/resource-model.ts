// What the engine keeps state by, as data: the document's resources (collections), how their records
// are keyed and related, and each operation's plan. Read once from the document by findResources.
import type { JsonSchema } from '../json-schema.js';
import type { OtherKey } from './either-key.js';
import type { ListShape, Paging } from './list-shape.js';
import type { ResourceName } from './resource-names.js';

/** What the store does for an operation on a resource's records. */
export type RecordRole = 'list' | 'create' | 'read' | 'replace' | 'merge' | 'remove' | 'replace-by-body' | 'read-part' | 'merge-part' | 'add-to-part' | 'remove-from-part';

/** How a resource's records are told apart, and who makes a new record's key. */
export interface KeyRule {
  /** The property holding the key (`id`, `username`, `eventId`). */
  readonly property: string;
  /** `sequence`: whole numbers in order; `uuid`: seeded UUIDs; `generated`: seeded strings of the key's schema; `client`: taken from the create body. */
  readonly kind: 'sequence' | 'uuid' | 'generated' | 'client';
  /** A create's body may carry the key (its schema declares it): one sent, and free, is kept; else one is made (`uuid`, `generated`). */
  readonly acceptsClientKey: boolean;
  /** The whole numbers a `sequence` key may take, from its schema. */
  readonly bounds: { readonly minimum: number; readonly maximum: number };
  readonly schema: JsonSchema;
  /**
   * Where the key is a resource name (AIP-122: `name`, `memos/abc` for `/api/v1/memos/{memo}`): its
   * template. A path's value is one segment of it; the store keys records by the whole name.
   */
  readonly resourceName?: ResourceName;
  /**
   * Where the key is held by the item path and no property of the record (see keyHeldByPath): the
   * engine keeps it as `property` (the parameter's name) and no answer shows it; a client learns it
   * from a create's `Location`, or from a property of the create's answer named alike (`{ThreatIntelSetId}`).
   */
  readonly heldByPath?: true;
}

/** A collection of the document: one item schema, at every path that lists, creates or addresses its records. */
export interface Resource {
  /** The last fixed segment of its first collection path: `pets`, `pet`, `order`. Unique in the document. */
  readonly name: string;
  /** `pet`, `owner`: what one record is called in messages and error codes. */
  readonly singular: string;
  /** The item schema, its `allOf` merged. */
  readonly schema: JsonSchema;
  readonly collectionPaths: readonly string[];
  readonly itemPaths: readonly string[];
  readonly key: KeyRule;
  /** Properties of a record, in the document's order. */
  readonly fields: readonly string[];
  /** Properties a client sets: neither `readOnly`, `writeOnly` nor a key the service assigns. */
  readonly writableFields: readonly string[];
  /** Properties accepted in a body, never answered (`writeOnly`). */
  readonly writeOnlyFields: readonly string[];
  /**
   * A whole number the service gives each record in turn beside its key (Django REST framework's
   * read-only `id` beside a `slug`): unique in the collection, as a database's identity column.
   */
  readonly numbered?: string;
  /** The other property a path parameter names the record by, per parameter (`{project_name_or_id}`, `{project_name}`: a project's `name`; see otherKeysOf). */
  readonly otherKeys?: Readonly<Record<string, OtherKey>>;
  /** Arrays of another resource's records this one shows (`Owner.pets`), filled from that resource's store by its foreign key. */
  readonly embeds: readonly { readonly property: string; readonly child: string; readonly foreignKey: string }[];
  /** Arrays of copies of another resource's records, each naming its record by key (`Subscriber.lists[]`): a body may send the keys alone. */
  readonly copies: readonly RecordCopies[];
}

/** A parent named by a nested path (`/owners/{ownerId}/pets`): its record must exist, and the child's foreign key names it. */
export interface ParentLink {
  readonly parameter: string;
  readonly resource: string;
  /** The child's property that holds the parent's key (`ownerId`); undefined when the child has none, and then lists are not filtered. */
  readonly foreignKey: string | undefined;
  /**
   * Where the child holds the parent's key only inside an object that embeds the parent (a payment
   * request's `customer.external_id` for `/customers/{external_customer_id}/payment_requests`): that
   * object's property, and the parent's key property in it. Only where `foreignKey` is undefined.
   */
  readonly foreignKeyIn?: { readonly object: string; readonly property: string };
  /**
   * This parent's property that holds the key of the parent the path names before it (`Pet.ownerId`
   * in `/owners/{ownerId}/pets/{petId}/visits`): the two must belong together. Undefined for the
   * first parent, and where this one's records have no such property.
   */
  readonly previousForeignKey: string | undefined;
  /**
   * Where the parent holds the keys of its children where they hold none of it (JSON:API's
   * `relationships.assignedTodoItems.data[].id` for `/people/{id}/assignedTodoItems`): the path to the
   * array, and the property of each item that is a child's key (undefined for an array of keys).
   */
  readonly holds?: { readonly path: readonly string[]; readonly key: string | undefined; readonly one?: true };
  /** Where both are keyed by resource name and the parent's is the start of the child's (`users/7` of `users/7/webhooks/abc`): the child's name says its parent. */
  readonly inName?: true;
}

/** A parent a create's body names (`external_customer_id`), its key held in the record's `object` (`customer`) as `property` (`external_id`). */
export interface ParentKeySent {
  /** The body's property, spelt as the path parameter that names the parent elsewhere. */
  readonly field: string;
  readonly resource: string;
  readonly object: string;
  readonly property: string;
}

/** A query parameter of a list that keeps the records whose property matches it. */
export interface Filter {
  readonly parameter: string;
  readonly property: string;
  /**
   * `equals`: the property is the value (or one of the values sent); `contains`: the property is an
   * array holding one of them (or one whose `name` is); `atLeast`/`atMost`/`above`/`below`: a bound of
   * a range (`startDate`, `created[gte]`, `min_price`), met by the property or, for an array, by one of
   * its values that meets every bound sent on that property.
   */
  readonly match: 'equals' | 'contains' | RangeBound;
  /** For `contains` on an array of objects: the property of each item the values name (`list_id` → `lists[].id`). */
  readonly itemProperty?: string;
  /** `path`: a view's path parameter (`/items/by/{name}`); else a query parameter. */
  readonly in?: 'path';
  /** Values the parameter declares that the property never holds (`state=all` beside `open` and `closed`): sent, they keep every record. */
  readonly filtersNothing?: readonly unknown[];
}

/** How a range parameter bounds its property. */
export type RangeBound = 'atLeast' | 'atMost' | 'above' | 'below';

/** What the store does for one operation. */
export interface OperationPlan {
  readonly operationId: string;
  readonly role: RecordRole;
  readonly resource: string;
  /** The path parameter naming the record, on item paths. */
  readonly keyParameter: string | undefined;
  /** The property that parameter names where it is not the key (`/roles-by-id/{role-id}` beside `/roles/{role-name}`): the record is found by it. */
  readonly keyProperty?: string;
  /**
   * A `PUT` on the item path that creates the record it names where none is held (Azure's resources,
   * Bitbucket's reports, GitHub's secrets): where it declares a `201`, or where nothing else creates the
   * collection's records, and the key is one a client may name (not whole numbers given in order). How
   * it answers a create: as its `201` where it declares one (an update then as its other success), else as its success.
   */
  readonly createsWhereMissing?: { readonly success: OperationPlan['success'] };
  readonly parents: readonly ParentLink[];
  readonly filters: readonly Filter[];
  readonly paging: Paging;
  /** How a list answers. */
  readonly shape: ListShape | undefined;
  /** The properties a list shows of each record, where its items are a part of the record (Conduit's articles without `body`). */
  readonly listedFields?: readonly string[];
  /** The schema of such a part, its `allOf` merged: the values it shows of the record's (see shownValue). */
  readonly listedSchema?: JsonSchema;
  /**
   * The declared success: its status, whether it has a body, and whether that body is the record; else
   * its schema (a delete's `{id, deleted}`). `envelope`: the one property the record is answered in
   * (`{"article": {...}}`), or, beside a schema, the one it is shown in by another schema than its own;
   * `besideEnvelope`: what stands next to that envelope (JSON:API's top-level `links`),
   * generated; `links`: what stands beside the answered record (`allOf [Booking, {links}]`), generated.
   */
  readonly success: {
    readonly status: number;
    readonly hasBody: boolean;
    readonly bodyIsRecord: boolean;
    readonly schema?: JsonSchema;
    readonly envelope?: string;
    readonly besideEnvelope?: JsonSchema;
    /** The envelope may hold `null`: a record another holds no key of is answered so (JSON:API's empty to-one). */
    readonly nullableEnvelope?: true;
    readonly links?: JsonSchema;
  };
  /**
   * On a create: parents its body may name by a property of their path parameter's name, the record
   * holding the key in an object that embeds the parent (see `parentKeysInBody`).
   */
  readonly parentKeysSent?: readonly ParentKeySent[];
  /** The one property of the request body the record is sent in (`{"article": {...}}`). */
  readonly requestEnvelope?: string;
  /**
   * On a create whose body may instead send many records (`{"alerts": [...]}` beside `{"alert": {...}}`):
   * that property, and the one the answer then holds them in (`alerts`).
   */
  readonly many?: { readonly request: string; readonly answer: string };
  /** Path parameters whose values keep the resource's records apart, in path order (see `scopeParameters`). */
  readonly scope?: readonly string[];
  /** On a create of records keyed by resource name: the query parameter that chooses the new record's id (AIP-133's `memoId`). */
  readonly idParameter?: string;
  /** On a merge: the query parameter naming the fields it changes (AIP-134's `updateMask`, `format: field-mask`); without it, the body is merged. */
  readonly fieldMask?: string;
  /**
   * The part of the record a path below its item path names by its fixed segments
   * (`/people/{id}/relationships/assignedTodoItems` → `relationships.assignedTodoItems`): read, merged,
   * added to or removed from (`*-part` roles). `items`: where in the part its array is (`['data']`, or
   * `[]` for an array part): what a POST adds to and a DELETE removes from.
   */
  readonly part?: { readonly path: readonly string[]; readonly items: readonly string[] | undefined; readonly schema: JsonSchema };
}

/**
 * A `POST` below an item path that is no create (`/clients/{id}/registration-access-token`): answered
 * from the document, but only for a record that exists (404 otherwise), found as a read finds it.
 */
export interface RecordAction {
  readonly operationId: string;
  readonly resource: string;
  readonly keyParameter: string;
  readonly parents: readonly ParentLink[];
  /** As a plan's `scope`: the values that keep the record's store apart from others of its resource. */
  readonly scope?: readonly string[];
}

/** Everything the engine keeps state by, read once from the document. */
export interface ResourceModel {
  /** In the document's order of their first path. */
  readonly resources: readonly Resource[];
  readonly byName: ReadonlyMap<string, Resource>;
  /** By operationId; an operation without a plan is answered from the document by Prism's mocker. */
  readonly plans: ReadonlyMap<string, OperationPlan>;
  /** Actions on one record, by operationId: the record must exist; the answer is the document's. */
  readonly actions: ReadonlyMap<string, RecordAction>;
  /** Operations that look like a collection's but whose state the engine could not infer, with why: the mock says so at start. */
  readonly notInferred: readonly { readonly operationId: string; readonly reason: string }[];
}

/**
 * An array of a record that holds copies of another collection's records, each naming its record by
 * that collection's key (listmonk's `Subscriber.lists[]`: a list's `id`, `name`, `tags`, … beside the
 * subscription's own `subscription_status`). A body may send the keys alone (`lists: [3]`).
 */
export interface RecordCopies {
  /** The record's array (`lists`). */
  readonly property: string;
  /** The collection whose records it copies, named as the property is (`lists`, or its singular). */
  readonly collection: string;
  /** The key of that collection, a property of each copy (`id`). */
  readonly key: string;
  /** The copy's properties that the copied record holds alike (the same schema), the key among them: what a copy takes from its record. */
  readonly fields: readonly string[];
}
