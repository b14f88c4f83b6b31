import { OPTION_RULES, show, type OptionKey } from './option-rules.js';

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
