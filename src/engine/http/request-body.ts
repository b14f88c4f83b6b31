import { firstNonUtf8Byte } from '../../text/index.js';
import { parseFormBody } from './form-body.js';
import { parseMultipartBody } from './multipart-body.js';
import { findRoundedNumber, type RoundedNumber } from './rounded-numbers.js';

/** What the engine made of a request body before Prism validates it. */
export type DecodedBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; text: string; rounded?: RoundedNumber }
  | { kind: 'invalid-json'; text: string; reason: string }
  | { kind: 'not-json'; text: string; contentType: string | undefined }
  /** A `multipart/form-data` body that cannot be read as one: no boundary in its Content-Type, or no part it delimits. */
  | { kind: 'invalid-multipart'; text: string; contentType: string; reason: string }
  /** `application/x-www-form-urlencoded` or `multipart/form-data`: its fields, every leaf a string but a part declared JSON (see `parseFormBody`, `parseMultipartBody`). */
  | { kind: 'form'; value: Record<string, unknown>; text: string; contentType: string }
  | { kind: 'too-large' };

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;
const FORM_MEDIA_TYPE = /^application\/x-www-form-urlencoded$/i;
const MULTIPART_MEDIA_TYPE = /^multipart\/form-data$/i;

const textDecoder = new TextDecoder('utf-8', { fatal: false });

export function decodeBody(body: Uint8Array | string | undefined, contentType: string | undefined, tooLarge: boolean): DecodedBody {
  return decodeBodyOnUse(body, contentType, tooLarge).decoded();
}

/**
 * A request body whose costly decoding (JSON parsed, numbers JSON would round found, UTF-8 checked)
 * waits until something reads it: a request refused for its credentials never pays for its body.
 * What it is (`none`, `too-large`, or a body of some text) is known at once.
 */
export interface BodyOnUse {
  readonly kind: 'none' | 'too-large' | 'some';
  /** The body's text ('' for none or too large). */
  readonly text: string;
  /** The body decoded, the first time it is asked for; the same object after. */
  decoded(): DecodedBody;
}

export function decodeBodyOnUse(body: Uint8Array | string | undefined, contentType: string | undefined, tooLarge: boolean): BodyOnUse {
  if (tooLarge) return settled({ kind: 'too-large' }, '');
  const text = typeof body === 'string' ? body : body && body.byteLength > 0 ? textDecoder.decode(body) : '';
  if (text.length === 0) return settled({ kind: 'none' }, '');
  let decoded: DecodedBody | undefined;
  return {
    kind: 'some',
    text,
    decoded: () => (decoded ??= decodeText(body, text, contentType)),
  };
}

function settled(decoded: DecodedBody & { kind: 'none' | 'too-large' }, text: string): BodyOnUse {
  return { kind: decoded.kind, text, decoded: () => decoded };
}

function decodeText(body: Uint8Array | string | undefined, text: string, contentType: string | undefined): DecodedBody {
  const mediaType = contentType?.split(';', 1)[0]?.trim();
  if (mediaType !== undefined && FORM_MEDIA_TYPE.test(mediaType)) return { kind: 'form', value: parseFormBody(text), text, contentType: mediaType };
  if (mediaType !== undefined && contentType !== undefined && MULTIPART_MEDIA_TYPE.test(mediaType)) {
    const read = parseMultipartBody(text, contentType);
    return 'problem' in read ? { kind: 'invalid-multipart', text, contentType: mediaType, reason: read.problem } : { kind: 'form', value: read.value, text, contentType: mediaType };
  }
  if (!mediaType || !JSON_MEDIA_TYPE.test(mediaType)) return { kind: 'not-json', text, contentType: mediaType };
  // Read leniently, bytes that are no UTF-8 would be stored as U+FFFD: JSON is UTF-8, so such a body is refused.
  const strayByte = typeof body === 'string' || body === undefined ? undefined : firstNonUtf8Byte(body);
  if (strayByte !== undefined) return { kind: 'invalid-json', text, reason: `it is not UTF-8 (at byte ${strayByte})` };
  try {
    const value = JSON.parse(text) as unknown;
    const rounded = findRoundedNumber(text);
    return rounded ? { kind: 'json', value, text, rounded } : { kind: 'json', value, text };
  } catch (error) {
    return { kind: 'invalid-json', text, reason: error instanceof Error ? error.message : String(error) };
  }
}

