/** A value's JSON Schema type, `integer` for a whole number: `null`, `array`, `object`, `string`, `boolean`, `integer` or `number`. */
export function typeOfValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return Number.isInteger(value) ? 'integer' : typeof value === 'number' ? 'number' : typeof value;
}
