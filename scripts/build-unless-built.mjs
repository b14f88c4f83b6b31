// `npm run build` unless dist/ is already what it would make: npm test's build, run after npm ci's
// prepare built the same checkout with the same Node (CI's first npm test), or after an earlier npm test
// with nothing changed since. The build is skipped only when both still hold, as recorded after the
// last build here: every input is the same (each tracked and untracked file's name and bytes, the
// installed packages as npm recorded them, Node's version and platform, the build's environment
// variables) and every output is as that build left it (dist/, the compiled document). The build is
// repeatable (scripts/check-repeatable-build.mjs, which CI runs): the same inputs make the same bytes.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const STAMP = 'node_modules/.cache/petstore-mock/last-build.json';
const OUTPUTS = ['dist', 'openapi/.petstore.compiled.json'];
const BUILD_ENVIRONMENT = ['BUILD_MINIFY', 'BUILD_ANALYZE'];

const hashFiles = (hash, files) => {
  for (const file of files) hash.update(`file ${file}\0`).update(readFileSync(file)).update('\0');
  return hash;
};
const filesUnder = path =>
  !existsSync(path) ? [] : statSync(path).isDirectory() ? readdirSync(path, { recursive: true, withFileTypes: true }).filter(entry => entry.isFile()).map(entry => join(entry.parentPath, entry.name)) : [path];

function inputsHash() {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { encoding: 'utf8' })
    .split('\0')
    .filter(file => file && existsSync(file) && statSync(file).isFile());
  const hash = createHash('sha256').update(`node ${process.version} ${process.platform} ${process.arch}\0`);
  for (const name of BUILD_ENVIRONMENT) hash.update(`env ${name}=${process.env[name] ?? ''}\0`);
  const installed = 'node_modules/.package-lock.json';
  return hashFiles(hash, [...(existsSync(installed) ? [installed] : []), ...files.sort()]).digest('hex');
}
const outputsHash = () => hashFiles(createHash('sha256'), OUTPUTS.flatMap(filesUnder).sort()).digest('hex');

/** Outside a git checkout (no file list to hash) there is nothing to compare: it always builds. */
const inGitCheckout = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { encoding: 'utf8' }).stdout?.trim() === 'true';
const recorded = inGitCheckout && existsSync(STAMP) ? JSON.parse(readFileSync(STAMP, 'utf8')) : undefined;
if (recorded && recorded.inputs === inputsHash() && recorded.outputs === outputsHash()) {
  console.log('dist/ is the build of these inputs (node_modules/.cache/petstore-mock/last-build.json): not built again.');
  process.exit(0);
}
const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
if (!inGitCheckout) process.exit(0);
mkdirSync(dirname(STAMP), { recursive: true });
writeFileSync(STAMP, `${JSON.stringify({ inputs: inputsHash(), outputs: outputsHash() })}\n`);
