'use strict';
// An Ajv instance with the options, formats and keywords of Prism's edited validator
// (scripts/prism-lazy-ajv.mjs), for the validators compiled outside Prism: at build time
// (scripts/prism-precompiled-validators.mjs) and in the worker thread (ajv-compile-worker.cjs), so
// that each is the function Prism's own Ajv would have compiled for the same schema.

/**
 * Prism's base options and coercion, `multipleOf` to a decimal precision, own properties only,
 * ajv-formats with Prism's `date-time`, and the linear `uniqueItems`; `code` (standalone source) and
 * `validateSchema` as the caller needs them. `loaded` holds the modules each caller loads its way:
 * the draft's Ajv class, Ajv's own module, ajv-formats, Prism's dateTime validator and the linear
 * `uniqueItems` keyword.
 */
function createPrismAjv(loaded, { coerce, code, multipleOfPrecision, validateSchema = true }) {
  const ajv = new loaded.Ajv({
    allErrors: true,
    allowUnionTypes: true,
    allowMatchingProperties: true,
    strict: false,
    logger: false,
    validateSchema,
    code,
    multipleOfPrecision,
    ownProperties: true,
    coerceTypes: coerce,
  });
  loaded.addFormats(ajv);
  const { date_time, compareDateTime, fmtDef } = loaded.dateTime;
  ajv.addFormat('date-time', fmtDef(date_time, compareDateTime));
  loaded.useLinearUniqueItems(ajv, loaded.ajvModule);
  return ajv;
}

module.exports = { createPrismAjv };
