import type { BuildOptions, PluginBuild } from 'esbuild';

/** Leaves `./<file>`, required from `namespace`, to be required at run time from beside the chunk. */
export function requireBesideChunks(builder: PluginBuild, file: string, namespace: string): void;
/** The esbuild options of `<outdir>/chunks/<file>`: `contents` (resolved from `resolveDir`) as one minified CommonJS module. */
export function onDemandFileOptions(outdir: string, file: string, source: { contents: string; resolveDir: string }): BuildOptions & { metafile: true };
