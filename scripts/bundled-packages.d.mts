import type { Metafile } from 'esbuild';

export interface LicenseText {
  /** Where the text came from: a file name, the README's section, or the standard text. */
  source: string;
  text: string;
}

export interface BundledPackage {
  name: string;
  version: string;
  /** The SPDX expression of its manifest; undefined when it declares none. */
  license: string | undefined;
  /** Its license text: its LICENSE, LICENCE, COPYING and NOTICE files, else its README's, else a standard text; empty when none is found. */
  licenseTexts: LicenseText[];
  repository: string | undefined;
  /** Relative to the working directory. */
  directory: string;
  integrity: string | undefined;
  resolved: string | undefined;
  /** The labels of the metafiles whose outputs carry it, sorted. */
  bundles: string[];
}

/** The directory of the package an input of a metafile lies in, or undefined for the package's own sources. */
export function packageDirectoryOf(input: string): string | undefined;
/** The package's license as an SPDX expression, from `license` or the old `licenses` forms. */
export function licenseOf(manifest: Record<string, unknown>): string | undefined;
/** Every package that puts code or data into an output file of `metafiles`, once per name and version, sorted. */
export function collectBundledPackages(metafiles: Record<string, Pick<Metafile, 'outputs'>>, options?: { cwd?: string }): BundledPackage[];
/** Whether the SPDX `expression` is satisfied by the licenses in `allowed`; throws on one it cannot read. */
export function satisfiesLicenses(expression: string, allowed: ReadonlySet<string>): boolean;
/** The package's license texts, each with where it came from; empty when none is found. */
export function readLicenseTexts(directory: string, manifest: Record<string, unknown>): LicenseText[];
/** The text under a README's License heading, or undefined. */
export function licenseSectionOf(readme: string): string | undefined;
