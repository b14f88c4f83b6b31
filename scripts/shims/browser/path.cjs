// What the browser build's bundled packages use of Node's `path`: mime-types' extname and the
// POSIX join of Prism's forwarder module (loaded with the mocker, never called: the mock forwards nothing).
'use strict';
function extname(path) {
  const base = String(path).slice(String(path).lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot);
}
function join(...parts) {
  const joined = parts.filter(part => part !== '').join('/');
  const absolute = joined.startsWith('/');
  const segments = [];
  for (const segment of joined.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const path = (absolute ? '/' : '') + segments.join('/');
  return path === '' ? '.' : path;
}
const posix = { extname, join, sep: '/' };
module.exports = { ...posix, posix };
