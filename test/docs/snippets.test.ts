import { execFile } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { noteSkip } from '../support/skip-reasons.js';
import { checkCommandLine, shellCommands } from './support/cli-lines.js';
import { projectFiles, readDocBlocks, readDocPages, SHOWN_LANGUAGES } from './support/doc-blocks.js';
import { binOf, createProject, ROOT, runToEnd, startPackedCli, writeFiles, type Finished } from './support/snippet-project.js';

// Every fenced block of README.md and docs/*.md that a reader would copy, run as pasted in a fresh
// project with the packed package installed: test files by vitest, scripts by tsx, every TypeScript
// file type-checked by tsc as a strict consumer project would, the shell step by bash against the
// packed CLI, the compose file by docker-compose, the CI YAML parsed. The browser and Storybook
// blocks are run by test/docs/browser-snippets.test.ts.

const pages = readDocPages(ROOT);
const blocks = readDocBlocks(pages);
const app = projectFiles(blocks, 'app');
const byTool = (tool: string): string[] => [...app].filter(([, file]) => file.run === tool).map(([path]) => path);

/** A strict consumer's tsconfig: ES modules as a bundler or Vitest resolves them, the DOM for the browser files. */
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    moduleDetection: 'force',
    lib: ['es2023', 'dom', 'dom.iterable'],
    types: ['node', 'vite/client'],
    skipLibCheck: true,
  },
  include: ['**/*.ts'],
  exclude: ['node_modules'],
};

describe('the blocks of README.md and docs/', () => {
  it('are each marked with the file they are and the tool that runs them, or are output or command lines', () => {
    for (const block of blocks) {
      if (block.marker !== undefined) continue;
      expect(['sh', ...SHOWN_LANGUAGES], `${block.where}: a ${block.language || 'plain'} block without a <!-- file: … · run: … --> marker`).toContain(block.language);
    }
    // Each tool has blocks to run, so that none of these tests can pass on nothing.
    for (const tool of ['vitest', 'tsx', 'tsc', 'vite build + Chromium', 'storybook build + Chromium', 'bash', 'docker-compose config', 'GitHub Actions']) {
      expect(blocks.filter(block => block.marker?.run === tool).length, tool).toBeGreaterThan(0);
    }
  });

  it('name the file each block is, in the prose a reader sees before it', () => {
    for (const { marker, lead, where } of blocks) if (marker !== undefined && !marker.continued) expect(lead, where).toContain(`\`${marker.file}\``);
  });

  it('say why, where a block is only type-checked', () => {
    for (const block of blocks.filter(each => each.marker?.run === 'tsc')) expect(block.marker?.why, block.where).toMatch(/.{20,}/);
  });

  it('give every petstore-mock command line options the CLI takes, and docker run settings it reads', () => {
    let checked = 0;
    for (const block of blocks.filter(each => each.language === 'sh' || each.language === 'console')) {
      // A transcript's commands are its `$ ` lines; the rest is what they printed.
      const commands = block.language === 'console' ? block.code.split('\n').filter(line => line.startsWith('$ ')).join('\n') : block.code;
      for (const command of shellCommands(commands)) {
        try {
          if (checkCommandLine(command)) checked++;
        } catch (error) {
          throw new Error(`${block.where}: ${command}: ${(error as Error).message}`);
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });
});

describe('the blocks run in a fresh project with the packed package', () => {
  let folder = '';
  beforeAll(async () => {
    ({ folder } = await createProject('node'));
    writeFiles(folder, new Map([...app].map(([path, file]) => [path, file.code])));
    writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    // A config of the project's own: without one, Vitest would take this repository's, above it, whose aliases point the package at src/.
    writeFileSync(join(folder, 'vitest.config.mjs'), 'export default { test: {} };\n');
  }, 120_000);

  it('type-checks every TypeScript file of the blocks as a strict consumer project', async () => {
    const files = [...app.keys()].filter(path => path.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    const { code, output } = await runToEnd(process.execPath, [binOf('typescript', 'tsc'), '-p', 'tsconfig.json'], { cwd: folder, timeout: 120_000 });
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 120_000);

  it('passes the test files under vitest', async () => {
    const files = byTool('vitest');
    expect(files.length).toBeGreaterThan(1);
    const report = join(folder, 'vitest-report.json');
    const { code, output } = await runToEnd(process.execPath, [binOf('vitest'), 'run', '--reporter=json', `--outputFile=${report}`, ...files], { cwd: folder, timeout: 120_000 });
    expect(code, output).toBe(0);
    const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { name: string; status: string; assertionResults: unknown[] }[] };
    expect(testResults.map(result => [result.name.slice(folder.length + 1), result.status]).sort()).toEqual(files.map(file => [file, 'passed']).sort());
    for (const result of testResults) expect(result.assertionResults.length, result.name).toBeGreaterThan(0);
  }, 120_000);

  it.each(byTool('tsx'))('runs %s with tsx, to its end', async file => {
    const { code, output } = await runToEnd(process.execPath, ['--import', 'tsx', file], { cwd: folder, timeout: 60_000 });
    expect(code, output).toBe(0);
  }, 60_000);

  it.each(blocks.filter(block => block.language === 'console' && block.code.startsWith('$ npx petstore-mock')).map(block => [block.where, block] as const))(
    'prints the transcript at %s: the packed CLI\'s first lines and what its curl commands print, the port aside',
    async (_where, block) => {
      const args = (block.code.split('\n')[0] ?? '').split(' ').slice(3);
      // A public document the transcript names (`./swagger-petstore-v3.yaml`) is the reader's download; the test brings this repository's copy.
      for (const arg of args.filter(each => each.startsWith('./'))) cpSync(join(ROOT, 'test', 'documents', 'corpus', arg.slice(2)), join(folder, arg.slice(2)));
      const mock = await startPackedCli(folder, args);
      try {
        const port = new URL(mock.origin).port;
        const atPort = (text: string): string => text.replaceAll('127.0.0.1:4010', `127.0.0.1:${port}`);
        const steps = atPort(block.code).split(/^\$ /m).slice(1);
        const [start = '', ...commands] = steps;
        const shownLines = start.split('\n').slice(1).filter(Boolean);
        await expect.poll(() => mock.printed().split('\n').slice(0, shownLines.length), { timeout: 5_000 }).toEqual(shownLines);
        for (const step of commands) {
          const [command = '', ...shown] = step.split('\n');
          expect(command, block.where).toMatch(/^curl /);
          const { code, output } = await runToEnd('bash', ['-c', command], { cwd: folder });
          expect(code, output).toBe(0);
          expect(output.trim(), command).toBe(shown.join('\n').trim());
        }
      } finally {
        await mock.stop();
      }
    },
  );

  describe('the shell step, against the packed CLI', () => {
    const shell = projectFiles(blocks, 'shell');
    let mock: Awaited<ReturnType<typeof startPackedCli>> | undefined;
    beforeAll(async () => {
      mock = await startPackedCli(folder, ['--no-dashboard']);
    });
    afterAll(() => mock?.stop());

    it.each([...shell.keys()])('runs %s with bash -e, every check passing', async file => {
      expect(shell.get(file)?.run).toBe('bash');
      const script = join(folder, file);
      writeFiles(folder, [[file, shell.get(file)?.code ?? '']]);
      const { code, output } = await runToEnd('bash', ['-e', script], { cwd: folder, env: { MOCK: mock?.origin ?? '' } });
      expect(code, output).toBe(0);
      // jq -e prints each check's verdict, and nothing else prints.
      expect(output).toBe('true\ntrue\n');
    });
  });
});

describe('the YAML blocks', () => {
  const yamlBlocks = blocks.filter(block => block.language === 'yaml');

  it('are each a compose file or a GitHub Actions workflow or service, and parse', () => {
    expect(yamlBlocks.length).toBeGreaterThanOrEqual(3);
    for (const block of yamlBlocks) {
      expect(['docker-compose config', 'GitHub Actions'], block.where).toContain(block.marker?.run);
      expect(() => parse(block.code) as unknown, block.where).not.toThrow();
    }
  });

  it('are GitHub Actions workflows whose jobs a runner takes, with services of the image and petstore-mock commands the CLI takes', () => {
    const workflows = yamlBlocks.filter(each => each.marker?.run === 'GitHub Actions');
    let commandsChecked = 0;
    for (const block of workflows) {
      const yaml = parse(block.code) as { on?: unknown; jobs?: Record<string, { 'runs-on'?: string; services?: Record<string, { image?: string }>; steps?: { run?: string; uses?: string }[] }> };
      expect(yaml.on, `${block.where}: a workflow says when it runs`).toBeDefined();
      expect(Object.keys(yaml.jobs ?? {}).length, block.where).toBeGreaterThan(0);
      for (const [name, job] of Object.entries(yaml.jobs ?? {})) {
        expect(job['runs-on'], `${block.where} ${name}`).toBeTypeOf('string');
        expect(job.steps?.length, `${block.where} ${name}`).toBeGreaterThan(0);
        expect(job.steps?.every(step => (step.run === undefined) !== (step.uses === undefined)), `${block.where} ${name}: each step runs or uses`).toBe(true);
        for (const service of Object.values(job.services ?? {})) expect(service.image, block.where).toMatch(/petstore-mock/);
        for (const command of (job.steps ?? []).flatMap(step => shellCommands(step.run ?? ''))) if (checkCommandLine(command)) commandsChecked++;
      }
    }
    expect(workflows.length).toBeGreaterThanOrEqual(2);
    expect(commandsChecked).toBeGreaterThan(0);
  });

  it('pass docker-compose config, for the compose files', async () => {
    const composeFiles = projectFiles(blocks, 'compose');
    expect(composeFiles.size).toBeGreaterThan(0);
    const available = await promisify(execFile)('docker-compose', ['version'], { timeout: 20_000 }).then(() => true, () => false);
    if (!available && process.env['PETSTORE_REQUIRE_DOCKER'] === '1') throw new Error('PETSTORE_REQUIRE_DOCKER=1 but docker-compose is not installed (apt-get install -y docker-compose).');
    if (!available) {
      noteSkip('the compose blocks of the docs under docker-compose config', 'docker-compose is not installed (apt-get install -y docker-compose); they were parsed as YAML only');
      return;
    }
    const folder = join(ROOT, 'test-output', 'docs-snippets', 'compose');
    writeFiles(folder, new Map([...composeFiles].map(([path, file]) => [path, file.code])));
    for (const path of composeFiles.keys()) {
      const checked: Finished = await runToEnd('docker-compose', ['-f', join(folder, path), 'config', '-q'], { cwd: folder, timeout: 30_000 });
      expect(checked, path).toEqual({ code: 0, output: '' });
    }
  });
});
