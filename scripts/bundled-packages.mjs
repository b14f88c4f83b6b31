// Which third-party packages the bundles carry, read from esbuild's metafiles: npm installs none of
// them for a consumer, so `npm ls` and `npm audit` cannot see them. scripts/bundle-notices.mjs writes
// what this finds into dist/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** LICENSE, LICENCE, COPYING and NOTICE files, with or without a suffix (LICENSE.md, LICENSE-MIT.txt). */
const LICENSE_FILE = /^(?:licen[cs]e|copying|notice)(?:[-._].*)?$/i;
/** Words only a license's full text has, not a line such as "MIT © Someone". */
const FULL_LICENSE_TEXT = /permission is hereby granted|permission to use, copy, modify|redistribution and use in source and binary forms|licensed under the apache license/i;
/** Standard license texts, by SPDX identifier, for packages that ship none of their own. */
const STANDARD_TEXTS = new URL('./licenses/', import.meta.url);

/**
 * The directory of the package an input of a metafile lies in (`node_modules/@scope/name`), or
 * undefined for the package's own sources. A plugin's namespace prefix (`petstore-mime-db:/…`) is dropped.
 */
export function packageDirectoryOf(input) {
  const path = input.replace(/^[a-z][\w-]+:(?!\/\/)/i, '').replaceAll('\\', '/');
  return /^(.*(?:^|\/)node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
}

/** The package's license as an SPDX expression: `license`, or the old `license: { type }` and `licenses: [...]` forms. */
export function licenseOf(manifest) {
  const { license, licenses } = manifest;
  if (typeof license === 'string' && license.trim() !== '') return license.trim();
  if (typeof license?.type === 'string') return license.type;
  if (Array.isArray(licenses)) {
    const types = licenses.map(entry => (typeof entry === 'string' ? entry : entry?.type)).filter(type => typeof type === 'string');
    if (types.length > 0) return types.length === 1 ? types[0] : `(${types.join(' OR ')})`;
  }
  return undefined;
}

/**
 * Every package that puts code or data into an output file of `metafiles` (`{ label: metafile }`),
 * once per name and version, sorted: its manifest's facts, its license files' text, the lockfile's
 * `integrity` and `resolved`, and the labels of the builds that carry it.
 */
export function collectBundledPackages(metafiles, { cwd = process.cwd() } = {}) {
  const lock = readLockfile(cwd);
  const byDirectory = new Map();
  for (const [label, metafile] of Object.entries(metafiles)) {
    for (const output of Object.values(metafile.outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        const directory = packageDirectoryOf(input);
        if (directory === undefined || bytesInOutput === 0) continue;
        const absolute = resolve(cwd, directory);
        if (!byDirectory.has(absolute)) byDirectory.set(absolute, new Set());
        byDirectory.get(absolute).add(label);
      }
    }
  }
  const packages = new Map();
  for (const [directory, labels] of byDirectory) {
    const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
    const key = `${manifest.name}@${manifest.version}`;
    const known = packages.get(key);
    if (known) {
      for (const label of labels) known.bundles.add(label);
      continue;
    }
    const lockEntry = lock?.packages?.[lockKeyOf(directory)];
    packages.set(key, {
      name: manifest.name,
      version: manifest.version,
      license: licenseOf(manifest),
      licenseTexts: readLicenseTexts(directory, manifest),
      repository: repositoryOf(manifest),
      directory: relative(cwd, directory),
      integrity: lockEntry?.integrity,
      resolved: lockEntry?.resolved,
      bundles: new Set(labels),
    });
  }
  return [...packages.values()]
    .map(found => ({ ...found, bundles: [...found.bundles].sort() }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version, undefined, { numeric: true }));
}

/**
 * The package's license text, from the first of: its license files; the License section of its
 * README when that holds a full text; the standard text of the license it declares, after the
 * copyright its README's License section or its manifest's `author` names. Each says where it came from.
 */
export function readLicenseTexts(directory, manifest) {
  const files = readdirSync(directory)
    .filter(file => LICENSE_FILE.test(file))
    .sort()
    .map(file => ({ source: file, text: normalize(readFileSync(join(directory, file), 'utf8')) }))
    .filter(({ text }) => text !== '');
  if (files.length > 0) return files;
  const readme = readdirSync(directory).find(file => /^readme(?:\.(?:md|markdown|txt))?$/i.test(file));
  const section = readme === undefined ? undefined : licenseSectionOf(readFileSync(join(directory, readme), 'utf8'));
  if (section !== undefined && FULL_LICENSE_TEXT.test(section)) return [{ source: `${readme}, its License section`, text: section }];
  const license = licenseOf(manifest);
  const standard = license !== undefined && /^[A-Za-z0-9.-]+$/.test(license) ? new URL(`${license}.txt`, STANDARD_TEXTS) : undefined;
  if (standard === undefined || !existsSync(standard)) return [];
  const copyright = section?.split('\n').filter(line => /copyright|©|\(c\)/i.test(line)).map(line => line.trim()).join('\n') ?? '';
  const author = typeof manifest.author === 'string' ? manifest.author : manifest.author?.name;
  const origin = `the standard ${license} text: the package declares ${license} and ships no license text`;
  if (copyright !== '') return [{ source: `${origin}; the copyright line is its ${readme}'s`, text: `${copyright}\n\n${normalize(readFileSync(standard, 'utf8'))}` }];
  const named = typeof author === 'string' ? `; it has no copyright notice either, and its package.json names the author ${author}` : '; it has no copyright notice either';
  return [{ source: `${origin}${named}`, text: normalize(readFileSync(standard, 'utf8')) }];
}

/** The text under a README's License (or Licence) heading, `#` or underlined, up to the next heading; link definitions dropped. */
export function licenseSectionOf(readme) {
  const lines = normalize(readme).split('\n');
  const underlined = index => (lines[index]?.trim() ?? '') !== '' && /^[-=]{3,}\s*$/.test(lines[index + 1] ?? '');
  const isHeading = index => /^#{1,6}\s/.test(lines[index] ?? '') || underlined(index);
  const start = lines.findIndex((line, index) => isHeading(index) && /licen[cs]e/i.test(line));
  if (start === -1) return undefined;
  const body = [];
  for (let index = start + (underlined(start) ? 2 : 1); index < lines.length && !isHeading(index); index++) {
    if (!/^\[[^\]]+\]:\s/.test(lines[index] ?? '')) body.push(lines[index]);
  }
  const text = body.join('\n').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&').trim();
  return text === '' ? undefined : text;
}

function normalize(text) {
  return text.replace(/\r\n?/g, '\n').trim();
}

function repositoryOf(manifest) {
  const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  return typeof url === 'string' ? url : undefined;
}

function readLockfile(cwd) {
  const path = join(cwd, 'package-lock.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

/** `node_modules/a/node_modules/b`, as package-lock.json names the directory (also where node_modules is a link). */
function lockKeyOf(directory) {
  const path = directory.replaceAll('\\', '/');
  const start = path.indexOf('node_modules/');
  return start === -1 ? undefined : path.slice(start);
}

/**
 * Whether the SPDX `expression` is satisfied by the licenses in `allowed`: `A OR B` when either is,
 * `A AND B` when both are, `A WITH exception` only when named so in `allowed`. Throws on an expression
 * it cannot read.
 */
export function satisfiesLicenses(expression, allowed) {
  const tokens = expression.match(/[()]|[^\s()]+/g) ?? [];
  let position = 0;
  const keyword = word => {
    if (tokens[position]?.toUpperCase() !== word) return false;
    position++;
    return true;
  };
  const either = () => {
    let satisfied = both();
    while (keyword('OR')) satisfied = both() || satisfied;
    return satisfied;
  };
  const both = () => {
    let satisfied = one();
    while (keyword('AND')) satisfied = one() && satisfied;
    return satisfied;
  };
  const one = () => {
    const token = tokens[position++];
    if (token === '(') {
      const satisfied = either();
      if (tokens[position++] !== ')') throw new SyntaxError(`Unbalanced parentheses in the license expression "${expression}".`);
      return satisfied;
    }
    if (token === undefined || token === ')' || ['AND', 'OR', 'WITH'].includes(token.toUpperCase())) throw new SyntaxError(`Cannot read the license expression "${expression}".`);
    const license = keyword('WITH') ? `${token} WITH ${tokens[position++] ?? ''}` : token;
    return allowed.has(license) || allowed.has(license.replace(/\+$/, ''));
  };
  const satisfied = either();
  if (position !== tokens.length) throw new SyntaxError(`Cannot read the license expression "${expression}".`);
  return satisfied;
}
