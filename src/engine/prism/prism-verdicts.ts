import type { IHttpRequest, PrismHttpComponents } from '@stoplight/prism-http';

type Verdicts = {
  route?: ReturnType<PrismHttpComponents['route']>;
  security?: ReturnType<PrismHttpComponents['validateSecurity']>;
  input?: ReturnType<PrismHttpComponents['validateInput']>;
};

/** The stages whose verdicts can be remembered: pure functions of the document and the request. */
export type PureStages = Pick<PrismHttpComponents, 'route' | 'validateSecurity' | 'validateInput'>;

/**
 * Remembers Prism's verdicts (the routed operation, the security and input diagnostics) for requests
 * the engine marked as identical to an earlier one: same method, URL, headers and no body. Prism
 * still decides every distinct request; this only spares it deciding the same one twice. Bounded:
 * the least recently used verdicts go first.
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
    mark: (request, key) => keys.set(request, key),
    stages: {
      route: options => {
        const entry = entryFor(options.input);
        if (!entry) return stages.route(options);
        return (entry.route ??= stages.route(options));
      },
      validateSecurity: options => {
        const entry = verdicts.get(keys.get(options.element) ?? '');
        if (!entry) return stages.validateSecurity(options);
        entry.security ??= stages.validateSecurity(options);
        return entry.security._tag === 'Right' ? { _tag: 'Right', right: options.element } : entry.security;
      },
      validateInput: options => {
        const entry = verdicts.get(keys.get(options.element) ?? '');
        if (!entry) return stages.validateInput(options);
        entry.input ??= stages.validateInput(options);
        return entry.input._tag === 'Right' ? { _tag: 'Right', right: options.element } : entry.input;
      },
    },
  };
}

/** The identity of a bodiless request, for `rememberVerdicts`; undefined when it has a body. */
export function verdictKey(method: string, url: string, headers: Readonly<Record<string, string>>, hasBody: boolean): string | undefined {
  if (hasBody) return undefined;
  let key = `${method} ${url}`;
  for (const name in headers) key += `\n${name}:${headers[name] ?? ''}`;
  return key;
}
