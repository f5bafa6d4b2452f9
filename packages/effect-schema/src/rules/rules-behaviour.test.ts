/** The tricky parts of the rules: dependency graphs, severity splits, overrides, bad input. */
import { describe, expect, it } from 'vitest';
import { checkEffectDefinition } from '../definition/check-effect-definition.js';
import { lintEffectSchema } from '../lint/lint-effect-schema.js';
import type { Diagnostic } from '../lint/types.js';
import { smoothingBlock } from './index.js';

/** The source text of a schema with these options, each given a propertyOrder and a title. */
function schemaText(properties: Record<string, Record<string, unknown>>): string {
  let order = 0;
  const props = Object.fromEntries(
    Object.entries(properties).map(([name, option]) => [
      name,
      { title: 'edt_eff_option', propertyOrder: ++order, ...option },
    ]),
  );
  return JSON.stringify(
    {
      type: 'object',
      script: 'comet.py',
      title: 'edt_eff_comet_header',
      required: true,
      properties: props,
      additionalProperties: false,
    },
    null,
    2,
  );
}

const lint = (properties: Record<string, Record<string, unknown>>) =>
  lintEffectSchema(schemaText(properties));

const brief = (ds: Diagnostic[]) => ds.map((d) => `${d.ruleId} ${d.severity}: ${d.message}`);

const checkbox = (extra: Record<string, unknown> = {}) => ({
  type: 'boolean',
  default: false,
  ...extra,
});
const select = (extra: Record<string, unknown> = {}) => ({
  type: 'string',
  enum: ['trail', 'random', 'custom'],
  default: 'trail',
  ...extra,
});
const dependsOn = (dependencies: Record<string, unknown>) => ({ options: { dependencies } });
const rgb = (extra: Record<string, unknown> = {}) => ({
  type: 'array',
  format: 'colorpicker',
  default: [255, 255, 255],
  items: { type: 'integer', minimum: 0, maximum: 255 },
  minItems: 3,
  maxItems: 3,
  ...extra,
});

describe('dependencies', () => {
  it('accept a chain: C depends on B, which depends on A', () => {
    expect(
      lint({
        sparkle: checkbox(),
        'sparkle-mode': select(dependsOn({ sparkle: true })),
        'sparkle-color': rgb(dependsOn({ 'sparkle-mode': 'custom' })),
      }),
    ).toEqual([]);
  });

  it('accept a chain that repeats a condition consistently', () => {
    expect(
      lint({
        sparkle: checkbox(),
        'sparkle-mode': select(dependsOn({ sparkle: true })),
        'sparkle-color': rgb(dependsOn({ 'sparkle-mode': 'custom', sparkle: true })),
      }),
    ).toEqual([]);
  });

  it('report a chain that needs two values of one option as unreachable-option', () => {
    const ds = lint({
      sparkle: checkbox(),
      'sparkle-mode': select(dependsOn({ sparkle: true })),
      'sparkle-color': rgb(dependsOn({ 'sparkle-mode': 'custom', sparkle: false })),
    });
    expect(brief(ds)).toEqual([
      'unreachable-option error: option "sparkle-color" can never be shown: it needs "sparkle" = true (through "sparkle-mode") and "sparkle" = false',
    ]);
    expect(ds[0]?.pointer).toBe('/properties/sparkle-color/options/dependencies');
  });

  it('report a conflict deeper in the chain for every option that depends on it', () => {
    const ds = lint({
      mode: select(),
      a: checkbox(dependsOn({ mode: 'random' })),
      b: checkbox(dependsOn({ a: true, mode: 'custom' })),
      c: checkbox(dependsOn({ b: true })),
    });
    expect(ds.map((d) => d.ruleId)).toEqual(['unreachable-option', 'unreachable-option']);
    expect(ds[0]?.message).toContain('option "b" can never be shown');
    expect(ds[1]?.message).toContain('option "c" can never be shown');
    expect(ds[1]?.message).toContain('(through "a")');
  });

  it('report a 3-cycle once, and not again as unreachable options', () => {
    const ds = lint({
      a: checkbox(dependsOn({ c: true })),
      b: checkbox(dependsOn({ a: true })),
      c: checkbox(dependsOn({ b: true })),
    });
    expect(brief(ds)).toEqual([
      'dependency-cycle error: dependency cycle "a" → "c" → "b" → "a": none of these options can ever be shown; remove one of the dependencies',
    ]);
  });

  it('report a cycle with a shortcut inside it once', () => {
    const ds = lint({
      a: checkbox(dependsOn({ b: true, c: true })),
      b: checkbox(dependsOn({ c: true })),
      c: checkbox(dependsOn({ a: true })),
    });
    expect(ds.map((d) => d.ruleId)).toEqual(['dependency-cycle']);
  });

  it('report two separate cycles separately', () => {
    const ds = lint({
      a: checkbox(dependsOn({ b: true })),
      b: checkbox(dependsOn({ a: true })),
      c: checkbox(dependsOn({ d: true })),
      d: checkbox(dependsOn({ c: true })),
    });
    expect(ds.map((d) => d.ruleId)).toEqual(['dependency-cycle', 'dependency-cycle']);
  });

  it('report a dependency on itself once, as dependency-target', () => {
    const ds = lint({ sparkle: checkbox(dependsOn({ sparkle: true })) });
    expect(brief(ds)).toEqual([
      'dependency-target error: option "sparkle" depends on itself; it could never be shown',
    ]);
  });

  it('leave a broken dependency to one rule: a wrong value is not also unreachable', () => {
    const ds = lint({
      sparkle: checkbox(),
      'sparkle-mode': select(dependsOn({ sparkle: true })),
      'sparkle-color': rgb(dependsOn({ 'sparkle-mode': 'rainbow', sparkle: false })),
    });
    expect(ds.map((d) => d.ruleId)).toEqual(['dependency-value']);
    expect(ds[0]?.message).toContain('is not one of the values of option "sparkle-mode"');
  });

  it('accept numbers and strings as drivers, within their constraints', () => {
    expect(
      lint({
        speed: { type: 'integer', default: 5, minimum: 1, maximum: 10 },
        ratio: { type: 'number', default: 0.5, minimum: 0, maximum: 1 },
        text: { type: 'string', default: 'hi' },
        a: checkbox(dependsOn({ speed: 10, ratio: 0.25, text: 'hello' })),
      }),
    ).toEqual([]);
    const ds = lint({
      speed: { type: 'integer', default: 5, minimum: 1, maximum: 10 },
      a: checkbox(dependsOn({ speed: 2.5 })),
      b: checkbox(dependsOn({ speed: 11 })),
      c: checkbox(dependsOn({ speed: '5' })),
    });
    expect(ds.map((d) => d.message)).toEqual([
      'option "a" waits for "speed" = 2.5, which must be a whole number: option "speed" is an integer',
      'option "b" waits for "speed" = 11, which is above the maximum 10 of option "speed"',
      'option "c" waits for "speed" = "5", which must be a number, like option "speed"',
    ]);
  });

  it('name the kind of an option that cannot be depended on', () => {
    const ds = lint({
      colors: { type: 'array', default: [], items: { type: 'integer' } },
      color: rgb(),
      a: checkbox(dependsOn({ colors: true, color: true })),
    });
    expect(ds.map((d) => d.message)).toEqual([
      'option "a" depends on "colors", a list; only boolean, number, integer and string options can be depended on',
      'option "a" depends on "color", an RGB colour; only boolean, number, integer and string options can be depended on',
    ]);
  });
});

describe('default-required', () => {
  const severityWithoutDefault = (option: Record<string, unknown>) => {
    const { default: _dropped, ...rest } = option;
    return lint({ x: rest })
      .filter((d) => d.ruleId === 'default-required')
      .map((d) => d.severity);
  };

  it('asks nothing of a multiselect', () => {
    expect(
      severityWithoutDefault({
        type: 'array',
        uniqueItems: true,
        items: { type: 'string', enum: ['ocean', 'forest'] },
      }),
    ).toEqual([]);
  });

  it('warns for a list and a select', () => {
    expect(severityWithoutDefault({ type: 'array', items: { type: 'integer' } })).toEqual([
      'warning',
    ]);
    expect(severityWithoutDefault(select())).toEqual(['warning']);
    // A list of unique items is not a multiselect unless its items are an enum of strings.
    expect(
      severityWithoutDefault({ type: 'array', uniqueItems: true, items: { type: 'integer' } }),
    ).toEqual(['warning']);
  });

  it('is an error for every other element', () => {
    for (const option of [
      checkbox(),
      { type: 'string', default: '' },
      { type: 'integer', default: 1 },
      { type: 'number', default: 1.5 },
      rgb(),
      rgb({ format: 'colorpickerRGBA', default: [0, 0, 0, 1], minItems: 4, maxItems: 4 }),
    ]) {
      expect(severityWithoutDefault(option), JSON.stringify(option)).toEqual(['error']);
    }
  });

  it('points at the option name', () => {
    const text = schemaText({ speed: { type: 'integer' } });
    const [d] = lintEffectSchema(text).filter((x) => x.ruleId === 'default-required');
    const line = text.split('\n').findIndex((l) => l.includes('"speed"')) + 1;
    expect(d).toMatchObject({ line, column: 5, pointer: '/properties/speed' });
  });
});

describe('smoothing-block', () => {
  const block = () =>
    Object.fromEntries(
      Object.entries(smoothingBlock).map(([name, option]) => [
        name,
        structuredClone(option) as Record<string, unknown>,
      ]),
    );
  const lintBlock = (edit: (b: Record<string, Record<string, unknown>>) => void) => {
    const b = block();
    edit(b);
    // schemaText adds a title; the block's own titles win.
    return lintEffectSchema(
      schemaText(
        Object.fromEntries(
          Object.entries({ speed: { type: 'integer', default: 5 }, ...b }).map(([n, o]) => [
            n,
            { ...o },
          ]),
        ),
      ),
    );
  };

  it('accepts the block as specified, after the options of the effect', () => {
    expect(lintBlock(() => {})).toEqual([]);
  });

  it('warns for a different default', () => {
    const ds = lintBlock((b) => {
      (b['smoothing-time_ms'] as Record<string, unknown>).default = 100;
    });
    expect(brief(ds)).toEqual([
      'smoothing-block warning: smoothing option "smoothing-time_ms" has default 100; the standard smoothing block uses 200',
    ]);
  });

  it('is an error for a changed maximum, naming both values', () => {
    const ds = lintBlock((b) => {
      (b['smoothing-updateFrequency'] as Record<string, unknown>).maximum = 200;
    });
    expect(brief(ds)).toEqual([
      'smoothing-block error: smoothing option "smoothing-updateFrequency" has maximum 200; the smoothing block requires 100',
    ]);
  });

  it('accepts 1 for 1.0: numbers compare by value', () => {
    const ds = lintBlock((b) => {
      (b['smoothing-updateFrequency'] as Record<string, unknown>).minimum = 1;
    });
    expect(ds).toEqual([]);
  });

  it('is an error for an extra or a missing keyword', () => {
    const ds = lintBlock((b) => {
      const time = b['smoothing-time_ms'] as Record<string, unknown>;
      time.step = 25;
      delete time.append;
    });
    expect(ds.map((d) => d.message)).toEqual([
      'smoothing option "smoothing-time_ms" has no append; the smoothing block requires append "edt_append_ms"',
      'smoothing option "smoothing-time_ms" has an extra keyword "step"; the smoothing block allows only type, title, minimum, maximum, default, append, options and propertyOrder',
    ]);
  });

  it('suggests the name of a misspelt smoothing option', () => {
    const ds = lintBlock((b) => {
      b['smoothing-updatefrequency'] = b['smoothing-updateFrequency'] as Record<string, unknown>;
      delete b['smoothing-updateFrequency'];
    });
    expect(ds.map((d) => d.suggestion)).toContain('smoothing-updateFrequency');
    expect(ds.map((d) => d.message)).toContain(
      'incomplete smoothing block: missing "smoothing-updateFrequency"; add all three options or none',
    );
  });

  it('warns when the three are out of their relative order, not for their absolute numbers', () => {
    const text = schemaText({ speed: { type: 'integer', default: 5 }, ...block() });
    const swapped = JSON.parse(text) as { properties: Record<string, { propertyOrder: number }> };
    const p = swapped.properties;
    (p['smoothing-time_ms'] as { propertyOrder: number }).propertyOrder = 9;
    (p['smoothing-updateFrequency'] as { propertyOrder: number }).propertyOrder = 8;
    const ds = lintEffectSchema(JSON.stringify(swapped, null, 2));
    expect(brief(ds)).toEqual([
      'smoothing-block warning: smoothing options should be ordered "smoothing-custom-settings", "smoothing-time_ms", "smoothing-updateFrequency"; "smoothing-updateFrequency" comes before "smoothing-time_ms"',
    ]);
  });
});

describe('option-name', () => {
  const names = (properties: Record<string, Record<string, unknown>>) =>
    lint(properties).map((d) => `${d.ruleId} ${d.severity}: ${d.message}`);
  const int = () => ({ type: 'integer', default: 5 });
  const only = (name: string) => {
    const ds = lint({ [name]: int() });
    expect(ds.map((d) => d.ruleId)).toEqual(['option-name']);
    return ds[0] as Diagnostic;
  };

  it('accepts plain names, whatever their style', () => {
    expect(
      names({ 'fade-time': int(), hold_time: int(), blockSize: int(), speed2: int() }),
    ).toEqual([]);
  });

  it('explains odd characters and proposes a plain name', () => {
    expect(only(' speed').message).toBe(
      'option " speed" has a space at the start in its name: it looks like "speed", but args["speed"] does not find it; use "speed"',
    );
    expect(only('speed ').message).toContain('has a space at the end in its name');
    expect(only('led.count').message).toBe(
      'option "led.count" has a dot in its name: tools that take dotted paths read "led.count" as nested keys; use "led-count"',
    );
    expect(only('in/out').message).toContain(
      'has a slash in its name: JSON pointers must escape it as ~1',
    );
    expect(only('fade~time').message).toContain('has a "~" in its name');
    expect(only('fade\ttime')).toMatchObject({
      message:
        'option "fade\\ttime" has a control character in its name: it is invisible in editors and forms and hard to type in a script; use "fade-time"',
      suggestion: 'fade-time',
    });
    expect(only('a b.c').message).toMatch(/^option "a b.c" has a space and a dot in its name: /);
    expect(only('').message).toBe(
      'option "" has an empty name: forms cannot label or address it and scripts read it as args[""]; give it a name',
    );
  });

  it('does not propose a name that another option already has', () => {
    const ds = lint({ 'fade-time': int(), 'fade time': int() });
    expect(ds.map((d) => [d.message.endsWith('; rename it'), d.suggestion])).toEqual([
      [true, undefined],
    ]);
  });

  it('points at the option name', () => {
    const text = schemaText({ speed: int(), 'led.count': int() });
    const [d] = lintEffectSchema(text);
    const line = text.split('\n').findIndex((l) => l.includes('"led.count"')) + 1;
    expect(d).toMatchObject({ line, column: 5, pointer: '/properties/led.count' });
    const slash = lintEffectSchema(schemaText({ 'in/out': int() }));
    expect(slash[0]?.pointer).toBe('/properties/in~1out');
  });

  it('warns for names every JavaScript object has, __proto__ included', () => {
    for (const name of ['constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(only(name).message, name).toContain(
        `option "${name}" is named like a member of every JavaScript object`,
      );
    }
    const text = schemaText({ speed: int() }).replace('"speed"', '"__proto__"');
    expect(brief(lintEffectSchema(text))).toEqual([
      'option-name warning: option "__proto__" is the prototype of every JavaScript object: a form or script that sets args["__proto__"] replaces the prototype instead of storing the value; rename it',
    ]);
    // Case matters to JavaScript: these are ordinary names.
    expect(names({ tostring: int(), Constructor: int() })).toEqual([]);
  });

  it('warns for names that differ only by case or -/_, at each later one', () => {
    const ds = lint({ fadeTime: int(), 'fade-time': int(), FADE_TIME: int(), speed: int() });
    expect(ds.map((d) => d.message)).toEqual([
      'option "fade-time" differs from option "fadeTime" only by case or "-"/"_": users and script authors mix the two up; merge them or give one a clearly different name',
      'option "FADE_TIME" differs from option "fadeTime" only by case or "-"/"_": users and script authors mix the two up; merge them or give one a clearly different name',
    ]);
    expect(ds.map((d) => d.pointer)).toEqual(['/properties/fade-time', '/properties/FADE_TIME']);
  });

  it('warns for "smoothing" and for look-alikes of the block that smoothing-block does not catch', () => {
    expect(names({ Smoothing: int() })).toEqual([
      'option-name warning: option "Smoothing" has the name forms give the smoothing block: its value can be taken for the block\'s; use the block\'s three options for smoothing, or give this option a more specific name such as "smoothing-strength"',
    ]);
    expect(names({ 'Smoothing-Time_ms': int() })).toEqual([
      'option-name warning: option "Smoothing-Time_ms" differs from the smoothing block\'s "smoothing-time_ms" only by case or "-"/"_": forms and readers take it for the block\'s option; use the whole block as specified, or give this option a name of its own',
    ]);
    expect(names({ 'smoothing-strength': int(), 'smoothing-steps': int() })).toEqual([]);
  });

  it('leaves the smoothing block and its misspellings to smoothing-block, reporting each once', () => {
    const block = Object.fromEntries(
      Object.entries(smoothingBlock).map(([n, o]) => [n, structuredClone(o)]),
    ) as Record<string, Record<string, unknown>>;
    expect(lint(block)).toEqual([]);
    // The block's own name, but not the block: smoothing-block's error says it all.
    const lone = lint({
      'smoothing-time_ms': block['smoothing-time_ms'] as Record<string, unknown>,
    });
    expect(lone.map((d) => d.ruleId)).toContain('smoothing-block');
    expect(lone.map((d) => d.ruleId)).not.toContain('option-name');
    // A misspelt block option next to the real one is a typo, not also a look-alike.
    const ds = lint({ ...block, smoothing_time_ms: int() });
    expect(ds.map((d) => d.ruleId)).toEqual(['smoothing-block']);
  });
});

describe('placeholder-prefix', () => {
  const prefixFindings = (title: string, append?: string) =>
    lint({
      speed: { type: 'integer', default: 5, title, ...(append ? { append } : {}) },
    }).map((d) => `${d.ruleId} ${d.severity}`);

  it('accepts edt_eff_ titles and edt_append_ units', () => {
    expect(prefixFindings('edt_eff_speed', 'edt_append_ms')).toEqual([]);
  });

  it('warns for another edt_ phrase', () => {
    expect(prefixFindings('edt_conf_v4l2_cropLeft_title')).toEqual(['placeholder-prefix warning']);
    expect(prefixFindings('edt_eff_speed', 'edt_eff_ms')).toEqual(['placeholder-prefix warning']);
  });

  it('is an error for plain text', () => {
    expect(prefixFindings('Speed')).toEqual(['placeholder-prefix error']);
    expect(prefixFindings('edt_eff_speed', 'ms')).toEqual(['placeholder-prefix error']);
  });

  it('checks the schema title and the enum labels too', () => {
    const text = schemaText({
      mode: select({ options: { enum_titles: ['edt_eff_enum_trail', 'Random', 'edt_eff_x'] } }),
    }).replace('"edt_eff_comet_header"', '"Comet"');
    expect(lintEffectSchema(text).map((d) => d.pointer)).toEqual([
      '/title',
      '/properties/mode/options/enum_titles/1',
    ]);
  });
});

describe('rule overrides', () => {
  const unordered = JSON.stringify({
    type: 'object',
    script: 'pulse.py',
    title: 'edt_eff_pulse_header',
    properties: { period: { type: 'number', title: 'edt_eff_period', default: 4 } },
  });

  it('turn a rule off', () => {
    expect(lintEffectSchema(unordered).map((d) => d.ruleId)).toEqual(['property-order']);
    expect(lintEffectSchema(unordered, { rules: { 'property-order': 'off' } })).toEqual([]);
  });

  it('replace a rule severity, even one a rule chose per finding', () => {
    expect(
      lintEffectSchema(unordered, { rules: { 'property-order': 'error' } }).map((d) => d.severity),
    ).toEqual(['error']);
    const select = lint({ mode: { type: 'string', enum: ['a', 'b'] } });
    expect(select.map((d) => d.severity)).toEqual(['warning']);
    const raised = lintEffectSchema(schemaText({ mode: { type: 'string', enum: ['a', 'b'] } }), {
      rules: { 'default-required': 'error' },
    });
    expect(raised.map((d) => d.severity)).toEqual(['error']);
  });

  it('apply to invalid-json too', () => {
    expect(lintEffectSchema('{', { rules: { 'invalid-json': 'off' } })).toEqual([]);
    expect(
      lintEffectSchema('{', { rules: { 'invalid-json': 'warning' } }).map((d) => d.severity),
    ).toEqual(['warning']);
  });

  it('leave other rules alone', () => {
    const text = schemaText({ speed: { type: 'integer', default: '5' } });
    expect(lintEffectSchema(text, { rules: { 'property-order': 'off' } })).toHaveLength(1);
  });
});

describe('invalid JSON', () => {
  const at = (text: string) => {
    const ds = lintEffectSchema(text);
    expect(ds).toHaveLength(1);
    const d = ds[0] as Diagnostic;
    expect(d.ruleId).toBe('invalid-json');
    return `${d.line}:${d.column} ${d.message}`;
  };

  it('points at a trailing comma', () => {
    expect(at('{\n  "type": "object",\n  "script": "pulse.py",\n}\n')).toBe(
      '3:23 invalid JSON: trailing comma before }',
    );
    expect(at('{\n  "enum": ["a", "b",\n  ]\n}')).toBe(
      '2:20 invalid JSON: trailing comma before ]',
    );
  });

  it('points at the value after a missing comma', () => {
    expect(at('{\n  "type": "object"\n  "script": "pulse.py"\n}')).toBe(
      `3:3 invalid JSON: expected ',' or '}', found '"'`,
    );
    expect(at('{"enum": ["a" "b"]}')).toBe(`1:15 invalid JSON: expected ',' or ']', found '"'`);
  });

  it('points at a single-quoted string', () => {
    expect(at('{\n  "script": \'pulse.py\'\n}')).toBe(
      "2:13 invalid JSON: expected a value, found ''' (strings take double quotes)",
    );
    expect(at('{\n  \'script\': "pulse.py"\n}')).toBe(
      "2:3 invalid JSON: expected a property name in double quotes or '}', found '''",
    );
  });

  it('points at an unterminated string', () => {
    expect(at('{\n  "script": "pulse.py\n}')).toBe(
      `2:22 invalid JSON: unterminated string, expected '"' before the line break`,
    );
    expect(at('{\n  "script": "pulse.py')).toBe(
      `2:13 invalid JSON: unterminated string, expected '"' before the end of the text`,
    );
  });

  it('reports comments, empty files and text after the value', () => {
    expect(at('{\n  // speed\n}')).toBe(
      "2:3 invalid JSON: expected a property name in double quotes or '}', found a comment (JSON allows none)",
    );
    expect(at('')).toBe('1:1 invalid JSON: expected a JSON value, found an empty text');
    expect(at('{} {}')).toBe("1:4 invalid JSON: expected the end of the text, found '{'");
  });

  it('counts CRLF line breaks once', () => {
    expect(at('{\r\n  "type": "object"\r\n  "script": "x.py"\r\n}')).toMatch(/^3:3 /);
  });
});

describe('duplicate keys', () => {
  it('are reported at the second key', () => {
    const text = '{\n  "type": "object",\n  "script": "a.py",\n  "type": "object"\n}';
    const ds = lintEffectSchema(text).filter((d) => d.ruleId === 'duplicate-key');
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ line: 4, column: 3, pointer: '/type' });
  });

  it('are found inside options, and reported once however often they repeat', () => {
    const text = schemaText({ speed: { type: 'integer', default: 5, minimum: 1 } }).replace(
      '"minimum": 1',
      '"minimum": 1, "minimum": 2, "minimum": 0',
    );
    const ds = lintEffectSchema(text).filter((d) => d.ruleId === 'duplicate-key');
    expect(ds.map((d) => d.message)).toEqual([
      'duplicate key "minimum" (3 times): only the last one counts; remove or rename the others',
    ]);
    expect(ds[0]?.pointer).toBe('/properties/speed/minimum');
    const line = text.split('\n')[(ds[0]?.line as number) - 1] as string;
    expect(line.slice((ds[0]?.column as number) - 1)).toBe('"minimum": 0');
  });

  it('are not confused by equal keys in different objects', () => {
    const text = schemaText({
      a: { type: 'integer', default: 1 },
      b: { type: 'integer', default: 2 },
    });
    expect(lintEffectSchema(text).filter((d) => d.ruleId === 'duplicate-key')).toEqual([]);
  });
});

describe('a schema that is not an object', () => {
  it.each([
    ['[]', 'an array'],
    ['[{"type": "object"}]', 'an array'],
    ['42', 'a number'],
    ['"rainbow"', 'a string'],
    ['null', 'null'],
    ['true', 'a boolean'],
  ])('%s is one schema-structure error', (text, kind) => {
    expect(lintEffectSchema(text)).toEqual([
      {
        ruleId: 'schema-structure',
        severity: 'error',
        message: `an effect option schema must be a JSON object, not ${kind}`,
        pointer: '',
        line: 1,
        column: 1,
      },
    ]);
  });

  it('nor are its parts: odd values do not crash any rule', () => {
    for (const properties of [[], 7, null, { speed: null }, { speed: [1] }, { speed: 'fast' }]) {
      const text = JSON.stringify({
        type: 'object',
        script: 'x.py',
        title: 'edt_eff_x',
        properties,
      });
      const ds = lintEffectSchema(text, { translations: {} });
      expect(ds.filter((d) => d.message.startsWith('internal error'))).toEqual([]);
      expect(ds.map((d) => d.ruleId)).toContain('schema-structure');
    }
  });
});

describe('effect definitions', () => {
  const schema = schemaText({ speed: { type: 'integer', default: 5, minimum: 1, maximum: 10 } });

  it('take a schema as text or value', () => {
    const def = JSON.stringify({ name: 'Comet', script: 'comet.py', args: { speed: 3 } });
    expect(checkEffectDefinition(def, { schema })).toEqual([]);
    expect(checkEffectDefinition(def, { schema: JSON.parse(schema) })).toEqual([]);
  });

  it('report a schema with errors once, at the script', () => {
    const broken = schema.replace('"default": 5', '"default": "5"');
    const def = '{\n  "name": "Comet",\n  "script": "comet.py",\n  "args": {}\n}';
    const ds = checkEffectDefinition(def, { schema: broken });
    expect(ds.map((d) => `${d.ruleId} ${d.line}:${d.column}`)).toEqual(['definition-schema 3:13']);
    expect(ds[0]?.message).toContain('has 1 error (first: default of option "speed"');
  });

  it('warn, not fail, for an unknown arg when the schema allows other args', () => {
    const open = schema.replace('"additionalProperties": false', '"additionalProperties": true');
    const def = JSON.stringify({ name: 'Comet', script: 'comet.py', args: { colour: 1 } });
    expect(checkEffectDefinition(def, { schema: open }).map((d) => d.severity)).toEqual([
      'warning',
    ]);
  });

  it('report a definition that is not an object', () => {
    expect(checkEffectDefinition('[]').map((d) => d.message)).toEqual([
      'an effect definition must be a JSON object with name, script and args, not an array',
    ]);
  });
});

describe('follow-ups found while reviewing the rules', () => {
  it('an option hanging off a dependency cycle is reported as unreachable, the cycle once', () => {
    const ds = lint({
      a: checkbox(dependsOn({ b: true })),
      b: checkbox(dependsOn({ a: true })),
      c: checkbox(dependsOn({ a: true })),
    });
    expect(brief(ds)).toEqual([
      'dependency-cycle error: dependency cycle "a" → "b" → "a": none of these options can ever be shown; remove one of the dependencies',
      'unreachable-option error: option "c" can never be shown: it depends on "a", which is in a dependency cycle and never shown',
    ]);
  });

  it('a script option named smoothing-something is not taken for a misspelt block option', () => {
    expect(lint({ 'smoothing-strength': { type: 'integer', default: 3 } })).toEqual([]);
    const ds = lint({ 'smoothing-time-ms': { type: 'integer', default: 3 } });
    expect(ds.map((d) => [d.ruleId, d.suggestion])).toEqual([
      ['smoothing-block', 'smoothing-time_ms'],
    ]);
  });

  it('rule overrides also apply to the diagnostics the definition checker makes itself', () => {
    const text = JSON.stringify({ name: 'Comet', script: 'nowhere.py', args: {} });
    expect(
      checkEffectDefinition(text, { resolveSchema: () => undefined }).map((d) => d.ruleId),
    ).toEqual(['definition-schema']);
    expect(
      checkEffectDefinition(text, {
        resolveSchema: () => undefined,
        rules: { 'definition-schema': 'off' },
      }),
    ).toEqual([]);
    expect(
      checkEffectDefinition('{', { rules: { 'invalid-json': 'warning' } }).map((d) => d.severity),
    ).toEqual(['warning']);
  });
});
