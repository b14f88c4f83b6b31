import type { IHttpRequest, PrismHttpComponents } from '@stoplight/prism-http';

/** A request's verdicts: the route, and whether security and input passed (a failure's diagnostics are not kept: Prism decides it again). */
type Verdicts = {
  route?: ReturnType<PrismHttpComponents['route']>;
  securityPassed?: true;
  inputPassed?: true;
};

/**
 * The longest identity remembered, in characters: what the verdicts hold is bounded by
 * `capacity` × this (a request near Node's 16 KiB of headers is decided afresh each time).
 */
export const MAX_REMEMBERED_KEY_LENGTH = 2_048;

/** The stages whose verdicts can be remembered: pure functions of the document and the request. */
export type PureStages = Pick<PrismHttpComponents, 'route' | 'validateSecurity' | 'validateInput'>;

/**
 * Remembers Prism's verdicts (the routed operation, whether security and input passed) for requests
 * the engine marked as identical to an earlier one: same method, URL, headers and no body. Prism
 * still decides every distinct request, and every one that fails its checks; this only spares it
 * deciding the same one twice. Bounded: the least recently used verdicts go first, and neither a
 * request nor a failure's diagnostics are kept (1,024 failures of 1,800 bad query values each held
 * 133 MiB), nor identities longer than `MAX_REMEMBERED_KEY_LENGTH`.
 */
export function rememberVerdicts(stages: PureStages, capacity: number): { stages: PureStages; mark(request: IHttpRequest, key: string): void } {
  const keys = new WeakMap<IHttpRequest, string>();
  const verdicts = new Map<string, Verdicts>();

  const entryFor = (request: IHttpRequest): Verdicts | undefined => {
    const key = keys.get(request);
    if (key === undefined) return undefined;
    let entry = verdicts.get(key);
    if (entry) {
      verdicts.delete(key);
    } else {
      entry = {};
      if (verdicts.size >= capacity) verdicts.delete(verdicts.keys().next().value as string);
    }
    verdicts.set(key, entry);
    return entry;
  };

  return {
    mark: (request, key) => {
      if (key.length <= MAX_REMEMBERED_KEY_LENGTH) keys.set(request, key);
    },
    stages: {
      route: options => {
        const entry = entryFor(options.input);
        if (!entry) return stages.route(options);
        return (entry.route ??= stages.route(options));
      },
      validateSecurity: options => {
        const entry = verdicts.get(keys.get(options.element) ?? '');
        if (entry?.securityPassed) return { _tag: 'Right', right: options.element };
        const verdict = stages.validateSecurity(options);
        if (entry && verdict._tag === 'Right') entry.securityPassed = true;
        return verdict;
      },
      validateInput: options => {
        const entry = verdicts.get(keys.get(options.element) ?? '');
        if (entry?.inputPassed) return { _tag: 'Right', right: options.element };
        const verdict = stages.validateInput(options);
        if (entry && verdict._tag === 'Right') entry.inputPassed = true;
        return verdict;
      },
    },
  };
}

/**
 * The identity of a bodiless request, for `rememberVerdicts` (and the engine's remembered answers and
 * journal, which go by it too); undefined when it has a body or is longer than `MAX_REMEMBERED_KEY_LENGTH`.
 */
export function verdictKey(method: string, url: string, headers: Readonly<Record<string, string>>, hasBody: boolean): string | undefined {
  if (hasBody) return undefined;
  let key = `${method} ${url}`;
  for (const name in headers) key += `\n${name}:${headers[name] ?? ''}`;
  return key.length <= MAX_REMEMBERED_KEY_LENGTH ? key : undefined;
}
