import { describe, expect, it } from 'vitest';
import { isCredentialName, redactedPath } from '../../src/engine/journal/index.js';

describe('the names the journal treats as credentials', () => {
  it.each(['Authorization', 'Proxy-Authorization', 'Cookie', 'Set-Cookie', 'X-Api-Key', 'api_key', 'apiKey', 'access_token', 'X-Auth-Token', 'client_secret', 'X-Amz-Security-Token', 'password', 'key', 'token'])(
    'counts %s as a credential',
    name => expect(isCredentialName(name)).toBe(true),
  );

  it.each(['limit', 'status', 'x-petstore-session', 'page_token', 'x-trace', 'content-type', 'keyword'])('does not count %s as one', name => expect(isCredentialName(name)).toBe(false));

  it('counts the names a caller declares too, such as an API key header the document names', () => {
    expect(isCredentialName('X-Store-Pass')).toBe(false);
    expect(isCredentialName('X-Store-Pass', new Set(['x-store-pass']))).toBe(true);
    expect(redactedPath('/v1/pets?store_pass=s3cret', new Set(['store_pass']))).toBe('/v1/pets?store_pass=[redacted]');
  });

  it('redacts a credential whose name is percent-encoded in the query, and leaves a path without one the same string', () => {
    expect(redactedPath('/v1/pets?api%5Fkey=s3cret&limit=2')).toBe('/v1/pets?api%5Fkey=[redacted]&limit=2');
    const plain = '/v1/pets?limit=2&limit';
    expect(redactedPath(plain)).toBe(plain);
  });
});
