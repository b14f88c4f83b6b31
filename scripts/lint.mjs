// `eslint .` for npm test, with a cache only for a tree already linted as it is now. ESLint's cache
// keys each file by its own content, but the type-aware rules (no-unnecessary-type-assertion, …)
// read the types of other files too: a change of a type elsewhere left a file's cached "clean" in
// place, and CI, which lints a fresh clone, found what the cache hid. Here the cache lives under a
// hash of every tracked and untracked source file's content, so it answers only for the same tree
// (CI's second npm test, on Node 24), and an edit anywhere lints everything again.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const CACHE_ROOT = 'node_modules/.cache/petstore-mock/eslint';
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter(file => /\.(?:[cm]?[jt]s|tsx?|json)$/.test(file) && existsSync(file))
  .sort();
const hash = createHash('sha256');
for (const file of files) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
const tree = hash.digest('hex').slice(0, 16);
// Caches of other trees are let go: one is kept at a time.
if (existsSync(CACHE_ROOT)) for (const entry of readdirSync(CACHE_ROOT)) if (entry !== tree) rmSync(join(CACHE_ROOT, entry), { recursive: true, force: true });
const result = spawnSync(process.execPath, ['node_modules/eslint/bin/eslint.js', '.', '--cache', '--cache-strategy', 'content', '--cache-location', `${CACHE_ROOT}/${tree}/`, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
