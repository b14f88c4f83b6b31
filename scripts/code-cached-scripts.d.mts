import type { BuildOptions, Metafile, Plugin } from 'esbuild';

/** A script for V8's code cache: its file beside the Node build's chunks, its entry, and the modules it `import()`s that it holds itself. */
export interface CodeCachedScript {
  file: string;
  entry: string;
  inlinedImports: string[];
}
/** The CLI's script, dist/chunks/cli-bundle.cjs. */
export const CLI_SCRIPT: CodeCachedScript;
/** `petstore-mock/msw`'s script, dist/chunks/msw-bundle.cjs, its engine included. */
export const MSW_SCRIPT: CodeCachedScript;
/** Prism's mocker's script, dist/chunks/mocker-bundle.cjs, which the other two load on the first forced response. */
export const MOCKER_SCRIPT: CodeCachedScript;
/** The esbuild options of a script, from the Node build's options and metafile. */
export function codeCachedScriptOptions(script: CodeCachedScript, nodeOptions: BuildOptions, nodeMetafile: Metafile): BuildOptions & { metafile: true };
/** Finishes a written script: `import()` of the Node build's chunks through `__lazy`, and the script's sha256 in its header. */
export function finishCodeCachedScript(script: CodeCachedScript, outdir: string): Promise<void>;
/** The Node build's plugin: `import()` of Prism's mocker runs the mocker's script. */
export const mockerFromScript: Plugin;
