/**
 * What HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) requires of a log, checked by hand:
 * the problems found, each naming where; none for a valid log. No schema library: the list is short.
 */
const ENTRY_FIELDS = new Set(['pageref', 'startedDateTime', 'time', 'request', 'response', 'cache', 'timings', 'serverIPAddress', 'connection', 'comment']);

export function findHarProblems(har: unknown): string[] {
  const problems: string[] = [];
  const need = (value: unknown, where: string, kind: 'string' | 'number' | 'object' | 'array'): boolean => {
    const ok = kind === 'array' ? Array.isArray(value) : kind === 'object' ? typeof value === 'object' && value !== null && !Array.isArray(value) : typeof value === kind;
    if (!ok) problems.push(`${where} must be ${kind === 'array' || kind === 'object' ? `an ${kind}` : `a ${kind}`}`);
    return ok;
  };
  const nameValues = (value: unknown, where: string): void => {
    if (!need(value, where, 'array')) return;
    (value as unknown[]).forEach((pair, index) => {
      if (!need(pair, `${where}[${index}]`, 'object')) return;
      need((pair as Record<string, unknown>)['name'], `${where}[${index}].name`, 'string');
      need((pair as Record<string, unknown>)['value'], `${where}[${index}].value`, 'string');
    });
  };
  if (!need(har, 'har', 'object')) return problems;
  const log = (har as Record<string, unknown>)['log'];
  if (!need(log, 'log', 'object')) return problems;
  const { version, creator, entries } = log as Record<string, unknown>;
  if (version !== '1.2') problems.push('log.version must be "1.2"');
  if (need(creator, 'log.creator', 'object')) {
    need((creator as Record<string, unknown>)['name'], 'log.creator.name', 'string');
    need((creator as Record<string, unknown>)['version'], 'log.creator.version', 'string');
  }
  if (!need(entries, 'log.entries', 'array')) return problems;
  (entries as unknown[]).forEach((entry, index) => {
    const at = `log.entries[${index}]`;
    if (!need(entry, at, 'object')) return;
    const { startedDateTime, time, request, response, cache, timings } = entry as Record<string, unknown>;
    for (const key of Object.keys(entry as object)) if (!ENTRY_FIELDS.has(key) && !key.startsWith('_')) problems.push(`${at}.${key} is no HAR field, and a custom one must start with "_"`);
    if (need(startedDateTime, `${at}.startedDateTime`, 'string') && Number.isNaN(Date.parse(startedDateTime as string))) problems.push(`${at}.startedDateTime must be an ISO 8601 date`);
    need(time, `${at}.time`, 'number');
    need(cache, `${at}.cache`, 'object');
    if (need(request, `${at}.request`, 'object')) {
      const r = request as Record<string, unknown>;
      need(r['method'], `${at}.request.method`, 'string');
      if (need(r['url'], `${at}.request.url`, 'string') && !/^https?:\/\//.test(r['url'] as string)) problems.push(`${at}.request.url must be absolute`);
      need(r['httpVersion'], `${at}.request.httpVersion`, 'string');
      nameValues(r['cookies'], `${at}.request.cookies`);
      nameValues(r['headers'], `${at}.request.headers`);
      nameValues(r['queryString'], `${at}.request.queryString`);
      need(r['headersSize'], `${at}.request.headersSize`, 'number');
      need(r['bodySize'], `${at}.request.bodySize`, 'number');
      if (r['postData'] !== undefined && need(r['postData'], `${at}.request.postData`, 'object')) {
        need((r['postData'] as Record<string, unknown>)['mimeType'], `${at}.request.postData.mimeType`, 'string');
      }
    }
    if (need(response, `${at}.response`, 'object')) {
      const r = response as Record<string, unknown>;
      need(r['status'], `${at}.response.status`, 'number');
      need(r['statusText'], `${at}.response.statusText`, 'string');
      need(r['httpVersion'], `${at}.response.httpVersion`, 'string');
      nameValues(r['cookies'], `${at}.response.cookies`);
      nameValues(r['headers'], `${at}.response.headers`);
      if (need(r['content'], `${at}.response.content`, 'object')) {
        need((r['content'] as Record<string, unknown>)['size'], `${at}.response.content.size`, 'number');
        need((r['content'] as Record<string, unknown>)['mimeType'], `${at}.response.content.mimeType`, 'string');
      }
      need(r['redirectURL'], `${at}.response.redirectURL`, 'string');
      need(r['headersSize'], `${at}.response.headersSize`, 'number');
      need(r['bodySize'], `${at}.response.bodySize`, 'number');
    }
    if (need(timings, `${at}.timings`, 'object')) {
      const t = timings as Record<string, unknown>;
      for (const phase of ['send', 'wait', 'receive']) need(t[phase], `${at}.timings.${phase}`, 'number');
      const total = ['blocked', 'dns', 'connect', 'send', 'wait', 'receive'].reduce((sum, phase) => {
        const value = t[phase];
        return sum + (typeof value === 'number' && value >= 0 ? value : 0);
      }, 0);
      if (typeof time === 'number' && total !== time) problems.push(`${at}.time must be the sum of its timings (${total}), got ${time}`);
    }
  });
  return problems;
}
