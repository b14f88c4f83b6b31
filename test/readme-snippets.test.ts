import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseCli } from '../src/cli/index.js';
import { parseVerifyCli } from '../src/verify/parse-verify-cli.js';
import { noteSkip } from './support/skip-reasons.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const OUTPUT = join(ROOT, 'test-output', 'readme-snippets');

/** A fenced block of the README, with the `<!-- snippet: … -->` marker on the line before it, if any. */
interface Snippet {
  language: string;
  code: string;
  line: number;
  marker: string | undefined;
}

/**
 * Every fenced block of the README. Markers: `continues` (a TypeScript block read together with the
 * one before it), `excerpt of <file>` (the block stands in that file, which npm test runs), and
 * `not checked: <reason>` (said in the summary npm test ends with).
 */
function readSnippets(text: string): Snippet[] {
  const snippets: Snippet[] = [];
  const fence = /^```(\w+)\n([\s\S]*?)^```$/gm;
  for (const match of text.matchAll(fence)) {
    const before = text.slice(0, match.index).trimEnd();
    const marker = /<!-- snippet: (.+?) -->$/.exec(before)?.[1];
    snippets.push({ language: match[1] ?? '', code: match[2] ?? '', line: before.split('\n').length + 1, marker });
  }
  return snippets;
}

const snippets = readSnippets(README);
for (const { line, marker } of snippets) if (marker?.startsWith('not checked: ')) noteSkip(`the README snippet at line ${line}`, marker.slice('not checked: '.length));

/** The TypeScript blocks as programs: a `continues` block joins the one before; a `// path.ts` line starts another file. */
function typeScriptPrograms(): { line: number; files: Map<string, string> }[] {
  const programs: { line: number; files: Map<string, string> }[] = [];
  for (const snippet of snippets.filter(each => each.language === 'ts' && !each.marker?.startsWith('not checked') && !each.marker?.startsWith('excerpt'))) {
    const program = snippet.marker === 'continues' ? programs.at(-1) : undefined;
    const target = program ?? { line: snippet.line, files: new Map<string, string>() };
    if (!program) programs.push(target);
    let file = [...target.files.keys()].at(-1) ?? 'snippet.ts';
    for (const codeLine of snippet.code.split('\n')) {
      const header = /^\/\/ ([\w./-]+\.ts)\b/.exec(codeLine)?.[1];
      if (header) file = header;
      target.files.set(file, `${target.files.get(file) ?? ''}${codeLine}\n`);
    }
  }
  return programs;
}

const SOURCE_ENTRIES: Record<string, string[]> = {
  'petstore-mock': ['src/index.ts'],
  'petstore-mock/msw': ['src/msw/index.ts'],
  'petstore-mock/fixtures': ['src/fixtures/index.ts'],
  'petstore-mock/testcontainers': ['src/testcontainers/index.ts'],
  'petstore-mock/storybook': ['src/storybook/index.ts'],
};

/**
 * Compiles every program's files in one compiler run, as a consumer's project would (strict, ES
 * modules, the package as the README imports it); each program's diagnostics as text, by its folder.
 */
function typeCheck(programs: readonly { directory: string; files: Map<string, string> }[]): Map<string, string[]> {
  rmSync(OUTPUT, { recursive: true, force: true });
  const paths = programs.flatMap(({ directory, files }) =>
    [...files.entries()].map(([name, code]) => {
      const path = join(directory, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, code);
      return path;
    }),
  );
  const program = ts.createProgram(paths, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node', 'vite/client'],
    typeRoots: [join(ROOT, 'node_modules', '@types'), join(ROOT, 'node_modules')],
    skipLibCheck: true,
    noUncheckedIndexedAccess: true,
    baseUrl: ROOT,
    paths: SOURCE_ENTRIES,
  });
  const found = new Map(programs.map(({ directory }) => [directory, [] as string[]]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const fileName = diagnostic.file?.fileName ?? '';
    const directory = programs.find(each => fileName.startsWith(`${each.directory}/`))?.directory;
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (directory !== undefined) found.get(directory)?.push(`${fileName.slice(directory.length + 1)}: ${message}`);
    else if (diagnostic.file === undefined) for (const list of found.values()) list.push(message);
  }
  return found;
}

/** The shell lines of a block, `\` continuations joined, comments dropped. */
function shellCommands(code: string): string[] {
  return code
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map(line => line.replace(/\s+#.*$/, '').trim())
    .filter(line => line !== '' && !line.startsWith('#'));
}

/** Words of a command line, with single and double quotes taken off and `$VAR`s left as they are. */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(match => match[1] ?? match[2] ?? match[3] ?? '');
}

describe('the README', () => {
  it('has snippets to check, and marks every one it does not check with a reason', () => {
    expect(snippets.filter(each => each.language === 'ts').length).toBeGreaterThan(10);
    for (const { marker, line } of snippets) if (marker !== undefined) expect(marker, `line ${line}`).toMatch(/^(continues|excerpt of \S+|not checked: .{10,})$/);
  });

  describe('TypeScript snippets', () => {
    const programs = typeScriptPrograms().map(({ line, files }) => ({ line, files, directory: join(OUTPUT, `line-${line}`) }));
    let diagnostics = new Map<string, string[]>();
    beforeAll(() => {
      diagnostics = typeCheck(programs);
    }, 120_000);

    it.each(programs)('at line $line type-checks against the package as a consumer imports it', ({ directory }) => {
      expect(diagnostics.get(directory)).toEqual([]);
    });
  });

  it.each(snippets.filter(each => each.marker?.startsWith('excerpt of ')).map(each => [each.line, each] as const))(
    'quotes its excerpt at line %i exactly as the file it names has it',
    (_line, snippet) => {
      const file = (snippet.marker ?? '').slice('excerpt of '.length);
      // Indentation aside: an excerpt is dedented to read on its own.
      const dedent = (text: string): string => text.split('\n').map(line => line.trim()).join('\n');
      expect(dedent(readFileSync(join(ROOT, file), 'utf8'))).toContain(dedent(snippet.code.trim()));
    },
  );

  it('gives every petstore-mock command it shows options the CLI takes', () => {
    let checked = 0;
    for (const snippet of snippets.filter(each => each.language === 'sh' || each.language === 'console')) {
      for (const command of shellCommands(snippet.code.replace(/^\$ /gm, ''))) {
        const all = words(command);
        const environment = Object.fromEntries(all.filter(word => /^[A-Z_]+=/.test(word)).map(word => word.split(/=(.*)/s).slice(0, 2) as [string, string]));
        const bin = all.indexOf('petstore-mock');
        if (all[0] === 'docker' && all[1] === 'run') {
          // `docker run -e NAME=value … petstore-mock`: the container's CLI reads those variables.
          const variables = Object.fromEntries(all.flatMap((word, index) => (all[index - 1] === '-e' ? [word.split(/=(.*)/s).slice(0, 2) as [string, string]] : [])));
          expect(() => parseCli([], variables), `line ${snippet.line}: ${command}`).not.toThrow();
          checked++;
        } else if (bin !== -1 && all[bin - 1] === 'npx') {
          const args = all.slice(bin + 1);
          if (args[0] === 'verify') expect(() => parseVerifyCli(args.slice(1), environment), `line ${snippet.line}: ${command}`).not.toThrow();
          else expect(() => parseCli(args, environment), `line ${snippet.line}: ${command}`).not.toThrow();
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it('has YAML snippets that parse, and a compose file docker-compose accepts where it is installed', async () => {
    const yamlSnippets = snippets.filter(each => each.language === 'yaml');
    expect(yamlSnippets.length).toBeGreaterThan(0);
    for (const snippet of yamlSnippets) expect(() => parse(snippet.code) as unknown, `line ${snippet.line}`).not.toThrow();
    const compose = yamlSnippets.find(each => (parse(each.code) as { services?: Record<string, { image?: string }> }).services?.['petstore']?.image?.startsWith('petstore-mock'));
    expect(compose, 'the docker compose snippet').toBeDefined();
    const file = join(OUTPUT, 'compose', 'compose.yaml');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, compose?.code ?? '');
    const available = await promisify(execFile)('docker-compose', ['version'], { timeout: 20_000 }).then(() => true, () => false);
    if (!available && process.env['PETSTORE_REQUIRE_DOCKER'] === '1') throw new Error('PETSTORE_REQUIRE_DOCKER=1 but docker-compose is not installed.');
    if (!available) {
      noteSkip('the compose snippet under docker-compose config', 'docker-compose is not installed (apt-get install -y docker-compose); it was parsed as YAML only');
      return;
    }
    await expect(promisify(execFile)('docker-compose', ['-f', file, 'config', '-q'], { timeout: 30_000 })).resolves.toBeDefined();
  });
});
