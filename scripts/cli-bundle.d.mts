import type { BuildOptions, Metafile } from 'esbuild';

/** The script's file name, beside the Node build's chunks. */
export const CLI_BUNDLE_FILE: string;
/** The esbuild options of `dist/chunks/cli-bundle.cjs`, from the Node build's options and metafile. */
export function cliBundleOptions(nodeOptions: BuildOptions, nodeMetafile: Metafile): BuildOptions & { metafile: true };
/** Finishes the written script: `import()` of the Node build's chunks through `__lazy`, and the script's sha256 in its header. */
export function finishCliBundle(outdir: string): Promise<void>;
