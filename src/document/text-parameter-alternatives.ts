import type { IHttpOperation, IHttpParam } from '@stoplight/types';

/** The types a parameter's text may be read as. */
const SCALAR_TYPES: ReadonlySet<unknown> = new Set(['integer', 'number', 'string', 'boolean']);

const PARAMETER_PLACES = ['path', 'query', 'headers', 'cookie'] as const;

/**
 * The operations with each parameter whose schema is a `oneOf` of different scalar types (GitHub's
 * `workflow_id`, `oneOf [integer, string]`: "the ID of the workflow, or its file name") read as an
 * `anyOf`. A parameter is text: `161335` reads as the integer and is the string, so it matches both
 * alternatives, and `oneOf` refused every id the document allows (400 "must match exactly one
 * schema in oneOf"). Which alternative the text is, is the server's reading; the text is valid where
 * one reading is. Alternatives of one type (two string patterns) are left as written.
 */
export function withTextParameterAlternatives(operations: IHttpOperation[]): IHttpOperation[] {
  return operations.map(operation => {
    if (operation.request === undefined) return operation;
    let request = operation.request;
    for (const place of PARAMETER_PLACES) {
      const parameters = request[place] as IHttpParam[] | undefined;
      const read = parameters?.map(readAsText);
      if (read !== undefined && read.some((parameter, index) => parameter !== parameters?.[index])) request = { ...request, [place]: read };
    }
    return request === operation.request ? operation : { ...operation, request };
  });
}

/** The parameter with its schema's `oneOf` of scalar types an `anyOf`; the same object where there is none. */
function readAsText(parameter: IHttpParam): IHttpParam {
  const schema = parameter.schema as Record<string, unknown> | undefined;
  const alternatives = schema?.['oneOf'];
  if (schema === undefined || !Array.isArray(alternatives) || schema['anyOf'] !== undefined) return parameter;
  const types = alternatives.map(alternative => (typeof alternative === 'object' && alternative !== null ? (alternative as Record<string, unknown>)['type'] : undefined));
  if (types.length < 2 || !types.every(type => SCALAR_TYPES.has(type)) || new Set(types).size !== types.length) return parameter;
  const read: Record<string, unknown> = { ...schema, anyOf: alternatives };
  delete read['oneOf'];
  return { ...parameter, schema: read };
}
