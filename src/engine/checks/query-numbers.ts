import type { IHttpOperation } from '@stoplight/types';

const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;
const NUMBER_TEXT = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/**
 * Why a query value of an integer or number parameter is not one, as a sentence naming the
 * parameter; undefined when every such value is. Prism's check lets through what JavaScript's
 * `Number()` reads (an empty `limit=` as 0, `0x10` as 16, ` 1` as 1): the mock reads numbers as JSON
 * writes them, in decimal, and refuses an integer it could not hold exactly.
 */
export function findQueryNumberProblem(operation: IHttpOperation, query: Readonly<Record<string, string | string[]>>): string | undefined {
  for (const parameter of operation.request?.query ?? []) {
    const type = (parameter.schema as { type?: unknown } | undefined)?.type;
    const integer = type === 'integer' || (Array.isArray(type) && type.includes('integer'));
    if (!integer && type !== 'number' && !(Array.isArray(type) && type.includes('number'))) continue;
    const given = query[parameter.name];
    for (const text of given === undefined ? [] : Array.isArray(given) ? given : [given]) {
      if (!(integer ? INTEGER_TEXT : NUMBER_TEXT).test(text)) {
        return `Request query parameter ${parameter.name} must be ${integer ? 'an integer' : 'a number'} written in decimal, got ${JSON.stringify(text)}.`;
      }
      if (integer && !Number.isSafeInteger(Number(text))) {
        return `Request query parameter ${parameter.name} is ${text}, which a JavaScript number cannot hold exactly; the mock refuses it rather than read another value.`;
      }
    }
  }
  return undefined;
}
