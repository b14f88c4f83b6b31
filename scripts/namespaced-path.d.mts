/** The path, relative to the project with `/`, under which a plugin's namespace holds `file`. */
export function namespacedPath(file: string): string;
/** The absolute path of the file that `namespacedPath` named. */
export function fileOfNamespacedPath(path: string): string;
