type Node = Record<string, unknown>;

/** Values, not schemas: copied as written. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum', 'value']);
const BUNDLED = '#/__bundled__/';
/** Keywords whose schema a value may do without: where it cannot be expanded, the keyword goes. */
const OPTIONAL_KEYWORDS = new Set(['additionalProperties', 'patternProperties', 'not', 'propertyNames', 'contains']);

/** How many references one expansion may follow: past them it gives up (a document whose required references fan out would make a value without end). */
export const REQUIRED_EXPANSION_REFERENCES = 500;

/**
 * The least of a bundle's schema a generated value needs, every reference expanded in place: an
 * object's required properties only (its own `required` and its `allOf` parts'), a list that may be
 * empty made empty, an alternative that is a reference left out where another is not. For a required
 * reference past the bound of a generated body (Stripe's dispute `evidence`, a quote's
 * `computed.upfront.total_details`): kept as a `$ref`, json-schema-faker followed it three levels and
 * made the rest of the schema's own words, which the document refuses. Undefined where the required
 * references lead back to one already being expanded (a value would have no end), to no schema, or
 * past `REQUIRED_EXPANSION_REFERENCES`.
 */
export function requiredOnlyExpansion(node: unknown, bundle: Node): unknown {
  return expansion(node, bundle, [], { references: REQUIRED_EXPANSION_REFERENCES });
}

interface Budget {
  references: number;
}

/**
 * `node` expanded; an object with the properties `required` names (an `allOf` it is a part of: every
 * part's `required`, wherever written) as well as those it requires itself.
 */
function expansion(node: unknown, bundle: Node, expanding: readonly string[], budget: Budget, required?: ReadonlySet<string>): unknown {
  if (typeof node !== 'object' || node === null) return node;
  if (Array.isArray(node)) {
    const list = node.map(item => expansion(item, bundle, expanding, budget));
    return list.includes(undefined) ? undefined : list;
  }
  const { $ref, ...siblings } = node as Node;
  if (typeof $ref === 'string' && $ref.startsWith(BUNDLED)) {
    const name = $ref.slice(BUNDLED.length);
    const target = bundle[name];
    budget.references -= 1;
    if (budget.references < 0 || expanding.includes(name) || typeof target !== 'object' || target === null) return undefined;
    const expanded = expansion(target, bundle, [...expanding, name], budget, required);
    const rest = expansion(siblings, bundle, expanding, budget, required);
    return expanded === undefined || rest === undefined ? undefined : { ...(expanded as Node), ...(rest as Node) };
  }
  const own = requiredNames(node as Node, bundle);
  return expandedObject(node as Node, bundle, expanding, required === undefined ? own : new Set([...required, ...own]), budget);
}

function expandedObject(schema: Node, bundle: Node, expanding: readonly string[], required: ReadonlySet<string>, budget: Budget): Node | undefined {
  const object: Node = {};
  for (const [name, value] of Object.entries(schema)) {
    if (DATA_KEYWORDS.has(name) || name.startsWith('x-') || typeof value !== 'object' || value === null) object[name] = value;
    else if (name === 'properties') {
      const properties: Node = {};
      for (const [property, each] of Object.entries(value as Node)) {
        if (!required.has(property)) continue;
        const expanded = expansion(each, bundle, expanding, budget);
        if (expanded === undefined) return undefined;
        properties[property] = expanded;
      }
      object[name] = properties;
    } else if (name === 'items' && !(typeof schema['minItems'] === 'number' && schema['minItems'] > 0)) {
      object['items'] = {};
      object['maxItems'] = 0;
    } else if (name === 'allOf') {
      // Each part keeps every property any part requires: a part's property may be required by another (its `$ref`'d base, a nested part).
      const parts = (value as unknown[]).map(part => expansion(part, bundle, expanding, budget, required));
      if (parts.includes(undefined)) return undefined;
      object[name] = parts;
    } else if ((name === 'anyOf' || name === 'oneOf') && Array.isArray(value)) {
      const inline = value.filter(alternative => !isBundledReference(alternative));
      const alternatives = (inline.length > 0 ? inline : value).map(alternative => expansion(alternative, bundle, expanding, budget)).filter(each => each !== undefined);
      if (alternatives.length === 0) return undefined;
      object[name] = alternatives;
    } else {
      const expanded = expansion(value, bundle, expanding, budget);
      if (expanded !== undefined) object[name] = expanded;
      else if (!OPTIONAL_KEYWORDS.has(name)) return undefined;
    }
  }
  return object;
}

/** The names an object requires: its own `required` and that of every `allOf` part, nested or referred to (each reference read once). */
function requiredNames(schema: Node, bundle: Node, read: Set<string> = new Set()): ReadonlySet<string> {
  const names = new Set<string>();
  const add = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
    const { $ref, required, allOf } = node as Node;
    if (typeof $ref === 'string' && $ref.startsWith(BUNDLED)) {
      const name = $ref.slice(BUNDLED.length);
      if (read.has(name)) return;
      read.add(name);
      add(bundle[name]);
    }
    if (Array.isArray(required)) for (const each of required) if (typeof each === 'string') names.add(each);
    if (Array.isArray(allOf)) for (const part of allOf) add(part);
  };
  add(schema);
  return names;
}

function isBundledReference(node: unknown): boolean {
  return typeof node === 'object' && node !== null && typeof (node as Node)['$ref'] === 'string' && ((node as Node)['$ref'] as string).startsWith(BUNDLED);
}
