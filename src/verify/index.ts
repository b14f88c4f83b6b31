export { verifyDeployment, TOKEN_VARIABLE } from './verify-deployment.js';
export { runVerifyCli } from './run-verify-cli.js';
export { VERIFY_HELP } from './verify-help.js';
export { formatJson } from './report-json.js';
export { formatJunit } from './report-junit.js';
export { formatText } from './report-text.js';
export { RUN_HEADER } from './run-probe.js';

export type { VerifyCliIo } from './run-verify-cli.js';
export type { CheckName, CheckResult, Finding, LeftBehind, OperationCoverage, Outcome, ReportedRequest, Severity, VerifyOptions, VerifyResult, VerifySummary } from './types.js';
