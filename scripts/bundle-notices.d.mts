import type { Metafile } from 'esbuild';
import type { BundledPackage } from './bundled-packages.mjs';

export const LICENSES_FILE: 'THIRD-PARTY-LICENSES.md';
export const SBOM_FILE: 'sbom.cdx.json';

/** Writes THIRD-PARTY-LICENSES.md and sbom.cdx.json into `directory` for what `metafiles` bundle. */
export function writeBundleNotices(directory: string, metafiles: Record<string, Pick<Metafile, 'outputs'>>): Promise<BundledPackage[]>;
/** `pkg:npm/%40scope/name@1.2.3`. */
export function purlOf(name: string, version: string): string;
