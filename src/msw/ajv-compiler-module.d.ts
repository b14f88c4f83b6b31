/** The browser build's loader of Ajv's compiler chunk (scripts/ajv-on-demand.mjs, ajvInPage). */
declare module 'petstore-mock:ajv-compiler' {
  export function loadAjvCompiler(): Promise<void>;
}
