/**
 * The most characters of a log line that are written. What goes into a line can come from the
 * document (a refused pet's problem names every value of an enum: 200,000 values made a 1.4 MB line)
 * or from a client (a request's URL): a line past it is cut, and says so.
 */
export const MAX_LINE_CHARACTERS = 2_000;

/** `text` with each of its lines longer than `max` characters cut there, followed by ` … [cut: N more characters]`. */
export function boundLines(text: string, max = MAX_LINE_CHARACTERS): string {
  // Most text is one short line: nothing to split.
  if (text.length <= max) return text;
  return text
    .split('\n')
    .map(line => (line.length <= max ? line : cutLine(line, max)))
    .join('\n');
}

function cutLine(line: string, max: number): string {
  // Never half of a character written as a UTF-16 surrogate pair.
  const end = isHighSurrogate(line.charCodeAt(max - 1)) ? max - 1 : max;
  return `${line.slice(0, end)} … [cut: ${line.length - end} more characters]`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
