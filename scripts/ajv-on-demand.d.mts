import type { BuildOptions, Plugin } from 'esbuild';

/** The file name, beside the Node build's chunks, of Ajv's compiler. */
export const AJV_COMPILER_FILE: string;
/** The Node build's plugin: Prism's validator's requires of Ajv become requires of the compiler file. */
export const ajvOnDemand: Plugin;
/** The esbuild options of the compiler file (`<outdir>/chunks/ajv-compiler.cjs`). */
export function ajvCompilerBuildOptions(outdir: string): BuildOptions & { metafile: true };
/** The file name, beside the Node build's chunks, of the worker that compiles big schemas off the event loop. */
export const AJV_COMPILE_WORKER_FILE: string;
/** The esbuild options of the worker file (`<outdir>/chunks/ajv-compile-worker.cjs`). */
export function ajvCompileWorkerBuildOptions(outdir: string): BuildOptions & { metafile: true };
/** What the browser build names the module that loads Ajv's compiler into the page. */
export const AJV_IN_PAGE_MODULE: string;
/** The browser build's plugin: Ajv's compiler is a chunk loaded ahead of need. */
export const ajvInPage: Plugin;
