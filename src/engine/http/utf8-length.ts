/**
 * How many bytes `text` takes in UTF-8, without encoding it: `Buffer.byteLength` for every runtime
 * (browsers have no Buffer). A lone surrogate counts as the three bytes of U+FFFD, as TextEncoder writes it.
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) {
      bytes += 1;
    } else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two UTF-16 units, four bytes.
      bytes += 2;
      index++;
    } else {
      bytes += 2;
    }
  }
  return bytes;
}
