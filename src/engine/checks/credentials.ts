import type { IHttpRequest, IHttpResponse } from '@stoplight/prism-http';
import type { HttpSecurityScheme, IHttpOperation } from '@stoplight/types';
import { errorResponse } from '../responses/index.js';

/** The realm every challenge of the mock names. */
const REALM = 'petstore-mock';

/**
 * What the operation's security asks of a request, read from the document (Prism's view of it):
 * alternatives, each a list of schemes that must all be satisfied. No alternative, or an empty one
 * (`security: []`, `- {}`), means the operation is open.
 */
export interface CredentialRules {
  readonly open: boolean;
  readonly alternatives: readonly (readonly HttpSecurityScheme[])[];
}

/** Why a request's credentials are refused: none sent where the document wants them, or keys the mock does not accept. */
export type CredentialProblem = 'missing' | 'invalid';

const rulesByOperation = new WeakMap<IHttpOperation, CredentialRules>();

/** The operation's credential rules, read once per operation. */
export function credentialRulesOf(operation: IHttpOperation): CredentialRules {
  let rules = rulesByOperation.get(operation);
  if (rules === undefined) {
    const alternatives = operation.security ?? [];
    rules = { open: alternatives.length === 0 || alternatives.some(schemes => schemes.length === 0), alternatives };
    rulesByOperation.set(operation, rules);
  }
  return rules;
}

/**
 * Whether a request's credentials pass, checked where the document puts them: Prism's verdict
 * (`prismRefused`: a scheme's credential is absent) first, then the mock's own rule, which keys are
 * valid: any non-blank credential, or with `apiKeys` only those (a basic credential's password, or
 * its `user:password`). An alternative passes when every scheme in it does.
 */
export function findCredentialProblem(operation: IHttpOperation, request: Pick<IHttpRequest, 'headers' | 'url'>, apiKeys: ReadonlySet<string>, prismRefused: boolean): CredentialProblem | undefined {
  const rules = credentialRulesOf(operation);
  if (rules.open) return undefined;
  if (prismRefused) return 'missing';
  let refused = false;
  for (const schemes of rules.alternatives) {
    const credentials = schemes.map(scheme => credentialOf(scheme, request));
    if (credentials.some(credential => credential === undefined || credential.trim() === '')) continue;
    if (apiKeys.size === 0 || credentials.every((credential, index) => accepts(apiKeys, schemes[index] as HttpSecurityScheme, credential as string))) return undefined;
    refused = true;
  }
  return refused ? 'invalid' : 'missing';
}

/** The 401 of a refused request, in the words of the operation's own schemes, with their challenges (RFC 7235, RFC 6750). */
export function unauthorizedResponse(operation: IHttpOperation, problem: CredentialProblem): IHttpResponse {
  const rules = credentialRulesOf(operation);
  const schemes = rules.alternatives.flat();
  const challenge = challengeOf(schemes, problem);
  const headers: Record<string, string> = challenge === undefined ? {} : { 'www-authenticate': challenge };
  return errorResponse('unauthorized', problem === 'missing' ? missingCredentialsMessage(operation) : invalidCredentialsMessage(schemes), headers);
}

/** What the request lacked, as the 401 and the journal say it: each alternative the document allows, the schemes of one joined by "and". */
export function missingCredentialsMessage(operation: IHttpOperation): string {
  const ways = credentialRulesOf(operation).alternatives.map(schemes => schemes.map(describeScheme).join(' and '));
  return `Send ${[...new Set(ways)].join(' or ')}.`;
}

/** `WWW-Authenticate` of a 401 to the operation, for an answer the controls force or script as much as for a refused request. */
export function challengeFor(operation: IHttpOperation): string | undefined {
  return challengeOf(credentialRulesOf(operation).alternatives.flat(), 'missing');
}

/** The names of the headers, query parameters and cookies that carry the document's credentials (lower-case), for the journal to redact. */
export function declaredCredentialNames(operations: readonly IHttpOperation[]): ReadonlySet<string> {
  const names = new Set<string>();
  for (const operation of operations) for (const scheme of credentialRulesOf(operation).alternatives.flat()) if (scheme.type === 'apiKey') names.add(scheme.name.toLowerCase());
  return names;
}

/** Where the journal says the credential belongs: `header.authorization`, `header.x-api-key`, `query.api_key`, `header.cookie`. */
export function credentialPathOf(operation: IHttpOperation): string {
  const scheme = credentialRulesOf(operation).alternatives.flat()[0];
  if (scheme?.type === 'apiKey') return scheme.in === 'query' ? `query.${scheme.name}` : scheme.in === 'cookie' ? 'header.cookie' : `header.${scheme.name.toLowerCase()}`;
  return 'header.authorization';
}

function credentialOf(scheme: HttpSecurityScheme, request: Pick<IHttpRequest, 'headers' | 'url'>): string | undefined {
  const headers = request.headers ?? {};
  switch (scheme.type) {
    case 'apiKey': {
      if (scheme.in === 'header') return headers[scheme.name.toLowerCase()];
      if (scheme.in === 'query') {
        const value = request.url.query?.[scheme.name];
        return Array.isArray(value) ? value[0] : value;
      }
      return cookieValue(headers['cookie'], scheme.name);
    }
    case 'http':
      if (scheme.scheme.toLowerCase() === 'basic') return basicCredential(headers['authorization']);
      if (scheme.scheme.toLowerCase() === 'bearer') return authorizationParameter(headers['authorization'], 'bearer');
      return authorizationParameter(headers['authorization'], scheme.scheme.toLowerCase());
    case 'oauth2':
    case 'openIdConnect':
      return authorizationParameter(headers['authorization'], 'bearer');
    default:
      return undefined;
  }
}

function accepts(apiKeys: ReadonlySet<string>, scheme: HttpSecurityScheme, credential: string): boolean {
  if (apiKeys.has(credential)) return true;
  // A basic credential is `user:password`: the password alone may be the key.
  return scheme.type === 'http' && scheme.scheme.toLowerCase() === 'basic' && apiKeys.has(credential.slice(credential.indexOf(':') + 1));
}

/** What follows `<scheme> ` in `Authorization`, when the header names that scheme. */
function authorizationParameter(authorization: string | undefined, scheme: string): string | undefined {
  if (authorization === undefined) return undefined;
  const space = authorization.indexOf(' ');
  const name = space === -1 ? authorization : authorization.slice(0, space);
  if (name.toLowerCase() !== scheme) return undefined;
  return space === -1 ? '' : authorization.slice(space + 1).trim();
}

/** `user:password` of a basic credential, or undefined when it does not decode to one. */
function basicCredential(authorization: string | undefined): string | undefined {
  const encoded = authorizationParameter(authorization, 'basic');
  if (encoded === undefined || encoded === '') return encoded;
  if (!/^[A-Za-z0-9+/]+=*$/.test(encoded)) return undefined;
  const decoded = decodeBase64(encoded);
  return decoded.includes(':') ? decoded : undefined;
}

function decodeBase64(encoded: string): string {
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, character => character.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function cookieValue(cookie: string | undefined, name: string): string | undefined {
  if (cookie === undefined) return undefined;
  for (const pair of cookie.split(';')) {
    const equals = pair.indexOf('=');
    if (equals !== -1 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim();
  }
  return undefined;
}

function describeScheme(scheme: HttpSecurityScheme): string {
  switch (scheme.type) {
    case 'apiKey':
      if (scheme.in === 'query') return `the query parameter "${scheme.name}=<API_KEY>"`;
      if (scheme.in === 'cookie') return `the cookie "${scheme.name}=<API_KEY>"`;
      return `the header "${scheme.name}: <API_KEY>"`;
    case 'http':
      if (scheme.scheme.toLowerCase() === 'basic') return 'the header "Authorization: Basic <base64 of user:password>"';
      if (scheme.scheme.toLowerCase() === 'bearer') return 'the header "Authorization: Bearer <API_KEY>"';
      return `the header "Authorization: ${scheme.scheme} <credentials>"`;
    default:
      return 'the header "Authorization: Bearer <API_KEY>"';
  }
}

function invalidCredentialsMessage(schemes: readonly HttpSecurityScheme[]): string {
  const only = new Set(schemes.map(describeKind));
  return only.size === 1 ? `The ${[...only][0] ?? 'credential'} is not a valid API key.` : 'The credentials are not a valid API key.';
}

function describeKind(scheme: HttpSecurityScheme): string {
  if (scheme.type === 'apiKey') return `API key in ${scheme.in === 'header' ? `the header "${scheme.name}"` : scheme.in === 'query' ? `the query parameter "${scheme.name}"` : `the cookie "${scheme.name}"`}`;
  if (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'basic') return 'basic credential';
  return 'bearer token';
}

/** The challenges of the schemes that have one (`Bearer`, `Basic`): API keys have no standard challenge. */
function challengeOf(schemes: readonly HttpSecurityScheme[], problem: CredentialProblem): string | undefined {
  const challenges = new Set<string>();
  for (const scheme of schemes) {
    const bearer = scheme.type === 'oauth2' || scheme.type === 'openIdConnect' || (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'bearer');
    if (bearer) challenges.add(problem === 'invalid' ? `Bearer realm="${REALM}", error="invalid_token", error_description="The API key is not valid"` : `Bearer realm="${REALM}"`);
    else if (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'basic') challenges.add(`Basic realm="${REALM}", charset="UTF-8"`);
  }
  return challenges.size === 0 ? undefined : [...challenges].join(', ');
}

/** What the document asks of a client, for the CLI's ready line and the dashboard: `any bearer token`, `any API key in X-Api-Key`, `no credentials`. */
export function describeCredentials(operations: readonly IHttpOperation[]): string {
  const schemes = new Map<string, string>();
  let open = false;
  for (const operation of operations) {
    const alternatives = operation.security ?? [];
    if (alternatives.length === 0 || alternatives.some(schemes => schemes.length === 0)) open = true;
    for (const scheme of alternatives.flat()) schemes.set(scheme.key, describeAskedScheme(scheme));
  }
  if (schemes.size === 0) return 'no credentials (the document declares no security)';
  const asked = [...new Set(schemes.values())].join(' or ');
  return open ? `${asked} (some operations open)` : asked;
}

function describeAskedScheme(scheme: HttpSecurityScheme): string {
  if (scheme.type === 'apiKey') return `any API key in ${scheme.in === 'header' ? scheme.name : `the ${scheme.in} ${scheme.name}`}`;
  if (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'basic') return 'any basic credentials';
  return 'any bearer token';
}
