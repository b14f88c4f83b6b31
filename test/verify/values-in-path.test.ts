import { describe, expect, it } from 'vitest';
import { fillPath, valuesInPath } from '../../src/verify/probe.js';

describe('the values a sent path holds, read against its template', () => {
  it('reads each parameter of a nested path, decoded, and leaves out the query', () => {
    expect(valuesInPath('/repositories/{workspace}/{repo_slug}/pullrequests', '/repositories/my%20team/repo.one/pullrequests?state=OPEN')).toEqual({ workspace: 'my team', repo_slug: 'repo.one' });
  });

  it('reads a parameter that shares its segment with literal text, as fillPath writes it', () => {
    const template = '/files/{name}.{extension}/v{version}';
    const values = { name: 'report', extension: 'pdf', version: 2 };
    expect(valuesInPath(template, fillPath(template, values))).toEqual({ name: 'report', extension: 'pdf', version: '2' });
  });

  it('gives nothing for a segment that does not fit its template or is not there, and keeps a malformed escape as sent', () => {
    expect(valuesInPath('/users/{id}/keys/{key}', '/users/%E0%A4%A/keys')).toEqual({ id: '%E0%A4%A' });
    expect(valuesInPath('/v{version}/things', '/x2/things')).toEqual({});
  });
});
