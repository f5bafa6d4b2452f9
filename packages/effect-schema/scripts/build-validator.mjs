// Precompiles the meta-schemas into standalone validators (dist/meta-schema-validator.cjs and
// dist/settings-meta-schema-validator.cjs), so the CLI neither loads nor runs ajv's compiler at
// start-up. CommonJS because ajv's standalone output still require()s its small runtime helpers.
import { writeFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import { effectOptionMetaSchema, settingsGroupMetaSchema } from '../dist/meta-schema.js';

for (const [file, schema] of [
  ['meta-schema-validator.cjs', effectOptionMetaSchema],
  ['settings-meta-schema-validator.cjs', settingsGroupMetaSchema],
]) {
  const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true } });
  const validate = ajv.compile(schema);
  writeFileSync(new URL(`../dist/${file}`, import.meta.url), standalone.default(ajv, validate));
}
