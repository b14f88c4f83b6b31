import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const built = (entry: string): string => fileURLToPath(new URL(`../../dist/browser/${entry}.js`, import.meta.url));

export default defineConfig({
  resolve: {
    // Inside this repository the package is the repository itself, which Vite's dev server does not
    // resolve by name: these point at the browser build (`npm ci` runs it). An app that installed
    // petstore-mock needs no alias; its bundler picks the `browser` export condition by itself.
    alias: {
      'petstore-mock/msw': built('msw'),
      'petstore-mock/fixtures': built('fixtures'),
    },
  },
  // Both of MSW's entries in one pre-bundle, so that the handlers and the worker share one MSW.
  optimizeDeps: { include: ['msw', 'msw/browser'] },
});
