// Prism's validator reads the same media types again for every request with a body: the request's
// Content-Type parsed by whatwg-mimetype (parseMIMEHeader), and matched against each media type the
// operation declares by wildcardMediaTypeMatch, which parses both with content-type and a regular
// expression, twice a request. Together about a sixth of a create's time in the engine. Both are
// functions of their text arguments alone, so this build-time edit of Prism 5.12's two modules keeps
// their results: the same texts, the same answer, as Prism's own code gave it the first time. Only
// short texts are kept (256 characters together), and at most 1,024 of each; a Content-Type that does
// not parse still throws every time. The build fails if the text it edits is not there (another
// Prism release), rather than ship unedited.
import { readFile } from 'node:fs/promises';

const MATCH_EXPORT = 'exports.wildcardMediaTypeMatch = wildcardMediaTypeMatch;';
const PARSE_EXPORT = 'exports.parseMIMEHeader = parseMIMEHeader;';

/** Results kept by the texts given, at most; and the longest texts (together) whose result is kept. */
const KEPT_RESULTS = 1024;
const KEPT_TEXT_LENGTH = 256;

const KEEPER = `
function keptResults(compute, copy) {
    const results = new Map();
    return function (first, second) {
        if (typeof first !== 'string' || (second !== undefined && typeof second !== 'string') || first.length + (second === undefined ? 0 : second.length) > ${KEPT_TEXT_LENGTH}) {
            return compute(first, second);
        }
        const key = second === undefined ? first : first + '\\u0000' + second;
        let result = results.get(key);
        if (result === undefined) {
            result = compute(first, second);
            if (results.size < ${KEPT_RESULTS}) results.set(key, result);
        }
        return copy(result);
    };
}
`;

/** The edited text of Prism's utils/wildcardMediaTypeMatch.js. Throws when the expected text is missing. */
export function mediaTypeMatchKept(source) {
  if (!source.includes(MATCH_EXPORT)) {
    throw new Error("prism-media-types-kept: @stoplight/prism-http's wildcardMediaTypeMatch.js no longer exports it as expected; review scripts/prism-media-types-kept.mjs for this Prism release.");
  }
  return `${source.replace(MATCH_EXPORT, 'exports.wildcardMediaTypeMatch = keptResults(wildcardMediaTypeMatch, result => result);')}${KEEPER}`;
}

/** The edited text of Prism's validators/headers.js: parseMIMEHeader's [boundary, media type] kept, a copy given each time. */
export function mimeHeaderKept(source) {
  if (!source.includes(PARSE_EXPORT)) {
    throw new Error("prism-media-types-kept: @stoplight/prism-http's headers.js no longer exports parseMIMEHeader as expected; review scripts/prism-media-types-kept.mjs for this Prism release.");
  }
  return `${source.replace(PARSE_EXPORT, 'exports.parseMIMEHeader = keptResults(header => parseMIMEHeader(header), result => [...result]);')}${KEEPER}`;
}

export const prismMediaTypesKept = {
  name: 'prism-media-types-kept',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]validator[\\/]utils[\\/]wildcardMediaTypeMatch\.js$/ }, async args => ({
      contents: mediaTypeMatchKept(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
    builder.onLoad({ filter: /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]validator[\\/]validators[\\/]headers\.js$/ }, async args => ({
      contents: mimeHeaderKept(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
