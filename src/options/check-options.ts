import { OPTION_RULES, show, type OptionKey } from './option-rules.js';

/**
 * Why `defaultStatus` is not a status of the document (its Pet's `status` enum), as a sentence naming
 * the option as the caller did; undefined when it is one, or none (`null`).
 */
export function findDefaultStatusProblem(value: unknown, statuses: readonly unknown[] | undefined, name = 'defaultStatus'): string | undefined {
  if (value === undefined || value === null || statuses === undefined || statuses.includes(value)) return undefined;
  return `${name} must be one of the document's statuses (${statuses.join(', ')}) or none, got ${show(value)}.`;
}

/** How the caller named each option: `--pets` or `PETSTORE_PETS` on the command line, the key in code. */
export type OptionNames = Partial<Record<OptionKey, string>>;

/**
 * Checks every option `options` sets against its rule, and `pets` against `maxPets`; throws a
 * RangeError naming the option as the caller did. Unknown keys are left to TypeScript.
 */
export function checkOptions(options: object, names: OptionNames = {}, prefix = '[petstore-mock] '): void {
  const values = options as Partial<Record<OptionKey, unknown>>;
  const nameOf = (key: OptionKey): string => names[key] ?? key;
  for (const key of Object.keys(OPTION_RULES) as OptionKey[]) {
    const value = values[key];
    if (value === undefined) continue;
    const problem = OPTION_RULES[key].check(value);
    if (problem) throw new RangeError(`${prefix}${nameOf(key)} ${problem}, got ${show(value)}.`);
  }
  const { pets, maxPets } = values;
  if (typeof pets === 'number' && typeof maxPets === 'number' && pets > maxPets) {
    throw new RangeError(`${prefix}${nameOf('pets')} (${pets}) must not exceed ${nameOf('maxPets')} (${maxPets}).`);
  }
}
