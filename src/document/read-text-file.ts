import { constants, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { firstNonUtf8Byte } from '../text/index.js';

/**
 * A file's text, which must be UTF-8 (read leniently, other bytes would become U+FFFD), a byte order mark dropped (editors on Windows write one); or why it cannot
 * be read, as the rest of a sentence naming the file; with `maxBytes`, a bigger file is refused unread. A FIFO, a directory or a device is refused at
 * once, opened without blocking and then looked at, rather than waited on for ever.
 */
export async function readTextFile(path: string, maxBytes?: { readonly bytes: number; readonly name: string }): Promise<{ text: string } | { problem: string }> {
  try {
    // Windows has no O_NONBLOCK (nor FIFOs to open with it).
    const file = await open(path, constants.O_RDONLY | (process.platform === 'win32' ? 0 : constants.O_NONBLOCK));
    try {
      const stats = await file.stat();
      const kind = fileKind(stats);
      if (kind !== undefined) return { problem: `is ${kind}, not a file` };
      // Refused unread: a file past the limit is never held in memory.
      if (maxBytes !== undefined && stats.size > maxBytes.bytes) return { problem: `is ${stats.size} bytes, past the limit of ${maxBytes.bytes} (${maxBytes.name})` };
      const bytes = await file.readFile();
      const strayByte = firstNonUtf8Byte(bytes);
      if (strayByte !== undefined) return { problem: `is not UTF-8 text (at byte ${strayByte})` };
      return { text: bytes.toString('utf8').replace(/^\uFEFF/, '') };
    } finally {
      await file.close();
    }
  } catch (error) {
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  }
}

/** What a path that is no regular file names, in words; undefined for a regular file. */
function fileKind(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'no regular file';
}
