// The few DOM helpers the dashboard's controls share: elements by id, made with text only (never HTML).

export function byId(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`The page has no #${id}.`);
  return found;
}

/** `#id`, checked to be the element it must be (`HTMLSelectElement`, …). */
export function byIdOf<T extends HTMLElement>(id: string, kind: abstract new () => T): T {
  const found = byId(id);
  if (!(found instanceof kind)) throw new Error(`The page's #${id} is no ${kind.name}.`);
  return found;
}

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className !== undefined) made.className = className;
  return made;
}
