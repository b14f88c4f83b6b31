import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer, type ReferenceServerOptions } from './reference-server.js';
import { runVerify } from './run-verify.js';

// 52 characters, with the +, / and = that URL-encoding changes.
const TOKEN = 'sk+live/7Hq2XvN4pR8tY1wZ3bC6dF9gJ0kL5mQ2sT4uV7xA1zE=';
let server: ReferenceServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Every 8 characters in a row of the token, as is, URL-encoded and in base64: what a reader could piece it together from. */
function fragments(): string[] {
  return [TOKEN, encodeURIComponent(TOKEN), Buffer.from(`verify:${TOKEN}`).toString('base64')].flatMap(form => Array.from({ length: form.length - 7 }, (_, start) => form.slice(start, start + 8)));
}

describe('verify against a deployment that echoes the token back', () => {
  it.each<[string, ReferenceServerOptions, number]>([
    ['at the end of a long 401 message, which a report cuts short', { token: 'another-key', echoCredentials: 'unauthorized' }, 2],
    ['URL-encoded in the Location of a 302', { echoCredentials: 'redirect' }, 1],
    ['in base64 of user:token and as is in the message of an undeclared 422', { echoCredentials: 'not-found', drift: 'undeclared-status' }, 1],
  ])('writes no piece of it %s, in the text, JSON or JUnit report', async (_where, options, exitCode) => {
    server = await startReferenceServer(options);
    for (const format of ['text', 'json', 'junit']) {
      const { code, stdout, stderr } = await runVerify([server.url, '--token', TOKEN, '--format', format]);
      expect(code).toBe(exitCode);
      const leaked = fragments().filter(fragment => `${stdout}\n${stderr}`.includes(fragment));
      expect(leaked, format).toEqual([]);
      expect(stdout).toContain('[redacted]');
    }
  });
});
