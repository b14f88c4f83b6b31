// The browser's file in place of ajv-compiler.ts (see scripts/browser-build.mjs): Ajv's compiler is a
// chunk of its own, which a page cannot require synchronously on Prism's first miss, so it is loaded
// ahead of need (scripts/ajv-on-demand.mjs, ajvInPage).
export { loadAjvCompiler } from 'petstore-mock:ajv-compiler';
