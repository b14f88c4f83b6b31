/**
 * `npm run bench:profile -- [connections] [seconds] [petclinic]`: petstore-mock's CLI (this build)
 * under the mixed traffic of bench/mixed-traffic.ts with Node's CPU profiler on, then where its
 * time went: idle, garbage collection, native writes, and the functions that spent the most time
 * themselves, grouped by file. The profile is kept in .bench/profiles/ (open it in Chrome's
 * DevTools, Performance tab). Defaults: 10 connections, 5 seconds, the default document.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIXED_MAX_PETS, sendMixedTraffic } from './mixed-traffic.js';
import { freePort, waitForOk } from './support.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const connections = Number(process.argv[2] ?? 10);
const seconds = Number(process.argv[3] ?? 5);
const document = process.argv[4] === 'petclinic' ? 'petclinic' : 'default';
const directory = join('.bench', 'profiles', `${document}-${connections}c`);
rmSync(directory, { recursive: true, force: true });
mkdirSync(directory, { recursive: true });

const port = await freePort();
const documentArgs = document === 'petclinic' ? ['--document', 'test/documents/corpus/spring-petclinic-rest.yaml'] : [];
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${directory}`, 'dist/cli.js', '--port', String(port), '--log-level', 'silent', '--max-pets', String(MIXED_MAX_PETS), ...documentArgs], { stdio: 'inherit' });
const basePath = document === 'petclinic' ? '/petclinic/api' : '/v1';
const origin = `http://127.0.0.1:${port}`;
await waitForOk(`${origin}${basePath}${document === 'petclinic' ? '/pettypes' : '/pets'}`, { authorization: 'Bearer bench' });
const figures = await sendMixedTraffic({ name: 'petstore-mock', document, basePath }, origin, connections, seconds);
const exited = new Promise(resolve => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;
console.log(`${connections} connection(s), ${seconds} s: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50.toFixed(2)} ms, p99 ${figures.p99.toFixed(2)} ms`);

const file = readdirSync(directory).find(name => name.endsWith('.cpuprofile'));
if (file === undefined) throw new Error(`No profile was written to ${directory}.`);
const profile = JSON.parse(readFileSync(join(directory, file), 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map(node => [node.id, node]));
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);
const share = (micros: number): string => `${((100 * micros) / total).toFixed(1).padStart(5)}%`;
// The build is minified: each frame is named by its source file and line, through the chunk's source map.
const sourceMaps = new Map<string, SourceMap | undefined>();
const sourceMapOf = (url: string): SourceMap | undefined => {
  if (!url.startsWith('file:') || !url.includes('/dist/')) return undefined;
  if (!sourceMaps.has(url)) {
    try {
      // A script run from V8's code cache may carry the path it was first compiled at (another checkout): read this build's map.
      const path = join(process.cwd(), fileURLToPath(url).slice(fileURLToPath(url).lastIndexOf('/dist/') + 1));
      sourceMaps.set(url, new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]));
    } catch {
      sourceMaps.set(url, undefined);
    }
  }
  return sourceMaps.get(url);
};
const placeOf = ({ url, lineNumber, columnNumber }: ProfileNode['callFrame']): { file: string; line: number } => {
  const entry = sourceMapOf(url)?.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number } | undefined;
  if (entry?.originalSource !== undefined) return { file: entry.originalSource.replace(/^.*\/(node_modules\/|src\/)/, '$1'), line: (entry.originalLine ?? 0) + 1 };
  return { file: url.replace(/^.*\/(node_modules\/|dist\/)/, '$1'), line: lineNumber + 1 };
};
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const frame = byId.get(id)?.callFrame ?? { functionName: '?', url: '', lineNumber: 0, columnNumber: 0 };
  const { file, line } = placeOf(frame);
  const name = file === '' ? frame.functionName : `${file}:${line}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  byFile.set(file || frame.functionName, (byFile.get(file || frame.functionName) ?? 0) + micros);
}
// Inclusive: a sample counts once for each file on its stack.
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const inclusive = new Map<string, number>();
profile.samples.forEach((id, index) => {
  const files = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
    const frame = byId.get(at)?.callFrame;
    if (frame) files.add(placeOf(frame).file || frame.functionName);
  }
  for (const file of files) inclusive.set(file, (inclusive.get(file) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const top = (map: Map<string, number>, count: number): string[] => [...map].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, micros]) => `${share(micros)}  ${name}`);
console.log('\nSelf time by file:');
console.log(top(byFile, 15).join('\n'));
console.log('\nTotal time by file (itself and what it called):');
console.log(top(inclusive, 30).join('\n'));
console.log('\nSelf time by function:');
console.log(top(byFunction, 40).join('\n'));
console.log(`\nProfile: ${join(directory, file)}`);
