export { runCli } from './run-cli.js';
export { createStandardLines } from './line-output.js';
export { CliUsageError, HELP, LOG_LEVELS, parseCli } from './parse-cli.js';
export type { CliIo } from './run-cli.js';
export type { CliCommand, CliConfig, LogLevel } from './parse-cli.js';
