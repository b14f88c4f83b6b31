// The document's collections as the engine keeps them: resources, keys, relations, list shapes and each operation's plan.
export { fieldNameKey, findResources, namesHeldKey, singularOf } from './find-resources.js';
export type { Filter, KeyRule, RangeBound, OperationPlan, ParentLink, RecordRole, Resource, ResourceModel } from './resource-model.js';
export { fillResourceName, itemPathOfName, lastParameter, nameUnder, resourceNameValues } from './resource-names.js';
export type { NameSegment, ResourceName } from './resource-names.js';
export { findListShape, findPaging, firstPageOf } from './list-shape.js';
export { partListing, soleAllOfPart } from './record-wrapping.js';
export { shownValue } from './shown-values.js';
export type { ListShape, PageFact, Paging } from './list-shape.js';
export type { RecordCopies } from './resource-model.js';
export type { OtherKey } from './either-key.js';
