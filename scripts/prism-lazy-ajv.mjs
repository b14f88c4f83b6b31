// Prism's validator builds six Ajv instances (three JSON Schema drafts, with and without type
// coercion, each with ajv-formats) when its module loads; a request uses the one or two its schemas'
// `$schema` picks. This build-time edit of Prism 5.12's validators/utils.js makes each draft's pair
// on first use instead: the same constructors, options and formats, in the same order per draft.
// `renewAjvInstances()` starts over with new ones: an Ajv instance keeps every schema it compiled
// (its cache, and the values its generated code refers to), so the engine renews them when a new
// document replaces the old one (`--watch`), and the old document's validators go with it.
// With `precompiled` (both builds), it also looks each schema up among the validators the build
// compiled (scripts/prism-precompiled-validators.mjs) before compiling it, loads Ajv's classes only
// on the first schema that has none, and throws on a compile refused for eval rather than read it as
// "no errors". See docs/decisions/0010-precompiled-validators.md.
// Each instance checks `uniqueItems` in linear time where Ajv compares every pair of items
// (scripts/shims/linear-unique-items.cjs, which the builds name `petstore-mock:unique-items`).
// The build fails if the text it edits is not there (another Prism release), rather than ship unedited.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const EAGER = `const ajvInstances = {
    default: createAjvInstances(ajv_1.default),
    draft2019_09: createAjvInstances(_2019_1.default),
    draft2020_12: createAjvInstances(_2020_1.default),
};`;

const LAZY = `const ajvInstanceMakers = {
    default: () => createAjvInstances(ajv_1.default),
    draft2019_09: () => createAjvInstances(_2019_1.default),
    draft2020_12: () => createAjvInstances(_2020_1.default),
};
const ajvInstances = {};
/** Each instance's draft and coercion, for a bundle entry compiled elsewhere with the same options. */
const instanceKinds = new WeakMap();
function makeAjvInstancesOnUse() {
    for (const draft of Object.keys(ajvInstanceMakers)) {
        Object.defineProperty(ajvInstances, draft, {
            configurable: true,
            enumerable: true,
            get() {
                const instances = ajvInstanceMakers[draft]();
                instanceKinds.set(instances.coerce, { draft, coerce: true });
                instanceKinds.set(instances.noCoerce, { draft, coerce: false });
                Object.defineProperty(ajvInstances, draft, { value: instances, enumerable: true, configurable: true });
                return instances;
            },
        });
    }
}
makeAjvInstancesOnUse();
/** Schemas compiled from now on go to new Ajv instances: the old ones, and all they compiled, go once no validator they made is in use. */
exports.renewAjvInstances = makeAjvInstancesOnUse;`;

const STRICT = '    strict: false,\n';
// Ajv compares every pair of an array's items when they may be objects or arrays: 5,000 objects in a
// 54 KB body took 2.5 s of one request, 20,000 more than 30 s, every client waiting. Each instance
// checks them in one pass instead, with Ajv's verdict and error (scripts/shims/linear-unique-items.cjs).
const FORMATS_ADDED = `    ajvNoCoerce.addFormat('date-time', (0, dateTime_1.fmtDef)(dateTime_1.date_time, dateTime_1.compareDateTime));
`;
export const UNIQUE_ITEMS_MODULE = 'petstore-mock:unique-items';
/** What standalone code compiled elsewhere requires for a lazy reference's keyword: this instance's (scripts/shims/ajv-compile-worker.cjs). */
export const LAZY_REFERENCE_MODULE = 'petstore-mock:lazy-reference';
/** The keyword a reference followed lazily is written as. */
export const LAZY_REFERENCE_KEYWORD = 'x-petstore-mock-reference';
const UNIQUE_ITEMS_LINEAR = `${FORMATS_ADDED}    const linearUniqueItems = require("${UNIQUE_ITEMS_MODULE}");
    linearUniqueItems.useLinearUniqueItems(ajv, require("ajv"));
    linearUniqueItems.useLinearUniqueItems(ajvNoCoerce, require("ajv"));
`;
const UNIQUE_ITEMS_FILE = fileURLToPath(new URL('./shims/linear-unique-items.cjs', import.meta.url));
// `multipleOf` as JSON Schema means it, a multiple in decimal: Ajv divides in binary floating point,
// so without a precision 19.99 is no multiple of 0.01 (1998.9999999999998) and a price a client
// sends is refused. Ajv then takes a quotient within 1e-9 of a whole number.
export const MULTIPLE_OF_PRECISION = 9;
// Ajv's passes over the code it writes (dropping and inlining names) cost more than the writing: a
// body schema of a 256-branch oneOf compiled in 2.2-2.7 s with one pass, 0.6 s with none, and a
// 6-property record in 31-73 ms against 23-28 ms. Validation ran at the same speed either way (250 ns a
// record; the big one within the runs' spread). Schemas compiled while the mock runs (Prism's Ajv and
// the worker thread's) are written without them; the build's precompiled validators keep the pass,
// which makes the package's code smaller and costs no client any time.
export const AJV_OPTIMIZE_PASSES = 0;
// A property is there when the value has it as its own: without this, an optional property named
// `constructor` or `toString` was read from Object.prototype (a function) and every body refused.
// Each schema's `pattern` compiled by the engine's choice (src/document/safe-patterns.ts: a pattern
// that may backtrack runs on a linear-time engine), once the engine has said which; until then, and
// from the sources, by RegExp as Ajv does. `code: 'new RegExp'` is what standalone code would call.
const PATTERN_ENGINE = `    code: { regExp: compilePatternByEngine, optimize: ${AJV_OPTIMIZE_PASSES} },
    multipleOfPrecision: ${MULTIPLE_OF_PRECISION},
    ownProperties: true,
`;
const PATTERN_ENGINE_HOOK = `
let patternEngineInUse;
/** Has Ajv compile each schema's pattern from now on with \`engine\` (pattern, flags) => { test }. */
exports.usePatternEngine = engine => {
    patternEngineInUse = engine;
};
function compilePatternByEngine(pattern, flags) {
    return patternEngineInUse === undefined ? new RegExp(pattern, flags) : patternEngineInUse(pattern, flags);
}
compilePatternByEngine.code = 'new RegExp';
`;

// Ajv itself (three draft classes and ajv-formats, most of Prism's validator module) is loaded when
// an instance is first made: with precompiled validators, a page or process may never need it.
const AJV_REQUIRES = `const ajv_1 = require("ajv");
const _2019_1 = require("ajv/dist/2019");
const _2020_1 = require("ajv/dist/2020");
const ajv_formats_1 = require("ajv-formats");`;
const AJV_REQUIRED_ON_USE = `const ajv_1 = { get default() { return require("ajv").default; } };
const _2019_1 = { get default() { return require("ajv/dist/2019").default; } };
const _2020_1 = { get default() { return require("ajv/dist/2020").default; } };
const ajv_formats_1 = { get default() { return require("ajv-formats").default; } };`;

const CALL = 'getValidationFunction(assignAjvInstance(String(schema.$schema), coerce), schema, bundle)';
const SIGNATURE = 'function getValidationFunction(ajvInstance, schema, bundle) {';
const COMPILE = `    const validationFunction = ajvInstance.compile({
        ...schema,
        __bundled__: bundle,
    });`;

// Before Ajv compiles a schema (on the first use of each schema object, as before), the validator
// the build made of the same schema for the same draft and coercion, if any: found by the JSON text
// of what Ajv would compile. Only a miss makes (and, for its draft, creates) an Ajv instance.
const PRECOMPILED_LOOKUP = `
let precompiledValidators;
/** The JSON text the last lookup computed, for a recorded compile to reuse (scripts/prism-lazy-ajv.mjs, compilesRecorded). */
let lastLookupKey;
function findPrecompiledValidator($schema, coerce, compiledSchema) {
    lastLookupKey = undefined;
    precompiledValidators ??= require('petstore-mock:precompiled-validators');
    const draft = JSON_SCHEMA_DRAFT_2019_09.test($schema) ? 'draft2019_09' : JSON_SCHEMA_DRAFT_2020_12.test($schema) ? 'draft2020_12' : 'default';
    const byKey = precompiledValidators.validators[draft]?.[coerce ? 'coerce' : 'noCoerce'];
    if (byKey === undefined) return undefined;
    let key;
    try {
        key = JSON.stringify(compiledSchema);
    } catch {
        return undefined;
    }
    lastLookupKey = key;
    return byKey.get(key);
}
/** Whether the validators of the document whose text has this SHA-256 were compiled by the build. */
exports.validatorsPrecompiledFor = sha256 => {
    precompiledValidators ??= require('petstore-mock:precompiled-validators');
    return sha256 !== undefined && sha256 === precompiledValidators.sourceSha256;
};
`;
const VALIDATE = 'const validateAgainstSchema = (value, schema, coerce, context, prefix, bundle) => (0, function_1.pipe)(';
const VALIDATE_END = ');\nexports.validateAgainstSchema = validateAgainstSchema;';
// Prism reads a schema Ajv cannot compile as one with nothing to say (O.tryCatch): where code
// generation is refused (a CSP without 'unsafe-eval'), every value would pass unchecked. That refusal
// is thrown on instead, for the engine to answer eval_not_allowed; so is a page's Ajv chunk not yet
// loaded (scripts/ajv-on-demand.mjs, ajvInPage).
const REFUSAL_THROWN_ON = `
let refusedCodeGeneration;
function throwingRefusedCodeGeneration(validate) {
    const result = validate();
    if (refusedCodeGeneration !== undefined) {
        const error = refusedCodeGeneration;
        refusedCodeGeneration = undefined;
        throw error;
    }
    return result;
}
`;
const VALIDATE_THROWING = 'const validateAgainstSchema = (value, schema, coerce, context, prefix, bundle) => throwingRefusedCodeGeneration(() => (0, function_1.pipe)(';
const VALIDATE_END_THROWING = '));\nexports.validateAgainstSchema = validateAgainstSchema;';
// Off the event loop (src/engine/schema/compile-off-thread.ts): before Prism validates an operation's
// request the first time, the engine has it run once with each schema it would compile recorded
// instead (`recordCompiles`), compiles the big ones in a worker thread as Ajv's standalone code (the
// same Ajv classes and options: scripts/shims/ajv-compile-worker.cjs), makes each a function here with
// this draft's instance's formats and pattern engine (`validationFunctionOfStandaloneModule`) and puts
// it in Prism's cache (`installValidationFunction`), where the real run finds it.
const COMPILES_OFF_THREAD = `
let compilesRecorded;
function passesWhileRecorded() {
    passesWhileRecorded.errors = null;
    return true;
}
/** Runs \`run\` with each schema Prism would compile (none precompiled, installed or compiled yet; without a bundle) recorded, not compiled, and passed; returns them. */
exports.recordCompiles = run => {
    const recorded = [];
    compilesRecorded = recorded;
    try {
        run();
    } finally {
        compilesRecorded = undefined;
    }
    return recorded;
};
/** Has Prism validate by \`validationFunction\` where it would compile \`schema\` with \`bundle\` (no bundle: undefined), as if it had compiled it. */
exports.installValidationFunction = (schema, bundle, validationFunction) => {
    const bundleKey = typeof bundle === 'object' && bundle !== null ? bundle : EMPTY_BUNDLE;
    let bundledFunctionsCache = validationsFunctionsCache.get(schema);
    if (bundledFunctionsCache === undefined) validationsFunctionsCache.set(schema, (bundledFunctionsCache = new WeakMap()));
    if (!bundledFunctionsCache.has(bundleKey)) bundledFunctionsCache.set(bundleKey, validationFunction);
};
/**
 * The validation function of Ajv's standalone code (CommonJS, as \`runModule(module, exports, require)\`) made for \`schema\` with the
 * options of \`draft\` and \`coerce\`: it runs with this draft's instance's formats, the pattern engine in use, Ajv's runtime helpers,
 * and \`schema\` itself where the code reads values of the schema (\`petstore-mock:schema\`).
 */
exports.validationFunctionOfStandaloneModule = (draft, coerce, runModule, schema, recordedInstance) => {
    const instances = recordedInstance === undefined ? ajvInstances[draft] : undefined;
    if (recordedInstance === undefined && instances === undefined) throw new Error(\`petstore-mock: no Ajv draft \${draft}\`);
    return standaloneValidationFunction(recordedInstance ?? instances[coerce ? 'coerce' : 'noCoerce'], runModule, schema);
};
/** The validation function of standalone code made with \`instance\`'s options, run with its formats and keyword, and the instance as its \`self\` (as Ajv's code compiled in process). */
function standaloneValidationFunction(instance, runModule, schema) {
    const modules = {
        'petstore-mock:schema': () => schema,
        'petstore-mock:prism-formats': () => ({ formats: instance.formats }),
        'petstore-mock:patterns': () => ({ compilePattern: compilePatternByEngine }),
        '${LAZY_REFERENCE_MODULE}': () => lazyReferencesOf(instance).validateReference,
        '${UNIQUE_ITEMS_MODULE}': () => require("${UNIQUE_ITEMS_MODULE}"),
        'ajv/dist/runtime/equal': () => require("ajv/dist/runtime/equal"),
        'ajv/dist/runtime/ucs2length': () => require("ajv/dist/runtime/ucs2length"),
        'ajv/dist/runtime/uri': () => require("ajv/dist/runtime/uri"),
        'ajv/dist/runtime/validation_error': () => require("ajv/dist/runtime/validation_error"),
        'ajv/dist/runtime/timestamp': () => require("ajv/dist/runtime/timestamp"),
    };
    const requireModule = name => {
        if (!Object.prototype.hasOwnProperty.call(modules, name)) throw new Error(\`petstore-mock: standalone code requires \${name}\`);
        return modules[name]();
    };
    const module = { exports: {} };
    runModule(module, module.exports, requireModule, instance);
    if (typeof module.exports !== 'function') throw new Error('petstore-mock: standalone code exports no validation function');
    return module.exports;
}
`;
const PRECOMPILED_SIGNATURE = 'function getValidationFunction($schema, coerce, schema, bundle) {';
const PRECOMPILED_COMPILE = `    const compiledSchema = { ...schema, __bundled__: bundle };
    // A schema with a bundle is none the build precompiled (the package's document has no bundles), and its key would be the bundle's whole text.
    const bundled = typeof bundle === 'object' && bundle !== null && Object.keys(bundle).length > 0;
    let validationFunction = bundled ? undefined : findPrecompiledValidator($schema, coerce, compiledSchema);
    if (validationFunction === undefined && compilesRecorded !== undefined) {
        const draft = JSON_SCHEMA_DRAFT_2019_09.test($schema) ? 'draft2019_09' : JSON_SCHEMA_DRAFT_2020_12.test($schema) ? 'draft2020_12' : 'default';
        // A schema with a bundle is compiled elsewhere as it is here: its references followed lazily, by this instance's keyword.
        const compiled = bundled ? withReferencesLazy(assignAjvInstance($schema, coerce), schema, bundle) : schema;
        if (compiled !== undefined) {
            // The instance that compiles it here, for the function made elsewhere: another, once renewed (a replaced document), has other entries.
            compilesRecorded.push({ draft, coerce, schema, bundle, compiled, instance: assignAjvInstance($schema, coerce), text: bundled ? undefined : lastLookupKey });
            return passesWhileRecorded;
        }
    }
    try {
        if (validationFunction === undefined) {
            const instance = assignAjvInstance($schema, coerce);
            validationFunction = instance.compile(withSharedBundle(instance, schema, bundle));
        }
    } catch (error) {
        if (error?.name === 'EvalError' || error?.name === 'AjvCompilerNotLoadedError') refusedCodeGeneration = error;
        throw error;
    }`;
// A schema handed with a bundle (\`__bundled__\`, where its \`$ref\`s point) is compiled against that
// bundle added once to the Ajv instance under an id of its own, its \`#/__bundled__/…\` references
// made absolute: every schema of a document shares one compiled copy of each bundle entry. Compiled
// as Prism does (\`{...schema, __bundled__}\`), Ajv walked and compiled the whole reachable bundle
// again for each schema: for a document of Stripe's size, 600 operations × 1,200 entries, minutes.
// Each reference is also followed lazily: written as the keyword \`x-petstore-mock-reference\`, whose
// entry is compiled (once per Ajv instance, by ajv.getSchema) when a value first reaches it, with the
// value's place passed on, so errors name the same paths. Ajv compiles a \`$ref\` with the schema that
// holds it, and so the whole graph a schema reaches: a Stripe-sized document's schemas reach 20,000
// entries, 8 s of compiling before the first record is checked. A bundle or schema that uses
// \`unevaluatedProperties\`, \`unevaluatedItems\` or dynamic references keeps Ajv's own \`$ref\`s: what
// a reference evaluates must then be known where the reference is compiled.
const SHARED_BUNDLES = `
const bundleIds = new WeakMap();
const bundlesAdded = new WeakMap();
const bundlesFollowedLazily = new WeakMap();
let bundleCount = 0;
const LAZY_REFERENCE = '${LAZY_REFERENCE_KEYWORD}';
const BUNDLE_KEYWORDS_MARK = Symbol.for('petstore-mock.bundle-uses-evaluation-keywords');
const EVALUATION_KEYWORDS = new Set(['unevaluatedProperties', 'unevaluatedItems', '$dynamicRef', '$recursiveRef', '$dynamicAnchor', '$recursiveAnchor']);
function usesEvaluationKeywords(root) {
    const seen = new Set();
    const stack = [root];
    while (stack.length > 0) {
        const node = stack.pop();
        if (typeof node !== 'object' || node === null || seen.has(node)) continue;
        seen.add(node);
        for (const [key, value] of Object.entries(node)) {
            if (EVALUATION_KEYWORDS.has(key)) return true;
            stack.push(value);
        }
    }
    return false;
}
let referencesRecorded;
let lazyKeywordCount = 0;
/**
 * Runs \`run\` with each bundle entry a value reaches that its Ajv instance has not compiled yet recorded
 * instead of compiled (the reference passes meanwhile); returns them, each with \`compile()\`, which
 * compiles that entry alone (its own references lazy in turn). The engine compiles them a task at a time
 * and runs again, until a run reaches nothing new (src/engine/schema/compile-off-thread.ts).
 */
exports.recordReferences = run => {
    const recorded = new Map();
    referencesRecorded = recorded;
    try {
        run();
    } finally {
        referencesRecorded = undefined;
    }
    return [...recorded.values()];
};
function lazyReferenceKeyword(ajvInstance, bundlesById) {
    /** Each entry's validation function once compiled, by its key. */
    const compiledEntries = new Map();
    /** Entries whose compile threw: not recorded again (each reach meets the error as ever, without a compile elsewhere first). */
    const failedEntries = new Set();
    lazyKeywordCount += 1;
    const keywordNumber = lazyKeywordCount;
    /** The entry a reference names, its own references lazy in turn. */
    const entrySchemaOf = reference => {
        const [id, pointer] = reference.split('#');
        const bundle = bundlesById.get(id);
        const name = decodeURIComponent(pointer.slice('/__bundled__/'.length)).replace(/~1/g, '/').replace(/~0/g, '~');
        if (bundle === undefined || !Object.prototype.hasOwnProperty.call(bundle, name)) throw new Error(\`petstore-mock: no schema at \${reference}\`);
        return withReferencesAbsolute(bundle[name], id, true, new Map());
    };
    const compileEntry = (reference, key) => {
        // First reached: the entry alone is added (and walked, and compiled).
        if (ajvInstance.getSchema(key) === undefined) ajvInstance.addSchema(entrySchemaOf(reference), key);
        const validate = ajvInstance.getSchema(key);
        compiledEntries.set(key, validate);
        return validate;
    };
    const validateReference = function (reference, data, parentSchema, dataContext) {
        const key = reference.replace('#', '');
        let validate = compiledEntries.get(key);
        if (validate === undefined) {
            if (referencesRecorded !== undefined && failedEntries.has(key)) {
                validateReference.errors = null;
                return true;
            }
            if (referencesRecorded !== undefined) {
                const recordKey = \`\${keywordNumber}:\${key}\`;
                if (!referencesRecorded.has(recordKey)) {
                    const kind = instanceKinds.get(ajvInstance);
                    let entrySchema;
                    referencesRecorded.set(recordKey, {
                        key: recordKey,
                        draft: kind?.draft,
                        coerce: kind?.coerce,
                        /** The entry as Ajv compiles it here (its references lazy), for a compile elsewhere. */
                        schema() {
                            entrySchema ??= entrySchemaOf(reference);
                            return entrySchema;
                        },
                        compile() {
                            if (compiledEntries.has(key)) return;
                            try {
                                compileEntry(reference, key);
                            } catch (error) {
                                failedEntries.add(key);
                                throw error;
                            }
                        },
                        /** Has the entry validated by standalone code made elsewhere from \`schema()\` with this instance's options. */
                        installStandalone(runModule, schema) {
                            if (!compiledEntries.has(key)) compiledEntries.set(key, standaloneValidationFunction(ajvInstance, runModule, schema));
                        },
                    });
                }
                validateReference.errors = null;
                return true;
            }
            validate = compileEntry(reference, key);
        }
        const valid = validate(data, dataContext);
        validateReference.errors = valid ? null : validate.errors;
        return valid;
    };
    return { keyword: LAZY_REFERENCE, schemaType: 'string', modifying: true, validate: validateReference };
}
/** The instance's lazy references' keyword, added on first use; \`bundles\` by id, for the keyword to find each entry. */
function lazyReferencesOf(ajvInstance) {
    let lazy = lazyBundlesOf.get(ajvInstance);
    if (lazy === undefined) {
        const bundles = new Map();
        const definition = lazyReferenceKeyword(ajvInstance, bundles);
        ajvInstance.addKeyword(definition);
        lazy = { bundles, validateReference: definition.validate };
        lazyBundlesOf.set(ajvInstance, lazy);
    }
    return lazy;
}
function withReferencesAbsolute(node, id, lazily, copies) {
    if (typeof node !== 'object' || node === null) return node;
    if (copies.has(node)) return copies.get(node);
    const copy = Array.isArray(node) ? [] : {};
    copies.set(node, copy);
    for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/__bundled__/')) copy[lazily ? LAZY_REFERENCE : key] = id + value;
        else copy[key] = withReferencesAbsolute(value, id, lazily, copies);
    }
    return copy;
}
const lazyBundlesOf = new WeakMap();
function withSharedBundle(ajvInstance, schema, bundle) {
    if (typeof bundle !== 'object' || bundle === null) return { ...schema, __bundled__: bundle };
    const lazily = withReferencesLazy(ajvInstance, schema, bundle);
    if (lazily !== undefined) return lazily;
    const id = bundleIdOf(bundle);
    let added = bundlesAdded.get(ajvInstance);
    if (added === undefined) bundlesAdded.set(ajvInstance, (added = new Set()));
    if (!added.has(id)) {
        ajvInstance.addSchema({ __bundled__: withReferencesAbsolute(bundle, id, false, new Map()) }, id);
        added.add(id);
    }
    return withReferencesAbsolute(schema, id, false, new Map());
}
function bundleIdOf(bundle) {
    let id = bundleIds.get(bundle);
    if (id === undefined) {
        bundleCount += 1;
        id = \`petstore-mock-bundle-\${bundleCount}.json\`;
        bundleIds.set(bundle, id);
    }
    return id;
}
/**
 * The schema as compiled with its references followed lazily (each a keyword naming its entry, the
 * bundle known to the instance's keyword), or \`undefined\` where the bundle or the schema uses
 * evaluation keywords and Ajv's own \`$ref\`s are kept.
 */
function withReferencesLazy(ajvInstance, schema, bundle) {
    const id = bundleIdOf(bundle);
    let followed = bundlesFollowedLazily.get(bundle);
    if (followed === undefined) {
        // What made the bundle says whether it has evaluation keywords (src/document/json-schema.ts, markBundleKeywords); else it is walked here.
        const marked = bundle[BUNDLE_KEYWORDS_MARK];
        bundlesFollowedLazily.set(bundle, (followed = typeof marked === 'boolean' ? !marked : !usesEvaluationKeywords(bundle)));
    }
    if (!followed || usesEvaluationKeywords(schema)) return undefined;
    // Entries are added to the instance one by one, as values first reach them.
    lazyReferencesOf(ajvInstance).bundles.set(id, bundle);
    return withReferencesAbsolute(schema, id, true, new Map());
}
`;
const COMPILE_SHARED = `    const validationFunction = ajvInstance.compile(withSharedBundle(ajvInstance, schema, bundle));`;
const PRECOMPILED_CALL = 'getValidationFunction(String(schema.$schema), coerce, schema, bundle)';

/**
 * The edited text of Prism's validators/utils.js: each draft's Ajv pair made on first use, told not
 * to check schemas against their meta-schemas (the browser build checks its document's at build:
 * scripts/browser-build.mjs); with `precompiled`, the build's validators looked up first.
 */
export function lazyAjvInstances(source, { precompiled = false } = {}) {
  if (![EAGER, STRICT, FORMATS_ADDED, AJV_REQUIRES, CALL, SIGNATURE, COMPILE, VALIDATE, VALIDATE_END].every(text => source.includes(text))) {
    throw new Error("prism-lazy-ajv: @stoplight/prism-http's validators/utils.js no longer builds its Ajv instances as expected; review scripts/prism-lazy-ajv.mjs for this Prism release.");
  }
  let edited = source.replace(EAGER, `${LAZY}${PATTERN_ENGINE_HOOK}${SHARED_BUNDLES}`).replace(AJV_REQUIRES, AJV_REQUIRED_ON_USE).replace(STRICT, `${STRICT}${PATTERN_ENGINE}`).replace(FORMATS_ADDED, UNIQUE_ITEMS_LINEAR);
  // Ajv checks each schema against its meta-schema before compiling it. In a page the build did that
  // (and the check would need eval); in Node it cost a document's every first compile, and draft-07's
  // `uniqueItems` on `enum` is quadratic: 1.2 s for an enum of 20,000 values, every client waiting. A
  // schema the meta-schema refuses still fails to compile where its keywords cannot be read (a
  // `required: true`), as before; the engine reads the common such forms as meant (schema-repairs).
  edited = edited.replace(STRICT, `${STRICT}    validateSchema: false,\n`);
  if (!precompiled) edited = edited.replace(COMPILE, COMPILE_SHARED);
  if (precompiled) {
    edited = edited
      .replace(SIGNATURE, `${PRECOMPILED_LOOKUP}${REFUSAL_THROWN_ON}${COMPILES_OFF_THREAD}${PRECOMPILED_SIGNATURE}`)
      .replace(VALIDATE, VALIDATE_THROWING)
      .replace(VALIDATE_END, VALIDATE_END_THROWING)
      .replace(COMPILE, PRECOMPILED_COMPILE)
      .replace(CALL, PRECOMPILED_CALL);
  }
  return edited;
}

function plugin(options) {
  return {
    name: 'prism-lazy-ajv',
    setup(builder) {
      builder.onResolve({ filter: new RegExp(`^${UNIQUE_ITEMS_MODULE}$`) }, () => ({ path: UNIQUE_ITEMS_FILE }));
      builder.onLoad({ filter: /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]validator[\\/]validators[\\/]utils\.js$/ }, async args => ({
        contents: lazyAjvInstances(await readFile(args.path, 'utf8'), options),
        loader: 'js',
      }));
    },
  };
}

export const prismLazyAjv = plugin({ precompiled: true });

// Prism's body validator merges a body schema's `allOf`s (json-schema-merge-allof) on its first use,
// memoized per schema object: for a `oneOf` of 256 `allOf` branches, ~50 ms on the event loop, every
// other client waiting. This edit of Prism 5.12's validators/body.js lets the engine do that merge
// elsewhere (src/engine/schema/compile-off-thread.ts, in the worker thread): `recordMerges(run)` runs
// `run` with each body schema not yet merged recorded (and that body left unvalidated) instead of
// merged; each recorded merge is then either done here as before (`mergeHere`) or given the merged
// schema (`install`), which Prism's own normalizer (`readOnly` or `writeOnly` stripped) turns into
// what its memo would have held. The worker merges with the options below (WITHOUT_ALL_OF): the build
// fails if Prism's text differs.
export const WITHOUT_ALL_OF = `function withoutAllOf(s) {
    try {
        return mergeAllOf(s, {
            deep: true,
            ignoreAdditionalProperties: true,
        });
    }
    catch (_a) {
        return s;
    }
}`;
const NORMALIZER_MISS = `    return (schema) => {
        const cached = cache.get(schema);
        if (!cached) {
`;
const NORMALIZER_MISS_RECORDED = `    return (schema) => {
        const cached = cache.get(schema);
        if (!cached && mergesRecorded !== undefined) {
            mergesRecorded.push({
                schema,
                mergeHere() {
                    if (!cache.has(schema)) cache.set(schema, normalizer(withoutAllOf(schema)));
                },
                install(merged) {
                    if (!cache.has(schema)) cache.set(schema, normalizer(merged));
                },
            });
            return O.fromNullable(undefined);
        }
        if (!cached) {
`;
const MERGES_RECORDED = `
let mergesRecorded;
/** Runs \`run\` with each body schema Prism would merge (not merged yet) recorded instead, its body unvalidated; returns them, each with \`mergeHere()\` and \`install(merged)\`. */
exports.recordMerges = run => {
    const recorded = [];
    mergesRecorded = recorded;
    try {
        run();
    } finally {
        mergesRecorded = undefined;
    }
    return recorded;
};
`;

/** The edited text of Prism's validators/body.js (Node build): body schemas' merges recorded on request. */
export function bodyMergesRecorded(source) {
  if (![WITHOUT_ALL_OF, NORMALIZER_MISS, 'const O = require("fp-ts/Option");'].every(text => source.includes(text))) {
    throw new Error("prism-lazy-ajv: @stoplight/prism-http's validators/body.js no longer merges allOf as expected; review scripts/prism-lazy-ajv.mjs for this Prism release.");
  }
  return source.replace(WITHOUT_ALL_OF, `${MERGES_RECORDED}${WITHOUT_ALL_OF}`).replace(NORMALIZER_MISS, NORMALIZER_MISS_RECORDED);
}

/** The Node build's plugin of the body validator's edit (the browser build, with no worker, keeps Prism's merge). */
export const prismBodyMergesRecorded = {
  name: 'prism-body-merges-recorded',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]validator[\\/]validators[\\/]body\.js$/ }, async args => ({
      contents: bodyMergesRecorded(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
