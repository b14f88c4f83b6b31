import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Every file the built entry loads, following its static imports. */
function loadedFiles(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (path: string): void => {
    if (files.has(path)) return;
    const text = readFileSync(path, 'utf8');
    files.set(path, text);
    for (const [, specifier] of text.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
      if (specifier) visit(join(dirname(path), specifier));
    }
  };
  visit(join(dist, entry));
  return files;
}

describe('the built fixtures entry', () => {
  it('loads no part of Prism, so client tests can use it without the engine', () => {
    const files = loadedFiles('fixtures.js');
    expect(files.size).toBeGreaterThan(1);
    for (const [path, text] of files) expect(text.includes('stoplight.io/prism'), path).toBe(false);
  });

  it('while the main entry does, which is what the check above would catch', () => {
    const texts = [...loadedFiles('index.js').values()];
    expect(texts.some(text => text.includes('stoplight.io/prism'))).toBe(true);
  });
});
