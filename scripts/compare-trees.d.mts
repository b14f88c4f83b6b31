export function readTree(folder: string): Map<string, Buffer>;
export function differingFiles(first: ReadonlyMap<string, Buffer>, second: ReadonlyMap<string, Buffer>): string[];
