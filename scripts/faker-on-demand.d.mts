import type { BuildOptions, Plugin } from 'esbuild';

/** The file name, beside the Node build's chunks, of Faker's SimpleFaker. */
export const FAKER_FILE: string;
/** The Node build's plugin: the fixtures' `new SimpleFaker()` loads Faker's file on the first call. */
export const fakerOnDemand: Plugin;
/** The esbuild options of Faker's file (`<outdir>/chunks/faker.cjs`). */
export function fakerBuildOptions(outdir: string): BuildOptions & { metafile: true };
/** The browser build's plugin: Faker bundled, evaluated on the first `new SimpleFaker()`. */
export const fakerOnFirstUse: Plugin;
