// Lists redrawn by key: a row that stays is the same element, so its focus, its open <details> and
// what is selected in it stay too; only rows that came are made and only rows that went are removed.

/** Puts `wanted` into `parent` in that order, moving as little as it can; the element that had focus keeps it. */
export function placeChildren(parent: Element, wanted: readonly Element[]): void {
  const focused = document.activeElement;
  const kept = new Set(wanted);
  for (const child of [...parent.children]) if (!kept.has(child)) child.remove();
  let cursor = parent.firstElementChild;
  for (const row of wanted) {
    if (row === cursor) cursor = cursor.nextElementSibling;
    else parent.insertBefore(row, cursor);
  }
  // A row that moved (a session used again goes to the top) loses focus as the browser moves it.
  if (focused instanceof HTMLElement && focused !== document.activeElement && focused.isConnected) focused.focus({ preventScroll: true });
}

export interface KeyedRows<T> {
  /** Shows `items` in their order: rows of known keys updated in place, new ones made, gone ones removed. */
  draw(items: readonly T[]): void;
  /** Forgets every row (the mock restarted). */
  clear(): void;
}

/** The rows of `parent`, one per key: `make` builds a row, `update` brings a kept one up to date. */
export function keyedRows<T, Row extends Element>(parent: Element, keyOf: (item: T) => string, make: (item: T) => Row, update: (row: Row, item: T) => void): KeyedRows<T> {
  let rows = new Map<string, Row>();
  return {
    draw(items) {
      const next = new Map<string, Row>();
      for (const item of items) {
        const key = keyOf(item);
        const known = rows.get(key);
        if (known === undefined) {
          next.set(key, make(item));
        } else {
          update(known, item);
          next.set(key, known);
        }
      }
      rows = next;
      placeChildren(parent, [...next.values()]);
    },
    clear() {
      rows = new Map();
      parent.replaceChildren();
    },
  };
}

/** Sets `node`'s text only when it differs, so that an unchanged row is not touched at all. */
export function setText(node: Node, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}
