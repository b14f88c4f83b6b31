import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/verify/redact.js';

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
