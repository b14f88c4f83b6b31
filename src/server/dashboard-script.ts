import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT_RELATIVE_PATH = join('dist', 'dashboard.js');

/**
 * The dashboard's script, built by `npm run build` into the package's `dist/`; found by looking
 * upwards from this module, which runs from `src/` in tests and from `dist/` (or its chunks) when
 * packed. Undefined when the package was not built: the mock then serves no dashboard.
 */
export async function loadDashboardScript(): Promise<string | undefined> {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(folder, SCRIPT_RELATIVE_PATH);
    if (existsSync(candidate)) return readFile(candidate, 'utf8');
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}
