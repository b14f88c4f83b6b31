import { fieldNameKey, type Resource } from '../../document/index.js';
import { isJsonObject, setAt, valueAt } from '../../json-values/index.js';
import { withArticle } from '../../text/index.js';

/**
 * The field paths an update mask names (AIP-134: `?updateMask=content,visibility`, `a.b` for a field of
 * an object), as sent: comma-separated, in one value or several; none where the request sends no mask.
 */
export function maskPaths(sent: unknown): string[] {
  const values = Array.isArray(sent) ? sent : [sent];
  return values.flatMap(value => (typeof value === 'string' ? value.split(',') : [])).map(path => path.trim()).filter(path => path !== '');
}

/**
 * A record updated as its mask says (AIP-134): each field it names takes the body's value, or is
 * cleared where the body holds none; other fields are kept. Names compare as the document's do, case
 * and `_` aside (`update_time` is `updateTime`). A field the service assigns is left as it is (AIP-203:
 * output-only fields in a mask are ignored); `*` changes every field the client sets. A path naming
 * no property is why the update is refused.
 */
export function maskedRecord(existing: Readonly<Record<string, unknown>>, body: unknown, paths: readonly string[], resource: Resource): { record: Record<string, unknown> } | { problem: string } {
  const sent = isJsonObject(body) ? body : {};
  const record = new Map(Object.entries(existing));
  const named = paths.includes('*') ? resource.writableFields : paths;
  for (const path of named) {
    const [first = '', ...rest] = path.split('.');
    const field = resource.fields.find(name => fieldNameKey(name) === fieldNameKey(first));
    if (field === undefined) return { problem: `names ${first}, which is no field of ${withArticle(resource.singular)}` };
    if (!resource.writableFields.includes(field)) continue;
    const spelt = Object.keys(sent).find(name => fieldNameKey(name) === fieldNameKey(field));
    const value = valueAt(spelt === undefined ? undefined : sent[spelt], rest);
    if (rest.length > 0) {
      const held = record.get(field);
      const object = isJsonObject(held) ? { ...held } : {};
      setAt(object, rest, value);
      record.set(field, object);
    } else if (value === undefined) record.delete(field);
    else record.set(field, value);
  }
  return { record: Object.fromEntries(record) };
}
