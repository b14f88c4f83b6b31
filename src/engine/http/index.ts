// Requests and responses on the wire, whatever the surface: headers, query, bodies, CORS, Fetch.
export { corsHeaders, isPreflight, preflightHeaders } from './cors.js';
export { decodeBody, decodeBodyOnUse } from './request-body.js';
export type { BodyOnUse } from './request-body.js';
export { parseFormBody } from './form-body.js';
export { findRoundedNumber } from './rounded-numbers.js';
export { authorityOf, decodePathSegment, lowerCaseHeaders, parseQuery, pathParameterTexts, splitUrl, templateSegmentsOf } from './request-target.js';
export type { TemplateSegment } from './request-target.js';
export { utf8Length } from './utf8-length.js';
export { NULL_BODY_STATUSES } from './fetch-adapter.js';

export type { DecodedBody } from './request-body.js';
export type { RoundedNumber } from './rounded-numbers.js';
