import { build, type Metafile } from 'esbuild';
import { nodeBuildOptions } from '../../scripts/build-options.mjs';
import { CLI_SCRIPT, codeCachedScriptOptions, MOCKER_SCRIPT, MSW_SCRIPT } from '../../scripts/code-cached-scripts.mjs';

/** What the Node build and its scripts for V8's code cache bundle (not written): each one's metafile. */
export async function buildNode(): Promise<{ modules: Metafile; cliScript: Metafile; mswScript: Metafile; mockerScript: Metafile }> {
  const { metafile: modules } = await build({ ...nodeBuildOptions, write: false, logLevel: 'silent' });
  const [cliScript, mswScript, mockerScript] = await Promise.all(
    [CLI_SCRIPT, MSW_SCRIPT, MOCKER_SCRIPT].map(async script => (await build({ ...codeCachedScriptOptions(script, nodeBuildOptions, modules), write: false, logLevel: 'silent' })).metafile),
  );
  if (!cliScript || !mswScript || !mockerScript) throw new Error('A script was not built.');
  return { modules, cliScript, mswScript, mockerScript };
}

/** The inputs with bytes in the one output of a script's metafile. */
export function scriptInputs(script: Metafile): string[] {
  return Object.values(script.outputs).flatMap(output => (output.entryPoint === undefined ? [] : Object.entries(output.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : []))));
}
