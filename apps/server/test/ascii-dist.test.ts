import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { escapeOutsideLatin1, stripLayout } from '../../../scripts/ascii-dist.mjs';

/** What a script evaluates to: its last expression, run in a fresh context. */
const evaluated = (script: string): unknown => runInNewContext(script);

describe('ascii-dist (scripts/ascii-dist.mjs)', () => {
  it('escapes strings, templates, regular expressions, comments and names, which read the same', () => {
    const script = [
      '// a comment — with “quotes”',
      "const é = 'x\\—y — z';",
      'const ж = "😀 ≥ 1";',
      'const r = /[—…]+/u;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample's own template literal
      'const t = `${ж} ≤ ${é} …`;',
      '/* ⌊d/2⌋ */ [é, ж, t, r.test("—…"), r.test("-")]',
    ].join('\n');
    const escaped = escapeOutsideLatin1('sample.js', script);
    expect(escaped).not.toMatch(/[\u0100-\uffff]/);
    expect(escaped).toContain('\\u2014');
    // The identity escape `\—` becomes the escape alone, not a backslash before it.
    expect(escaped).toContain("'x\\u2014y");
    expect(evaluated(escaped)).toEqual(evaluated(script));
  });

  it('leaves a file that is Latin-1 already as it is', () => {
    const script = "const s = 'déjà vu, 5 ¥'; s";
    expect(escapeOutsideLatin1('latin1.js', script)).toBe(script);
  });

  it("refuses a tagged template's text, whose raw form would change, in one line", () => {
    expect(() => escapeOutsideLatin1('tagged.js', 'const a = 1;\nString.raw`a — b`')).toThrow(
      /^ascii-dist: tagged\.js:2: a character outside Latin-1 in a tagged template/,
    );
  });

  it('drops comments and indentation, keeping every line, literal text and licence', () => {
    const script = [
      '/**',
      ' * A doc comment.',
      ' */',
      'function f(a /* inline */, b) {',
      '    // a line comment',
      '    const t = `x',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample's own template literal
      '    y ${a /* c */} // kept: template text',
      '  z`;',
      "    const s = 'a\\",
      "    b';",
      '    return a/**/+b + t + s + "// a string"; /*! licence */',
      '}',
      'f(1, 2)',
      '//# sourceMappingURL=sample.js.map',
    ].join('\n');
    const stripped = stripLayout('sample.js', script);
    expect(stripped.split('\n')).toHaveLength(script.split('\n').length);
    expect(stripped).not.toMatch(/doc comment|inline|a line comment|\/\* c \*\//);
    expect(stripped).toContain('/*! licence */');
    expect(stripped).toContain('//# sourceMappingURL=sample.js.map');
    expect(stripped).toContain('return a +b');
    // The template's and the string's lines keep their spaces: they are the literal's text.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample's own template literal
    expect(stripped).toContain('\n    y ${a  } // kept: template text\n  z`');
    expect(stripped).toContain("\n    b'");
    expect(evaluated(stripped)).toEqual(evaluated(script));
  });

  it("leaves no character outside Latin-1 in the server's build and the packages it loads", () => {
    const root = join(import.meta.dirname, '../../..');
    const dists = ['apps/server', 'packages/engine', 'packages/protocol', 'packages/json'];
    const wide: string[] = [];
    for (const dist of dists.map((p) => join(root, p, 'dist'))) {
      for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.[cm]?js$/.test(entry.name)) continue;
        const file = join(entry.parentPath, entry.name);
        if (/[\u0100-\uffff]/.test(readFileSync(file, 'utf8'))) wide.push(file);
      }
    }
    expect(wide).toEqual([]);
  });
});
