// Declares what dist/ bundles, as Vite does for its own: dist/THIRD-PARTY-LICENSES.md (each package,
// its license and the full text of its license) and dist/sbom.cdx.json (CycloneDX 1.5), which a
// scanner (osv-scanner --sbom, grype sbom:) checks against advisories where npm audit cannot look.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { collectBundledPackages } from './bundled-packages.mjs';

export const LICENSES_FILE = 'THIRD-PARTY-LICENSES.md';
export const SBOM_FILE = 'sbom.cdx.json';

/** Writes both files into `directory` for the packages that `metafiles` (`{ label: metafile }`) bundle. */
export async function writeBundleNotices(directory, metafiles) {
  const self = JSON.parse(readFileSync('package.json', 'utf8'));
  const packages = collectBundledPackages(metafiles);
  await writeFile(join(directory, LICENSES_FILE), renderLicenses(self, packages));
  await writeFile(join(directory, SBOM_FILE), `${JSON.stringify(renderSbom(self, packages), null, 2)}\n`);
  return packages;
}

/** The Markdown notice: one section per package, `name@version`, its license, then its license files verbatim. */
export function renderLicenses(self, packages) {
  const sections = packages.map(found => {
    const facts = [
      `License: ${found.license ?? 'not declared'}`,
      ...(found.repository ? [`Repository: ${found.repository}`] : []),
      `Bundled in: ${found.bundles.join(', ')}`,
    ];
    const texts = found.licenseTexts.map(({ source, text }) => `From ${source}:\n\n${fenced(text)}`);
    return [`## ${found.name}@${found.version}`, facts.join('  \n'), ...(texts.length > 0 ? texts : ['No license text found.'])].join('\n\n');
  });
  return [
    `# Third-party software bundled in ${self.name} ${self.version}`,
    `${self.name}'s \`dist/\` is bundled by esbuild: the ${packages.length} packages below are part of its files, not installed by npm, and \`npm audit\` does not see them. \`${SBOM_FILE}\` lists the same packages as a CycloneDX 1.5 SBOM.`,
    ...sections,
  ].join('\n\n') + '\n';
}

/** The CycloneDX 1.5 SBOM: the package itself, then each bundled package as a `library` with its purl and license. */
export function renderSbom(self, packages) {
  const components = packages.map(found => ({
    type: 'library',
    'bom-ref': `${found.name}@${found.version}`,
    name: found.name,
    version: found.version,
    purl: purlOf(found.name, found.version),
    ...(found.license !== undefined && { licenses: cycloneDxLicenses(found.license) }),
    ...(found.integrity !== undefined && hashesOf(found.integrity)),
    ...(found.resolved !== undefined && { externalReferences: [{ type: 'distribution', url: found.resolved }] }),
    properties: found.bundles.map(bundle => ({ name: 'petstore-mock:bundle', value: bundle })),
  }));
  return {
    $schema: 'http://cyclonedx.org/schema/bom-1.5.schema.json',
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    // The same packages give the same serial number: a build is reproducible (RFC 9562 version 8).
    serialNumber: `urn:uuid:${uuidOf(JSON.stringify([self.name, self.version, components]))}`,
    version: 1,
    metadata: {
      lifecycles: [{ phase: 'build' }],
      tools: { components: [{ type: 'application', name: 'esbuild', version: esbuildVersion() }] },
      component: {
        type: 'library',
        'bom-ref': `${self.name}@${self.version}`,
        name: self.name,
        version: self.version,
        purl: purlOf(self.name, self.version),
        ...(typeof self.license === 'string' && { licenses: cycloneDxLicenses(self.license) }),
      },
    },
    components,
  };
}

/** `pkg:npm/%40scope/name@1.2.3`, as the purl specification writes npm packages. */
export function purlOf(name, version) {
  const path = name.startsWith('@') ? `%40${name.slice(1).split('/').map(encodeURIComponent).join('/')}` : encodeURIComponent(name);
  return `pkg:npm/${path}@${encodeURIComponent(version)}`;
}

/** One SPDX identifier as `license.id`, an expression (`MIT OR Apache-2.0`) as `expression`, anything else as `license.name`. */
function cycloneDxLicenses(license) {
  if (/^[A-Za-z0-9.+-]+$/.test(license)) return [{ license: { id: license } }];
  if (/\s(?:AND|OR|WITH)\s/i.test(license)) return [{ expression: license }];
  return [{ license: { name: license } }];
}

const HASH_ALGORITHMS = { sha1: 'SHA-1', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };

/** package-lock.json's `integrity` (`sha512-<base64>`) as CycloneDX `hashes`; none for an algorithm it does not name. */
function hashesOf(integrity) {
  const [algorithm = '', digest = ''] = integrity.split(' ')[0]?.split(/-(.*)/s) ?? [];
  const alg = HASH_ALGORITHMS[algorithm];
  return alg === undefined ? {} : { hashes: [{ alg, content: Buffer.from(digest, 'base64').toString('hex') }] };
}

function uuidOf(text) {
  const bytes = createHash('sha256').update(text).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function esbuildVersion() {
  return createRequire(import.meta.url)('esbuild/package.json').version;
}

/** A code fence longer than any run of backticks in `text`. */
function fenced(text) {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map(([run]) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}
