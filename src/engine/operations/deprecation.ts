import type { IHttpResponse } from '@stoplight/prism-http';
import { DocumentShapeError, type DocumentOperation, type PetstoreDocument } from '../../document/index.js';
import { errorResponse } from '../responses/index.js';

/**
 * Headers every response of a deprecated operation carries, derived from the document:
 * `deprecated: true`, `x-deprecated-at` → `Deprecation: @<unix-seconds>` (RFC 9745; `@0` without it),
 * `x-sunset` → `Sunset: <HTTP-date>` (RFC 8594), `x-successor-operation` → `Link: <…>; rel="successor-version"`, `externalDocs` → `Link: <…>; rel="deprecation"`.
 */
export function deprecationHeaders(operation: DocumentOperation, document: PetstoreDocument): Record<string, string> {
  const { definition } = operation;
  if (definition.deprecated !== true) return {};
  const headers: Record<string, string> = {};
  // Without x-deprecated-at the date is unknown but the deprecation is in effect: RFC 9745 has no
  // "true" (Prism's old-draft form), so the epoch, a date every client reads as already passed.
  const deprecatedAt = readDate(definition['x-deprecated-at'], 'x-deprecated-at', operation) ?? new Date(0);
  headers['deprecation'] = `@${Math.floor(deprecatedAt.getTime() / 1000)}`;
  const sunset = sunsetOf(operation);
  if (sunset) headers['sunset'] = sunset.toUTCString();
  const successor = successorOf(operation, document);
  const links = successor ? [`<${document.basePath}${successor.path}>; rel="successor-version"`] : [];
  // RFC 9745 §3: where the deprecation is explained.
  if (definition.externalDocs?.url) links.push(`<${definition.externalDocs.url}>; rel="deprecation"`);
  if (links.length > 0) headers['link'] = links.join(', ');
  return headers;
}

/** The sunset date of an operation, if the document gives one. */
export function sunsetOf(operation: DocumentOperation): Date | undefined {
  return readDate(operation.definition['x-sunset'], 'x-sunset', operation);
}

/** What a deprecated operation answers once its sunset has passed: `410 operation_sunset`, pointing to its successor. */
export function goneResponse(operation: DocumentOperation, document: PetstoreDocument, sunset: Date): IHttpResponse {
  const successor = successorOf(operation, document);
  const instead = successor ? `; use ${successor.method.toUpperCase()} ${document.basePath}${successor.path} instead` : '';
  return errorResponse(
    'operation_sunset',
    `${operation.method.toUpperCase()} ${document.basePath}${operation.path} was removed on ${sunset.toUTCString()}, its sunset date${instead}.`,
  );
}

/** The operation `x-successor-operation` names, if any; a name of no operation is a mistake in the document. */
function successorOf(operation: DocumentOperation, document: PetstoreDocument): DocumentOperation | undefined {
  const successorId = operation.definition['x-successor-operation'];
  if (successorId === undefined) return undefined;
  const successor = typeof successorId === 'string' ? document.operations.get(successorId) : undefined;
  if (!successor) throw new DocumentShapeError(`[petstore-mock] ${operation.operationId}: x-successor-operation names no operation of the document.`);
  return successor;
}

function readDate(value: unknown, field: string, operation: DocumentOperation): Date | undefined {
  if (value === undefined) return undefined;
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    throw new DocumentShapeError(`[petstore-mock] ${operation.operationId}: ${field} must be a date written YYYY-MM-DD, got ${JSON.stringify(value)}.`);
  }
  return date;
}
