export { importCodeCachedScript, runCodeCachedScript } from './code-cached-script.js';
export type { CodeCachedScript } from './code-cached-script.js';
export { onFirstAnswer } from './first-answer.js';
