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
  const declared = declaredMediaTypes(operation);
  const received = body.kind === 'not-json' || body.kind === 'form' || body.kind === 'invalid-multipart' ? body.contentType : undefined;
  const undeclared = received !== undefined && operation.request?.body !== undefined && !declared.some(mediaType => sameMediaType(mediaType, received));
  // A multipart body of a declared media type that cannot be read (Prism calls it a 415 too) is a bad body, not a bad media type.
  if (undeclared || (errors.some(diagnostic => diagnostic.code === 415) && body.kind !== 'invalid-multipart')) {
    const contentType = received ?? request.headers?.['content-type'];
    return declared.length === 0 ? bodyNotTaken(operation, contentType) : unsupportedMediaType(contentType, declared);
  }
  if (body.kind === 'invalid-json') return invalidJson(body.reason);
  if (body.kind === 'invalid-multipart') return errorResponse('invalid_request', `Request body is not valid multipart/form-data: ${body.reason}.`);
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
  return unsupportedMediaType(contentType, []);
}

/** The 415 of a body of a media type the operation does not take, naming it and those it does (JSON where it declares none). */
function unsupportedMediaType(contentType: string | undefined, declared: readonly string[]): IHttpResponse {
  const wanted = declared.length === 0 ? 'application/json' : declared.join(' or ');
  return errorResponse('unsupported_media_type', `Content-Type must be ${wanted}, not ${contentType ? `"${contentType}"` : 'missing'}.`);
}

/** The 415 of a body sent to an operation that declares none (Swagger 2.0's `consumes` without a `body` parameter): no media type would do. */
function bodyNotTaken(operation: IHttpOperation, contentType: string | undefined): IHttpResponse {
  const sent = contentType ? ` (one came as "${contentType}")` : '';
  return errorResponse('unsupported_media_type', `${operation.method.toUpperCase()} ${operation.path} takes no request body: send the request without one${sent}.`);
}

/** The media types the operation's request body is declared in: `application/json`, `application/x-www-form-urlencoded`, … */
function declaredMediaTypes(operation: IHttpOperation): string[] {
  return (operation.request?.body?.contents ?? []).map(content => content.mediaType);
}

/** Whether a declared media type (perhaps a range: `application/*`, `*\/*`) takes the one received. */
function sameMediaType(declared: string, received: string | undefined): boolean {
  if (received === undefined) return false;
  const [type, subtype] = declared.toLowerCase().split(';', 1)[0]?.trim().split('/') ?? [];
  const [receivedType, receivedSubtype] = received.toLowerCase().split('/');
  return (type === '*' || type === receivedType) && (subtype === '*' || subtype === receivedSubtype);
}

/** The 400 of a body that does not parse as JSON, with the parser's reason. */
export function invalidJson(reason: string): IHttpResponse {
  return errorResponse('invalid_json', `Request body is not valid JSON: ${reason}.`);
}
