/** Why a request that passed Prism's bearer check is still refused, if it is. */
export type TokenProblem = 'empty' | 'invalid';

/**
 * Prism checks that `Authorization: Bearer …` is present; which keys are valid is the mock's rule:
 * any non-blank token, or only the configured ones.
 */
export function checkBearerToken(authorization: string | undefined, apiKeys: ReadonlySet<string>): TokenProblem | undefined {
  const token = authorization?.replace(/^Bearer\s+/, '').trim() ?? '';
  if (token === '') return 'empty';
  if (apiKeys.size > 0 && !apiKeys.has(token)) return 'invalid';
  return undefined;
}
