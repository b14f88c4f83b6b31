/**
 * Mixed traffic, as a client team's test suite sends it, not one request repeated: each server
 * gets the same seeded stream of requests, and the servers take turns, round after round, so a
 * noisy moment on a shared machine falls on all of them alike.
 *
 * The default document (the Animal Store), per request drawn:
 * - 60% `GET /v1/pets?limit=L` with L drawn from 1..100, half of them with `&status=S` (S one of
 *   the document's three statuses);
 * - 25% `GET /v1/pets/{id}` of an id drawn from the ids known so far: the 20 seeded pets and every
 *   one a create of this run answered with;
 * - 15% `POST /v1/pets` of a new pet (a name, a category from 1..5, half with a status).
 *
 * The corpus document (Spring PetClinic: owners, their pets, the pets' visits, nested), the same
 * shares: 60% pages of `/v2/owners` (half filtered by `lastName`) or `/v2/pets` with a size drawn
 * from 1..100; 25% reads of an owner, an owner's pet or a visit, drawn from those known; 15%
 * creates of an owner, a pet of an owner, or a visit of an owner's pet.
 *
 * Each server, started afresh in its turn, is warmed up for a second at 10 connections, then loaded
 * with 1, 10 and 50 connections in that order (latency, a team's suite, saturation) for
 * `seconds` each. Every answer must be a 200 or 201; its time is taken to the microsecond (the
 * latencies below a millisecond are what 1 connection is about). The server's peak resident memory
 * (VmHWM) is read once its last load is done. Stores are bounded as the mock's are, with the
 * bound raised (`--max-pets`) so that no server fills its store within a run and answers creates
 * with 507 instead of storing them.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { cpuMicroseconds, freePort, median, startProcess, waitForOk, type StartedProcess } from './support.js';

/** Connections of each load, in order. */
export const CONNECTION_LEVELS = [1, 10, 50] as const;
export type ConnectionLevel = (typeof CONNECTION_LEVELS)[number];
export const TRAFFIC_SEED = 28;
/** Most pets (records of each collection) a store holds in this bench: more than any server creates in a run. */
export const MIXED_MAX_PETS = 200_000;
const AUTH = { authorization: 'Bearer bench' } as const;
const JSON_HEADERS = { ...AUTH, 'content-type': 'application/json' } as const;

export type DocumentKind = 'default' | 'petclinic';

export interface MixedContender {
  name: string;
  document: DocumentKind;
  /** Where the document's paths are served: `/v1` for petstore-mock, '' for stock Prism (which serves them without the server's path). */
  basePath: string;
  start(port: number): StartedProcess;
}

export interface LevelFigures {
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /**
   * The server's CPU time (user and system) per answer, in microseconds: what each request costs the
   * server whatever else runs on the machine, where requests per second also count the waits a busy
   * machine imposes. NaN where /proc is not there.
   */
  cpuMicroseconds: number;
}

export interface MixedFigures {
  levels: Record<ConnectionLevel, LevelFigures>;
  peakRssBytes: number;
}

/** A small seeded generator (mulberry32): the same seed, the same stream of requests on every server. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Traffic {
  next(): autocannon.Request;
  /** Notes the records a create answered with, so that later reads ask for them. */
  created(body: string): void;
}

const STATUSES = ['available', 'pending', 'sold'] as const;

function animalStoreTraffic(basePath: string, random: () => number): Traffic {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  // The seeded store's ids; creates add theirs.
  const ids: number[] = Array.from({ length: 20 }, (_, index) => index + 1);
  let made = 0;
  return {
    next() {
      const draw = random();
      if (draw < 0.6) {
        const limit = 1 + Math.floor(random() * 100);
        const status = random() < 0.5 ? `&status=${pick(STATUSES)}` : '';
        return { method: 'GET', path: `${basePath}/pets?limit=${limit}${status}`, headers: AUTH };
      }
      if (draw < 0.85) return { method: 'GET', path: `${basePath}/pets/${pick(ids)}`, headers: AUTH };
      made += 1;
      const pet = { name: `Mixed ${made}`, categoryId: 1 + Math.floor(random() * 5), ...(random() < 0.5 && { status: pick(STATUSES) }) };
      return { method: 'POST', path: `${basePath}/pets`, headers: JSON_HEADERS, body: JSON.stringify(pet) };
    },
    created(body) {
      const id = (JSON.parse(body) as { id?: unknown }).id;
      if (typeof id === 'number') ids.push(id);
    },
  };
}

/** What PetClinic holds at start (its seeded records, the same on every fresh server), read once from petstore-mock. */
export interface ClinicRecords {
  owners: number[];
  /** [ownerId, petId] of each pet. */
  pets: [number, number][];
  visits: number[];
}

const LAST_NAMES = ['Franklin', 'Davis', 'Lopez', 'Escobito', 'Schroeder'] as const;

function petClinicTraffic(basePath: string, random: () => number, start: ClinicRecords): Traffic {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const owners = [...start.owners];
  const pets = start.pets.map(([owner, pet]): [number, number] => [owner, pet]);
  const visits = [...start.visits];
  let made = 0;
  return {
    next() {
      const draw = random();
      const share = random();
      if (draw < 0.6) {
        const size = 1 + Math.floor(random() * 100);
        if (share < 0.5) return { method: 'GET', path: `${basePath}/v2/pets?page=0&size=${size}`, headers: AUTH };
        const lastName = random() < 0.5 ? `&lastName=${pick(LAST_NAMES)}` : '';
        return { method: 'GET', path: `${basePath}/v2/owners?page=0&size=${size}${lastName}`, headers: AUTH };
      }
      if (draw < 0.85) {
        if (share < 1 / 3) return { method: 'GET', path: `${basePath}/owners/${pick(owners)}`, headers: AUTH };
        if (share < 2 / 3) {
          const [owner, pet] = pick(pets);
          return { method: 'GET', path: `${basePath}/owners/${owner}/pets/${pet}`, headers: AUTH };
        }
        return { method: 'GET', path: `${basePath}/visits/${pick(visits)}`, headers: AUTH };
      }
      made += 1;
      const letters = String.fromCharCode(97 + (made % 26), 97 + (Math.floor(made / 26) % 26));
      if (share < 1 / 3) {
        const owner = { firstName: `Mixed${letters}`, lastName: pick(LAST_NAMES), address: `${made} Main St.`, city: 'Madison', telephone: String(6_085_550_000 + made) };
        return { method: 'POST', path: `${basePath}/owners`, headers: JSON_HEADERS, body: JSON.stringify(owner) };
      }
      if (share < 2 / 3) {
        const pet = { name: `Leo ${letters}`, birthDate: '2020-01-01', type: { id: 1, name: 'cat' } };
        return { method: 'POST', path: `${basePath}/owners/${pick(owners)}/pets`, headers: JSON_HEADERS, body: JSON.stringify(pet) };
      }
      const [owner, pet] = pick(pets);
      return { method: 'POST', path: `${basePath}/owners/${owner}/pets/${pet}/visits`, headers: JSON_HEADERS, body: JSON.stringify({ date: '2024-01-01', description: `checkup ${made}` }) };
    },
    created(body) {
      const record = JSON.parse(body) as { id?: unknown; ownerId?: unknown; petId?: unknown; firstName?: unknown };
      if (typeof record.id !== 'number') return;
      if (typeof record.ownerId === 'number') pets.push([record.ownerId, record.id]);
      else if (typeof record.petId === 'number') visits.push(record.id);
      else if (typeof record.firstName === 'string') owners.push(record.id);
    },
  };
}

/** Reads PetClinic's seeded owners, their pets and the pets' visits from a petstore-mock serving it at `origin` + `basePath`. */
export async function readClinicRecords(origin: string, basePath: string): Promise<ClinicRecords> {
  const response = await fetch(`${origin}${basePath}/v2/owners?page=0&size=100`, { headers: AUTH });
  const page = (await response.json()) as { content: { id: number; pets: { id: number; visits: { id: number }[] }[] }[] };
  const records: ClinicRecords = { owners: [], pets: [], visits: [] };
  for (const owner of page.content) {
    records.owners.push(owner.id);
    for (const pet of owner.pets) {
      records.pets.push([owner.id, pet.id]);
      for (const visit of pet.visits) records.visits.push(visit.id);
    }
  }
  if (records.owners.length === 0 || records.pets.length === 0 || records.visits.length === 0) throw new Error('PetClinic started without owners, pets or visits to read.');
  return records;
}

/** The peak resident set size of process `pid` so far (Linux's VmHWM), in bytes; NaN elsewhere. */
export function peakResidentBytes(pid: number | undefined): number {
  try {
    const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))?.[1];
    return kilobytes === undefined ? NaN : Number(kilobytes) * 1024;
  } catch {
    return NaN;
  }
}

/** The value below which `share` of the sorted `values` fall. */
function percentile(sorted: Float64Array, share: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
}

/** One load of `connections` for `seconds`: requests per second and latency percentiles; an answer other than 200 or 201 fails it. */
async function load(label: string, origin: string, traffic: Traffic, connections: number, seconds: number): Promise<LevelFigures> {
  const times: number[] = [];
  const unexpected = new Map<number, number>();
  const options: autocannon.Options = {
    url: origin,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: () => traffic.next(),
        onResponse: (status, body) => {
          if (status === 201) traffic.created(body);
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, finished) => (error ? reject(error as Error) : resolve(finished)));
    // Each answer's time as autocannon took it, in fractions of a millisecond (its own histogram keeps whole milliseconds).
    instance.on('response', (_client: unknown, status: number, _bytes: number, milliseconds: number) => {
      if (status === 200 || status === 201) times.push(milliseconds);
      else unexpected.set(status, (unexpected.get(status) ?? 0) + 1);
    });
  });
  if (unexpected.size > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${label}, ${connections} connection(s): answers ${[...unexpected].map(([status, count]) => `${count} × ${status}`).join(', ') || 'none unexpected'}, ${result.errors} errors, ${result.timeouts} timeouts.`);
  }
  const sorted = Float64Array.from(times).sort();
  return { requestsPerSecond: times.length / seconds, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), cpuMicroseconds: NaN };
}

export function mixedTraffic(contender: Pick<MixedContender, 'document' | 'basePath'>, seed: number, records: ClinicRecords | undefined): Traffic {
  const random = seededRandom(seed);
  if (contender.document === 'default') return animalStoreTraffic(contender.basePath, random);
  if (records === undefined) throw new Error('PetClinic traffic needs its seeded records.');
  return petClinicTraffic(contender.basePath, random, records);
}

/** The mixed traffic of `contender`'s document at `origin` with `connections` for `seconds`, once (bench/profile-mixed.ts). */
export async function sendMixedTraffic(contender: Pick<MixedContender, 'name' | 'document' | 'basePath'>, origin: string, connections: number, seconds: number): Promise<LevelFigures> {
  const records = contender.document === 'petclinic' ? await readClinicRecords(origin, contender.basePath) : undefined;
  return load(contender.name, origin, mixedTraffic(contender, TRAFFIC_SEED + connections, records), connections, seconds);
}

/** One turn of one server: started afresh, warmed up, loaded at each connection level; then its peak memory. */
async function turn(contender: MixedContender, seconds: number, clinic: () => Promise<ClinicRecords>): Promise<MixedFigures> {
  const port = await freePort();
  const server = contender.start(port);
  try {
    const origin = `http://127.0.0.1:${port}`;
    const probePath = contender.document === 'default' ? '/pets' : '/pettypes';
    await waitForOk(`${origin}${contender.basePath}${probePath}`, AUTH);
    const records = contender.document === 'petclinic' ? await clinic() : undefined;
    const trafficFor = (seed: number): Traffic => mixedTraffic(contender, seed, records);
    await load(`${contender.name} (warm-up)`, origin, trafficFor(TRAFFIC_SEED - 1), 10, 1);
    const levels = {} as Record<ConnectionLevel, LevelFigures>;
    for (const connections of CONNECTION_LEVELS) {
      const cpuBefore = cpuMicroseconds(server.child.pid);
      const figures = await load(contender.name, origin, trafficFor(TRAFFIC_SEED + connections), connections, seconds);
      figures.cpuMicroseconds = (cpuMicroseconds(server.child.pid) - cpuBefore) / (figures.requestsPerSecond * seconds);
      levels[connections] = figures;
    }
    return { levels, peakRssBytes: peakResidentBytes(server.child.pid) };
  } finally {
    await server.stop();
  }
}

/**
 * Every contender in turn, `rounds` times; each figure the median of its rounds. PetClinic's
 * seeded records are read from the first petstore-mock that serves it (`clinicSource`), the same
 * ids then asked of every server.
 */
export async function measureMixedTraffic(contenders: readonly MixedContender[], options: { rounds: number; seconds: number; clinicSource?: MixedContender }): Promise<Map<string, MixedFigures>> {
  let clinicRecords: Promise<ClinicRecords> | undefined;
  const clinic = (): Promise<ClinicRecords> => (clinicRecords ??= readClinicFrom(options.clinicSource));
  const samples = new Map<string, MixedFigures[]>(contenders.map(contender => [contender.name, []]));
  for (let round = 0; round < options.rounds; round++) {
    for (const contender of contenders) samples.get(contender.name)?.push(await turn(contender, options.seconds, clinic));
  }
  return new Map([...samples].map(([name, figures]) => [name, medianFigures(figures)]));
}

async function readClinicFrom(source: MixedContender | undefined): Promise<ClinicRecords> {
  if (source === undefined) throw new Error('PetClinic traffic needs a petstore-mock to read its seeded records from (clinicSource).');
  const port = await freePort();
  const server = source.start(port);
  try {
    await waitForOk(`http://127.0.0.1:${port}${source.basePath}/pettypes`, AUTH);
    return await readClinicRecords(`http://127.0.0.1:${port}`, source.basePath);
  } finally {
    await server.stop();
  }
}

function medianFigures(rounds: readonly MixedFigures[]): MixedFigures {
  const levels = {} as Record<ConnectionLevel, LevelFigures>;
  for (const connections of CONNECTION_LEVELS) {
    const of = (key: keyof LevelFigures): number => median(rounds.map(round => round.levels[connections][key]));
    levels[connections] = { requestsPerSecond: of('requestsPerSecond'), p50: of('p50'), p99: of('p99'), cpuMicroseconds: of('cpuMicroseconds') };
  }
  return { levels, peakRssBytes: median(rounds.map(round => round.peakRssBytes)) };
}

const PETCLINIC = 'test/documents/corpus/spring-petclinic-rest.yaml';
const PRISM_CLI = 'node_modules/@stoplight/prism-cli/dist/index.js';

/** petstore-mock's CLI at `cli` (this build's by default) serving `document`, with the bench's store bound. */
export function petstoreMock(name: string, document: DocumentKind, cli = 'dist/cli.js'): MixedContender {
  const documentArgs = document === 'petclinic' ? ['--document', PETCLINIC] : [];
  return {
    name,
    document,
    basePath: document === 'petclinic' ? '/petclinic/api' : '/v1',
    start: port => startProcess(process.execPath, [cli, '--port', String(port), '--log-level', 'silent', '--max-pets', String(MIXED_MAX_PETS), ...documentArgs]),
  };
}

/** The hand-written stateful node:http server (bench/stateful-server.mjs) on the default document's seeded pets in `petsFile`. */
export function handWritten(name: string, petsFile: string): MixedContender {
  return { name, document: 'default', basePath: '/v1', start: port => startProcess(process.execPath, ['bench/stateful-server.mjs', petsFile, String(port), String(MIXED_MAX_PETS)]) };
}

/** Stock Prism (`prism mock`, stateless) on `document`. */
export function stockPrism(name: string, document: DocumentKind): MixedContender {
  const path = document === 'petclinic' ? PETCLINIC : 'openapi/petstore.yaml';
  return { name, document, basePath: '', start: port => startProcess(process.execPath, [PRISM_CLI, 'mock', path, '--port', String(port)]) };
}
