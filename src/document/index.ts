// Node's entry of this folder; the browser build uses index.browser.ts in its place (scripts/build.mjs).
export { checkDocumentPath, documentFromSource, hashDocument, loadDocument, reloadDocument } from './load-document.js';
export { compiledDocumentPath, locateDocument } from './locate-document.js';
export { readTextFile } from './read-text-file.js';
export { keepingFirstCollection, resolvedDefinitionOf, responseSchemaOf } from './prepared-document.js';
export type { CompiledDocumentCache, DocumentOperation, PetstoreDocument } from './prepared-document.js';
export { DocumentShapeError } from './document-shape-error.js';
export { IGNORED_HEADER_PARAMETERS } from './unread-parameters.js';
export { DEFAULT_DOCUMENT_LIMITS, DOCUMENT_LIMIT_FLAGS, documentLimits } from './document-limits.js';
export type { DocumentLimits } from './document-limits.js';
export type { OperationRole, FirstCollection } from './first-collection.js';
export { isUnderBasePath } from './base-path.js';
export { enumOfItsType, fromOpenApi30, INLINED_SCHEMAS, isEvaluationKeyword, lowerBound, markBundleKeywords, mergeAllOf, requestBodySchema, successCode, successSchema, timeFormatOf, typeIncludes, upperBound } from './json-schema.js';
export type { JsonSchema } from './json-schema.js';
export { alternativesMatchedAlone } from './alternatives-matched-alone.js';
export { lengthBoundedPattern } from './pattern-lengths.js';
export { fieldNameKey, fillResourceName, findResources, firstPageOf, itemPathOfName, lastParameter, nameUnder, namesHeldKey, partListing, resourceNameValues, shownValue, singularOf, soleAllOfPart } from './resources/index.js';
export type { Filter, KeyRule, RangeBound, ListShape, NameSegment, OperationPlan, OtherKey, PageFact, Paging, ParentLink, RecordCopies, RecordRole, Resource, ResourceModel, ResourceName } from './resources/index.js';
export type { CompiledDocument, DocumentChecks } from './compile-document.js';
