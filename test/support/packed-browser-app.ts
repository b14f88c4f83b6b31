import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { basename, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { cachedFolder, hashInputs } from './build-cache.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The bundlers a client team's app is built with in these tests, each with its defaults for a browser build. */
export type AppBundler = 'vite' | 'webpack' | 'rollup';

export interface PackedAppOptions {
  /** The app's name; its last segment names its folder in the build cache (under this repository, so that msw and the bundlers resolve from its node_modules). */
  output: string;
  /** Folders of this repository copied into the app, at the same paths. */
  folders: readonly string[];
  /** The folder built (its index.html, which loads `/src/main.ts`, and any `pages`), relative to the app; gets public/mockServiceWorker.js. */
  root: string;
  /** HTML pages besides index.html (Vite only). */
  pages?: readonly string[];
  /** Default `vite`. */
  bundler?: AppBundler;
}

/**
 * An app as a client team would have it: the package packed with `npm pack` (dist as built by
 * `npm test`), installed into a fresh app folder with `npm install <tarball>`, MSW's worker script in
 * public/, and the app built for the browser with the bundler's defaults (its minifier included).
 * msw and the bundlers come from this repository's node_modules, above the app's folder. Returns the
 * built site's folder. The app is made once for its inputs (the packed package, the app's folders,
 * the bundlers' versions) and kept in the build cache: the suites of a run, and the next run, share it.
 */
export async function buildPackedApp(options: PackedAppOptions): Promise<string> {
  const bundler = options.bundler ?? 'vite';
  const { key: packageKey } = await packageInputs();
  const key = hashInputs(['package-lock.json', 'test/support/packed-browser-app.ts', ...options.folders], [packageKey, bundler, options.root, ...(options.pages ?? [])]);
  const made = await cachedFolder(basename(options.output), key, folder => makePackedApp(folder, options, bundler));
  return join(made, 'app', options.root, 'dist');
}

async function makePackedApp(output: string, options: PackedAppOptions, bundler: AppBundler): Promise<void> {
  const app = join(output, 'app');
  const site = join(app, options.root);
  mkdirSync(app, { recursive: true });
  const tarball = await packPackage(output);
  for (const folder of options.folders) cpSync(join(ROOT, folder), join(app, folder), { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'packed-browser-app', private: true, type: 'module' }));
  mkdirSync(join(site, 'public'), { recursive: true });
  cpSync(createRequire(join(ROOT, 'package.json')).resolve('msw/mockServiceWorker.js'), join(site, 'public', 'mockServiceWorker.js'));
  await run('npm', ['install', '--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: app });
  const dist = join(site, 'dist');
  if (bundler === 'vite') {
    await buildWithVite(site, dist, options.pages ?? []);
    return;
  }
  if (options.pages?.length) throw new Error(`Only Vite builds pages besides index.html, not ${bundler}.`);
  // webpack and Rollup read no TypeScript by default: the app's own files become one ES module first,
  // every package import left as it is, for the bundler under test to resolve.
  const entry = join(site, '.entry', 'main.js');
  const { build } = await import('esbuild');
  await build({ entryPoints: [join(site, 'src', 'main.ts')], outfile: entry, bundle: true, packages: 'external', format: 'esm', platform: 'browser', logLevel: 'error' });
  const { script, modules } = bundler === 'webpack' ? await buildWithWebpack(entry, dist) : await buildWithRollup(entry, dist);
  const packageFiles = modules.flatMap(id => /node_modules\/petstore-mock\/(.+)$/.exec(id.replaceAll('\\', '/'))?.[1] ?? []);
  writeFileSync(join(site, BUNDLED_PACKAGE_FILES), JSON.stringify([...new Set(packageFiles)].sort()));
  const page = readFileSync(join(site, 'index.html'), 'utf8');
  const scriptTag = /<script type="module" src="\/src\/main\.ts"><\/script>/;
  if (!scriptTag.test(page)) throw new Error(`${join(site, 'index.html')} does not load /src/main.ts as the bundles expect.`);
  writeFileSync(join(dist, 'index.html'), page.replace(scriptTag, script));
  cpSync(join(site, 'public'), dist, { recursive: true });
}

/** What `npm pack` puts in the tarball besides the package.json `files` (npm always adds these). */
const ALWAYS_PACKED = /^(?:package\.json|readme|license|licence|notice|changelog)(?:\..*)?$/i;

/**
 * The key of the tarball `npm pack` makes now: a hash of every file it may take (package.json, the
 * README and licence, the `files` folders, dist as built) and of npm's version (which writes the archive).
 */
async function packageInputs(): Promise<{ key: string }> {
  const { files = [] } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files?: string[] };
  const topLevel = readdirSync(ROOT).filter(name => ALWAYS_PACKED.test(name));
  return { key: hashInputs([...topLevel, ...files], [`npm ${await npmVersion()}`]) };
}

let npmVersionAsked: Promise<string> | undefined;
/** The npm that packs: the one `npm test` runs under (its user agent says which), else the one on PATH. */
function npmVersion(): Promise<string> {
  const fromAgent = /\bnpm\/(\S+)/.exec(process.env['npm_config_user_agent'] ?? '')?.[1];
  if (fromAgent) return Promise.resolve(fromAgent);
  npmVersionAsked ??= run('npm', ['--version']).then(({ stdout }) => stdout.trim());
  return npmVersionAsked;
}

/**
 * Packs the package with `npm pack` (dist as built by `npm test`) into `destination`; returns the
 * tarball's path. Packed once for the files it takes (see `packageInputs`), then copied from the build cache.
 */
export async function packPackage(destination: string): Promise<string> {
  const { key } = await packageInputs();
  const packed = await cachedFolder('npm-pack', key, async folder => {
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], { cwd: ROOT });
    const [made] = JSON.parse(stdout) as { filename: string }[];
    if (!made) throw new Error('npm pack wrote no tarball.');
    // A build writing dist/ while npm packed it (CI packs beside its other stages) would leave a
    // tarball under the key of files it does not hold: it is kept only if its inputs held still.
    if ((await packageInputs()).key !== key) throw new Error('The files npm pack takes changed while it packed them (was dist/ being built?); not kept.');
  });
  const filename = readdirSync(packed).find(name => name.endsWith('.tgz'));
  if (!filename) throw new Error(`No tarball in ${packed}.`);
  mkdirSync(destination, { recursive: true });
  copyFileSync(join(packed, filename), join(destination, filename));
  return join(destination, filename);
}

const BUNDLED_PACKAGE_FILES = 'bundled-package-files.json';

/** The files of petstore-mock's package that webpack or Rollup put into the app built at `dist`. */
export function readBundledPackageFiles(dist: string): string[] {
  return JSON.parse(readFileSync(join(dist, '..', BUNDLED_PACKAGE_FILES), 'utf8')) as string[];
}

/** A bundle built: the page's script tag, and the files (absolute paths) it holds. */
interface Bundled {
  script: string;
  modules: string[];
}

async function buildWithVite(site: string, dist: string, pages: readonly string[]): Promise<void> {
  const { build } = await import('vite');
  const input = Object.fromEntries(['index.html', ...pages].map(page => [page.replace(/\.html$/, ''), join(site, page)]));
  await build({ root: site, configFile: false, logLevel: 'error', build: { outDir: dist, emptyOutDir: true, rolldownOptions: { input } } });
}

/** webpack 5's production build for the web (its default target). Any error or warning fails it. */
async function buildWithWebpack(entry: string, dist: string): Promise<Bundled> {
  const { default: webpack } = await import('webpack');
  const stats = await new Promise<import('webpack').Stats>((resolve, reject) => {
    // Size hints are advice about the app, not problems of the build.
    webpack({ mode: 'production', entry, output: { path: dist, filename: 'main.js', clean: true }, performance: { hints: false } }, (error, result) => (error || !result ? reject(error ?? new Error('webpack gave no result.')) : resolve(result)));
  });
  if (stats.hasErrors() || stats.hasWarnings()) throw new Error(`webpack:\n${stats.toString({ all: false, errors: true, warnings: true })}`);
  const modules = (stats.toJson({ all: false, modules: true, nestedModules: true }).modules ?? []).flatMap(function files(module): string[] {
    return [...(module.nameForCondition ? [module.nameForCondition] : []), ...(module.modules ?? []).flatMap(files)];
  });
  return { script: '<script defer src="/main.js"></script>', modules };
}

/**
 * Rollup 4 as a browser app uses it: node-resolve with `browser: true` (the `browser` condition and
 * field), commonjs, terser. Fails on any warning but MSW's own circular imports.
 */
async function buildWithRollup(entry: string, dist: string): Promise<Bundled> {
  const [{ rollup }, { nodeResolve }, commonjsModule, terserModule] = await Promise.all([import('rollup'), import('@rollup/plugin-node-resolve'), import('@rollup/plugin-commonjs'), import('@rollup/plugin-terser')]);
  const [commonjs, terser] = [defaultExport(commonjsModule.default), defaultExport(terserModule.default)];
  const warnings: string[] = [];
  const bundle = await rollup({
    input: entry,
    plugins: [nodeResolve({ browser: true }), commonjs(), terser()],
    onwarn: warning => {
      const withinMsw = warning.code === 'CIRCULAR_DEPENDENCY' && (warning.ids ?? []).every(id => id.includes('/node_modules/msw/'));
      if (!withinMsw) warnings.push(`${warning.code ?? 'warning'}: ${warning.message}`);
    },
  });
  const { output } = await bundle.write({ dir: dist, format: 'es', entryFileNames: 'main.js' });
  await bundle.close();
  if (warnings.length > 0) throw new Error(`Rollup:\n${warnings.join('\n')}`);
  const modules = output.flatMap(file => (file.type === 'chunk' ? Object.keys(file.modules) : []));
  return { script: '<script type="module" src="/main.js"></script>', modules };
}

/**
 * A plugin's default export. The plugins' types describe CommonJS (so TypeScript sees a `default`
 * inside the `default`), while Node loads their ES module, whose default is the plugin itself.
 */
function defaultExport<Plugin extends (...args: never[]) => unknown>(exported: Plugin | { default: Plugin }): Plugin {
  return typeof exported === 'function' ? exported : exported.default;
}

/** The test app (test/browser/browser-app), which imports the story loader from petstore-mock/storybook. */
export function buildPackedBrowserApp(bundler: AppBundler = 'vite'): Promise<string> {
  return buildPackedApp({ output: `test-output/packed-browser-app${bundler === 'vite' ? '' : `-${bundler}`}`, folders: ['test/browser/browser-app'], root: 'test/browser/browser-app', bundler });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  // What a Storybook build serves besides.
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

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
