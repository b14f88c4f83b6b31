/** The path a request is sent to: `path` without its fragment (`/` of `/#X-Amz-Target=…`; see fragment-paths). */
export function pathWithoutFragment(path: string): string {
  const at = path.indexOf('#');
  return at === -1 ? path : path.slice(0, at) || '/';
}

/** A node of the index: operations whose path ends here, and the next segments, literal or templated. */
interface SegmentNode {
  readonly literals: Map<string, SegmentNode>;
  templated: SegmentNode | undefined;
  readonly operations: number[];
}

const newNode = (): SegmentNode => ({ literals: new Map(), templated: undefined, operations: [] });

/** A segment as Prism's router compares it (or any text so read): percent-decoded where it can be, else as written. */
export function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The items (operations, or paths) whose path template could match a request path as Prism's router
 * matches: as many segments as the request's, each literal segment the same (decoded) text, a templated
 * one anything. Prism's router sorts all the operations it is given and matches the path against each
 * (a document of 20,000 paths: 250 ms a request, every client waiting); handed only these, it decides
 * among them as among all. In the items' order; none when no template fits. A path's fragment (see fragment-paths)
 * is no part of what it matches: `/#X-Amz-Target=…` is found for `/`, and for `/#X-Amz-Target=…` too.
 */
export function createPathIndex<Item extends { readonly path: string }>(items: readonly Item[]): (path: string) => Item[] {
  const root = newNode();
  for (const [index, item] of items.entries()) {
    let node = root;
    for (const segment of pathWithoutFragment(item.path).split('/').slice(1)) {
      if (/{(.+)}/.test(segment)) node = node.templated ??= newNode();
      else {
        const text = decoded(segment);
        let next = node.literals.get(text);
        if (next === undefined) node.literals.set(text, (next = newNode()));
        node = next;
      }
    }
    node.operations.push(index);
  }
  return path => {
    if (!path.startsWith('/')) return [...items];
    const segments = pathWithoutFragment(path).split('/').slice(1).map(decoded);
    const found: number[] = [];
    const visit = (node: SegmentNode, depth: number): void => {
      if (depth === segments.length) {
        found.push(...node.operations);
        return;
      }
      const literal = node.literals.get(segments[depth] as string);
      if (literal) visit(literal, depth + 1);
      if (node.templated) visit(node.templated, depth + 1);
    };
    visit(root, 0);
    // Most paths fit one operation's template, or none: nothing to order.
    if (found.length < 2) return found.length === 0 ? [] : [items[found[0] as number] as Item];
    return found.sort((a, b) => a - b).map(index => items[index] as Item);
  };
}
