import type { OpenAPIV3_1 } from 'openapi-types';

/** An operation of the document, raw (with its `x-` extensions) beside where it lives. */
export interface DocumentOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly definition: OpenAPIV3_1.OperationObject & Record<`x-${string}`, unknown>;
}
