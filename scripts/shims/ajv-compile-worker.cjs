// The worker thread that compiles a big schema's validator off the main thread's event loop
// (src/engine/schema/compile-off-thread.ts): Ajv's standalone code of the schema, made by the same
// Ajv classes (the compiler file beside the chunks, which Prism's edited validator loads too) with
// the options, formats and keywords of Prism's edited validator (scripts/prism-lazy-ajv.mjs):
// Prism's base options, no meta-schema check, no optimizing pass, the engine's pattern engine,
// `multipleOf` to a decimal precision, own properties only, ajv-formats with Prism's `date-time`, and the linear `uniqueItems`.
// The main thread runs the code with its own instance's formats and pattern engine, so that the
// function is the one Ajv would have compiled there. Built into dist/chunks/ajv-compile-worker.cjs
// (scripts/ajv-on-demand.mjs, which defines MULTIPLE_OF_PRECISION and AJV_OPTIMIZE_PASSES).
'use strict';
/* global MULTIPLE_OF_PRECISION, AJV_OPTIMIZE_PASSES, LAZY_REFERENCE_KEYWORD, LAZY_REFERENCE_MODULE */
const { parentPort } = require('node:worker_threads');
const modules = require('./ajv-compiler.cjs');
const { Script } = require('node:vm');
const linearUniqueItems = require('./linear-unique-items.cjs');
const { useLinearUniqueItems } = linearUniqueItems;
const { createPrismAjv } = require('./prism-ajv.cjs');
const dateTime = require('@stoplight/prism-http/dist/validator/validators/dateTime.js');
const mergeAllOf = require('@stoplight/json-schema-merge-allof');

const DRAFT_CLASSES = { default: 'ajv', draft2019_09: 'ajv/dist/2019', draft2020_12: 'ajv/dist/2020' };
const { _ } = modules.ajv;
/** The file name the module's code is compiled under, here and on the main thread (V8's code cache is checked against the source). */
const SCRIPT_NAME = 'petstore-mock-validator.js';

/** Ajv reads each pattern here only to name it; the code calls the main thread's pattern engine. */
function compilePatternInCode(pattern, flags) {
  return new RegExp(pattern, flags);
}
compilePatternInCode.code = 'require("petstore-mock:patterns").compilePattern';

/** This thread's stand-in for a lazy reference's keyword (a value run here only to compile its code): it passes. */
function referencePassing() {
  referencePassing.errors = null;
  return true;
}

/**
 * A fresh instance per schema (an instance keeps all it compiled): Prism's options and formats for
 * `draft` and `coerce`, code made as source, and the keyword of a reference followed lazily (a shared
 * or recursive schema's, scripts/prism-lazy-ajv.mjs) defined as the main thread defines it, its code
 * calling the main thread's keyword (`petstore-mock:lazy-reference`), which finds and compiles the
 * entry when a value first reaches it.
 */
function ajvFor(draft, coerce) {
  const loaded = { Ajv: modules[DRAFT_CLASSES[draft]].default, ajvModule: modules.ajv, addFormats: modules['ajv-formats'].default, dateTime, useLinearUniqueItems };
  const ajv = createPrismAjv(loaded, {
    coerce,
    code: { regExp: compilePatternInCode, source: true, optimize: AJV_OPTIMIZE_PASSES, formats: _`require("petstore-mock:prism-formats").formats` },
    multipleOfPrecision: MULTIPLE_OF_PRECISION,
    validateSchema: false,
  });
  ajv.addKeyword({ keyword: LAZY_REFERENCE_KEYWORD, schemaType: 'string', modifying: true, validate: referencePassing });
  // Ajv names a keyword's function by the function itself: named first with code, the code is what standalone writes.
  ajv.scope.value('keyword', { ref: referencePassing, code: _`require(${LAZY_REFERENCE_MODULE})` });
  return ajv;
}

/** Ajv's text of a schema value in code (its codegen's `stringify`). */
function codeOf(value) {
  return JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The directive Ajv's standalone code starts with. */
const STRICT_MODE = '"use strict";';

/**
 * The module's source, as a function of `(module, exports, require)`: Ajv's standalone code with the
 * schema's own text (which Ajv writes into the code, for the values its code reads) replaced by the
 * schema the main thread already holds (`petstore-mock:schema`), so that it is not parsed again there.
 * It runs as Ajv's code compiled in process runs (`new Function('self', 'scope', code)`): not in
 * strict mode, with `self` the Ajv instance (this thread's here, the main thread's instance there). The code of a keyword's function names both: it calls the function on
 * `self`, and after a modifying keyword (a lazy reference's) assigns the value again to a name Ajv's
 * optimizer inlined away; in strict mode each threw, and Prism read the throw as "no errors".
 */
function moduleSource(code, schema) {
  const written = ` = ${codeOf(schema)};`;
  const at = code.indexOf(written);
  const withoutSchemaText = at === -1 ? code : `${code.slice(0, at)} = require("petstore-mock:schema");${code.slice(at + written.length)}`;
  const asInProcess = withoutSchemaText.startsWith(STRICT_MODE) ? withoutSchemaText.slice(STRICT_MODE.length) : withoutSchemaText;
  return `(function (module, exports, require, self) {${asInProcess}\n})`;
}

/**
 * V8's code cache of the module once its validation function has run (compiled, not only parsed):
 * the main thread then reads the function's bytecode rather than parse and compile the code itself,
 * which for a big schema's code took as long as a request may hold other clients.
 */
function compiledCodeCache(source, schema, ajv) {
  const script = new Script(source, { filename: SCRIPT_NAME });
  const modulesHere = {
    'petstore-mock:schema': () => schema,
    'petstore-mock:prism-formats': () => ({ formats: ajv.formats }),
    'petstore-mock:patterns': () => ({ compilePattern: compilePatternInCode }),
    'petstore-mock:unique-items': () => linearUniqueItems,
    [LAZY_REFERENCE_MODULE]: () => referencePassing,
  };
  const requireHere = name => (Object.prototype.hasOwnProperty.call(modulesHere, name) ? modulesHere[name]() : modules[name]);
  const module = { exports: {} };
  script.runInThisContext()(module, module.exports, requireHere, ajv);
  try {
    module.exports({});
  } catch {
    // Compiled all the same.
  }
  return script.createCachedData();
}

/**
 * A body schema's `allOf`s merged as Prism's body validator merges them (its `withoutAllOf`, same
 * package and options: scripts/prism-lazy-ajv.mjs, WITHOUT_ALL_OF), as JSON text; a merge that
 * throws is sent back as an error, and the main thread lets Prism merge (and fail) as before.
 */
function mergedText(schemaBytes) {
  const schema = JSON.parse(new TextDecoder().decode(schemaBytes));
  return JSON.stringify(mergeAllOf(schema, { deep: true, ignoreAdditionalProperties: true }));
}

parentPort.on('message', ({ id, kind, draft, coerce, schemaBytes }) => {
  if (kind === 'merge') {
    try {
      parentPort.postMessage({ id, merged: mergedText(schemaBytes) });
    } catch (error) {
      parentPort.postMessage({ id, error: String(error?.message ?? error) });
    }
    return;
  }
  try {
    if (!Object.prototype.hasOwnProperty.call(DRAFT_CLASSES, draft)) throw new Error(`no Ajv draft ${draft}`);
    const schema = JSON.parse(new TextDecoder().decode(schemaBytes));
    const ajv = ajvFor(draft, coerce);
    const validate = ajv.compile(schema);
    const source = moduleSource(modules['ajv/dist/standalone'].default(ajv, validate), schema);
    const cache = compiledCodeCache(source, schema, ajv);
    const cachedData = new Uint8Array(cache.buffer, cache.byteOffset, cache.byteLength).slice();
    parentPort.postMessage({ id, source, cachedData }, [cachedData.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
