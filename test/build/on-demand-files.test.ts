import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { fakerOnFirstUse } from '../../scripts/faker-on-demand.mjs';
import { buildNode } from '../support/node-build.js';
import { startCli, type RunningCli } from '../support/run-cli.js';

const SHELTER = fileURLToPath(new URL('../documents/shelter.json', import.meta.url));
/** What Node's module debug log prints when a process requires the Node build's Ajv compiler file. */
const AJV_COMPILER_LOADED = /load "[^"]*[\\/]dist[\\/]chunks[\\/]ajv-compiler\.cjs"/;
/** The same for Faker's file. */
const FAKER_LOADED = /load "[^"]*[\\/]dist[\\/]chunks[\\/]faker\.cjs"/;

/** The built CLI on a free port, with Node's CommonJS loader logging each file it loads to standard error. */
async function startLoggingCli(args: string[]): Promise<{ cli: RunningCli; origin: string }> {
  const cli = startCli(['--port', '0', ...args], { NODE_DEBUG: 'module' });
  const ready = await cli.waitForLine(/ready on /);
  return { cli, origin: new URL(/https?:\/\/\S+/.exec(ready)?.[0] ?? '').origin };
}

describe('Ajv’s compiler in the Node build (dist/chunks/ajv-compiler.cjs, required on Prism’s first schema without a precompiled validator)', () => {
  it('is in none of the chunks the server and the MSW handlers import before their first answer', async () => {
    const { modules, cliScript, mswScript } = await buildNode();
    const ajvInChunks = [modules, cliScript, mswScript].flatMap(metafile => Object.entries(metafile.outputs)).flatMap(([output, { inputs }]) =>
      Object.entries(inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 && /node_modules\/ajv\/dist\/(core|compile\/index|vocabularies\/applicator\/index)\.js$/.test(input) ? [`${output}: ${input}`] : [])),
    );
    expect(ajvInChunks).toEqual([]);
  }, 60_000);

  // The same log names the file when it is loaded: see the next test.
  it('is not loaded by a server answering the package’s document, whose validators are all precompiled', async () => {
    const { cli, origin } = await startLoggingCli([]);
    try {
      expect((await fetch(`${origin}/v1/pets`, { headers: { authorization: 'Bearer key' } })).status).toBe(200);
      const refused = await fetch(`${origin}/v1/pets`, { method: 'POST', headers: { authorization: 'Bearer key', 'content-type': 'application/json' }, body: '{"name":7}' });
      expect(refused.status).toBe(400);
      expect(cli.errors()).not.toMatch(AJV_COMPILER_LOADED);
    } finally {
      cli.child.kill();
      await cli.exited;
    }
  }, 30_000);

  it('is loaded for another document, whose requests are still validated', async () => {
    const { cli, origin } = await startLoggingCli(['--document', SHELTER]);
    try {
      const refused = await fetch(`${origin}/api/v2/animals`, { method: 'POST', headers: { authorization: 'Bearer key', 'content-type': 'application/json' }, body: '{"x":1}' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'invalid_request', message: expect.stringContaining("required property 'name'") as unknown });
      expect(cli.errors()).toMatch(AJV_COMPILER_LOADED);
    } finally {
      cli.child.kill();
      await cli.exited;
    }
  }, 30_000);
});

describe('Faker in the Node build (dist/chunks/faker.cjs, loaded on the first Faker the fixtures make)', () => {
  it('is in none of the chunks the server and the MSW handlers import before their first answer', async () => {
    const { modules, cliScript, mswScript } = await buildNode();
    const fakerInChunks = [modules, cliScript, mswScript].flatMap(metafile => Object.entries(metafile.outputs)).flatMap(([output, { inputs }]) =>
      Object.entries(inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 && input.includes('node_modules/@faker-js/faker/') && !output.includes('mocker-') ? [`${output}: ${input}`] : [])),
    );
    expect(fakerInChunks).toEqual([]);
  }, 60_000);

  it('is not loaded by a server starting with the default seeded pets, which the build drew', async () => {
    const { cli, origin } = await startLoggingCli([]);
    try {
      const pets = (await (await fetch(`${origin}/v1/pets?limit=2`, { headers: { authorization: 'Bearer key' } })).json()) as { name: string }[];
      expect(pets.map(pet => pet.name)).toEqual(['Gus', 'Daisy']);
      expect(cli.errors()).not.toMatch(FAKER_LOADED);
    } finally {
      cli.child.kill();
      await cli.exited;
    }
  }, 30_000);

  it('is loaded for another seed, whose pets Faker draws at start', async () => {
    const { cli, origin } = await startLoggingCli(['--seed', '2']);
    try {
      const pets = (await (await fetch(`${origin}/v1/pets?limit=2`, { headers: { authorization: 'Bearer key' } })).json()) as { name: string }[];
      expect(pets.map(pet => pet.name)).toEqual(['Hank', 'Hank']);
      expect(cli.errors()).toMatch(FAKER_LOADED);
    } finally {
      cli.child.kill();
      await cli.exited;
    }
  }, 30_000);
});

describe('Faker in the browser build (bundled; evaluated on the first Faker the fixtures make, not as the page starts)', () => {
  /** Counts the evaluations of Faker's module on `globalThis.fakerEvaluations`, as the browser build bundles it or as plainly imported. */
  const countFakerEvaluations: Plugin = {
    name: 'count-faker-evaluations',
    setup(builder) {
      builder.onResolve({ filter: /^@faker-js\/faker$/ }, args =>
        args.namespace === 'counted-faker' ? undefined : { path: 'faker', namespace: 'counted-faker', pluginData: { importer: args.importer, namespace: args.namespace } },
      );
      builder.onLoad({ filter: /.*/, namespace: 'counted-faker' }, () => ({
        contents: "globalThis.fakerEvaluations = (globalThis.fakerEvaluations ?? 0) + 1;\nexport { SimpleFaker } from '@faker-js/faker';",
        loader: 'js',
        resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
      }));
    },
  };

  /** The fixtures' entry bundled with the browser build's plugin (which then resolves Faker, counted) or without it. */
  async function bundledFixtures(onFirstUse: boolean): Promise<{ buildPets: (count: number, options?: { seed?: number }) => { name: string }[] }> {
    const outfile = join(mkdtempSync(join(tmpdir(), 'faker-on-first-use-')), `fixtures-${String(onFirstUse)}.mjs`);
    await build({ entryPoints: ['src/fixtures/index.ts'], outfile, bundle: true, format: 'esm', platform: 'neutral', logLevel: 'silent', plugins: onFirstUse ? [fakerOnFirstUse, countFakerEvaluations] : [countFakerEvaluations] });
    return (await import(pathToFileURL(outfile).href)) as never;
  }

  const evaluations = (): unknown => Reflect.get(globalThis, 'fakerEvaluations');

  it('is not evaluated by the default seeded pets, and is, once, by another seed, drawing the same pets', async () => {
    Reflect.deleteProperty(globalThis, 'fakerEvaluations');
    const plain = await bundledFixtures(false);
    expect(evaluations()).toBe(1);
    const plainPets = plain.buildPets(3, { seed: 2 });

    Reflect.deleteProperty(globalThis, 'fakerEvaluations');
    const { buildPets } = await bundledFixtures(true);
    expect(buildPets(2).map(pet => pet.name)).toEqual(['Gus', 'Daisy']);
    expect(evaluations()).toBeUndefined();
    expect(buildPets(3, { seed: 2 })).toEqual(plainPets);
    expect(buildPets(3, { seed: 5 })).not.toEqual(plainPets);
    expect(evaluations()).toBe(1);
  }, 60_000);
});
