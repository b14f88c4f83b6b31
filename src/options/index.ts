export { checkOptions, findDefaultStatusProblem } from './check-options.js';
export { OPTION_RULES, show } from './option-rules.js';

export type { OptionNames } from './check-options.js';
export type { OptionKey, OptionRule } from './option-rules.js';
