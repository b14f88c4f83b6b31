import { writeFile } from 'node:fs/promises';
import { parseVerifyCli, VerifyUsageError, type ReportFormat } from './parse-verify-cli.js';
import { secretsOf } from './credentials.js';
import { scrubSecret } from './redact.js';
import { formatJson } from './report-json.js';
import { formatJunit } from './report-junit.js';
import { formatText } from './report-text.js';
import type { VerifyResult } from './types.js';
import { verifyDeployment } from './verify-deployment.js';
import { VERIFY_HELP } from './verify-help.js';

/** What `petstore-mock verify` needs of its surroundings: the arguments after `verify`, the environment, output. */
export interface VerifyCliIo {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  /** Whether standard output is a terminal (colour). Default: `process.stdout.isTTY`. */
  stdoutIsTTY?: boolean;
}

/** `petstore-mock verify <base-url>`: resolves to the exit code; the last line on stderr says why. */
export async function runVerifyCli(io: VerifyCliIo): Promise<number> {
  let command;
  try {
    command = parseVerifyCli(io.argv, io.env);
  } catch (error) {
    if (!(error instanceof VerifyUsageError)) throw error;
    io.stderr(`petstore-mock verify: ${error.message}\nRun petstore-mock verify --help for the options.`);
    return 2;
  }
  if (command.kind === 'help') {
    io.stdout(VERIFY_HELP);
    return 0;
  }
  const { config } = command;
  const secrets = secretsOf({ token: config.token, byScheme: new Map(Object.entries(config.credentials)) });
  let result: VerifyResult;
  try {
    result = await verifyDeployment(config.baseUrl, { token: config.token, credentials: config.credentials, pathParameters: config.pathParameters, documentPath: config.documentPath, timeoutMs: config.timeoutMs, readOnly: config.readOnly, strict: config.strict });
  } catch (error) {
    // verifyDeployment reports what it finds; a throw is a bug in verify. Say so, never as a pass.
    io.stderr(scrubSecret(`petstore-mock verify: exit 2: Inconclusive: verify itself failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, secrets));
    return 2;
  }
  const colour = config.output === undefined && config.format === 'text' && (io.stdoutIsTTY ?? process.stdout.isTTY) && !io.env['NO_COLOR'];
  const report = scrubSecret(format(result, config.format, colour), secrets);
  if (config.output === undefined) io.stdout(report);
  else {
    try {
      await writeFile(config.output, `${report}\n`);
      io.stdout(`Report (${config.format}) written to ${config.output}.`);
    } catch (error) {
      io.stderr(`petstore-mock verify: exit 2: could not write the report to ${config.output}: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
  }
  io.stderr(`petstore-mock verify: exit ${result.exitCode}: ${result.reason}`);
  return result.exitCode;
}

function format(result: VerifyResult, reportFormat: ReportFormat, colour: boolean): string {
  switch (reportFormat) {
    case 'json':
      return formatJson(result);
    case 'junit':
      return formatJunit(result);
    case 'text':
      return formatText(result, { colour });
  }
}
