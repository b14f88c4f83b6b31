// How the MSW handlers load their engine in Node: a chunk of its own (in the Node build's script for
// V8's code cache, part of that script), imported when the mock starts. The browser build uses
// load-engine-module.browser.ts in its place.
export function loadEngineModule(): Promise<typeof import('./engine-module.js')> {
  return import('./engine-module.js');
}
