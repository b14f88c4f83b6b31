import type { BuildOptions } from 'esbuild';

/** The Node build's esbuild options: every public entry into dist/. */
export const nodeBuildOptions: BuildOptions & { metafile: true };
/** Ajv's compiler for the Node build (dist/chunks/ajv-compiler.cjs), required on Prism's first schema the build did not precompile. */
export const ajvCompilerOptions: BuildOptions & { metafile: true };
/** The worker (dist/chunks/ajv-compile-worker.cjs) that compiles a big schema's validator off the event loop. */
export const ajvCompileWorkerOptions: BuildOptions & { metafile: true };
/** Faker's SimpleFaker for the Node build (dist/chunks/faker.cjs), loaded on the first Faker the fixtures make. */
export const fakerOptions: BuildOptions & { metafile: true };
/** The browser build's esbuild options: `petstore-mock/msw` and `/fixtures` into dist/browser. */
export const browserBuildOptions: BuildOptions & { metafile: true };
/** The dashboard script's esbuild options: dist/dashboard.js. */
export const dashboardBuildOptions: BuildOptions & { metafile: true };
