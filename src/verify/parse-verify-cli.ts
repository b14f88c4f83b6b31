import { parseArgs } from 'node:util';
import { TOKEN_VARIABLE } from './verify-deployment.js';

export const REPORT_FORMATS = ['text', 'json', 'junit'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface VerifyCliConfig {
  baseUrl: string;
  token: string | undefined;
  /** By security scheme name, from `--credential <scheme>=<value>` (or `--credential <scheme>` and its environment variable). */
  credentials: Record<string, string>;
  /** From `--path-parameter <name>=<value>`: the value of a path parameter that names no record verify can list (`realm=master`). */
  pathParameters: Record<string, string>;
  documentPath: string | undefined;
  format: ReportFormat;
  output: string | undefined;
  timeoutMs: number | undefined;
  readOnly: boolean;
  strict: boolean;
}

export type VerifyCliCommand = { kind: 'verify'; config: VerifyCliConfig } | { kind: 'help' };

/** A flag `verify` cannot use: printed, exit code 2. */
export class VerifyUsageError extends Error {
  override name = 'VerifyUsageError' as const;
}

export function parseVerifyCli(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): VerifyCliCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        token: { type: 'string' },
        credential: { type: 'string', multiple: true },
        'path-parameter': { type: 'string', multiple: true },
        document: { type: 'string' },
        format: { type: 'string' },
        output: { type: 'string' },
        timeout: { type: 'string' },
        'read-only': { type: 'boolean' },
        strict: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new VerifyUsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const [baseUrl, ...extra] = positionals;
  if (baseUrl === undefined) throw new VerifyUsageError('give the base URL of the deployment, e.g. petstore-mock verify https://staging.example/v1.');
  if (extra.length > 0) throw new VerifyUsageError(`one base URL only; also got ${extra.map(each => `"${each}"`).join(', ')}.`);
  const format = values.format ?? 'text';
  if (!(REPORT_FORMATS as readonly string[]).includes(format)) throw new VerifyUsageError(`--format must be one of ${REPORT_FORMATS.join(', ')}, got "${format}".`);
  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    timeoutMs = Number(values.timeout);
    if (!/^\d+$/.test(values.timeout) || timeoutMs < 1 || timeoutMs > 600_000) throw new VerifyUsageError(`--timeout must be whole milliseconds from 1 to 600000, got "${values.timeout}".`);
  }
  if (values.token !== undefined && values.token.trim() === '') throw new VerifyUsageError(`--token must not be blank (or leave it out and set ${TOKEN_VARIABLE}).`);
  const credentials: Record<string, string> = {};
  for (const given of values.credential ?? []) {
    const equals = given.indexOf('=');
    const scheme = equals === -1 ? given : given.slice(0, equals);
    const variable = credentialVariable(scheme);
    const value = equals === -1 ? env[variable] : given.slice(equals + 1);
    if (scheme.trim() === '') throw new VerifyUsageError('--credential needs a scheme name: --credential <scheme>=<value>, the scheme as the document names it under components.securitySchemes.');
    if (value === undefined || value.trim() === '') throw new VerifyUsageError(equals === -1 ? `--credential ${scheme} reads ${variable}, which is not set.` : `--credential ${scheme}= must not be blank.`);
    if (scheme in credentials) throw new VerifyUsageError(`--credential ${scheme} is given twice.`);
    credentials[scheme] = value;
  }
  const pathParameters: Record<string, string> = {};
  for (const given of values['path-parameter'] ?? []) {
    const equals = given.indexOf('=');
    const name = equals === -1 ? '' : given.slice(0, equals).trim();
    if (name === '' || given.slice(equals + 1) === '') throw new VerifyUsageError(`--path-parameter needs <name>=<value>, the name as the document's path templates write it (--path-parameter realm=master), got "${given}".`);
    if (name in pathParameters) throw new VerifyUsageError(`--path-parameter ${name} is given twice.`);
    pathParameters[name] = given.slice(equals + 1);
  }
  const fromEnv = env[TOKEN_VARIABLE];
  return {
    kind: 'verify',
    config: {
      baseUrl,
      token: values.token ?? (fromEnv === undefined || fromEnv === '' ? undefined : fromEnv),
      credentials,
      pathParameters,
      documentPath: values.document,
      format: format as ReportFormat,
      output: values.output,
      timeoutMs,
      readOnly: values['read-only'] ?? false,
      strict: values.strict ?? false,
    },
  };
}

/** The environment variable `--credential <scheme>` reads: `PETSTORE_VERIFY_CREDENTIAL_` and the scheme's name in capitals, other characters as `_`. */
export function credentialVariable(scheme: string): string {
  return `PETSTORE_VERIFY_CREDENTIAL_${scheme.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}
