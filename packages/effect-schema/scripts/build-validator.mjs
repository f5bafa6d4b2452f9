// Precompiles the meta-schema into a standalone validator (dist/meta-schema-validator.cjs), so the
// CLI neither loads nor runs ajv's compiler at start-up. CommonJS because ajv's standalone output
// still require()s its small runtime helpers.
import { readFileSync, writeFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';

const schema = JSON.parse(
  readFileSync(new URL('../schema/effect-option-schema.json', import.meta.url), 'utf8'),
);
const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true } });
const validate = ajv.compile(schema);
const code = standalone.default(ajv, validate);
writeFileSync(new URL('../dist/meta-schema-validator.cjs', import.meta.url), code);
