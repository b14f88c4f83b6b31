// `uniqueItems` in linear time, for the Ajv instances of Prism's validator (scripts/prism-lazy-ajv.mjs)
// and the validators the build precompiles (scripts/prism-precompiled-validators.mjs); the builds
// name this module `petstore-mock:unique-items`.
//
// Ajv checks an array whose items may be objects or arrays by comparing every pair (fast-deep-equal):
// 5,000 objects in a 54 KB body took 2.5 s of one request, 20,000 more than 30 s, every client
// waiting. Here each item is written once as canonical JSON (keys sorted) and looked up in a Map.
// The verdict and the error are Ajv's: its pairwise loop reports the last item that equals an earlier
// one and, of those, the last before it (`items ## j and i are identical`), which is what one pass
// forward finds. Arrays whose items are declared scalars keep Ajv's own code (already linear).
'use strict';

/** `value` as JSON with each object's keys sorted: equal texts exactly when the values are deep-equal as JSON. */
function canonicalJson(value) {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value !== 'object' || value === null) return String(value);
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index += 1) text += `${index === 0 ? '' : ','}${canonicalJson(value[index])}`;
    return `${text}]`;
  }
  const keys = Object.keys(value).sort();
  let text = '{';
  for (let index = 0; index < keys.length; index += 1) text += `${index === 0 ? '' : ','}${JSON.stringify(keys[index])}:${canonicalJson(value[keys[index]])}`;
  return `${text}}`;
}

/** `[j, i]`: `i` the last item equal to an earlier one, `j` the last such earlier one; `undefined` when every item differs. */
function duplicateItems(items) {
  const lastAt = new Map();
  let found;
  for (let index = 0; index < items.length; index += 1) {
    const key = canonicalJson(items[index]);
    const before = lastAt.get(key);
    if (before !== undefined) found = [before, index];
    lastAt.set(key, index);
  }
  return found;
}
// How Ajv's standalone code (the precompiled validators) refers to it.
duplicateItems.code = 'require("petstore-mock:unique-items").duplicateItems';

/** Whether Ajv's own code would compare every pair: the items' declared types are none, or include object or array. */
function comparesPairs(parentSchema) {
  const { items } = parentSchema;
  if (typeof items !== 'object' || items === null || Array.isArray(items)) return true;
  const types = items.type === undefined ? [] : Array.isArray(items.type) ? items.type : [items.type];
  // `nullable` without `type`: Ajv's own code refuses the schema, as before.
  if (types.length === 0) return items.nullable === undefined;
  return types.includes('object') || types.includes('array');
}

/** Has `ajv` compile `uniqueItems` with the linear check where its own would compare every pair; `codegen` is Ajv's module (its `_`). */
function useLinearUniqueItems(ajv, codegen) {
  const { _ } = codegen;
  // The function's name in generated code: Ajv's scope refers to it, or standalone code requires it.
  const reference = _([duplicateItems.code]);
  const definition = ajv.getKeyword('uniqueItems');
  if (typeof definition !== 'object' || typeof definition.code !== 'function') throw new Error('petstore-mock: this Ajv has no uniqueItems keyword to replace; review scripts/shims/linear-unique-items.cjs for this Ajv release.');
  const pairwise = definition.code;
  definition.code = function linearUniqueItems(cxt) {
    const { gen, data, $data, schema, parentSchema, schemaCode } = cxt;
    if (!comparesPairs(parentSchema)) return pairwise(cxt);
    if (!$data && !schema) return undefined;
    const valid = gen.let('valid');
    cxt.block$data(
      valid,
      () => {
        const i = gen.let('i');
        const j = gen.let('j');
        cxt.setParams({ i, j });
        const duplicate = gen.const('duplicate', _`${gen.scopeValue('func', { ref: duplicateItems, code: reference })}(${data})`);
        gen.assign(valid, _`${duplicate} === undefined`);
        gen.if(_`!${valid}`, () => {
          gen.assign(j, _`${duplicate}[0]`);
          gen.assign(i, _`${duplicate}[1]`);
          cxt.error();
        });
      },
      _`${schemaCode} === false`,
    );
    cxt.ok(valid);
    return undefined;
  };
}

module.exports = { canonicalJson, duplicateItems, useLinearUniqueItems };
