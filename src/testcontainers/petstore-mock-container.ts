import { basename } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createServer, isIP } from 'node:net';
import { AbstractStartedContainer, GenericContainer, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import { HealthEndpointWaitStrategy } from './health-endpoint-wait.js';
import { createAdminClient, type AdminClient, type AdminControls, type AdminSession } from '../admin-client/index.js';
import type { Override } from '../engine/controls/overrides.js';
import type { Har } from '../engine/journal/har-types.js';
import type { JournalEntry, JournalFilter } from '../engine/journal/request-journal.js';
import type { Call, DeclaredStatus, OverrideOptions, StoreState } from '../admin-client/index.js';
import type { StoredRecord } from '../store/index.js';
import type { OperationId } from '../types/index.js';

/** The image `docker build -t petstore-mock .` makes from this repository. */
export const DEFAULT_IMAGE = 'petstore-mock:latest';
const CONTAINER_PORT = 4010;
/** Where `withData` puts the pets inside the container. */
const DATA_PATH = '/tmp/petstore-data.json';
/** Where `withDocument` copies the document: its extension kept, as the CLI reads YAML or JSON alike. */
const DOCUMENT_FOLDER = '/tmp/petstore-document';

/**
 * The petstore-mock image as a Testcontainers module, in the style of the official ones:
 * configure with `with…` methods, `start()` waits until the mock answers its health endpoint.
 */
export class PetstoreMockContainer extends GenericContainer {
  private adminToken: string | undefined;
  private readonly adminHosts: string[] = [];

  constructor(image: string = DEFAULT_IMAGE) {
    super(image);
    this.withExposedPorts(CONTAINER_PORT).withWaitStrategy(new HealthEndpointWaitStrategy()).withStartupTimeout(60_000);
  }

  /** Faker seed of the starting records (the pets, in the Animal Store), delays and faults (`PETSTORE_SEED`). */
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

  /**
   * Names the admin endpoints answer to besides loopback names and IP addresses (`PETSTORE_ADMIN_HOSTS`).
   * `start()` adds the Docker host's name (`getHost()`) and the network aliases, the names tests and
   * other containers reach it by; give others a client uses, e.g. a proxy's.
   */
  withAdminHosts(names: readonly string[]): this {
    this.adminHosts.push(...names);
    return this;
  }

  /** Every store of the first collection starts from exactly these records, the pets of the Animal Store (`PETSTORE_DATA`, a file copied into the container); `reset()` returns to them. */
  withData(pets: readonly StoredRecord[]): this {
    return this.withCopyContentToContainer([{ content: JSON.stringify({ pets }), target: DATA_PATH, mode: 0o644 }]).withEnvironment({ PETSTORE_DATA: DATA_PATH });
  }

  /** Run with a read-only root filesystem, as hardened CI setups do. */
  /**
   * Answer by another OpenAPI document (a YAML or JSON file on this machine), copied into the
   * container (`PETSTORE_DOCUMENT`). To follow edits, bind-mount the file instead and set
   * `PETSTORE_DOCUMENT` and `PETSTORE_WATCH=true`.
   */
  withDocument(documentPath: string): this {
    const target = `${DOCUMENT_FOLDER}/${basename(documentPath)}`;
    return this.withCopyFilesToContainer([{ source: documentPath, target, mode: 0o644 }]).withEnvironment({ PETSTORE_DOCUMENT: target });
  }

  withReadOnlyRootFilesystem(): this {
    this.hostConfig.ReadonlyRootfs = true;
    return this;
  }

  override async start(): Promise<StartedPetstoreMockContainer> {
    // A host that is a name (`docker` in Docker-in-Docker CI) must be one the admin endpoints answer to.
    const dockerHost = (await getContainerRuntimeClient()).info.containerRuntime.host;
    const given = this.environment['PETSTORE_ADMIN_HOSTS']?.split(',').filter(name => name !== '') ?? [];
    const names = [...given, ...this.adminHosts, ...this.networkAliases, ...(isIP(dockerHost) === 0 ? [dockerHost] : [])];
    if (names.length > 0) this.withEnvironment({ PETSTORE_ADMIN_HOSTS: [...new Set(names)].join(',') });
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
export type PetstoreMockSession = AdminSession;

/** Its helpers use the admin client: a control the mock refuses rejects with an `AdminError`. */
export class StartedPetstoreMockContainer extends AbstractStartedContainer {
  private readonly admin: AdminClient;

  constructor(
    startedTestContainer: StartedTestContainer,
    private readonly hostPort: number | undefined,
    adminToken: string | undefined,
  ) {
    super(startedTestContainer);
    this.admin = createAdminClient(this.getOrigin(), { adminToken });
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

  /** Back to the starting pets, with no sessions, no overrides and an empty journal (`POST /__admin/reset`); or one session. */
  reset(session?: string): Promise<void> {
    return this.controls(session).reset();
  }

  /** The journal (`GET /__admin/requests`), oldest first; one session's when given, filtered as asked. */
  requests(session?: string, filter?: JournalFilter): Promise<JournalEntry[]> {
    return this.controls(session).requests(filter);
  }

  /** The journal as a HAR 1.2 log (`GET /__admin/requests.har`), filtered alike: for DevTools or Playwright's `routeFromHAR`. */
  har(session?: string, filter?: JournalFilter): Promise<Har> {
    return this.controls(session).har(filter);
  }

  /** Forgets the journal (`DELETE /__admin/requests`); one session's entries when given. */
  clearRequests(session?: string): Promise<void> {
    return this.controls(session).clearRequests();
  }

  /** The journal's entries of `operationId` (every session's), bodies typed. */
  calls<Op extends OperationId>(operationId: Op): Promise<Call<Op>[]> {
    return this.admin.calls(operationId);
  }

  /** The default session's pets (`GET /__admin/state`). */
  getState(): Promise<StoreState> {
    return this.admin.getState();
  }

  /** The default session holds exactly these pets (`PUT /__admin/state`). */
  setState(state: StoreState): Promise<void> {
    return this.admin.setState(state);
  }

  /** Scripts the default session's next calls of `operationId` (`POST /__admin/overrides`), typed by the document. */
  override<Op extends OperationId, Status extends DeclaredStatus<Op>>(operationId: Op, options: OverrideOptions<Op, Status>): Promise<Override> {
    return this.admin.override(operationId, options);
  }

  /** The default session's overrides (`GET /__admin/overrides`). */
  overrides(): Promise<Override[]> {
    return this.admin.overrides();
  }

  /** Clears the default session's overrides, or the one `id` names. */
  clearOverrides(id?: string): Promise<void> {
    return this.admin.clearOverrides(id);
  }

  /** A session of its own in this container, e.g. one per test or CI shard: `id` or a random UUID, with every control narrowed to it. */
  openSession(id: string = randomUUID()): PetstoreMockSession {
    return this.admin.session(id);
  }

  private controls(session: string | undefined): AdminControls {
    return session === undefined ? this.admin : this.admin.session(session);
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
