/** The path every server URL of a document ends in (`/v1`), which requests carry before an operation's path; '' without servers. */
export function readBasePath(source: { servers?: readonly { url: string }[] | undefined }): string {
  const basePaths = new Set((source.servers ?? []).map(server => new URL(server.url, 'http://localhost').pathname.replace(/\/+$/, '')));
  const [basePath, ...others] = basePaths;
  if (others.length > 0) throw new RangeError(`has servers with different base paths (${[...basePaths].join(', ')}); every server URL must end in the same one`);
  return basePath ?? '';
}
