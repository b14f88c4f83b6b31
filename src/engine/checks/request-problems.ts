import type { IPrismDiagnostic } from '@stoplight/prism-core';
import type { IHttpRequest, IHttpResponse } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';
import { describeDiagnostics, isError } from './diagnostics.js';
import { findParameterNumberProblem } from './parameter-numbers.js';
import type { DecodedBody, RoundedNumber } from '../http/index.js';
import { errorResponse } from '../responses/index.js';

export interface RequestFacts {
  operation: IHttpOperation;
  request: IHttpRequest;
  /** Prism's security and input diagnostics. */
  diagnostics: readonly IPrismDiagnostic[];
  /** What the engine made of the body before Prism saw it. */
  body: DecodedBody;
  bodyLimit: number;
}

/**
 * The error a routed request with acceptable credentials (see `findCredentialProblem` in credentials.ts,
 * checked first) gets, if any, in the order a real service checks: the body's size, media type, syntax, and
 * finally Prism's schema diagnostics.
 */
export function findInputProblem({ operation, request, diagnostics, body, bodyLimit }: RequestFacts): IHttpResponse | undefined {
  const errors = diagnostics.filter(isError);
  if (body.kind === 'too-large') return bodyTooLarge(bodyLimit);
  if (errors.some(diagnostic => diagnostic.code === 415) || (body.kind === 'not-json' && operation.request?.body)) {
    return notJson(body.kind === 'not-json' ? body.contentType : request.headers?.['content-type']);
  }
  if (body.kind === 'invalid-json') return invalidJson(body.reason);
  if (body.kind === 'json' && body.rounded) return roundedNumber(body.rounded);
  if (errors.length === 0) {
    const numberProblem = findParameterNumberProblem(operation, request.url.query ?? {}, request.url.path);
    return numberProblem === undefined ? undefined : errorResponse('invalid_request', numberProblem);
  }
  // Prism reports a JSON `null` body as a missing one.
  if (errors.some(diagnostic => diagnostic.message === 'Body parameter is required')) {
    return errorResponse('invalid_request', body.kind === 'json' ? 'Request body must be object, not null.' : 'Request body is required: send a JSON object.');
  }
  return errorResponse('invalid_request', describeDiagnostics(errors, operation));
}

/** The 413 of a body over the limit, for API and admin requests alike. */
export function bodyTooLarge(bodyLimit: number): IHttpResponse {
  return errorResponse('payload_too_large', `The request body is larger than ${bodyLimit} bytes.`);
}

/** The 400 of a JSON body holding a number `JSON.parse` reads as another (`1.0000000000000000001` as 1), for API and admin requests alike. */
export function roundedNumber({ path, literal, value }: RoundedNumber): IHttpResponse {
  return errorResponse(
    'invalid_request',
    `Request body property ${path || '(the body)'} is ${literal}, which a JavaScript number cannot hold exactly (it reads ${value}); the mock refuses it rather than store another value.`,
  );
}

/** The 415 of a body that is not JSON, naming the media type received. */
export function notJson(contentType: string | undefined): IHttpResponse {
  return errorResponse('unsupported_media_type', `Content-Type must be application/json, not ${contentType ? `"${contentType}"` : 'missing'}.`);
}

/** The 400 of a body that does not parse as JSON, with the parser's reason. */
export function invalidJson(reason: string): IHttpResponse {
  return errorResponse('invalid_json', `Request body is not valid JSON: ${reason}.`);
}
