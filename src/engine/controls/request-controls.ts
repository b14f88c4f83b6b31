/** The longest delay one request may ask for, in milliseconds. */
export const MAX_REQUEST_DELAY = 60_000;

/**
 * What a request asks of the mock itself, Prism's way: `Prefer: code=404, example=name,
 * dynamic=true, seed=7` (RFC 7240) or the query fallbacks `__code`, `__example`, `__dynamic`,
 * `__seed`; plus `delay=250` / `__delay`. A preference in the header wins over its query fallback.
 */
export interface RequestControls {
  /** Answer the operation's declared response with this status. */
  code?: number;
  /** Answer this named example of the chosen response. */
  example?: string;
  /** Generate the body from the response's schema, seeded, instead of using an example. */
  dynamic?: boolean;
  /** Seed of the generated body. */
  seed?: string;
  /** Milliseconds to hold the answer back, instead of `--delay`. */
  delay?: number;
  /** How the request forced its response, as it said it (`Prefer code=404`, `__example=twoPets`), for messages and the journal. */
  forcedBy?: string;
}

export type ReadControlsResult = { controls: RequestControls } | { problem: string };

const NAMES = ['code', 'example', 'dynamic', 'seed', 'delay'] as const;
type ControlName = (typeof NAMES)[number];
const FORCING_NAMES: ReadonlySet<ControlName> = new Set(['code', 'example', 'dynamic', 'seed']);

/** The controls of a request, or a sentence naming the one that is malformed. */
export function readControls(prefer: string | undefined, query: Readonly<Record<string, string | string[]>>): ReadControlsResult {
  if (prefer === undefined && !hasControlParameter(query)) return NO_CONTROLS;
  const fromHeader = parsePrefer(prefer);
  const controls: RequestControls = {};
  const forcing: string[] = [];
  for (const name of NAMES) {
    const headerValue = fromHeader.get(name);
    const queryValue = query[`__${name}`];
    if (headerValue === undefined && queryValue === undefined) continue;
    const source = headerValue !== undefined ? `Prefer ${name}` : `__${name}`;
    const raw = headerValue ?? (Array.isArray(queryValue) ? queryValue[queryValue.length - 1] : queryValue) ?? '';
    const problem = applyControl(controls, name, raw, source);
    if (problem) return { problem };
    if (FORCING_NAMES.has(name)) forcing.push(`${source}=${raw}`);
  }
  if (forcing.length > 0 && isForced(controls)) controls.forcedBy = forcing.join(', ');
  return { controls };
}

// Frozen: shared by every request that sets no control, the hot path.
const NO_CONTROLS: ReadControlsResult = Object.freeze({ controls: Object.freeze({}) });

function hasControlParameter(query: Readonly<Record<string, string | string[]>>): boolean {
  for (const name in query) if (name.startsWith('__')) return true;
  return false;
}

/** True when the request asks for a response from the document rather than from the store. */
export function isForced(controls: RequestControls): boolean {
  return controls.code !== undefined || controls.example !== undefined || controls.dynamic === true;
}

function applyControl(controls: RequestControls, name: ControlName, raw: string, source: string): string | undefined {
  switch (name) {
    case 'code': {
      const code = Number(raw);
      if (!/^\d{3}$/.test(raw) || code < 100) return `${source} must be a three-digit HTTP status such as 404, got ${JSON.stringify(raw)}.`;
      controls.code = code;
      return undefined;
    }
    case 'dynamic':
      if (raw !== 'true' && raw !== 'false') return `${source} must be true or false, got ${JSON.stringify(raw)}.`;
      controls.dynamic = raw === 'true';
      return undefined;
    case 'example':
      if (raw === '') return `${source} must name an example of the response.`;
      controls.example = raw;
      return undefined;
    case 'seed':
      if (raw === '') return `${source} must not be empty.`;
      controls.seed = raw;
      return undefined;
    case 'delay': {
      const delay = Number(raw);
      if (!/^\d+$/.test(raw) || delay > MAX_REQUEST_DELAY) return `${source} must be a whole number of milliseconds from 0 to ${MAX_REQUEST_DELAY}, got ${JSON.stringify(raw)}.`;
      controls.delay = delay;
      return undefined;
    }
  }
}

/** `code=404, example="x"; dynamic=true` → name → value; preferences without a value are ignored, as RFC 7240 allows. */
function parsePrefer(header: string | undefined): Map<string, string> {
  const preferences = new Map<string, string>();
  if (header === undefined) return preferences;
  for (const part of header.split(/[,;]/)) {
    const equals = part.indexOf('=');
    if (equals === -1) continue;
    const name = part.slice(0, equals).trim().toLowerCase();
    const value = part.slice(equals + 1).trim().replace(/^"(.*)"$/, '$1');
    if ((NAMES as readonly string[]).includes(name) && !preferences.has(name)) preferences.set(name, value);
  }
  return preferences;
}
