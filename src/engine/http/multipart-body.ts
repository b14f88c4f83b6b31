import { formValue } from './form-body.js';

/** Parts a multipart body may have, at most: more are not read (the body's size limit bounds them anyway). */
const MAX_PARTS = 1000;

/**
 * A `multipart/form-data` body (RFC 7578) as the value it stands for: each part under the name its
 * `Content-Disposition` gives (bracketed names nest as in a form, `tags[]`, `items[0][price]`), its
 * content as text, a file's too. Every part is text, as Prism's validator reads it (a part sent as
 * JSON is not parsed: Prism refuses an object property so sent). A problem where the header names no boundary or the
 * body holds no part delimited by it: such a body is not multipart, whatever its header says.
 */
export function parseMultipartBody(text: string, contentType: string): { value: Record<string, unknown> } | { problem: string } {
  const boundary = boundaryOf(contentType);
  if (boundary === undefined) return { problem: 'its Content-Type names no boundary (1 to 70 characters)' };
  const delimiter = `--${boundary}`;
  let at = text.startsWith(delimiter) ? 0 : text.indexOf(`\r\n${delimiter}`);
  if (at < 0) return { problem: `it holds no part delimited by the boundary ${JSON.stringify(boundary)}` };
  if (at > 0) at += 2;
  const fields: (readonly [string, string])[] = [];
  while (fields.length < MAX_PARTS) {
    let start = at + delimiter.length;
    // The closing delimiter: `--boundary--`.
    if (text.startsWith('--', start)) break;
    start = text.indexOf('\r\n', start);
    if (start < 0) break;
    start += 2;
    const next = text.indexOf(`\r\n${delimiter}`, start);
    if (next < 0) break;
    const field = readPart(text.slice(start, next));
    if (field !== undefined) fields.push(field);
    at = next + 2;
  }
  return { value: formValue(fields) };
}

/** One part: its name (from `Content-Disposition`) and its content; undefined for a part without a name. */
function readPart(part: string): readonly [string, string] | undefined {
  const headerEnd = part.indexOf('\r\n\r\n');
  const head = headerEnd < 0 ? part : part.slice(0, headerEnd);
  const content = headerEnd < 0 ? '' : part.slice(headerEnd + 4);
  let name: string | undefined;
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon >= 0 && line.slice(0, colon).trim().toLowerCase() === 'content-disposition') name = parameterOf(line.slice(colon + 1).trim(), 'name');
  }
  return name === undefined ? undefined : [name, content];
}

function boundaryOf(contentType: string): string | undefined {
  const boundary = parameterOf(contentType, 'boundary');
  // RFC 2046: 1 to 70 characters.
  return boundary !== undefined && boundary.length > 0 && boundary.length <= 70 ? boundary : undefined;
}

/** A header's parameter (`name="title"`, `boundary=xyz`), quoted or not; undefined where it has none. */
function parameterOf(header: string, parameter: string): string | undefined {
  const pattern = new RegExp(`(?:^|;)\\s*${parameter}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i');
  const match = pattern.exec(header);
  if (match === null) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}
