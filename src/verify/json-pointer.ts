/** Follows local `$ref`s (`#/…`) of an OpenAPI document, one object at a time. */
export interface Located {
  /** The object, after every `$ref` it starts with was followed. */
  node: unknown;
  /** Its JSON pointer in the document, e.g. `#/components/responses/NotFound`. */
  pointer: string;
}

export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

export function childPointer(pointer: string, ...tokens: (string | number)[]): string {
  return [pointer, ...tokens.map(token => escapePointerToken(String(token)))].join('/');
}

/** The object at `pointer`, its `$ref`s followed (at most 32, so a cycle cannot hang). */
export function locate(document: unknown, pointer: string): Located {
  let located: Located = { node: readPointer(document, pointer), pointer };
  for (let hops = 0; hops < 32; hops++) {
    const ref = (located.node as { $ref?: unknown } | null)?.$ref;
    if (typeof located.node !== 'object' || typeof ref !== 'string') return located;
    if (!ref.startsWith('#/')) throw new Error(`${pointer} refers to ${ref}; only references inside the document are supported.`);
    located = { node: readPointer(document, ref), pointer: ref };
  }
  throw new Error(`${pointer}: a cycle of $ref.`);
}

function readPointer(document: unknown, pointer: string): unknown {
  let node = document;
  for (const token of pointer.replace(/^#\/?/, '').split('/').filter(part => part !== '')) {
    const key = decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) throw new Error(`${pointer} points at nothing.`);
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
