// A CommonJS file of its own beside the Node build's chunks, which a chunk requires synchronously on
// first use (Ajv's compiler: scripts/ajv-on-demand.mjs; Faker: scripts/faker-on-demand.mjs).

/** Leaves `./<file>`, required from `namespace`, to be required at run time from beside the chunk. */
export function requireBesideChunks(builder, file, namespace) {
  builder.onResolve({ filter: new RegExp(`^\\./${file.replace('.', '\\.')}$`), namespace }, args => ({ path: args.path, external: true }));
}

/** The esbuild options of `<outdir>/chunks/<file>`: `contents` (resolved from `resolveDir`) as one minified CommonJS module. */
export function onDemandFileOptions(outdir, file, { contents, resolveDir }) {
  return {
    stdin: { contents, resolveDir, sourcefile: file, loader: 'js' },
    outfile: `${outdir}/chunks/${file}`,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20.19',
    minify: process.env.BUILD_MINIFY !== '0',
    metafile: true,
    legalComments: 'linked',
    logLevel: 'warning',
  };
}
