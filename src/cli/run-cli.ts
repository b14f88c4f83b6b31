import type { AddressInfo } from 'node:net';
import type { StoredRecord } from '../store/index.js';
import { DocumentShapeError, loadDocument, readTextFile, type PetstoreDocument } from '../document/index.js';
import { firstRecordSchemaOf, readFirstRecords, validatorsSourceOf } from '../engine/index.js';
import { findRoundedNumber } from '../engine/http/index.js';
import { findDefaultStatusProblem } from '../options/index.js';
import { createMockServer, type MockServer } from '../server/index.js';
import { boundLines } from './bounded-lines.js';
import { describeCredentials, describeResources } from './describe-document.js';
import { originsToOpen } from './origins-to-open.js';
import { CliUsageError, HELP, parseCli, type CliConfig } from './parse-cli.js';
import { requestLogLine } from './request-log-line.js';

export interface CliIo {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  version: string;
}

/** Runs the command line; resolves to the exit code, or to the running server. */
export async function runCli(io: CliIo): Promise<number | MockServer> {
  if (io.argv[0] === 'verify') return (await import('../verify/index.js')).runVerifyCli({ ...io, argv: io.argv.slice(1) });
  let command;
  try {
    command = parseCli(io.argv, io.env);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    io.stderr(`petstore-mock: ${error.message}\nRun petstore-mock --help for the options.`);
    return 2;
  }
  if (command.kind === 'help') {
    io.stdout(HELP);
    return 0;
  }
  if (command.kind === 'version') {
    io.stdout(io.version);
    return 0;
  }
  return serve(command.config, io);
}

async function serve(config: CliConfig, given: CliIo): Promise<number | MockServer> {
  // What the mock logs stays short whatever the document or a request holds.
  const io: CliIo = { ...given, stdout: line => given.stdout(boundLines(line)), stderr: line => given.stderr(boundLines(line)) };
  const logsRequests = config.logLevel === 'info' || config.logLevel === 'debug';
  let document;
  try {
    document = await loadDocument(config.documentPath, config.documentLimits);
  } catch (error) {
    io.stderr(`petstore-mock: ${(error as Error).message.replace(/^\[petstore-mock\] /, '')}`);
    return 2;
  }
  const statusProblem = findDefaultStatusProblem(config.defaultStatus, document.firstCollection.recordSchema.properties?.['status']?.enum, '--default-status');
  if (statusProblem) {
    io.stderr(`petstore-mock: ${statusProblem}\nRun petstore-mock --help for the options.`);
    return 2;
  }
  let initialPets: StoredRecord[] | undefined;
  let initialRecords: Record<string, readonly object[]> | undefined;
  if (config.dataFile) {
    const read = await readDataFile(config.dataFile.path, config.maxPets, document);
    if ('problem' in read) {
      io.stderr(`petstore-mock: ${config.dataFile.name} ${config.dataFile.path}: ${read.problem}.\nRun petstore-mock --help for the options.`);
      return 2;
    }
    initialPets = read.pets;
    initialRecords = read.records;
  }
  try {
    const server = await createMockServer({
      port: config.port,
      host: config.host,
      seed: config.seed,
      pets: config.pets,
      apiKeys: config.apiKeys,
      cors: config.cors,
      ...(config.defaultStatus !== undefined && { defaultStatus: config.defaultStatus }),
      ...(config.documentPath !== undefined && { documentPath: config.documentPath }),
      watch: config.watch,
      validateResponses: config.validateResponses,
      maxSessions: config.maxSessions,
      maxPets: config.maxPets,
      journalSize: config.journalSize,
      journalBytes: config.journalBytes,
      maxStoredBytes: config.maxStoredBytes,
      maxOverrides: config.maxOverrides,
      maxOverrideBytes: config.maxOverrideBytes,
      maxConnections: config.maxConnections,
      maxInflightBytes: config.maxInflightBytes,
      requestTimeout: config.requestTimeout,
      ...config.documentLimits,
      faultRate: config.faultRate,
      ...(config.delay !== undefined && { delay: config.delay }),
      ...(config.adminToken !== undefined && { adminToken: config.adminToken }),
      adminOrigins: config.adminOrigins,
      adminHosts: config.adminHosts,
      dashboard: config.dashboard,
      ...(initialPets !== undefined && { initialPets }),
      ...(initialRecords !== undefined && { initialRecords }),
      ...(config.now !== undefined && { now: config.now }),
      onError: (message, error) => {
        if (config.logLevel !== 'silent') io.stderr(config.logLevel === 'debug' && error !== undefined ? `${message} ${describeError(error)}` : message);
      },
      onWarning: message => {
        if (logsRequests) io.stderr(message);
      },
      // Its warnings are all it gives: under --log-level error or silent no one would read them.
      checkExamples: logsRequests,
      ...(logsRequests && {
        onRequest: entry => {
          const line = requestLogLine(entry, config.logLevel);
          if (line !== undefined) io.stdout(line);
        },
      }),
    });
    const { document } = server.engine;
    const { name, singular } = document.firstCollection.resource;
    // `/pets` counts pets; a collection named in the singular (`/pet`) counts records; where no collection is first (all
    // keyed by their path alone), each collection's records are counted.
    const firstKept = document.firstCollection.resource.collectionPaths.length > 0;
    const collection = !firstKept ? 'records a collection' : name === singular ? `${name} records` : name;
    const keys = config.apiKeys.length > 0 ? `${config.apiKeys.length} API key(s)` : describeCredentials(document.prismOperations);
    const keepsState = document.resources.resources.length > 0;
    // The first collection's records as its store holds them: fewer than --pets where some drawn did not fit the document (warned of).
    const seeded = firstKept ? server.engine.store.size : config.pets;
    const pets = !keepsState ? `seed ${config.seed}, no collection keeps state` : initialPets ? `${initialPets.length} ${collection} from ${config.dataFile?.path ?? ''}` : `seed ${config.seed}, ${seeded} ${collection}`;
    const { title, version } = server.engine.document.source.info;
    const named = [title, version].filter(part => part !== '').join(' ');
    const documentLine = config.documentPath === undefined ? '' : `, ${named} from ${config.documentPath}${config.watch ? ', watched' : ''}`;
    // Precompiled for the package's document as built; another document's are compiled as each schema is first used.
    const validatorsLine = `, validators ${validatorsSourceOf(server.engine.document.origin.sha256)}`;
    if (logsRequests) {
      // Listening on every address, the line names those a browser opens (never http://0.0.0.0),
      // separated by " or " so that the first word after "ready on" is always one whole URL.
      const origins = originsToOpen(server.server.address() as AddressInfo);
      const urls = origins.map(origin => `${origin}${server.engine.document.basePath}`).join(' or ');
      io.stdout(`petstore-mock ready on ${urls} (${pets}, ${keys}${documentLine}${validatorsLine}${describeControls(config)})`);
      if (server.dashboardUrl !== undefined) io.stdout(`dashboard: ${server.dashboardUrl.replace(server.origin, origins[0])}`);
      // Another document: what the engine keeps state for, and what it answers from the document alone.
      if (config.documentPath !== undefined) for (const line of describeResources(document)) io.stdout(line);
    }
    return server;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof DocumentShapeError || error instanceof RangeError) {
      io.stderr(`petstore-mock: ${error.message.replace(/^\[petstore-mock\] /, '')}`);
      return 2;
    }
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      io.stderr(`petstore-mock: cannot listen on ${config.host}:${config.port} (${code}). Choose another --port or --host.`);
      return 1;
    }
    throw error;
  }
}

/** The pets of a `--data` file (a BOM skipped, a FIFO or a directory refused at once), checked against the document as `PUT /__admin/state` checks them. */
async function readDataFile(path: string, maxPets: number, document: PetstoreDocument): Promise<{ pets: StoredRecord[]; records?: Record<string, readonly object[]> } | { problem: string }> {
  const read = await readTextFile(path);
  if ('problem' in read) return { problem: read.problem.replace(/, not a file$/, ', not a file: give the path of a JSON file') };
  let value: unknown;
  try {
    value = JSON.parse(read.text);
  } catch (error) {
    return { problem: `is not valid JSON: ${(error as Error).message}` };
  }
  const rounded = findRoundedNumber(read.text);
  if (rounded) {
    const [first, second, ...rest] = rounded.path.split('.');
    const where = first === 'pets' && second !== undefined ? `pets[${second}] ${rest.join('.')}` : `pets[${first ?? ''}] ${[second, ...rest].join('.')}`;
    return { problem: `${where.trim()} is ${rounded.literal}, which a JavaScript number cannot hold exactly (it reads ${rounded.value}); write the number the pet should have` };
  }
  // With several collections: `{"owners": [...], "pets": [...]}`, the first collection's records under its name, the others' under theirs (checked by the engine).
  const first = document.firstCollection.resource.name;
  const names = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
  if (names.length > 0 && !(names.length === 1 && names[0] === 'pets') && names.every(name => document.resources.byName.has(name) || name === first)) {
    const { [first]: firstRecords = [], ...records } = value as Record<string, unknown>;
    const read = readFirstRecords(firstRecords, firstRecordSchemaOf(document), maxPets);
    return 'problem' in read ? { problem: `${first} ${read.problem}` } : { pets: read.pets, records: records as Record<string, readonly object[]> };
  }
  return readFirstRecords(value, firstRecordSchemaOf(document), maxPets);
}

/** The controls that change answers, for the ready line: a mock with faults on should say so. */
function describeControls(config: CliConfig): string {
  const parts: string[] = [];
  if (config.delay) parts.push(`delay ${config.delay.min === config.delay.max ? config.delay.min : `${config.delay.min}-${config.delay.max}`} ms`);
  if (config.faultRate > 0) parts.push(`fault rate ${config.faultRate}`);
  if (config.now) parts.push(`clock fixed at ${config.now.toISOString()}`);
  if (config.adminToken) parts.push('admin token required');
  return parts.map(part => `, ${part}`).join('');
}

function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
