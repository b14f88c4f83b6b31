import type { Metafile, Plugin } from 'esbuild';

/** The plugins of the browser build: `x.browser.ts` sources, the embedded document, stand-ins for Node modules, one lodash, a mime-db of the document's types. */
export function browserBuildPlugins(): Plugin[];
/** Fails when an output file imports or requires a Node built-in. */
export function checkBrowserOutput(metafile: Pick<Metafile, 'outputs'> | { outputs: Record<string, { imports: { path: string; kind: string }[] }> }): Promise<void>;
/** Throws unless `compiled` was compiled from `yaml` as it is. */
export function checkEmbeddedDocument(yaml: string, compiled: string | undefined): void;
/** Checks every schema of the compiled document against its draft's meta-schema; throws naming the bad ones. */
export function checkDocumentSchemas(compiledText: string): Promise<number>;
