// A fresh project made from the docs' blocks, with the packed package installed as a reader installs
// it, and the tools that run its files. It lies under test-output/, inside this repository, so that
// vitest, vite, tsx, typescript and msw resolve from the repository's node_modules (no network).
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { packPackage } from '../../support/packed-browser-app.js';

export const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const repoRequire = createRequire(join(ROOT, 'package.json'));

/** Writes `files` (path → text, as a Map's or `Object.entries`' pairs) under `folder`, making the folders they need. */
export function writeFiles(folder: string, files: Iterable<readonly [string, string]>): void {
  for (const [path, text] of files) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
}

/**
 * A new project at test-output/docs-snippets/<name>: its package.json, the package packed with
 * `npm pack` and installed with `npm install <tarball>`, and MSW's worker script in public/ (what
 * `npx msw init public` writes). Returns its folder and the tarball's path.
 */
export async function createProject(name: string): Promise<{ folder: string; tarball: string }> {
  const output = join(ROOT, 'test-output', 'docs-snippets', name);
  rmSync(output, { recursive: true, force: true });
  const folder = join(output, 'project');
  mkdirSync(join(folder, 'public'), { recursive: true });
  const tarball = await packPackage(output);
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: `docs-${name}`, private: true, type: 'module' }));
  cpSync(repoRequire.resolve('msw/mockServiceWorker.js'), join(folder, 'public', 'mockServiceWorker.js'));
  await run('npm', ['install', '--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: folder });
  return { folder, tarball };
}

/** A bin of a package this repository installs, as `node <file>` arguments. */
export function binOf(packageName: string, bin = packageName): string {
  const manifest = repoRequire.resolve(`${packageName}/package.json`);
  const { bin: bins } = repoRequire(manifest) as { bin: string | Record<string, string> };
  return join(dirname(manifest), typeof bins === 'string' ? bins : (bins[bin] ?? `no-${bin}-bin`));
}

/** What a child process printed and how it ended. */
export interface Finished {
  code: number | null;
  output: string;
}

/** Runs `node args` (or another command) in `cwd`; never rejects: the exit code and output say how it went. */
export function runToEnd(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number }): Promise<Finished> {
  return new Promise(resolve => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'], timeout: options.timeout ?? 60_000 });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', code => resolve({ code, output }));
  });
}

/**
 * The packed CLI started in `folder` with `args` and `--port 0` (a free port); once it is ready, its
 * origin (`http://127.0.0.1:<port>`) and what it printed until then.
 */
export async function startPackedCli(folder: string, args: readonly string[] = []): Promise<{ origin: string; printed(): string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [join(folder, 'node_modules', 'petstore-mock', 'dist', 'cli.js'), ...args, '--port', '0'], { cwd: folder, stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The packed CLI was not ready within 20 s: ${printed}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const url = /ready on (http:\/\/[^/\s]+)/.exec(printed)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.on('exit', code => reject(new Error(`The packed CLI exited (${String(code)}) before it was ready: ${printed}`)));
  });
  const origin = await ready.catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    origin,
    printed: () => printed,
    stop: () =>
      new Promise(resolve => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
