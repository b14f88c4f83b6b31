/**
 * The JSON text of records that can never change again, by record: a list of the store's pets (each
 * deep-frozen; a changed pet is a new record) is serialized once per pet, not on every request.
 */
const textOfRecord = new WeakMap<object, string>();

/**
 * `JSON.stringify(body)`, the same text, reusing that of each unchangeable record of an array: the
 * body's own, or one a plain object holds (a page's `content`, beside its page facts).
 */
export function jsonText(body: unknown): string {
  if (Array.isArray(body)) return arrayText(body);
  if (!isPlainObject(body)) return JSON.stringify(body);
  let text = '';
  for (const name of Object.keys(body)) {
    const value = body[name];
    // As in an object: undefined, a function or a symbol is left out.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    text += `${text === '' ? '' : ','}${JSON.stringify(name)}:${Array.isArray(value) && !hasToJson(value) ? arrayText(value) : JSON.stringify(value)}`;
  }
  return `{${text}}`;
}

/** An object `JSON.stringify` writes member by member: of Object's prototype or none, with no `toJSON` of its own. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && !hasToJson(value);
}

function hasToJson(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

function arrayText(body: readonly unknown[]): string {
  let text = '[';
  for (let index = 0; index < body.length; index++) {
    if (index > 0) text += ',';
    text += itemText(body[index]);
  }
  return `${text}]`;
}

function itemText(item: unknown): string {
  // As in an array: undefined, a function or a symbol is written null.
  if (item === undefined || typeof item === 'function' || typeof item === 'symbol') return 'null';
  if (typeof item !== 'object' || item === null) return JSON.stringify(item);
  const known = textOfRecord.get(item);
  if (known !== undefined) return known;
  const text = JSON.stringify(item);
  if (isUnchangeable(item)) textOfRecord.set(item, text);
  return text;
}

/**
 * Whether `value` and all it holds are frozen plain data: plain objects and arrays, data properties
 * only. Frozen is for good, so a record found so once keeps the same JSON text.
 */
function isUnchangeable(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return typeof value !== 'function';
  const prototype: unknown = Object.getPrototypeOf(value);
  if (!Object.isFrozen(value) || (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null)) return false;
  return Object.values(Object.getOwnPropertyDescriptors(value)).every(descriptor => 'value' in descriptor && isUnchangeable(descriptor.value));
}
