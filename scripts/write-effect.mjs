// Writes a user effect as a folder of `effects.paths` holds it, for the engine's tests and the
// server's; a plain module beside its declarations (write-effect.d.mts), imported without a
// build.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes one effect into `dir`: its script `file` with `source`, an option schema with no
 * options, and a definition that names it `name`.
 */
export function writeEffect(dir, name, file, source) {
  const stem = file.replace(/\.py$/, '');
  mkdirSync(join(dir, 'schema'), { recursive: true });
  writeFileSync(join(dir, file), source);
  writeFileSync(
    join(dir, 'schema', `${stem}.schema.json`),
    JSON.stringify({
      type: 'object',
      script: file,
      title: `edt_eff_${stem}_header`,
      required: true,
      properties: {},
      additionalProperties: false,
    }),
  );
  writeFileSync(join(dir, `${stem}.json`), JSON.stringify({ name, script: file, args: {} }));
}
