// What the browser build's bundled packages use of Node's `url`, on the WHATWG URL: json-schema-ref-parser
// (inside json-schema-faker, with Prism's mocker) resolves references with parse/resolve; Prism's
// forwarder formats an upstream URL, which the mock never calls.
'use strict';
const BASE = 'http://petstore-mock.invalid';

function resolve(from, to) {
  const resolved = new URL(to, new URL(from, BASE));
  return resolved.origin === BASE ? resolved.href.slice(BASE.length) : resolved.href;
}

function parse(text) {
  const url = new URL(text, BASE);
  const relative = url.origin === BASE;
  return {
    protocol: relative ? null : url.protocol,
    host: relative ? null : url.host,
    hostname: relative ? null : url.hostname,
    port: relative || url.port === '' ? null : url.port,
    pathname: url.pathname,
    search: url.search || null,
    query: url.search ? url.search.slice(1) : null,
    hash: url.hash || null,
    href: relative ? String(text) : url.href,
  };
}

function format(parts) {
  const url = new URL(parts.pathname || '/', `${parts.protocol || 'http:'}//${parts.host || parts.hostname || 'localhost'}`);
  if (parts.search) url.search = parts.search;
  return url.href;
}

module.exports = { parse, resolve, format, URL, URLSearchParams };
