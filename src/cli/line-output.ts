// The CLI's standard output and standard error, which can go away while the mock runs: a pipe whose
// reader exited (`petstore-mock | head -n 1`, `| grep -m1 'ready on'`: EPIPE), a file on a full disk
// (ENOSPC), a read-only or vanished file system (EROFS, EIO). A write that fails must not end the
// mock: Node reports it as an `error` event, which with no listener throws from the event loop.

/** What a failed stream is called in the line that says so. */
const STREAM_NAMES = { stdout: 'standard output', stderr: 'standard error' } as const;

export interface StandardLines {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

/**
 * Line writers for the process's `stdout` and `stderr` that never throw and never crash the process.
 * From a stream's first failed write on, its lines are dropped; the other stream, while it works,
 * gets one line saying so and why (`petstore-mock: standard output failed (EPIPE: its reader exited); …`).
 */
export function createStandardLines(stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): StandardLines {
  const lines: StandardLines = {
    stdout: createLineOutput(stdout, error => lines.stderr(describeFailure('stdout', error))),
    stderr: createLineOutput(stderr, error => lines.stdout(describeFailure('stderr', error))),
  };
  return lines;
}

/** Writes lines (each with a newline) to `stream` until a write fails; then calls `onFailure` once and drops the rest. */
export function createLineOutput(stream: NodeJS.WritableStream, onFailure: (error: NodeJS.ErrnoException) => void): (line: string) => void {
  let failed = false;
  const fail = (error: NodeJS.ErrnoException): void => {
    if (failed) return;
    failed = true;
    onFailure(error);
  };
  // Pipes report a failed write here, a tick later; files and terminals too (Node's synchronous writes).
  stream.on('error', fail);
  return line => {
    if (failed) return;
    try {
      stream.write(`${line}\n`);
    } catch (error) {
      fail(error as NodeJS.ErrnoException);
    }
  };
}

function describeFailure(name: keyof typeof STREAM_NAMES, error: NodeJS.ErrnoException): string {
  const why = error.code === 'EPIPE' ? 'EPIPE: its reader exited' : error.code === 'ENOSPC' ? 'ENOSPC: the disk is full' : (error.code ?? error.message);
  return `petstore-mock: ${STREAM_NAMES[name]} failed (${why}); nothing more is written to it, and petstore-mock goes on without it.`;
}
