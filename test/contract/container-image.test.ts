import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCreatesAndReads, midSizedDocument } from '../support/big-document-checks.js';
import { configuredContainer, createContainerSurface, removeLeftoverContainers } from '../support/container-surface.js';
import { buildTestImage, docker, dockerUnavailable, TEST_IMAGE } from '../support/docker.js';
import { combined } from '../../bench/memory-ceiling.js';

// What only a container does (health, user, read-only root, stop, memory, environment, hosts); the
// contract suites through the image are in container.test.ts, a file of its own so that the two run
// on both workers at once.
const unavailable = await dockerUnavailable('the container tests');

describe.skipIf(unavailable !== undefined)('the Docker image', () => {
  beforeAll(async () => {
    await buildTestImage();
  }, 600_000);

  // Without Ryuk (CI machines here run without it), a container whose start failed is never
  // stopped by Testcontainers: remove whatever of this run's containers is left.
  afterAll(async () => {
    await removeLeftoverContainers();
  });

  describe('as a container', () => {
    it('reports healthy through its HEALTHCHECK, which needs no curl', async () => {
      const container = await configuredContainer().start();
      try {
        const inspect = async (): Promise<string> => (await docker('inspect', '--format', '{{.State.Health.Status}} {{json .Config.Healthcheck.Test}}', container.getId())).stdout.trim();
        // start() returns once the health endpoint answers, which may be before Docker's first check (a second after the start).
        let status = await inspect();
        for (let waited = 0; status.startsWith('starting') && waited < 10_000; waited += 100) {
          await new Promise(resolve => setTimeout(resolve, 100));
          status = await inspect();
        }
        expect(status).toBe('healthy ["CMD","node","dist/healthcheck.js"]');
      } finally {
        await container.stop();
      }
    });

    it('opens sessions through the module, whose helpers send the admin token', async () => {
      const container = await configuredContainer({ pets: 2 }).withAdminToken('ci-admin').start();
      try {
        const session = container.openSession();
        const headers = { authorization: 'Bearer k', 'content-type': 'application/json', ...session.headers };
        const created = await fetch(`${container.getBaseUrl()}/pets`, { method: 'POST', headers, body: '{"name":"Shard","categoryId":1}' });
        expect(created.status).toBe(201);
        expect((await session.requests()).map(entry => [entry.operationId, entry.session])).toEqual([['createPet', session.id]]);
        await session.reset();
        const pets = (await (await fetch(`${container.getBaseUrl()}/pets`, { headers })).json()) as unknown[];
        expect(pets).toHaveLength(2);
        expect((await fetch(`${container.getOrigin()}/__admin/requests`)).status).toBe(401);
      } finally {
        await container.stop();
      }
    });

    it('starts every store from the pets withData copies in, and returns to them on reset', async () => {
      const pets = [{ id: 4, name: 'Four', categoryId: 1, status: 'sold' as const }, { id: 10, name: 'Ten', categoryId: 2 }];
      const container = await configuredContainer().withData(pets).start();
      try {
        const list = async (session?: string): Promise<unknown> =>
          (await fetch(`${container.getBaseUrl()}/pets`, { headers: { authorization: 'Bearer k', ...(session && { 'x-petstore-session': session }) } })).json();
        expect(await list()).toEqual(pets);
        expect(await list('another')).toEqual(pets);
        await container.setState({ pets: [] });
        expect(await list()).toEqual([]);
        await container.reset();
        expect(await list()).toEqual(pets);
      } finally {
        await container.stop();
      }
    });

    it('serves a generated document of Stripe’s shape given with withDocument: creates, reads, lists and actions answer', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'container-big-'));
      const documentPath = join(directory, 'mid-sized.json');
      writeFileSync(documentPath, JSON.stringify(midSizedDocument()));
      const surface = await createContainerSurface({ documentPath });
      try {
        await expectCreatesAndReads(surface);
        expect(surface.reportedErrors).toEqual([]);
      } finally {
        await surface.close();
        rmSync(directory, { recursive: true, force: true });
      }
    }, 90_000);

    it('fails start() at once when the mock exits while starting, saying its exit code', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'container-refused-'));
      const documentPath = join(directory, 'refused.json');
      writeFileSync(documentPath, JSON.stringify({ openapi: '3.0.3', info: { title: 'Refused', version: '1' }, paths: { '/a': { get: { responses: { 200: { description: 'a', content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } } } } } } } }));
      try {
        // The mock refuses the document (exit 2); the module says so instead of waiting out its start-up timeout.
        await expect(configuredContainer().withDocument(documentPath).withStartupTimeout(30_000).start()).rejects.toThrow(/exited with 2 before .*\/__admin\/health answered/);
      } finally {
        // The exited container is removed with this run's others, after the file.
        rmSync(directory, { recursive: true, force: true });
      }
    }, 40_000);

    it('runs as a non-root user', async () => {
      const container = await configuredContainer().start();
      try {
        const { output } = await container.exec(['id', '-u']);
        expect(output.trim()).toBe('1000');
      } finally {
        await container.stop();
      }
    });

    it('serves with a read-only root filesystem', async () => {
      const container = await configuredContainer({ pets: 2 }).withReadOnlyRootFilesystem().start();
      try {
        const { stdout } = await docker('inspect', '--format', '{{.HostConfig.ReadonlyRootfs}}', container.getId());
        expect(stdout.trim()).toBe('true');
        const created = await fetch(`${container.getBaseUrl()}/pets`, { method: 'POST', headers: { authorization: 'Bearer k', 'content-type': 'application/json' }, body: '{"name":"Ro","categoryId":1}' });
        expect(created.status).toBe(201);
      } finally {
        await container.stop();
      }
    });

    it('stops within 2 seconds on docker stop, exiting 0', async () => {
      const container = await configuredContainer().start();
      const id = container.getId();
      const started = performance.now();
      await docker('stop', '--time', '10', id);
      const elapsed = performance.now() - started;
      const { stdout } = await docker('inspect', '--format', '{{.State.ExitCode}}', id);
      await docker('rm', '-f', id);
      expect(stdout.trim()).toBe('0');
      expect(elapsed).toBeLessThan(2_000);
    });

    it('survives every attack at once under --memory 512m (stores, overrides and journal full, then 1,000 never-finished and 1,000 delayed 1 MiB bodies), answering health, not OOM-killed', async () => {
      const container = await configuredContainer().withResourcesQuota({ memory: 0.5 }).start();
      try {
        const port = Number(new URL(container.getOrigin()).port);
        const answers = await combined(6_000).run(port);
        // Every storage limit was reached, and past the budget of bodies in flight the rest were refused 503 at once.
        expect(answers).toMatch(/storedBytes 100%.*journalBytes 100%.*overrideBytesPerSession 100%/);
        expect(answers).toMatch(/slow [^;]*503×\d{3}/);
        expect(answers).toMatch(/delayed [^;]*503×\d{3}/);
        expect((await fetch(`${container.getOrigin()}/__admin/health`)).status).toBe(200);
        const { stdout } = await docker('inspect', '--format', '{{.State.OOMKilled}} {{.State.Running}} {{.HostConfig.Memory}}', container.getId());
        expect(stdout.trim()).toBe(`false true ${512 * 1024 * 1024}`);
      } finally {
        await container.stop();
      }
    }, 180_000);

    it('listens on 0.0.0.0:4010 and takes its settings from the environment', async () => {
      const { stdout } = await docker('inspect', '--format', '{{json .Config.Env}} {{json .Config.ExposedPorts}}', TEST_IMAGE);
      expect(stdout).toContain('"HOST=0.0.0.0"');
      expect(stdout).toContain('"PORT=4010"');
      expect(stdout).toContain('"4010/tcp"');
      const container = await configuredContainer({ seed: 9, pets: 3, apiKeys: ['only-this'] }).start();
      try {
        const pets = await fetch(`${container.getBaseUrl()}/pets`, { headers: { authorization: 'Bearer only-this' } });
        expect((await pets.json()) as unknown[]).toHaveLength(3);
        expect((await fetch(`${container.getBaseUrl()}/pets`, { headers: { authorization: 'Bearer other' } })).status).toBe(401);
      } finally {
        await container.stop();
      }
    });

    it('refuses a rebound Host on the admin endpoints, and answers the names withAdminHosts gives, as a compose service is reached', async () => {
      const container = await configuredContainer({ pets: 1 }).withAdminHosts(['petstore']).start();
      try {
        const origin = new URL(container.getOrigin());
        const statusOf = (host: string): Promise<number> =>
          new Promise((resolve, reject) => {
            const outgoing = httpRequest({ host: origin.hostname, port: origin.port, method: 'POST', path: '/__admin/reset', headers: { host, origin: `http://${host}` } }, response => {
              response.resume();
              resolve(response.statusCode ?? 0);
            });
            outgoing.on('error', reject);
            outgoing.end();
          });
        expect(await statusOf('attacker.example:4010')).toBe(403);
        expect(await statusOf('petstore:4010')).toBe(204);
        expect(await statusOf(`localhost:${origin.port}`)).toBe(204);
        await container.reset();
      } finally {
        await container.stop();
      }
    });
  });
});
