/** The compiled document the browser build embeds (scripts/build.mjs checks it against the YAML's hash). */
declare module 'virtual:petstore-mock/compiled-document' {
  const embedded: import('./prepared-document.js').CompiledDocumentCache;
  export default embedded;
}
