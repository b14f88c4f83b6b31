// Builds the package twice from one commit, each time in a fresh folder of its own, and compares the
// two byte for byte: every file of dist/, and the tarball `npm pack` makes of each. Exits 1 with the
// files that differ (issue 30: a consumer checks that a tarball was built from its commit, and the
// SBOM's hashes hold). CI runs it before the tests (.ci/run).
//
//   node scripts/check-repeatable-build.mjs [commit]    (default HEAD; the working tree is not used)
//
// Each folder gets the commit's files (`git archive`) and the checkout's node_modules, hard-linked
// (copied where links cannot be made), then runs `npm run build` and `npm pack --ignore-scripts`.
// Two folders rather than one built twice: a path of the machine that found its way into a file
// differs between them. The two builds run at the same time (each is mostly one core's work). The
// folders are removed when the builds match, kept for a look when not.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { differingFiles, readTree } from './compare-trees.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const execFileAsync = promisify(execFile);
const commit = execFileSync('git', ['rev-parse', '--verify', `${process.argv[2] ?? 'HEAD'}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim();
const workspace = mkdtempSync(join(tmpdir(), 'petstore-repeatable-build-'));
const started = performance.now();
console.log(`Building ${commit} twice, in ${workspace}/first and /second.`);

const [first, second] = await Promise.all(['first', 'second'].map(label => buildIn(join(workspace, label))));
const differences = [
  ...differingFiles(readTree(join(first.folder, 'dist')), readTree(join(second.folder, 'dist'))).map(file => `dist/${file}`),
  ...tarballDifferences(first, second),
];
const seconds = ((performance.now() - started) / 1000).toFixed(0);
if (differences.length > 0) {
  console.error(`Two builds of ${commit} differ (${differences.length}); both are kept in ${workspace}:\n  ${differences.join('\n  ')}`);
  process.exit(1);
}
rmSync(workspace, { recursive: true, force: true });
console.log(`The two builds are identical: ${first.distFiles} files of dist/, and ${first.tarballName} (sha256 ${first.tarballSha256}). Builds ${first.seconds} s and ${second.seconds} s; ${seconds} s in all.`);

/** Exports the commit into `folder`, links node_modules, builds and packs; what the comparison needs. */
async function buildIn(folder) {
  mkdirSync(folder);
  const archive = execFileSync('git', ['archive', '--format=tar', commit], { cwd: ROOT, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', folder], { input: archive });
  linkNodeModules(join(ROOT, 'node_modules'), join(folder, 'node_modules'));
  const buildStarted = performance.now();
  await run('npm', ['run', 'build', '--silent'], folder);
  const seconds = ((performance.now() - buildStarted) / 1000).toFixed(0);
  const packed = join(folder, '.packed');
  mkdirSync(packed);
  const [{ filename }] = JSON.parse(await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packed], folder));
  const tarball = join(packed, filename);
  const unpacked = join(folder, '.unpacked');
  mkdirSync(unpacked);
  execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
  return {
    folder,
    seconds,
    distFiles: readTree(join(folder, 'dist')).size,
    tarball,
    tarballName: filename,
    tarballSha256: createHash('sha256').update(readFileSync(tarball)).digest('hex'),
    unpacked,
  };
}

/** The tarballs' differences: the files that differ inside, else what differs in the archive itself. */
function tarballDifferences(first, second) {
  if (first.tarballSha256 === second.tarballSha256) return [];
  const inside = differingFiles(readTree(first.unpacked), readTree(second.unpacked)).map(file => `${first.tarballName}: ${file}`);
  if (inside.length > 0) return inside;
  const listing = tarball => execFileSync('tar', ['-tvzf', tarball], { encoding: 'utf8' });
  const entries = listing(first.tarball) === listing(second.tarball) ? 'the same entries, modes and order' : 'entries in another order or with other modes or dates';
  return [`${first.tarballName}: the same files, but the archives differ (${entries}; then their gzip compression)`];
}

/** node_modules as the checkout has it: hard links are quick and take no room; a copy where they cannot be made (another file system). */
function linkNodeModules(from, to) {
  if (spawnSync('cp', ['-al', from, to], { stdio: 'ignore' }).status === 0) return;
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true, verbatimSymlinks: true });
}

/** Runs a command in `cwd`, its stderr shown once it ends; its stdout returned. Throws when it fails. */
async function run(command, args, cwd) {
  try {
    const { stdout, stderr } = await execFileAsync(command, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
    if (stderr) process.stderr.write(stderr);
    return stdout;
  } catch (error) {
    if (error.stderr) process.stderr.write(error.stderr);
    throw error;
  }
}
