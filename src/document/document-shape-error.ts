/** A document the engine cannot mock; the CLI exits 2 with its message, code throws it. */
export class DocumentShapeError extends Error {
  override name = 'DocumentShapeError' as const;
}
