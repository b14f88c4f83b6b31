import { locate } from './json-pointer.js';

/** A security scheme of the document, as verify sends its credential. */
export interface SchemeModel {
  /** The scheme's name under `components.securitySchemes`, as `--credential <name>=<value>` names it. */
  name: string;
  /** `bearer` covers OAuth2, OpenID Connect and HTTP bearer: an `Authorization: Bearer` token. */
  kind: 'bearer' | 'basic' | 'http-other' | 'api-key';
  /** The HTTP scheme's own name, for `http-other` (`Digest`). */
  httpScheme?: string;
  /** Where an API key goes, and under which name. */
  apiKey?: { in: 'header' | 'query' | 'cookie'; name: string };
}

/** The credentials a run was given: a token for every scheme that takes one, and values by scheme name. */
export interface GivenCredentials {
  /** `--token`: the bearer token (OAuth2, OpenID Connect, HTTP bearer) and the key of every API key scheme not given its own value. */
  token: string | undefined;
  /** `--credential <scheme>=<value>`: an API key, a bearer token, or `user:password` for HTTP basic. */
  byScheme: ReadonlyMap<string, string>;
}

/** What a request carries to satisfy one security alternative. */
export interface CredentialParts {
  headers: Record<string, string>;
  query: Record<string, string>;
  cookies: Record<string, string>;
}

/** How verify can authenticate one operation. */
export type CredentialChoice =
  | { kind: 'open' }
  | { kind: 'sent'; parts: CredentialParts; schemes: SchemeModel[] }
  | { kind: 'missing'; reason: string };

/** The document's security schemes by name. */
export function readSchemes(document: Record<string, unknown>): Map<string, SchemeModel> {
  const schemes = new Map<string, SchemeModel>();
  const declared = ((document['components'] as Record<string, unknown> | undefined)?.['securitySchemes'] ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(declared)) {
    const scheme = locate(document, `#/components/securitySchemes/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`).node as Record<string, unknown> | undefined;
    if (!scheme) continue;
    const type = scheme['type'];
    if (type === 'apiKey') {
      const where = scheme['in'];
      if ((where === 'header' || where === 'query' || where === 'cookie') && typeof scheme['name'] === 'string') schemes.set(name, { name, kind: 'api-key', apiKey: { in: where, name: scheme['name'] } });
    } else if (type === 'http') {
      const httpScheme = typeof scheme['scheme'] === 'string' ? scheme['scheme'] : '';
      const lower = httpScheme.toLowerCase();
      schemes.set(name, lower === 'bearer' ? { name, kind: 'bearer' } : lower === 'basic' ? { name, kind: 'basic' } : { name, kind: 'http-other', httpScheme });
    } else if (type === 'oauth2' || type === 'openIdConnect') {
      schemes.set(name, { name, kind: 'bearer' });
    }
  }
  return schemes;
}

/** An operation's security alternatives (each, the scheme names all required); undefined when the document declares none. */
export function readAlternatives(security: unknown): string[][] | undefined {
  if (!Array.isArray(security)) return undefined;
  return (security as unknown[]).map(requirement => (requirement !== null && typeof requirement === 'object' ? Object.keys(requirement) : []));
}

/** Whether the alternatives leave the operation open: none declared, or one of them empty (`security: []`, `- {}`). */
export function isOpen(alternatives: string[][] | undefined): boolean {
  return alternatives === undefined || alternatives.length === 0 || alternatives.some(schemes => schemes.length === 0);
}

/** The first alternative verify has every credential for, as the parts of a request. */
export function chooseCredentials(alternatives: string[][] | undefined, schemes: ReadonlyMap<string, SchemeModel>, given: GivenCredentials): CredentialChoice {
  if (isOpen(alternatives)) return { kind: 'open' };
  const lacking: string[] = [];
  for (const names of alternatives ?? []) {
    const parts: CredentialParts = { headers: {}, query: {}, cookies: {} };
    const used: SchemeModel[] = [];
    let complete = true;
    for (const name of names) {
      const scheme = schemes.get(name);
      const value = scheme && valueFor(scheme, given);
      if (!scheme || value === undefined) {
        complete = false;
        lacking.push(scheme ? describeNeed(scheme) : `the scheme "${name}", which the document does not define`);
        break;
      }
      addCredential(parts, scheme, value);
      used.push(scheme);
    }
    if (complete) return { kind: 'sent', parts, schemes: used };
  }
  return { kind: 'missing', reason: `no credential was given for ${[...new Set(lacking)].join(' or ')}` };
}

/** Every value a report must never show: each given credential, and the password of a `user:password`. */
export function secretsOf(given: GivenCredentials): string[] {
  const values = [given.token, ...given.byScheme.values()].filter((value): value is string => value !== undefined && value !== '');
  const passwords = values.filter(value => value.includes(':')).map(value => value.slice(value.indexOf(':') + 1));
  return [...new Set([...values, ...passwords])].filter(value => value !== '');
}

/** Header and query parameter names (lower-case) that carry the document's API keys: reports redact them whatever their value. */
export function credentialNames(schemes: ReadonlyMap<string, SchemeModel>): { headers: Set<string>; query: Set<string> } {
  const headers = new Set<string>();
  const query = new Set<string>();
  for (const scheme of schemes.values()) {
    if (scheme.apiKey?.in === 'header') headers.add(scheme.apiKey.name.toLowerCase());
    if (scheme.apiKey?.in === 'query') query.add(scheme.apiKey.name);
  }
  return { headers, query };
}

/** The `WWW-Authenticate` challenges a 401 of these alternatives implies (RFC 9110, 6750, 7617): none for API keys alone. */
export function impliedChallenges(alternatives: string[][] | undefined, schemes: ReadonlyMap<string, SchemeModel>): string[] {
  const challenges = new Set<string>();
  for (const name of (alternatives ?? []).flat()) {
    const scheme = schemes.get(name);
    if (scheme?.kind === 'bearer') challenges.add('Bearer');
    if (scheme?.kind === 'basic') challenges.add('Basic');
    if (scheme?.kind === 'http-other' && scheme.httpScheme) challenges.add(scheme.httpScheme);
  }
  return [...challenges];
}

function valueFor(scheme: SchemeModel, given: GivenCredentials): string | undefined {
  const own = given.byScheme.get(scheme.name);
  if (own !== undefined) return own;
  if (given.token === undefined) return undefined;
  if (scheme.kind === 'bearer' || scheme.kind === 'api-key') return given.token;
  // A basic credential is `user:password`: a token shaped so serves it too.
  if (scheme.kind === 'basic' && given.token.includes(':')) return given.token;
  return undefined;
}

function addCredential(parts: CredentialParts, scheme: SchemeModel, value: string): void {
  switch (scheme.kind) {
    case 'bearer':
      parts.headers['authorization'] = `Bearer ${value}`;
      return;
    case 'basic':
      parts.headers['authorization'] = `Basic ${Buffer.from(value, 'utf8').toString('base64')}`;
      return;
    case 'http-other':
      parts.headers['authorization'] = `${scheme.httpScheme ?? ''} ${value}`;
      return;
    case 'api-key': {
      const apiKey = scheme.apiKey;
      if (apiKey?.in === 'header') parts.headers[apiKey.name.toLowerCase()] = value;
      else if (apiKey?.in === 'query') parts.query[apiKey.name] = value;
      else if (apiKey) parts.cookies[apiKey.name] = value;
    }
  }
}

function describeNeed(scheme: SchemeModel): string {
  switch (scheme.kind) {
    case 'bearer':
      return `"${scheme.name}" (a bearer token: --token or --credential ${scheme.name}=<token>)`;
    case 'basic':
      return `"${scheme.name}" (HTTP basic: --credential ${scheme.name}=<user>:<password>)`;
    case 'http-other':
      return `"${scheme.name}" (HTTP ${scheme.httpScheme ?? ''}: --credential ${scheme.name}=<credentials>)`;
    case 'api-key':
      return `"${scheme.name}" (an API key in the ${scheme.apiKey?.in ?? 'header'} "${scheme.apiKey?.name ?? ''}": --token or --credential ${scheme.name}=<key>)`;
  }
}
