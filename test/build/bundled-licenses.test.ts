import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserBuildOptions, dashboardBuildOptions } from '../../scripts/build-options.mjs';
import { purlOf } from '../../scripts/bundle-notices.mjs';
import { licenseSectionOf, packageDirectoryOf, satisfiesLicenses } from '../../scripts/bundled-packages.mjs';
import { buildNode } from '../support/node-build.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The licenses a bundled package may have: permissive ones, whose terms the shipped notice meets (their
 * text travels with the package). Today's 76 packages use MIT, ISC, Apache-2.0, BSD-2-Clause,
 * BSD-3-Clause and 0BSD. Also allowed, for a future version of a dependency: BlueOak-1.0.0 (isaacs'
 * packages) and Python-2.0 (argparse) are permissive and ask for no more than the notice; CC0-1.0 and
 * Unlicense ask for nothing. Copyleft licenses (GPL, LGPL, MPL, EPL) are left out: they ask more of a
 * bundle than a notice, so one of them should stop the build for a decision.
 */
const ALLOWED_LICENSES = new Set(['MIT', 'ISC', 'Apache-2.0', 'BSD-2-Clause', 'BSD-3-Clause', '0BSD', 'BlueOak-1.0.0', 'Python-2.0', 'CC0-1.0', 'Unlicense']);

interface Component {
  type: string;
  name: string;
  version: string;
  purl: string;
  licenses?: ({ license: { id?: string; name?: string } } | { expression: string })[];
}

interface Installed {
  name: string;
  version: string;
}

/**
 * The installed packages (name and version of the nearest package.json that has both) of every file
 * that puts bytes into an output of `metafile`: found here without the build's own code for it.
 */
function installedPackagesOf(metafile: Metafile): Installed[] {
  const found = new Map<string, Installed>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const path = input.replace(/^[a-z][\w-]+:(?!\/\/)/i, '');
      if (bytesInOutput === 0 || !path.includes('node_modules/')) continue;
      for (let directory = dirname(resolve(repo, path)); directory !== dirname(directory); directory = dirname(directory)) {
        const manifestPath = join(directory, 'package.json');
        if (!existsSync(manifestPath)) continue;
        const { name, version } = JSON.parse(readFileSync(manifestPath, 'utf8')) as Partial<Installed>;
        if (name === undefined || version === undefined) continue;
        found.set(`${name}@${version}`, { name, version });
        break;
      }
    }
  }
  return [...found.values()];
}

/** `## name@version` sections of the notice, by their heading. */
function sectionsOf(markdown: string): Map<string, string> {
  return new Map(markdown.split(/^## /m).slice(1).map(section => [section.slice(0, section.indexOf('\n')), section]));
}

describe('what the package bundles', () => {
  let bundled: Installed[];
  let components: Component[];
  let notice: Map<string, string>;

  beforeAll(async () => {
    // What esbuild bundles with the build's own options, asked again here (nothing written).
    const results = await Promise.all([browserBuildOptions, dashboardBuildOptions].map(options => build({ ...options, write: false, logLevel: 'silent' })));
    // The Node build with its scripts for V8's code cache (Prism's mocker is one).
    const node = await buildNode();
    const metafiles = [...results.map(result => result.metafile), node.modules, node.cliScript, node.mswScript, node.mockerScript];
    const byKey = new Map(metafiles.flatMap(metafile => installedPackagesOf(metafile)).map(found => [`${found.name}@${found.version}`, found]));
    bundled = [...byKey.values()];
    components = (JSON.parse(readFileSync(join(repo, 'dist/sbom.cdx.json'), 'utf8')) as { components: Component[] }).components;
    notice = sectionsOf(readFileSync(join(repo, 'dist/THIRD-PARTY-LICENSES.md'), 'utf8'));
  }, 120_000);

  it('bundles third-party packages at all (the check below would pass on none)', () => {
    expect(bundled.length).toBeGreaterThan(20);
  });

  it('lists every bundled package with its installed version in the SBOM and in the license notice', () => {
    const listed = new Set(components.map(component => `${component.name}@${component.version}`));
    expect(bundled.filter(found => !listed.has(`${found.name}@${found.version}`)).map(found => `${found.name}@${found.version}`)).toEqual([]);
    expect(bundled.filter(found => !notice.has(`${found.name}@${found.version}`)).map(found => `${found.name}@${found.version}`)).toEqual([]);
    // Nothing listed that is not bundled, either.
    expect(components.length).toBe(bundled.length);
    expect(notice.size).toBe(bundled.length);
  });

  it('gives every component of the SBOM the type library, an npm purl and a license', () => {
    for (const component of components) {
      expect(component, component.name).toMatchObject({ type: 'library', purl: purlOf(component.name, component.version) });
      expect(component.purl).toMatch(/^pkg:npm\/(%40[^/]+\/)?[^/@]+@[^@]+$/);
      expect(component.licenses, component.name).toHaveLength(1);
    }
  });

  it('finds only licenses of the allow-list, each with its full text in the notice', () => {
    const problems: string[] = [];
    for (const component of components) {
      const key = `${component.name}@${component.version}`;
      const [license] = component.licenses ?? [];
      const expression = license === undefined ? undefined : 'expression' in license ? license.expression : license.license.id;
      if (expression === undefined) problems.push(`${key}: no SPDX license declared`);
      else if (!satisfiesLicenses(expression, ALLOWED_LICENSES)) problems.push(`${key}: ${expression} is not on the allow-list`);
      const section = notice.get(key) ?? '';
      if (!/```text\n\S/.test(section)) problems.push(`${key}: no license text`);
    }
    expect(problems).toEqual([]);
  });

  it('ships both files in the packed package', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repo });
    const [packed] = JSON.parse(stdout) as { files: { path: string }[] }[];
    const files = packed?.files.map(file => file.path) ?? [];
    expect(files).toEqual(expect.arrayContaining(['dist/THIRD-PARTY-LICENSES.md', 'dist/sbom.cdx.json']));
  });
});

describe('the license allow-list check', () => {
  const allowed = new Set(['MIT', 'Apache-2.0']);

  it.each([
    ['MIT', true],
    ['GPL-3.0', false],
    ['(MIT OR GPL-3.0)', true],
    ['MIT AND GPL-3.0', false],
    ['(MIT AND Apache-2.0) OR GPL-3.0', true],
    ['GPL-2.0 WITH Classpath-exception-2.0', false],
  ] as const)('takes %s as %s given MIT and Apache-2.0', (expression, satisfied) => {
    expect(satisfiesLicenses(expression, allowed)).toBe(satisfied);
  });

  it('throws on an expression it cannot read rather than pass it', () => {
    expect(() => satisfiesLicenses('(MIT OR', allowed)).toThrow(/Cannot read|Unbalanced/);
    expect(() => satisfiesLicenses('SEE LICENSE IN LICENSE.txt', allowed)).toThrow(/Cannot read/);
  });

  it('takes the License section of a README, underlined or with #, without the link definitions after it', () => {
    const underlined = 'Usage\n-----\n\nCall it.\n\nLicense\n-------\n\n(The MIT License)\n\nCopyright (c) 2013 A &lt;a@example.com&gt;\n\n[x]: https://example.com\n';
    expect(licenseSectionOf(underlined)).toBe('(The MIT License)\n\nCopyright (c) 2013 A <a@example.com>');
    expect(licenseSectionOf('# x\n\n## Licence\n\nMIT © B\n\n## Thanks\n\nC\n')).toBe('MIT © B');
    expect(licenseSectionOf('# x\n\nNo such section.\n')).toBeUndefined();
  });

  it('finds the package of a bundled file, scoped or nested, and none for the package’s own sources', () => {
    expect(packageDirectoryOf('node_modules/@stoplight/prism-http/node_modules/@faker-js/faker/dist/index.js')).toBe('node_modules/@stoplight/prism-http/node_modules/@faker-js/faker');
    expect(packageDirectoryOf('petstore-mime-db:/work/node_modules/mime-db/db.json')).toBe('/work/node_modules/mime-db');
    expect(packageDirectoryOf('../main/node_modules/lodash/lodash.js')).toBe('../main/node_modules/lodash');
    expect(packageDirectoryOf('src/engine/create-engine.ts')).toBeUndefined();
  });
});
