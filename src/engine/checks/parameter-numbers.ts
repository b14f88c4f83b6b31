import type { IHttpOperation, IHttpParam } from '@stoplight/types';
import { pathParameterTexts, templateSegmentsOf } from '../http/index.js';

const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;
const NUMBER_TEXT = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/**
 * Why a query or path value of an integer or number parameter (or an item of an array of them) is
 * not one, as a sentence naming the parameter; undefined when every such value is. Prism's check
 * lets through what JavaScript's `Number()` reads (an empty `limit=` as 0, `0x10` as 16, ` 1` as 1,
 * `/pets/1e0` as pet 1): the mock reads numbers as JSON writes them, in decimal, and refuses an
 * integer it could not hold exactly.
 */
export function findParameterNumberProblem(operation: IHttpOperation, query: Readonly<Record<string, string | string[]>>, path?: string): string | undefined {
  const pathParameters = operation.request?.path ?? [];
  // A list's or a create's operation declares none: its path need not be read.
  const pathValues = path === undefined || pathParameters.length === 0 ? {} : pathParameterTexts(templateSegmentsOf(operation), path);
  return (
    findProblem(operation.request?.query ?? [], query, 'query parameter') ?? findProblem(pathParameters, pathValues, 'path parameter')
  );
}

function findProblem(parameters: readonly IHttpParam[], values: Readonly<Record<string, string | string[]>>, kind: string): string | undefined {
  for (const parameter of parameters) {
    const schema = parameter.schema as NumericSchema | undefined;
    // An array's items are read as one value each: repeated (`tag=1&tag=2`) or, not exploded, joined by the style's delimiter (`ids=1,2`).
    const itemKind = typesAs(schema, 'array') ? numericKindOf(schema?.items) : undefined;
    const numeric = itemKind ?? numericKindOf(schema);
    if (numeric === undefined) continue;
    const integer = numeric === 'integer';
    const given = values[parameter.name];
    const texts = given === undefined ? [] : Array.isArray(given) ? given : [given];
    for (const text of itemKind !== undefined && parameter.explode === false ? texts.flatMap(joined => joined.split(delimiterOf(parameter.style))) : texts) {
      if (!(integer ? INTEGER_TEXT : NUMBER_TEXT).test(text)) {
        return `Request ${kind} ${parameter.name} must be ${integer ? 'an integer' : 'a number'} written in decimal, got ${JSON.stringify(text)}.`;
      }
      if (integer && !Number.isSafeInteger(Number(text))) {
        return `Request ${kind} ${parameter.name} is ${text}, which a JavaScript number cannot hold exactly; the mock refuses it rather than read another value.`;
      }
    }
  }
  return undefined;
}

interface NumericSchema {
  type?: unknown;
  items?: NumericSchema;
}

function typesAs(schema: NumericSchema | undefined, type: string): boolean {
  const given = schema?.type;
  return given === type || (Array.isArray(given) && given.includes(type));
}

/** `integer` or `number` when the schema types its value as one (an integer first), else undefined. */
function numericKindOf(schema: NumericSchema | undefined): 'integer' | 'number' | undefined {
  if (typesAs(schema, 'integer')) return 'integer';
  return typesAs(schema, 'number') ? 'number' : undefined;
}

/** What joins a non-exploded array's items: `|` and a space for those styles, else a comma (form, simple). */
function delimiterOf(style: string | undefined): string {
  if (style === 'pipeDelimited') return '|';
  return style === 'spaceDelimited' ? ' ' : ',';
}
