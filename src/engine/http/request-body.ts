import { findRoundedNumber, type RoundedNumber } from './rounded-numbers.js';

/** What the engine made of a request body before Prism validates it. */
export type DecodedBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; text: string; rounded?: RoundedNumber }
  | { kind: 'invalid-json'; text: string; reason: string }
  | { kind: 'not-json'; text: string; contentType: string | undefined }
  | { kind: 'too-large' };

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

const textDecoder = new TextDecoder('utf-8', { fatal: false });

export function decodeBody(body: Uint8Array | string | undefined, contentType: string | undefined, tooLarge: boolean): DecodedBody {
  if (tooLarge) return { kind: 'too-large' };
  const text = typeof body === 'string' ? body : body && body.byteLength > 0 ? textDecoder.decode(body) : '';
  if (text.length === 0) return { kind: 'none' };
  const mediaType = contentType?.split(';', 1)[0]?.trim();
  if (!mediaType || !JSON_MEDIA_TYPE.test(mediaType)) return { kind: 'not-json', text, contentType: mediaType };
  try {
    const value = JSON.parse(text) as unknown;
    const rounded = findRoundedNumber(text);
    return rounded ? { kind: 'json', value, text, rounded } : { kind: 'json', value, text };
  } catch (error) {
    return { kind: 'invalid-json', text, reason: error instanceof Error ? error.message : String(error) };
  }
}
