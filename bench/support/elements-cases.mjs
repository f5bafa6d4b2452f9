// The schemas the elements benchmarks render: (a) the largest schema of the Hyperion corpus, with
// the boolean most options hang on as its toggle, (b) a generated schema of 300 options with
// dependencies, and (c) every schema of the corpus, for first renders only. Each comes with what
// the report says of it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateEffectSchema } from './generate-effect-schema.mjs';

/**
 * The corpus's schema directory: GLOWKIT_CORPUS, else ../shared/corpus/hyperion beside the repo.
 * Without it, says what to set, one line, and ends the benchmark `bench` with status 2.
 */
export function corpusSchemaDirOrExit(bench) {
  const repo = join(import.meta.dirname, '..', '..');
  const corpus = process.env.GLOWKIT_CORPUS || join(repo, '..', 'shared', 'corpus', 'hyperion');
  const schemaDir = join(corpus, 'effects', 'schema');
  if (!existsSync(schemaDir)) {
    console.error(
      `bench/${bench}: no corpus at ${corpus}; set GLOWKIT_CORPUS to the Hyperion corpus directory`,
    );
    process.exit(2);
  }
  return schemaDir;
}

const dependantsOf = (properties, name) =>
  Object.keys(properties).filter(
    (n) => properties[n]?.options?.dependencies && name in properties[n].options.dependencies,
  );

/** Every `*.schema.json` of `schemaDir`, by file name, with its number of options and bytes. */
function readCorpus(schemaDir) {
  return readdirSync(schemaDir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(schemaDir, file), 'utf8');
      const schema = JSON.parse(text);
      return {
        file,
        schema,
        options: Object.keys(schema.properties ?? {}).length,
        bytes: text.length,
      };
    });
}

/** (a) The largest corpus schema (in `schemaDir`): most options, then most bytes. */
export function largestCorpusSchema(schemaDir) {
  const candidates = readCorpus(schemaDir).sort(
    (a, b) => b.options - a.options || b.bytes - a.bytes || a.file.localeCompare(b.file),
  );
  const { file, schema, options, bytes } = candidates[0];
  const properties = schema.properties;
  // The toggle: `random-center` when there is one, else the boolean most options depend on.
  const booleans = Object.keys(properties).filter((n) => properties[n].type === 'boolean');
  const toggle = booleans.includes('random-center')
    ? 'random-center'
    : booleans.sort(
        (x, y) => dependantsOf(properties, y).length - dependantsOf(properties, x).length,
      )[0];
  return {
    key: 'corpus',
    label: `(a) ${file}`,
    description: `${options} options, ${bytes} bytes; the largest of ${candidates.length} corpus schemas`,
    schema,
    toggle,
    toggleDefault: properties[toggle].default === true,
    dependants: dependantsOf(properties, toggle).length,
  };
}

/** (b) The generated schema of 300 options with dependencies. */
export function generatedSchema() {
  const { schema, toggle, toggleDefault, dependants } = generateEffectSchema({ options: 300 });
  const properties = schema.properties;
  const withDeps = Object.values(properties).filter((p) => p.options?.dependencies).length;
  const kinds = {};
  for (const p of Object.values(properties)) {
    const kind = p.format ?? (p.enum ? 'select' : p.type);
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return {
    key: 'generated',
    label: '(b) generated',
    description: `${Object.keys(properties).length} options, ${withDeps} with dependencies (${Object.entries(
      kinds,
    )
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')})`,
    schema,
    toggle,
    toggleDefault,
    dependants: dependants.length,
  };
}

/**
 * (c) Every corpus schema (in `schemaDir`), by file name, for first renders only: keyed apart from
 * (a) and (b), labelled with the effect's name (`swirl` for swirl.schema.json).
 */
export function corpusSchemas(schemaDir) {
  return readCorpus(schemaDir).map(({ file, schema, options, bytes }) => ({
    key: `corpus/${file}`,
    label: file.replace(/\.schema\.json$/, ''),
    description: `${options} options, ${bytes} bytes`,
    schema,
    options,
  }));
}
