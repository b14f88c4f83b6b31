// Prism's check of HTTP basic credentials decodes the token with Node's `Buffer`, which a page has
// not: in the browser build every request to an operation secured by `http basic` failed (a 500).
// This build-time edit of Prism 5.12's security/handlers/basicAuth.js decodes it with `atob` the way
// `Buffer.from(token, 'base64')` does (both alphabets, up to the first `=`, other characters left
// out); the verdict, one `:` in the decoded text, is the same (a byte of a UTF-8 sequence is never `:`).
// The build fails if the text it edits is not there (another Prism release), rather than ship unedited.
import { readFile } from 'node:fs/promises';

const DECODE = "const tokenParts = Buffer.from(token, 'base64').toString().split(':');";

const DECODE_WITHOUT_BUFFER = `const tokenParts = decodeBase64AsBufferDoes(token).split(':');`;

const DECODER = `
function decodeBase64AsBufferDoes(token) {
    const cleaned = token.split('=')[0].replace(/[^A-Za-z0-9+/_-]/g, '').replace(/-/g, '+').replace(/_/g, '/');
    const usable = cleaned.slice(0, cleaned.length - (cleaned.length % 4 === 1 ? 1 : 0));
    try {
        return atob(usable + '='.repeat((4 - (usable.length % 4)) % 4));
    }
    catch (_) {
        return '';
    }
}
`;

/** The edited text of Prism's basicAuth.js. Throws when the expected text is missing. */
export function basicAuthWithoutBuffer(source) {
  if (!source.includes(DECODE)) {
    throw new Error("prism-basic-auth: @stoplight/prism-http's basicAuth.js no longer decodes the token with Buffer as expected; review scripts/prism-basic-auth.mjs for this Prism release.");
  }
  return `${source.replace(DECODE, DECODE_WITHOUT_BUFFER)}${DECODER}`;
}

export const prismBasicAuthWithoutBuffer = {
  name: 'prism-basic-auth-without-buffer',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]security[\\/]handlers[\\/]basicAuth\.js$/ }, async args => ({
      contents: basicAuthWithoutBuffer(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
