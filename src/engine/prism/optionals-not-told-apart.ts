import { alternativesForGeneration, partNarrowingEnums, type ResolveSchema } from './alternatives-told-apart.js';

type Node = Record<string, unknown>;
const BUNDLED = '#/__bundled__/';

/**
 * The optional properties a generated answer leaves out: those whose schema is a `oneOf` no
 * alternative of which json-schema-faker can draw a value of that matches it alone (PagerDuty's log
 * entry `channel`, five open objects told apart only by their descriptions; a custom field's `value`,
 * objects whose one `value` may be null in each). Whatever it drew there matched several, and the
 * answer broke the document (500 under `--validate-responses`); left out, the answer is one the
 * document allows. A property required anywhere in the object (a part of its `allOf` included) is kept.
 * Used while an operation is closed for generation: `alternativesOf` as each `oneOf` is met,
 * `noteObject` and `noteAllOf` as each object and `allOf` is, `leaveOut` once all are.
 */
export class OptionalsNotToldApart {
  private readonly notToldApart = new WeakSet<Node>();
  private readonly objects: (readonly [Node, Node])[] = [];
  private readonly requiredBeside = new WeakMap<Node, Set<string>>();
  private readonly resolve: ResolveSchema;

  constructor(operation: unknown) {
    const bundle = (operation as { __bundled__?: unknown }).__bundled__;
    this.resolve = schema => resolvedIn(bundle, schema);
  }

  /** The alternatives of the `oneOf` of `holder` to draw from (see alternativesForGeneration). */
  alternativesOf(holder: Node, alternatives: readonly unknown[]): readonly unknown[] {
    const { drawn, toldApart } = alternativesForGeneration(alternatives, holder, this.resolve);
    if (!toldApart) this.notToldApart.add(holder);
    return drawn;
  }

  /** An object schema that lists its properties, and its copy for generation. */
  noteObject(written: Node, copy: Node): void {
    this.objects.push([written, copy]);
  }

  /** The last part to add to the copy of an `allOf` (see partNarrowingEnums), if any. */
  narrowingPartOf(written: Node): Node | undefined {
    return partNarrowingEnums(written, this.resolve);
  }

  /** An `allOf`: what it and each of its parts require is required of each part. */
  noteAllOf(written: Node): void {
    const parts = (written['allOf'] as unknown[]).map(part => this.resolve(part)).filter((part): part is Node => part !== undefined);
    const required = new Set([written, ...parts].flatMap(requiredOf));
    for (const part of parts) this.requiredBeside.set(part, new Set([...(this.requiredBeside.get(part) ?? []), ...required]));
  }

  /** Takes each optional property not told apart out of its object's copy. */
  leaveOut(): void {
    for (const [written, copy] of this.objects) {
      const required = new Set([...requiredOf(written), ...(this.requiredBeside.get(written) ?? [])]);
      const properties = copy['properties'] as Node;
      const left = Object.keys(written['properties'] as Node).filter(name => !required.has(name) && this.isNotToldApart((written['properties'] as Node)[name]));
      if (left.length > 0) copy['properties'] = Object.fromEntries(Object.entries(properties).filter(([name]) => !left.includes(name)));
    }
  }

  /** Whether a value drawn from the schema may be drawn from a `oneOf` not told apart: the schema's own, or one of its `allOf` or `anyOf` (a nullable one's `anyOf: [it, null]`). */
  private isNotToldApart(schema: unknown, met: Set<Node> = new Set()): boolean {
    const node = this.resolve(schema);
    if (node === undefined || met.has(node)) return false;
    met.add(node);
    if (this.notToldApart.has(node)) return true;
    const members = [node['allOf'], node['anyOf']].flatMap(list => (Array.isArray(list) ? (list as unknown[]) : []));
    return members.some(member => this.isNotToldApart(member, met));
  }
}

function requiredOf(schema: Node): string[] {
  return Array.isArray(schema['required']) ? (schema['required'] as unknown[]).filter((name): name is string => typeof name === 'string') : [];
}

/** The schema, or the bundle's entry its `$ref` names. */
function resolvedIn(bundle: unknown, schema: unknown): Node | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return undefined;
  const reference = (schema as Node)['$ref'];
  if (typeof reference !== 'string') return schema as Node;
  if (!reference.startsWith(BUNDLED) || typeof bundle !== 'object' || bundle === null) return undefined;
  const entry = (bundle as Node)[reference.slice(BUNDLED.length)];
  return typeof entry === 'object' && entry !== null ? (entry as Node) : undefined;
}
