// Prism compiles each schema it validates with Ajv on first use: `new Function`, which a page whose
// Content-Security-Policy lacks 'unsafe-eval' forbids, and a few milliseconds per schema at start.
// For the package's document, the build does that compiling instead: Ajv's standalone code (plain ES
// modules, no eval) of every schema Prism and the engine validate, made by the same Ajv class per
// draft with the same options and formats as Prism's validators/utils.js, in the coercing and the
// non-coercing variant each use calls for. scripts/prism-lazy-ajv.mjs has Prism look them up, by the
// JSON text of the schema it would compile, before compiling one itself.
import { createRequire } from 'node:module';
import { MULTIPLE_OF_PRECISION } from './prism-lazy-ajv.mjs';
import { dirname, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const { useLinearUniqueItems } = require('./shims/linear-unique-items.cjs');
const { createPrismAjv } = require('./shims/prism-ajv.cjs');
const PRISM_HTTP = dirname(require.resolve('@stoplight/prism-http/package.json'));
const prism = createRequire(`${PRISM_HTTP}/package.json`);

/** Prism's drafts, as its validators/utils.js names them and picks them by `$schema`. */
const DRAFT_CLASSES = { default: 'ajv', draft2019_09: 'ajv/dist/2019', draft2020_12: 'ajv/dist/2020' };
const JSON_SCHEMA_DRAFT_2019_09 = /^https?:\/\/json-schema.org\/draft\/2019-09\/schema#?$/;
const JSON_SCHEMA_DRAFT_2020_12 = /^https?:\/\/json-schema.org\/draft\/2020-12\/schema#?$/;

export function draftOf($schema) {
  const named = String($schema);
  if (JSON_SCHEMA_DRAFT_2019_09.test(named)) return 'draft2019_09';
  if (JSON_SCHEMA_DRAFT_2020_12.test(named)) return 'draft2020_12';
  return 'default';
}

/** The key a validator is found by: the JSON text of exactly what Prism hands Ajv (`{...schema, __bundled__: bundle}`). */
export function validatorKey(schema, bundle) {
  return JSON.stringify({ ...schema, __bundled__: bundle });
}

/** Formats as Prism gives them to each Ajv instance: ajv-formats' full set, with Prism's own `date-time`. */
const FORMATS_MODULE = `import { fullFormats } from 'ajv-formats/dist/formats.js';
import { compareDateTime, date_time, fmtDef } from '@stoplight/prism-http/dist/validator/validators/dateTime.js';
export const formats = { ...fullFormats, 'date-time': fmtDef(date_time, compareDateTime) };
`;

/**
 * Each schema Prism validates for `compiled` (the compiled document: `prismOperations`), with the
 * coercion it validates it with: found by running Prism's own validators (params, headers, bodies,
 * responses) over every operation with a recorder in place of `validateAgainstSchema`, so that what
 * Prism derives (a parameters' object schema, a body schema without readOnly properties) is what
 * is compiled. `engineSchemas` adds the schemas the engine checks values against itself (non-coercing).
 */
export function collectValidatedSchemas(compiled, engineSchemas = []) {
  const utils = prism('./dist/validator/validators/utils.js');
  const validators = prism('./dist/validator/validators/index.js');
  const { ValidationContext } = prism('./dist/validator/validators/types.js');
  const found = new Map();
  const record = (schema, coerce, bundle) => {
    const key = validatorKey(schema, bundle);
    const draft = draftOf(schema.$schema);
    const id = `${draft} ${coerce} ${key}`;
    if (!found.has(id)) found.set(id, { key, draft, coerce, schema: { ...schema, __bundled__: bundle } });
  };
  const original = utils.validateAgainstSchema;
  utils.validateAgainstSchema = (value, schema, coerce, context, prefix, bundle) => {
    record(schema, coerce, bundle);
    return original(value, schema, coerce, context, prefix, bundle);
  };
  try {
    for (const operation of compiled.prismOperations) {
      const bundle = operation.__bundled__;
      const { request = {} } = operation;
      if (request.headers?.length) validators.validateHeaders({}, request.headers, ValidationContext.Input, bundle);
      if (request.query?.length) validators.validateQuery({}, request.query, ValidationContext.Input, bundle);
      if (request.path?.length) validators.validatePath({}, request.path, ValidationContext.Input, bundle);
      for (const content of request.body?.contents ?? []) validateEachWay(validators, [content], ValidationContext.Input, content.mediaType, bundle);
      for (const response of operation.responses ?? []) {
        for (const content of response.contents ?? []) {
          validateEachWay(validators, [content], ValidationContext.Output, content.mediaType, bundle);
          // The engine checks scripted answers against the declared schema as written (responseSchemaOf).
          if (content.schema) record(content.schema, false, undefined);
        }
        if (response.headers?.length) validators.validateHeaders({}, response.headers, ValidationContext.Output, bundle);
      }
    }
  } finally {
    utils.validateAgainstSchema = original;
  }
  for (const schema of engineSchemas) record(schema, false, undefined);
  return [...found.values()];
}

/** Prism's body validator on `contents` with a body of each kind its media type may hold. */
function validateEachWay(validators, contents, context, mediaType, bundle) {
  const form = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(mediaType);
  validators.validateBody(form ? '' : {}, contents, context, mediaType, form ? 'boundary' : undefined, bundle);
}

/**
 * The ES modules of the precompiled validators: `modules[index]` (re-exported by `index` as
 * `validators[draft].coerce|noCoerce`, a Map from key to function, and `sourceSha256`) and one
 * module per Ajv instance used, whose imports resolve from Prism's folder. Schemas Ajv refuses are
 * left out (Prism fails on them at run time as before) and listed in `skipped`.
 */
export function precompiledValidatorModules(compiledCache, engineSchemas = []) {
  const { compiled, sourceSha256 } = compiledCache;
  const uses = collectValidatedSchemas(compiled, engineSchemas);
  const { _ } = prism('ajv');
  const addFormats = prism('ajv-formats').default;
  const dateTime = prism('./dist/validator/validators/dateTime.js');
  const standaloneCode = prism('ajv/dist/standalone').default;
  const modules = {};
  const entries = [];
  const skipped = [];
  for (const draft of Object.keys(DRAFT_CLASSES)) {
    for (const coerce of [true, false]) {
      const group = uses.filter(use => use.draft === draft && use.coerce === coerce);
      if (group.length === 0) continue;
      // Prism's edited validator's options, formats and keywords (its code imports petstore-mock:unique-items); code made for a module.
      const loaded = { Ajv: prism(DRAFT_CLASSES[draft]).default, ajvModule: prism('ajv'), addFormats, dateTime, useLinearUniqueItems };
      const ajv = createPrismAjv(loaded, {
        coerce,
        code: { source: true, esm: true, lines: false, formats: _`require("petstore-mock:prism-formats").formats` },
        multipleOfPrecision: MULTIPLE_OF_PRECISION,
      });
      const names = {};
      for (const [index, use] of group.entries()) {
        const name = `v${index}`;
        try {
          ajv.addSchema(use.schema, name);
          ajv.getSchema(name);
          names[name] = name;
          entries.push({ draft, coerce, key: use.key, module: `${draft}-${coerce ? 'coerce' : 'noCoerce'}`, name });
        } catch (error) {
          ajv.removeSchema(name);
          skipped.push(`${draft} ${coerce ? 'coercing' : 'non-coercing'}: ${error.message}`);
        }
      }
      modules[`${draft}-${coerce ? 'coerce' : 'noCoerce'}`] = asImports(standaloneCode(ajv, names));
    }
  }
  const moduleNames = Object.keys(modules);
  const validators = {};
  for (const entry of entries) ((validators[entry.draft] ??= {})[entry.coerce ? 'coerce' : 'noCoerce'] ??= []).push(entry);
  const index = [
    ...moduleNames.map((name, position) => `import * as m${position} from 'petstore-mock:precompiled-validators/${name}';`),
    `export const sourceSha256 = ${JSON.stringify(sourceSha256)};`,
    'export const validators = {',
    ...Object.entries(validators).map(
      ([draft, byCoercion]) =>
        `  ${draft}: {\n${Object.entries(byCoercion)
          .map(([coercion, list]) => `    ${coercion}: new Map([\n${list.map(entry => `      [${JSON.stringify(entry.key)}, m${moduleNames.indexOf(entry.module)}.${entry.name}],`).join('\n')}\n    ]),`)
          .join('\n')}\n  },`,
    ),
    '};',
  ].join('\n');
  return { index, modules, formats: FORMATS_MODULE, count: entries.length, skipped };
}

/** Ajv's standalone ES code still names its runtime helpers with `require("…")`: each becomes an import. */
function asImports(code) {
  const imports = new Map();
  const body = code.replace(/require\("([^"]+)"\)/g, (_, path) => {
    if (!imports.has(path)) imports.set(path, `r${imports.size}`);
    return imports.get(path);
  });
  const header = [...imports].map(([path, name]) => `import * as ${name} from ${JSON.stringify(path)};`).join('\n');
  return `${header}\n${body.replace(/^"use strict";/, '')}`;
}

/**
 * The esbuild plugin that serves the modules: `petstore-mock:precompiled-validators` (and its
 * per-instance modules, and the formats module) from `load()`, which gives `precompiledValidatorModules`' result.
 */
export function precompiledValidatorsPlugin(load) {
  let made;
  const modules = () => (made ??= load());
  return {
    name: 'prism-precompiled-validators',
    setup(builder) {
      builder.onResolve({ filter: /^petstore-mock:(precompiled-validators|prism-formats)/ }, args => ({ path: args.path, namespace: 'petstore-precompiled' }));
      builder.onLoad({ filter: /.*/, namespace: 'petstore-precompiled' }, async args => {
        const { index, modules: perInstance, formats } = await modules();
        const name = args.path.replace(/^petstore-mock:precompiled-validators\/?/, '');
        const contents = args.path === 'petstore-mock:prism-formats' ? formats : name === '' ? index : perInstance[name];
        if (contents === undefined) throw new Error(`prism-precompiled-validators: no module ${args.path}`);
        return { contents, loader: 'js', resolveDir: PRISM_HTTP };
      });
    },
  };
}

export const PRISM_HTTP_FOLDER = resolve(PRISM_HTTP);
