import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_CACHE, cachedFolder } from '../support/build-cache.js';

const NAME = 'build-cache-test';
const KEY = `${String(process.pid)}-${String(Date.now())}`;
const folder = join(BUILD_CACHE, `${NAME}-${KEY}`);

describe('the build cache', () => {
  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves the build another maker put in place while this one made the same, whose lock it took over as stale', async () => {
    const served = await cachedFolder(NAME, KEY, staging => {
      writeFileSync(join(staging, 'made-by'), 'this maker');
      // The other maker (its lock taken over after ten minutes, still building) finishes first.
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'made-by'), 'the other maker');
      return Promise.resolve();
    });
    expect(served).toBe(folder);
    expect(readFileSync(join(served, 'made-by'), 'utf8')).toBe('the other maker');
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('still fails when the make fails, keeping nothing', async () => {
    await expect(cachedFolder(NAME, KEY, () => Promise.reject(new Error('the bundler failed')))).rejects.toThrow('the bundler failed');
    expect(existsSync(folder)).toBe(false);
  });
});
