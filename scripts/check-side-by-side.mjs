// npm test's checks before its build and tests, run side by side rather than one after another: the
// type check of every file (tsc), the lint (scripts/lint.mjs: ESLint with type information, 115 s on a
// fresh clone, one core) and the OpenAPI lint each use one core, so the type check's 26 s and the
// OpenAPI lint's 3 s were time the second core had for them. Each command runs whole whatever the
// others find; what each printed is shown after it ends, under its name, so outputs never interleave.
// Exits non-zero if any failed, naming each that did.
//
//   node scripts/check-side-by-side.mjs
import { spawn } from 'node:child_process';

const CHECKS = [
  { name: 'type check (tsc -p tsconfig.spec.json)', command: process.execPath, args: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.spec.json'] },
  { name: 'lint (node scripts/lint.mjs)', command: process.execPath, args: ['scripts/lint.mjs'] },
  { name: 'OpenAPI lint (npm run lint:openapi)', command: 'npm', args: ['run', 'lint:openapi', '--silent'] },
];

/** Runs `check` to its end; what it printed (standard output and error, in order), how it ended, how long it took. */
function run(check) {
  const started = performance.now();
  return new Promise(resolve => {
    const child = spawn(check.command, check.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const printed = [];
    child.stdout.on('data', chunk => printed.push(chunk));
    child.stderr.on('data', chunk => printed.push(chunk));
    const end = (code, signal) => resolve({ ...check, code, signal, printed: Buffer.concat(printed).toString(), seconds: (performance.now() - started) / 1000 });
    child.on('error', error => {
      printed.push(Buffer.from(`${check.name} could not start: ${error.message}\n`));
      end(1, null);
    });
    child.on('close', (code, signal) => end(code ?? 1, signal));
  });
}

const results = await Promise.all(CHECKS.map(check => run(check)));
for (const result of results) {
  const outcome = result.code === 0 ? 'passed' : `FAILED (exit code ${String(result.code)}${result.signal ? `, ${result.signal}` : ''})`;
  process.stdout.write(`\n--- ${result.name}: ${outcome} in ${result.seconds.toFixed(1)} s\n${result.printed}`);
}
const failed = results.filter(result => result.code !== 0);
if (failed.length > 0) {
  process.stderr.write(`\n${failed.map(result => result.name).join(', ')} failed: see above.\n`);
  process.exit(1);
}
