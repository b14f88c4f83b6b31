import { describe, expect, it } from 'vitest';
import { createScrubber, createScrubbers, redactHeaders, redactQuery } from '../../src/verify/redact.js';

const TOKEN = 'sk+live/7Hq2XvN4pR8tY1wZ3bC6dF9gJ0kL5mQ2sT4uV7xA1zE=';
const scrub = createScrubber(TOKEN);
const base64 = (text: string): string => Buffer.from(text).toString('base64');

describe('scrubbing the token out of what a deployment answered', () => {
  it.each([
    ['as is', TOKEN],
    ['URL-encoded', encodeURIComponent(TOKEN)],
    ['URL-encoded with lower-case hex', encodeURIComponent(TOKEN).replace(/%[0-9A-F]{2}/g, escape => escape.toLowerCase())],
    ['URL-encoded in part', TOKEN.replace('/', '%2F')],
    ['URL-encoded twice', encodeURIComponent(encodeURIComponent(TOKEN))],
    ['JSON-escaped, as some serializers write / and +', TOKEN.replace('/', '\\/').replace('+', '\\u002B')],
    ['in base64 of user:token', base64(`verify:${TOKEN}`)],
    ['in URL-safe base64 of user:token', Buffer.from(`someone:${TOKEN}`).toString('base64url')],
    ['in base64 of the token alone', base64(TOKEN)],
  ])('replaces it %s', (_form, echoed) => {
    const text = `{"message":"you sent ${echoed} to us"}`;
    expect(scrub(text)).toBe('{"message":"you sent [redacted] to us"}');
  });

  it('leaves other text, and other base64, as it was', () => {
    const text = `Bearer realm="animal-store", and ${base64('an unrelated text long enough to look like a key')}`;
    expect(scrub(text)).toBe(text);
  });

  it('leaves a token shorter than 6 characters alone: it would blank out ordinary words', () => {
    expect(createScrubber('pets')('GET /pets')).toBe('GET /pets');
  });
});

describe('scrubbing every credential of a run', () => {
  it('replaces each of several secrets, one inside another included, in all their forms', () => {
    const scrubAll = createScrubbers(['short-key-123456', 'admin:short-key-123456-longer', 'another-secret-value']);
    const text = `a=short-key-123456 b=${encodeURIComponent('admin:short-key-123456-longer')} c=${Buffer.from('u:another-secret-value').toString('base64')}`;
    expect(scrubAll(text)).toBe('a=[redacted] b=[redacted] c=[redacted]');
  });

  it('redacts the query parameters that carry API keys by name, whatever their value, and keeps the others', () => {
    expect(redactQuery('/shelves?limit=5&key=abc&api%5Fkey=x', new Set(['key', 'api_key']))).toBe('/shelves?limit=5&key=[redacted]&api%5Fkey=[redacted]');
    expect(redactQuery('/shelves', new Set(['key']))).toBe('/shelves');
  });

  it('redacts the headers that carry API keys by name, as Authorization and cookies are', () => {
    expect(redactHeaders({ 'x-shelf-key': 'k', authorization: 'Bearer t', cookie: 's=1', accept: 'application/json' }, new Set(['x-shelf-key']))).toEqual({ 'x-shelf-key': '[redacted]', authorization: '[redacted]', cookie: '[redacted]', accept: 'application/json' });
  });
});
