/**
 * Every rule against its own fixtures: `<rule>/fixtures/pass.*` must lint clean, each
 * `<rule>/fixtures/fail*.*` must produce that rule's diagnostics and no other rule's. The same
 * fixtures feed the rule reference in docs/effect-schema.md.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkEffectDefinition } from '../definition/check-effect-definition.js';
import { parseJsonFile } from '../json/parse-json.js';
import { lintEffectSchema } from '../lint/lint-effect-schema.js';
import type { Diagnostic, Severity } from '../lint/types.js';
import { definitionRules } from './definition-rules.js';
import { rules } from './index.js';

const here = dirname(fileURLToPath(import.meta.url));
const phrases = JSON.parse(readFileSync(join(here, 'fixture-phrases.json'), 'utf8')) as Record<
  string,
  string
>;
const sharedSchemaText = readFileSync(join(here, 'fixture-effect.schema.json'), 'utf8');
const sharedScript = (JSON.parse(sharedSchemaText) as { script: string }).script;

interface RuleFixtures {
  id: string;
  definition: boolean;
  pass: string[];
  fail: string[];
}

/** The fixture files of a rule, passing and failing, in name order. */
function fixturesOf(id: string, definition: boolean): RuleFixtures {
  const dir = join(here, id, 'fixtures');
  const suffix = definition ? '.effect.json' : '.schema.json';
  const names = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(suffix)) : [];
  // fail, fail-2, fail-3… in that order.
  const rank = (f: string) => Number(/^fail-(\d+)\./.exec(f)?.[1] ?? 1);
  return {
    id,
    definition,
    pass: names.filter((f) => f === `pass${suffix}`),
    fail: names.filter((f) => /^fail(-\d+)?\./.test(f)).sort((a, b) => rank(a) - rank(b)),
  };
}

function fixtureText(id: string, file: string): string {
  return readFileSync(join(here, id, 'fixtures', file), 'utf8');
}

/** Lints a schema fixture, or checks a definition fixture against the shared schema. */
function run(fixtures: RuleFixtures, file: string): Diagnostic[] {
  const text = fixtureText(fixtures.id, file);
  if (fixtures.definition) {
    return checkEffectDefinition(text, {
      resolveSchema: (script) => (script === sharedScript ? sharedSchemaText : undefined),
    });
  }
  return lintEffectSchema(text, { translations: phrases });
}

const all: RuleFixtures[] = [
  ...rules.map((r) => fixturesOf(r.meta.id, false)),
  ...definitionRules.map((r) => fixturesOf(r.meta.id, true)),
];

/** What each failing fixture reports, exactly: position, severity, message (substring). */
const expected: Record<
  string,
  Array<{ at: string; severity: Severity; message: string; suggestion?: string }>
> = {
  'invalid-json/fail.schema.json': [
    { at: '14:25', severity: 'error', message: 'invalid JSON: trailing comma before }' },
  ],
  'duplicate-key/fail.schema.json': [
    {
      at: '16:5',
      severity: 'error',
      message: 'duplicate key "step-time": only the last one counts; remove or rename one of them',
    },
  ],
  'schema-structure/fail.schema.json': [
    {
      at: '12:18',
      severity: 'error',
      message: '"maximum" of option "brightness" must be a number',
    },
  ],
  'schema-structure/fail-2.schema.json': [
    {
      at: '8:15',
      severity: 'error',
      message: '"integr" is not an element type; use one of "boolean", "string", "integer"',
      suggestion: 'integer',
    },
  ],
  'schema-structure/fail-3.schema.json': [
    { at: '1:1', severity: 'error', message: 'the schema has no "script"' },
  ],
  'unknown-keyword/fail.schema.json': [
    {
      at: '13:7',
      severity: 'error',
      message: 'unknown keyword "apend" on integer options: did you mean "append"?',
      suggestion: 'append',
    },
  ],
  'unknown-keyword/fail-2.schema.json': [
    {
      at: '12:7',
      severity: 'error',
      message: '"maxLength" does not apply to integer options (it applies to string options)',
    },
  ],
  'unknown-keyword/fail-3.schema.json': [
    { at: '11:7', severity: 'error', message: 'property-level "required" is not used' },
  ],
  'default-required/fail.schema.json': [
    { at: '7:5', severity: 'error', message: 'option "hold-time" has no default' },
  ],
  'default-required/fail-2.schema.json': [
    {
      at: '7:5',
      severity: 'warning',
      message:
        'list option "colors" has no default: the form starts with an empty list, which breaks minItems 1',
    },
  ],
  'default-type/fail.schema.json': [
    {
      at: '10:18',
      severity: 'error',
      message: 'default of option "trail-length" must be an integer',
    },
  ],
  'default-type/fail-2.schema.json': [
    {
      at: '10:18',
      severity: 'error',
      message: 'default of option "trail-length" must be a whole number, not 7.5',
    },
  ],
  'default-constraint/fail.schema.json': [
    {
      at: '10:18',
      severity: 'error',
      message: 'default of option "min-brightness": 150 is greater than the maximum 100',
    },
  ],
  'default-constraint/fail-2.schema.json': [
    {
      at: '11:18',
      severity: 'error',
      message:
        'default of option "waveform": "square" is not one of "sine", "triangle", "sawtooth"',
    },
  ],
  'default-constraint/fail-3.schema.json': [
    {
      at: '11:29',
      severity: 'error',
      message:
        'default of option "color" at /2: colour channel 300 must be an integer from 0 to 255',
    },
  ],
  'range-order/fail.schema.json': [
    { at: '11:19', severity: 'error', message: 'minItems 4 is greater than maxItems 2' },
  ],
  'step-positive/fail.schema.json': [
    { at: '13:15', severity: 'error', message: 'step 0 must be a number greater than 0' },
  ],
  'enum-values/fail.schema.json': [
    {
      at: '10:32',
      severity: 'error',
      message: 'enum value "ember" is listed twice (items 0 and 2)',
    },
  ],
  'enum-titles/fail.schema.json': [
    { at: '13:24', severity: 'error', message: 'enum_titles has 2 labels for 3 enum values' },
  ],
  'colorpicker-shape/fail.schema.json': [
    { at: '7:25', severity: 'error', message: 'an RGB colour needs "minItems": 3' },
    { at: '7:25', severity: 'error', message: 'an RGB colour needs "maxItems": 3' },
  ],
  'colorpicker-shape/fail-2.schema.json': [
    {
      at: '13:17',
      severity: 'error',
      message:
        'colorpickerRGBA items must be of type "number" (the alpha is a fraction 0..1), not "integer"',
    },
  ],
  'dependency-target/fail.schema.json': [
    {
      at: '22:11',
      severity: 'error',
      message:
        'option "sparkle-chance" depends on "sparkel", which is not an option of this schema: did you mean "sparkle"?',
      suggestion: 'sparkle',
    },
  ],
  'dependency-target/fail-2.schema.json': [
    {
      at: '26:11',
      severity: 'error',
      message: 'option "shuffle" depends on "palettes", a multiselect; only boolean',
    },
  ],
  'dependency-value/fail.schema.json': [
    {
      at: '22:22',
      severity: 'error',
      message:
        'option "sparkle-chance" waits for "sparkle" = "true", which must be true or false, like option "sparkle"',
    },
  ],
  'dependency-cycle/fail.schema.json': [
    {
      at: '12:25',
      severity: 'error',
      message: 'dependency cycle "sparkle" → "sparkle-mode" → "sparkle"',
    },
  ],
  'unreachable-option/fail.schema.json': [
    {
      at: '39:25',
      severity: 'error',
      message:
        'option "sparkle-color" can never be shown: it needs "sparkle" = true (through "sparkle-mode") and "sparkle" = false',
    },
  ],
  'property-order/fail.schema.json': [
    { at: '21:5', severity: 'warning', message: 'option "frequency" has no propertyOrder' },
  ],
  'property-order/fail-2.schema.json': [
    {
      at: '28:24',
      severity: 'warning',
      message: 'propertyOrder 1 of option "frequency" is also used by "color"',
    },
  ],
  'smoothing-block/fail.schema.json': [
    {
      at: '13:5',
      severity: 'error',
      message: 'incomplete smoothing block: missing "smoothing-updateFrequency"',
    },
  ],
  'smoothing-block/fail-2.schema.json': [
    {
      at: '23:18',
      severity: 'error',
      message:
        'smoothing option "smoothing-time_ms" has maximum 1000; the smoothing block requires 600',
    },
  ],
  'smoothing-block/fail-3.schema.json': [
    {
      at: '16:18',
      severity: 'warning',
      message:
        'smoothing option "smoothing-custom-settings" has default true; the standard smoothing block uses false',
    },
  ],
  'option-name/fail.schema.json': [
    {
      at: '7:5',
      severity: 'warning',
      message:
        'option "fade time" has a space in its name: scripts read it as args["fade time"]; use "fade-time"',
      suggestion: 'fade-time',
    },
  ],
  'option-name/fail-2.schema.json': [
    {
      at: '16:5',
      severity: 'warning',
      message: 'option "fade-time" differs from option "fadeTime" only by case or "-"/"_"',
    },
  ],
  'option-name/fail-3.schema.json': [
    {
      at: '16:5',
      severity: 'warning',
      message: 'option "constructor" is named like a member of every JavaScript object',
    },
  ],
  'option-name/fail-4.schema.json': [
    {
      at: '16:5',
      severity: 'warning',
      message: 'option "smoothing" has the name forms give the smoothing block',
    },
  ],
  'placeholder-prefix/fail.schema.json': [
    {
      at: '9:16',
      severity: 'error',
      message: 'title of option "fps" "Frame rate" is not a translation placeholder',
    },
  ],
  'placeholder-prefix/fail-2.schema.json': [
    {
      at: '9:16',
      severity: 'warning',
      message:
        'title of option "fps" "edt_conf_general_frameRate_title" is not an effect phrase; effect placeholders begin with "edt_eff_"',
    },
  ],
  'placeholder-missing/fail.schema.json': [
    {
      at: '9:16',
      severity: 'error',
      message:
        'title of option "fps" "edt_eff_framesPerSecond" has no phrase in the translation file',
    },
  ],
  'unit-missing/fail.schema.json': [
    {
      at: '13:17',
      severity: 'warning',
      message: 'unit "edt_append_framesPerSecond" of option "fps" has no phrase',
    },
  ],
  'definition-structure/fail.effect.json': [
    { at: '1:1', severity: 'error', message: 'the definition has no "args"' },
    {
      at: '4:3',
      severity: 'error',
      message: 'unknown key "arg" in the definition: did you mean "args"?',
      suggestion: 'args',
    },
  ],
  'definition-structure/fail-2.effect.json': [
    { at: '2:11', severity: 'error', message: 'name must be a non-empty string' },
  ],
  'definition-schema/fail.effect.json': [
    {
      at: '3:13',
      severity: 'error',
      message: 'no option schema found for script "comet-trail.py"',
    },
  ],
  'definition-args/fail.effect.json': [
    {
      at: '6:21',
      severity: 'error',
      message: 'arg "trail-length": 150 is greater than the maximum 100',
    },
  ],
  'definition-args/fail-2.effect.json': [
    {
      at: '6:5',
      severity: 'error',
      message: 'arg "trail-lenght" is not an option of comet.py: did you mean "trail-length"?',
      suggestion: 'trail-length',
    },
  ],
  'definition-args/fail-3.effect.json': [
    {
      at: '5:30',
      severity: 'error',
      message: 'arg "head-color" at /2: colour channel 320 must be an integer from 0 to 255',
    },
  ],
};

describe('rule fixtures', () => {
  it('cover every registered rule, each id once', () => {
    const ids = all.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of all) {
      expect(f.pass, `${f.id} has a pass fixture`).toHaveLength(1);
      expect(f.fail.length, `${f.id} has a fail fixture`).toBeGreaterThan(0);
      expect(f.fail[0], `${f.id} has a plain fail fixture`).toMatch(/^fail\./);
    }
  });

  it('belong to registered rules only', () => {
    const registered = new Set(all.map((f) => f.id));
    const folders = readdirSync(here, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'fixtures')))
      .map((d) => d.name);
    for (const folder of folders) expect(registered, folder).toContain(folder);
  });

  it('have an exact expectation for every failing fixture', () => {
    const failing = all.flatMap((f) => f.fail.map((file) => `${f.id}/${file}`)).sort();
    expect(failing).toEqual(Object.keys(expected).sort());
  });

  it('use a shared definition schema that lints clean', () => {
    expect(lintEffectSchema(sharedSchemaText, { translations: phrases })).toEqual([]);
  });

  it('use every phrase of the fixture phrase file', () => {
    const used = new Set<string>();
    for (const f of all) {
      for (const file of [...f.pass, ...f.fail]) {
        for (const m of fixtureText(f.id, file).matchAll(/"([^"]+)"/g)) used.add(m[1] as string);
      }
    }
    for (const m of sharedSchemaText.matchAll(/"([^"]+)"/g)) used.add(m[1] as string);
    for (const key of Object.keys(phrases)) expect(used, key).toContain(key);
  });
});

describe.each(all)('$id', (fixtures) => {
  it.each(fixtures.pass)('%s lints clean', (file) => {
    expect(run(fixtures, file)).toEqual([]);
  });

  it.each(fixtures.fail)('%s reports only this rule, where the problem is', (file) => {
    const text = fixtureText(fixtures.id, file);
    const diagnostics = run(fixtures, file);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(new Set(diagnostics.map((d) => d.ruleId))).toEqual(new Set([fixtures.id]));

    const lines = text.split(/\r\n|\r|\n/);
    const parsed = parseJsonFile(text);
    for (const d of diagnostics) {
      expect(d.line).toBeGreaterThanOrEqual(1);
      expect(d.line).toBeLessThanOrEqual(lines.length);
      expect(d.column).toBeGreaterThanOrEqual(1);
      expect(d.column).toBeLessThanOrEqual((lines[d.line - 1] as string).length + 1);
      if (parsed.ok) {
        // The position is where the pointer leads: the member's key or its value.
        const at = [parsed.document.locate(d.pointer, 'key'), parsed.document.locate(d.pointer)];
        expect(at.map((p) => `${p.line}:${p.column}`)).toContain(`${d.line}:${d.column}`);
      }
    }

    const want = expected[`${fixtures.id}/${file}`] ?? [];
    expect(diagnostics).toHaveLength(want.length);
    want.forEach((w, i) => {
      const d = diagnostics[i] as Diagnostic;
      expect(`${d.line}:${d.column}`).toBe(w.at);
      expect(d.severity).toBe(w.severity);
      expect(d.message).toContain(w.message);
      expect(d.suggestion).toBe(w.suggestion);
    });
  });
});

describe('missing phrases', () => {
  it('name the key to add, for --fix', () => {
    const missing = (id: string) =>
      run(fixturesOf(id, false), 'fail.schema.json').map((d) => d.missingPhrase);
    expect(missing('placeholder-missing')).toEqual(['edt_eff_framesPerSecond']);
    expect(missing('unit-missing')).toEqual(['edt_append_framesPerSecond']);
    expect(Object.hasOwn(phrases, 'edt_eff_framesPerSecond')).toBe(false);
    expect(Object.hasOwn(phrases, 'edt_append_framesPerSecond')).toBe(false);
  });
});
