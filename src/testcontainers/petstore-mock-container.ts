import { createServer } from 'node:net';
import { AbstractStartedContainer, GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';

/** The image `docker build -t petstore-mock .` makes from this repository. */
export const DEFAULT_IMAGE = 'petstore-mock:latest';
const CONTAINER_PORT = 4010;

/**
 * The petstore-mock image as a Testcontainers module, in the style of the official ones:
 * configure with `with…` methods, `start()` waits until Docker reports the container healthy.
 */
export class PetstoreMockContainer extends GenericContainer {
  constructor(image: string = DEFAULT_IMAGE) {
    super(image);
    this.withExposedPorts(CONTAINER_PORT).withWaitStrategy(Wait.forHealthCheck()).withStartupTimeout(60_000);
  }

  /** Faker seed of the initial pets (`PETSTORE_SEED`). */
  withSeed(seed: number): this {
    return this.withEnvironment({ PETSTORE_SEED: String(seed) });
  }

  /** How many seeded pets the store starts with (`PETSTORE_PETS`). */
  withPets(count: number): this {
    return this.withEnvironment({ PETSTORE_PETS: String(count) });
  }

  /** Accept only these bearer tokens (`PETSTORE_API_KEYS`). */
  withApiKeys(keys: readonly string[]): this {
    return this.withEnvironment({ PETSTORE_API_KEYS: keys.join(',') });
  }

  /** Run with a read-only root filesystem, as hardened CI setups do. */
  withReadOnlyRootFilesystem(): this {
    this.hostConfig.ReadonlyRootfs = true;
    return this;
  }

  override async start(): Promise<StartedPetstoreMockContainer> {
    if (this.networkMode !== 'host') return new StartedPetstoreMockContainer(await super.start(), undefined);
    // With host networking there is no port mapping: the mock listens on a free port of the host.
    const port = await freeHostPort();
    this.exposedPorts = [];
    delete this.createOpts.ExposedPorts;
    delete this.hostConfig.PortBindings;
    this.withEnvironment({ PORT: String(port) });
    return new StartedPetstoreMockContainer(await super.start(), port);
  }
}

export class StartedPetstoreMockContainer extends AbstractStartedContainer {
  constructor(
    startedTestContainer: StartedTestContainer,
    private readonly hostPort: number | undefined,
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

  /** Back to the seeded pets (`POST /__admin/reset`). */
  async reset(): Promise<void> {
    const response = await fetch(`${this.getOrigin()}/__admin/reset`, { method: 'POST' });
    if (response.status !== 204) throw new Error(`[petstore-mock] POST /__admin/reset answered ${response.status}.`);
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
