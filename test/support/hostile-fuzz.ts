import { backtrackingPattern, hugeEnum, manyProperties, recursiveSchema, sharedReferences } from './hostile-documents.js';
import { createRandom } from './random.js';

/**
 * A seeded fuzzer of hostile requests against hostile documents (issue 31), over loopback: for each
 * document a mock (its defaults, an API key) takes requests built to cost it (deep and wide bodies,
 * strings that backtrack, values outside huge enums, anonymous writes, broken JSON), several in
 * flight at once, while a second client keeps creating a pet and reading health and the list. What
 * it reports (of the built package, dist/): answers that broke a rule (a 500, a connection dropped), the second client's pets the
 * mock lost, and how long each of the second client's requests took.
 */

type Json = Record<string, unknown>;

const API_KEY = 'hostile-fuzz';
const AUTH = { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' };

/** A `Pet` whose `tag` is any of `count` patterns: every value is tried against each (a shape of mine beside the issue's). */
export function wideAnyOf(count: number): string {
  const document = JSON.parse(sharedReferences(1)) as { components: { schemas: Record<string, { properties: Json }> } };
  const anyOf = Array.from({ length: count }, (_, index) => ({ type: 'string', pattern: `^(t${index})+$` }));
  for (const name of ['NewPet', 'Pet']) (document.components.schemas[name] as { properties: Json }).properties['tag'] = { anyOf };
  return JSON.stringify(document);
}

export const HOSTILE_DOCUMENTS: readonly { readonly name: string; readonly text: () => string }[] = [
  { name: 'shared references, 20 levels', text: () => sharedReferences(20) },
  { name: 'a name pattern that backtracks', text: () => backtrackingPattern() },
  { name: 'a status enum of 5,000 values', text: () => hugeEnum(5_000) },
  { name: 'a Pet of nearly 1,000 properties', text: () => manyProperties(990) },
  { name: 'a schema that refers to itself', text: () => recursiveSchema() },
  // As many alternatives as --max-alternatives takes (one more is refused at start).
  { name: 'a tag of 256 alternatives', text: () => wideAnyOf(256) },
];

/** `{a: …, b: …}` `depth` levels deep. */
function tree(depth: number, leaf: unknown): unknown {
  return depth === 0 ? leaf : { a: tree(depth - 1, leaf), b: tree(depth - 1, leaf) };
}

function chain(depth: number): unknown {
  let value: Json = { name: 'x' };
  for (let level = 0; level < depth; level += 1) value = { name: `l${level}`, parent: value };
  return value;
}

/** One hostile request: where, how, with what body and whether it carries the key. */
function hostileRequest(random: ReturnType<typeof createRandom>): { method: string; path: string; body?: string; authorized: boolean } {
  const bodies: (() => unknown)[] = [
    () => ({ name: 'Rex', categoryId: 1, tree: tree(1 + random.int(12), 'leaf') }),
    () => ({ name: `${'a'.repeat(20 + random.int(5_000))}!`, categoryId: 1 }),
    () => ({ name: 'aaa', categoryId: 1, status: `status-${random.int(40_000)}` }),
    () => ({ name: 'aaa', categoryId: 1, ...Object.fromEntries(Array.from({ length: random.int(2_000) }, (_, index) => [`extra${index}`, 'x'.repeat(random.int(40))])) }),
    () => ({ name: 'aaa', categoryId: 1, lineage: chain(random.int(400)) }),
    () => ({ name: 'aaa', categoryId: 1, tag: `${'t1'.repeat(random.int(3_000))}x` }),
    () => ({ name: 'aaa', categoryId: random.pick([1, -1, 1e308, '1', null]) }),
    () => Array.from({ length: random.int(5_000) }, () => ({ name: 'a' })),
  ];
  const method = random.pick(['POST', 'POST', 'POST', 'PUT', 'PATCH', 'GET', 'DELETE']);
  // An item of the seeded pets (1 to 20) or none: the second client's pets are never the target.
  const path = random.pick(['/v1/pets', '/v1/pets', `/v1/pets/${random.pick([String(1 + random.int(20)), '0', '-1', '99999999999', 'x'.repeat(random.int(3_000))])}`, `/v1/pets?limit=${random.pick(['5', '-1', 'x', '1e9'])}&status=${'a'.repeat(random.int(3_000))}`]);
  const broken = random.next() < 0.05;
  const body = method === 'GET' || method === 'DELETE' ? undefined : broken ? '{"name": "aaa", "tree": {"a":' : JSON.stringify(random.pick(bodies)());
  return { method, path, ...(body !== undefined && { body }), authorized: random.next() < 0.6 };
}

export interface HostileFuzzResult {
  readonly problems: readonly string[];
  /**
   * The second client's requests (create, health, list) after its first of each on each document, in
   * milliseconds: how long the hostile requests held it.
   */
  readonly latencies: readonly number[];
  /** The same, by the document they were made against (its name in `HOSTILE_DOCUMENTS`): which document holds clients longest. */
  readonly latenciesByDocument: ReadonlyMap<string, readonly number[]>;
  /** Its first request of each kind on each document, in milliseconds: what it waited for itself (its validator compiled, its collection seeded) besides. */
  readonly firstUses: readonly number[];
  readonly hostileRequests: number;
}

/**
 * Runs `requests` hostile requests against each document, `concurrency` at a time, seeded by `seed`,
 * with the second client reading meanwhile; everything on loopback, one mock at a time.
 */
export async function runHostileFuzz({ seed, requests, concurrency = 4 }: { seed: number; requests: number; concurrency?: number }): Promise<HostileFuzzResult> {
  // The built package: its Prism runs patterns on the linear-time engine and follows references lazily (build edits the sources lack).
  const { createMockServer } = (await import(new URL('../../dist/index.js', import.meta.url).href)) as typeof import('../../src/index.js');
  const random = createRandom(seed);
  const problems: string[] = [];
  const latencies: number[] = [];
  const latenciesByDocument = new Map<string, number[]>();
  const firstUses: number[] = [];
  let hostileRequests = 0;
  for (const document of HOSTILE_DOCUMENTS) {
    const server = await createMockServer({ port: 0, document: JSON.parse(document.text()) as object, apiKeys: [API_KEY], onWarning: () => undefined, onError: () => undefined });
    const base = server.origin;
    const created: number[] = [];
    const documentLatencies: number[] = [];
    latenciesByDocument.set(document.name, documentLatencies);
    let sending = true;
    const secondClient = async (): Promise<void> => {
      for (let index = 0; sending; index += 1) {
        for (const [method, path, body] of [['POST', '/v1/pets', JSON.stringify({ name: 'aaa', categoryId: 1 })], ['GET', '/__admin/health'], ['GET', '/v1/pets?limit=5']] as const) {
          const started = performance.now();
          try {
            const response = await fetch(`${base}${path}`, { method, headers: AUTH, ...(body !== undefined && { body }) });
            const text = await response.text();
            const took = performance.now() - started;
            if (index === 0) firstUses.push(took);
            else {
              latencies.push(took);
              documentLatencies.push(took);
            }
            if (method === 'POST' && response.status === 201) created.push((JSON.parse(text) as { id: number }).id);
            else if (response.status >= 300) problems.push(`${document.name}: the second client's ${method} ${path} answered ${response.status}`);
          } catch (error) {
            problems.push(`${document.name}: the second client's ${method} ${path} failed: ${(error as Error).message}`);
          }
        }
      }
    };
    const hostileClient = async (count: number): Promise<void> => {
      for (let index = 0; index < count; index += 1) {
        const request = hostileRequest(random);
        hostileRequests += 1;
        try {
          const headers = request.authorized ? AUTH : { 'content-type': 'application/json' };
          const response = await fetch(`${base}${request.path}`, { method: request.method, headers, ...(request.body !== undefined && { body: request.body }) });
          await response.arrayBuffer();
          if (response.status >= 500 && response.status !== 503 && response.status !== 507) problems.push(`${document.name}: ${request.method} ${request.path.slice(0, 60)} answered ${response.status}`);
          if (!request.authorized && response.status < 400) problems.push(`${document.name}: an anonymous ${request.method} ${request.path.slice(0, 60)} answered ${response.status}`);
        } catch (error) {
          problems.push(`${document.name}: ${request.method} ${request.path.slice(0, 60)} failed: ${(error as Error).message}`);
        }
      }
    };
    const reader = secondClient();
    await Promise.all(Array.from({ length: concurrency }, () => hostileClient(Math.ceil(requests / concurrency))));
    sending = false;
    await reader;
    // Nothing lost: every pet the second client created is still there (the hostile client names only the seeded ones).
    for (const id of created) {
      const response = await fetch(`${base}/v1/pets/${id}`, { headers: AUTH });
      await response.arrayBuffer();
      if (response.status !== 200) problems.push(`${document.name}: pet ${id} the second client created answers ${response.status}`);
    }
    if (created.length === 0) problems.push(`${document.name}: the second client created nothing`);
    await server.close();
  }
  return { problems, latencies, latenciesByDocument, firstUses, hostileRequests };
}
