// Keeps the source maps that help a consumer debug: the mappings into petstore-mock's own
// sources. The bundled dependencies' mappings point into a node_modules a consumer does not have
// (Prism and friends are bundled, and maps carry no source text), so they are dropped, and a
// chunk made of dependencies alone loses its map and its sourceMappingURL comment.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE = new Map([...CHARS].map((char, index) => [char, index]));

function decode(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = VALUE.get(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encode(values) {
  let text = '';
  for (const value of values) {
    let rest = value < 0 ? (-value << 1) | 1 : value << 1;
    do {
      let digit = rest & 31;
      rest >>>= 5;
      if (rest > 0) digit |= 32;
      text += CHARS[digit];
    } while (rest > 0);
  }
  return text;
}

const isOwn = source => !source.includes('node_modules');

/** The map with only the segments that point into own sources; undefined when none do. */
export function trimMap(map) {
  const kept = map.sources.map((source, index) => (isOwn(source) ? index : -1)).filter(index => index >= 0);
  if (kept.length === 0) return undefined;
  if (kept.length === map.sources.length) return map;
  const newIndex = new Map(kept.map((oldIndex, index) => [oldIndex, index]));
  // Absolute state while decoding, and the last values written while encoding.
  let [source, line, column, name] = [0, 0, 0, 0];
  let [outSource, outLine, outColumn, outName] = [0, 0, 0, 0];
  const lines = map.mappings.split(';').map(group => {
    let generated = 0;
    let outGenerated = 0;
    const segments = [];
    for (const segment of group.split(',').filter(Boolean)) {
      const values = decode(segment);
      generated += values[0];
      if (values.length < 4) continue;
      source += values[1];
      line += values[2];
      column += values[3];
      if (values.length > 4) name += values[4];
      if (!newIndex.has(source)) continue;
      const target = newIndex.get(source);
      const out = [generated - outGenerated, target - outSource, line - outLine, column - outColumn];
      if (values.length > 4) {
        out.push(name - outName);
        outName = name;
      }
      [outGenerated, outSource, outLine, outColumn] = [generated, target, line, column];
      segments.push(encode(out));
    }
    return segments.join(',');
  });
  return { ...map, sources: kept.map(index => map.sources[index]), mappings: lines.join(';'), names: map.names };
}

export async function trimSourceMaps(directory) {
  const files = (await readdir(directory, { recursive: true })).filter(file => /\.c?js\.map$/.test(file));
  for (const file of files) {
    const path = join(directory, file);
    const trimmed = trimMap(JSON.parse(await readFile(path, 'utf8')));
    if (trimmed) {
      await writeFile(path, JSON.stringify(trimmed));
      continue;
    }
    await rm(path);
    const script = path.slice(0, -'.map'.length);
    const code = await readFile(script, 'utf8');
    await writeFile(script, code.replace(/\n\/\/# sourceMappingURL=\S+\n?$/, '\n'));
  }
}
