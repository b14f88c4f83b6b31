import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { AbstractStartedContainer, GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import type { JournalEntry } from '../engine/index.js';

/** The image `docker build -t petstore-mock .` makes from this repository. */
export const DEFAULT_IMAGE = 'petstore-mock:latest';
const CONTAINER_PORT = 4010;
// The sessions module's SESSION_HEADER, spelled again: importing it would load the fixtures' Faker
// chunk (~160 KB) into a module that only drives Docker.
const SESSION_HEADER = 'x-petstore-session';

/**
 * The petstore-mock image as a Testcontainers module, in the style of the official ones:
 * configure with `with…` methods, `start()` waits until Docker reports the container healthy.
 */
export class PetstoreMockContainer extends GenericContainer {
  private adminToken: string | undefined;

  constructor(image: string = DEFAULT_IMAGE) {
    super(image);
    this.withExposedPorts(CONTAINER_PORT).withWaitStrategy(Wait.forHealthCheck()).withStartupTimeout(60_000);
  }

  /** Faker seed of the initial pets, delays and faults (`PETSTORE_SEED`). */
  withSeed(seed: number): this {
    return this.withEnvironment({ PETSTORE_SEED: String(seed) });
  }

  /** How many seeded pets each store starts with (`PETSTORE_PETS`). */
  withPets(count: number): this {
    return this.withEnvironment({ PETSTORE_PETS: String(count) });
  }

  /** Accept only these bearer tokens (`PETSTORE_API_KEYS`). */
  withApiKeys(keys: readonly string[]): this {
    return this.withEnvironment({ PETSTORE_API_KEYS: keys.join(',') });
  }

  /** Hold every answer back: milliseconds, or a seeded range such as `'100-400'` (`PETSTORE_DELAY`). */
  withDelay(delay: number | string): this {
    return this.withEnvironment({ PETSTORE_DELAY: String(delay) });
  }

  /** Answer this share of requests with an injected 500 or 503 (`PETSTORE_FAULT_RATE`). */
  withFaultRate(rate: number): this {
    return this.withEnvironment({ PETSTORE_FAULT_RATE: String(rate) });
  }

  /** Fix the mock's clock, e.g. `'2031-01-01'` (`PETSTORE_NOW`). */
  withNow(now: Date | string): this {
    return this.withEnvironment({ PETSTORE_NOW: typeof now === 'string' ? now : now.toISOString() });
  }

  /** Protect the admin endpoints; the started container's helpers send the token (`PETSTORE_ADMIN_TOKEN`). */
  withAdminToken(token: string): this {
    this.adminToken = token;
    return this.withEnvironment({ PETSTORE_ADMIN_TOKEN: token });
  }

  /** Web pages at these origins may call the admin endpoints, e.g. `['http://localhost:6006']` (`PETSTORE_ADMIN_ORIGINS`). */
  withAdminOrigins(origins: readonly string[]): this {
    return this.withEnvironment({ PETSTORE_ADMIN_ORIGINS: origins.join(',') });
  }

  /** Run with a read-only root filesystem, as hardened CI setups do. */
  withReadOnlyRootFilesystem(): this {
    this.hostConfig.ReadonlyRootfs = true;
    return this;
  }

  override async start(): Promise<StartedPetstoreMockContainer> {
    if (this.networkMode !== 'host') return new StartedPetstoreMockContainer(await super.start(), undefined, this.adminToken);
    // With host networking there is no port mapping: the mock listens on a free port of the host.
    const port = await freeHostPort();
    this.exposedPorts = [];
    delete this.createOpts.ExposedPorts;
    delete this.hostConfig.PortBindings;
    this.withEnvironment({ PORT: String(port) });
    return new StartedPetstoreMockContainer(await super.start(), port, this.adminToken);
  }
}

/** One isolated store inside a shared container: send `headers` and see only this session's pets. */
export interface PetstoreMockSession {
  readonly id: string;
  /** `{ 'x-petstore-session': id }`, to merge into a client's headers. */
  readonly headers: Readonly<Record<string, string>>;
  /** Back to the seeded pets; forgets this session's journal entries. */
  reset(): Promise<void>;
  /** This session's requests, oldest first. */
  requests(): Promise<JournalEntry[]>;
}

export class StartedPetstoreMockContainer extends AbstractStartedContainer {
  constructor(
    startedTestContainer: StartedTestContainer,
    private readonly hostPort: number | undefined,
    private readonly adminToken: string | undefined,
  ) {
    super(startedTestContainer);
  }

  /** `http://host:port/v1`, the API's base URL. */
  getBaseUrl(): string {
    return `${this.getOrigin()}/v1`;
  }

  /** `http://host:port`, where the admin endpoints are. */
  getOrigin(): string {
    const port = this.hostPort ?? this.getMappedPort(CONTAINER_PORT);
    return `http://${this.hostPort === undefined ? this.getHost() : '127.0.0.1'}:${port}`;
  }

  /** Back to the seeded pets, with no sessions and an empty journal (`POST /__admin/reset`); or one session. */
  async reset(session?: string): Promise<void> {
    await this.admin('POST', '/__admin/reset', session, 204);
  }

  /** The journal (`GET /__admin/requests`), oldest first; one session's when given. */
  async requests(session?: string): Promise<JournalEntry[]> {
    const response = await this.admin('GET', '/__admin/requests', session, 200);
    return ((await response.json()) as { requests: JournalEntry[] }).requests;
  }

  /** Forgets the journal (`DELETE /__admin/requests`); one session's entries when given. */
  async clearRequests(session?: string): Promise<void> {
    await this.admin('DELETE', '/__admin/requests', session, 204);
  }

  /** A session of its own in this container, e.g. one per test or CI shard: `id` or a random UUID. */
  openSession(id: string = randomUUID()): PetstoreMockSession {
    return {
      id,
      headers: { [SESSION_HEADER]: id },
      reset: () => this.reset(id),
      requests: () => this.requests(id),
    };
  }

  private async admin(method: string, path: string, session: string | undefined, expected: number): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.adminToken !== undefined) headers['authorization'] = `Bearer ${this.adminToken}`;
    if (session !== undefined) headers[SESSION_HEADER] = session;
    const response = await fetch(`${this.getOrigin()}${path}`, { method, headers });
    if (response.status !== expected) throw new Error(`[petstore-mock] ${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  }
}

function freeHostPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('[petstore-mock] No free port.'))));
    });
  });
}
