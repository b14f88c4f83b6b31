import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLineOutput, createStandardLines } from '../../src/cli/line-output.js';

/** A stream whose writes fail from the `failFrom`-th on with `code`, as a closed pipe or a full disk does; it keeps what it took. */
function stream(code: string, failFrom = 0): Writable & { written: string[] } {
  const written: string[] = [];
  const target = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (written.length >= failFrom) {
        callback(Object.assign(new Error(`write ${code}`), { code }));
        return;
      }
      written.push(chunk.toString());
      callback();
    },
  });
  return Object.assign(target, { written });
}

const tick = (): Promise<void> => new Promise(resolve => setImmediate(resolve));

describe('the CLI’s line output', () => {
  it('writes each line with a newline while the stream takes them', async () => {
    const target = stream('EPIPE', Infinity);
    const write = createLineOutput(target, () => expect.fail('no write failed'));
    write('ready');
    write('GET /v1/pets 200 1.0ms');
    await tick();
    expect(target.written).toEqual(['ready\n', 'GET /v1/pets 200 1.0ms\n']);
  });

  it('tells of the first failed write once, without an error event reaching the process, and drops the lines after it', async () => {
    const target = stream('EPIPE', 1);
    const failures: string[] = [];
    const write = createLineOutput(target, error => failures.push(error.code ?? ''));
    write('ready');
    write('GET /v1/pets 200 1.0ms');
    await tick();
    write('GET /v1/pets 200 1.0ms');
    write('GET /v1/pets 200 1.0ms');
    await tick();
    expect(target.written).toEqual(['ready\n']);
    expect(failures).toEqual(['EPIPE']);
  });

  it('says on standard error that standard output failed, and why', async () => {
    const stdout = stream('EPIPE');
    const stderr = stream('EPIPE', Infinity);
    const lines = createStandardLines(stdout, stderr);
    lines.stdout('petstore-mock ready on http://127.0.0.1:4010/v1');
    await tick();
    lines.stdout('GET /v1/pets 200 1.0ms');
    expect(stderr.written).toEqual(['petstore-mock: standard output failed (EPIPE: its reader exited); nothing more is written to it, and petstore-mock goes on without it.\n']);
  });

  it('says on standard output that standard error failed (a full disk), and keeps writing standard output', async () => {
    const stdout = stream('EPIPE', Infinity);
    const stderr = stream('ENOSPC');
    const lines = createStandardLines(stdout, stderr);
    lines.stderr('[petstore-mock] Session a was dropped');
    await tick();
    lines.stderr('[petstore-mock] Session b was dropped');
    lines.stdout('GET /v1/pets 200 1.0ms');
    await tick();
    expect(stdout.written).toEqual([
      'petstore-mock: standard error failed (ENOSPC: the disk is full); nothing more is written to it, and petstore-mock goes on without it.\n',
      'GET /v1/pets 200 1.0ms\n',
    ]);
  });

  it('writes nothing more, and lets no error event through, once both streams have failed', async () => {
    const stdout = stream('EPIPE');
    const stderr = stream('EPIPE');
    const lines = createStandardLines(stdout, stderr);
    lines.stdout('ready');
    lines.stderr('warning');
    await tick();
    lines.stdout('GET /v1/pets 200 1.0ms');
    lines.stderr('warning');
    await tick();
    // An error event without a listener would have failed the run as an unhandled error.
    expect([stdout.destroyed, stderr.destroyed]).toEqual([true, true]);
    expect([...stdout.written, ...stderr.written]).toEqual([]);
  });
});
