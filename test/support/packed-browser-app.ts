import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface PackedAppOptions {
  /** Where the app is made (under this repository, so that msw and vite resolve from its node_modules). */
  output: string;
  /** Folders of this repository copied into the app, at the same paths. */
  folders: readonly string[];
  /** The folder Vite builds (its index.html and any `pages`), relative to the app; gets public/mockServiceWorker.js. */
  root: string;
  /** HTML pages besides index.html. */
  pages?: readonly string[];
}

/**
 * An app as a client team would have it: the package packed with `npm pack` (dist as built by
 * `npm test`), installed into a fresh app folder with `npm install <tarball>`, MSW's worker script in
 * public/, and the app built by `vite build` with Vite's defaults (its minifier included). msw and
 * vite come from this repository's node_modules, above the app's folder. Returns the built site's folder.
 */
export async function buildPackedApp(options: PackedAppOptions): Promise<string> {
  const output = join(ROOT, options.output);
  rmSync(output, { recursive: true, force: true });
  const app = join(output, 'app');
  const site = join(app, options.root);
  mkdirSync(app, { recursive: true });
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', output], { cwd: ROOT });
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  if (!packed) throw new Error('npm pack wrote no tarball.');
  for (const folder of options.folders) cpSync(join(ROOT, folder), join(app, folder), { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'packed-browser-app', private: true, type: 'module' }));
  mkdirSync(join(site, 'public'), { recursive: true });
  cpSync(createRequire(join(ROOT, 'package.json')).resolve('msw/mockServiceWorker.js'), join(site, 'public', 'mockServiceWorker.js'));
  await run('npm', ['install', '--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', join(output, packed.filename)], { cwd: app });
  const { build } = await import('vite');
  const input = Object.fromEntries(['index.html', ...(options.pages ?? [])].map(page => [page.replace(/\.html$/, ''), join(site, page)]));
  await build({ root: site, configFile: false, logLevel: 'error', build: { outDir: join(site, 'dist'), emptyOutDir: true, rolldownOptions: { input } } });
  return join(site, 'dist');
}

/** The test app (test/browser-app), which imports the Storybook recipe from examples/storybook. */
export function buildPackedBrowserApp(): Promise<string> {
  return buildPackedApp({ output: 'test-output/packed-browser-app', folders: ['test/browser-app', 'examples/storybook'], root: 'test/browser-app' });
}

const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.map': 'application/json' };

export interface StaticSite {
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * Serves `folder` on 127.0.0.1 (a secure context, as service workers need). `?csp=strict` on a page
 * adds a Content-Security-Policy without 'unsafe-eval', as many production apps send.
 */
export async function serveStatic(folder: string): Promise<StaticSite> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = normalize(url.pathname === '/' ? '/index.html' : url.pathname);
    try {
      const body = readFileSync(join(folder, path));
      const headers: Record<string, string> = { 'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
      if (url.searchParams.get('csp') === 'strict') headers['content-security-policy'] = "default-src 'self'; script-src 'self'";
      response.writeHead(200, headers).end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`No ${path} here.`);
    }
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The static server has no port.');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise(resolve => server.close(() => resolve())),
  };
}
