import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasStackTrace, runCli } from './run-cli.js';
import {
  cloneGoodSchema,
  createWorkspace,
  goodSchema,
  phrases,
  type Workspace,
} from './workspace.js';

let ws: Workspace;
afterEach(() => ws?.remove());

describe('glowkit-schema (process)', () => {
  it('prints help and exits 0 with --help; exits 2 with usage when run without a command', async () => {
    ws = createWorkspace();
    const help = await runCli(['--help'], ws.dir);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: glowkit-schema <command>');
    const bare = await runCli([], ws.dir);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('Commands:');
    const lintHelp = await runCli(['lint', '--help'], ws.dir);
    expect(lintHelp.stdout).toContain('--fix');
  });

  it('rejects an unknown command and an unknown option with one line and exit 2', async () => {
    ws = createWorkspace();
    const cmd = await runCli(['lnt', 'x.json'], ws.dir);
    expect(cmd.code).toBe(2);
    expect(cmd.stderr.trim().split('\n')).toHaveLength(1);
    expect(cmd.stderr).toContain('unknown command "lnt"');
    const opt = await runCli(['lint', '--colour', 'x.json'], ws.dir);
    expect(opt.code).toBe(2);
    expect(opt.stderr).toMatch(/^glowkit-schema: Unknown option '--colour'/);
    const fmt = await runCli(['lint', '--format', 'xml', 'x.json'], ws.dir);
    expect(fmt.code).toBe(2);
    expect(fmt.stderr).toContain('--format must be one of stylish, json, github');
  });

  it('exits 0 on a clean schema and says so', async () => {
    ws = createWorkspace({ 'glow.schema.json': goodSchema, 'en.json': phrases });
    const r = await runCli(['lint', 'glow.schema.json', '--translations', 'en.json'], ws.dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('✔ 1 schema checked: no problems\n');
  });

  it('lints settings group schemas with --profile settings, and refuses another profile', async () => {
    const group = {
      type: 'object',
      title: 'edt_conf_smooth_heading_title',
      properties: {
        enable: {
          type: 'boolean',
          title: 'edt_conf_general_enable_title',
          default: true,
          propertyOrder: 1,
        },
      },
    };
    ws = createWorkspace({ 'smoothing.schema.json': group });
    const settings = await runCli(['lint', '--profile', 'settings', '.'], ws.dir);
    expect(settings.stderr).toBe('');
    expect(settings.code).toBe(0);
    const effect = await runCli(['lint', '.'], ws.dir);
    expect(effect.code).toBe(1);
    expect(effect.stdout).toContain('the schema has no "script"');
    const other = await runCli(['lint', '--profile', 'device', '.'], ws.dir);
    expect(other.code).toBe(2);
    expect(other.stderr.trim()).toBe(
      'glowkit-schema: --profile must be effect or settings, not "device"',
    );
  });

  it('exits 0 with warnings only, and 1 with errors, showing line:column, severity, message and rule', async () => {
    const warn = cloneGoodSchema();
    delete warn.properties.color.propertyOrder;
    const bad = cloneGoodSchema();
    bad.properties.speed.default = 20;
    ws = createWorkspace({ 'warn.schema.json': warn, 'bad.schema.json': bad });
    const w = await runCli(['lint', 'warn.schema.json'], ws.dir);
    expect(w.code).toBe(0);
    expect(w.stdout).toMatch(
      /^ {2}17:5 {2}warning {2}option "color" has no propertyOrder.* {2}property-order$/m,
    );
    expect(w.stdout).toContain('✖ 1 problem (0 errors, 1 warning) in 1 of 1 schema');
    const e = await runCli(['lint', 'bad.schema.json'], ws.dir);
    expect(e.code).toBe(1);
    expect(e.stdout).toContain('bad.schema.json\n');
    expect(e.stdout).toMatch(
      /10:18 {2}error {4}default of option "speed": 20 is greater than the maximum 10 {2}default-constraint/,
    );
  });

  it('reports a missing file in one line with exit 2, and still lints the others', async () => {
    ws = createWorkspace({ 'glow.schema.json': goodSchema });
    const r = await runCli(['lint', 'nope.schema.json', 'glow.schema.json'], ws.dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('glowkit-schema: nope.schema.json: no such file or directory\n');
    expect(r.stdout).toContain('1 schema checked');
    expect(hasStackTrace(r.stderr + r.stdout)).toBe(false);
  });

  it('reports invalid JSON with its line and column', async () => {
    ws = createWorkspace({
      'broken.schema.json': '{\n  "type": "object",\n  "properties": {,}\n}\n',
    });
    const r = await runCli(['lint', 'broken.schema.json'], ws.dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      / {2}3:18 {2}error {4}invalid JSON: expected a property name in double quotes or '}', found ',' {2}invalid-json/,
    );
    expect(hasStackTrace(r.stdout + r.stderr)).toBe(false);
  });

  it('reports a schema that is not an object', async () => {
    ws = createWorkspace({ 'list.schema.json': '[1, 2]\n', 'empty.schema.json': '' });
    const r = await runCli(['lint', 'list.schema.json', 'empty.schema.json'], ws.dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('an effect option schema must be a JSON object, not an array');
    expect(r.stdout).toContain('invalid JSON: expected a JSON value, found an empty text');
    expect(hasStackTrace(r.stdout + r.stderr)).toBe(false);
  });

  it('lints every *.schema.json below a directory, and matches globs', async () => {
    ws = createWorkspace({
      'effects/schema/a.schema.json': goodSchema,
      'effects/schema/nested/b.schema.json': goodSchema,
      'effects/a.json': { name: 'A', script: 'glow.py', args: {} },
    });
    const dir = await runCli(['lint', 'effects'], ws.dir);
    expect(dir.code).toBe(0);
    expect(dir.stdout).toContain('2 schemas checked');
    const glob = await runCli(['lint', 'effects/**/a.*.json'], ws.dir);
    expect(glob.stdout).toContain('1 schema checked');
    const none = await runCli(['lint', 'effects/*.txt'], ws.dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('effects/*.txt: no files match this pattern');
    ws.write('empty/readme.txt', 'nothing here');
    const empty = await runCli(['lint', 'empty'], ws.dir);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('empty: no *.schema.json files in this directory');
  });

  it('prints JSON with --format json', async () => {
    const bad = cloneGoodSchema();
    bad.properties.speed.apend = 'edt_append_s';
    ws = createWorkspace({ 'bad.schema.json': bad });
    const r = await runCli(['lint', '--format', 'json', 'bad.schema.json'], ws.dir);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report).toHaveLength(1);
    expect(report[0]).toMatchObject({ file: 'bad.schema.json', errorCount: 1, warningCount: 0 });
    expect(report[0].diagnostics[0]).toMatchObject({
      ruleId: 'unknown-keyword',
      severity: 'error',
      pointer: '/properties/speed/apend',
      suggestion: 'append',
      line: 16,
      column: 7,
    });
    expect(report[0].diagnostics[0].message).toContain('did you mean "append"?');
  });

  it('prints GitHub workflow annotations with --format github', async () => {
    const bad = cloneGoodSchema();
    bad.properties.speed.minimum = 50;
    ws = createWorkspace({ 'bad.schema.json': bad });
    const r = await runCli(['lint', '--format', 'github', 'bad.schema.json'], ws.dir);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toContain(
      '::error file=bad.schema.json,line=11,col=18,title=range-order::minimum 50 is greater than maximum 10: no value can satisfy both',
    );
    expect(lines.at(-1)).toBe('1 file checked: 2 errors, 0 warnings');
  });

  it('--fix adds missing phrases to the translation file, keeping order and formatting', async () => {
    const original = '{\n\t"edt_append_s": "s",\n\t"edt_eff_glow_header": "Glow"\n}\n';
    ws = createWorkspace({ 'glow.schema.json': goodSchema, 'i18n/en.json': original });
    const before = await runCli(['lint', 'glow.schema.json', '--translations', 'i18n'], ws.dir);
    expect(before.code).toBe(1);
    expect(before.stdout).toContain('title of option "speed" "edt_eff_speed" has no phrase');
    const fixed = await runCli(
      ['lint', '--fix', 'glow.schema.json', '--translations', 'i18n'],
      ws.dir,
    );
    expect(fixed.code).toBe(0);
    expect(fixed.stderr).toContain('Added 2 missing phrases to');
    expect(fixed.stdout).toBe('✔ 1 schema checked: no problems\n');
    const text = readFileSync(join(ws.dir, 'i18n/en.json'), 'utf8');
    expect(text).toBe(
      '{\n\t"edt_append_s": "s",\n\t"edt_eff_color": "TODO translate: Color",\n\t"edt_eff_glow_header": "Glow",\n\t"edt_eff_speed": "TODO translate: Speed"\n}\n',
    );
    const again = await runCli(
      ['lint', '--fix', 'glow.schema.json', '--translations', 'i18n'],
      ws.dir,
    );
    expect(again.stderr).toBe('');
    expect(readFileSync(join(ws.dir, 'i18n/en.json'), 'utf8')).toBe(text);
  });

  it('--fix needs --translations; a missing or broken translation file is exit 2', async () => {
    ws = createWorkspace({ 'glow.schema.json': goodSchema, 'bad.json': '{"a": 1,,}' });
    const noFile = await runCli(['lint', '--fix', 'glow.schema.json'], ws.dir);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain(
      '--fix adds missing phrases to the translation file: give it with --translations',
    );
    const missing = await runCli(
      ['lint', 'glow.schema.json', '--translations', 'nope.json'],
      ws.dir,
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      'glowkit-schema: --translations nope.json: no such file or directory\n',
    );
    const broken = await runCli(['lint', 'glow.schema.json', '--translations', 'bad.json'], ws.dir);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/bad\.json:1:9: translation file is not valid JSON/);
  });
});

describe('glowkit-schema check-effect', () => {
  it('checks definitions against schema/<script>.schema.json beside them', async () => {
    ws = createWorkspace({
      'fx/schema/glow.schema.json': goodSchema,
      'fx/glow.json': { name: 'Glow', script: 'glow.py', args: { speed: 2, color: [0, 0, 255] } },
      'fx/package.json': { name: 'not-a-definition' },
    });
    const ok = await runCli(['check-effect', 'fx'], ws.dir);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe('✔ 1 definition checked: no problems\n');
  });

  it('reports bad args, unknown args with a suggestion, and a missing schema', async () => {
    ws = createWorkspace({
      'fx/schema/glow.schema.json': goodSchema,
      'fx/glow.json': { name: 'Glow', script: 'glow.py', args: { sped: 2, color: [0, 0, 256] } },
      'fx/other.json': { name: 'Other', script: 'missing.py', args: {} },
    });
    const r = await runCli(['check-effect', 'fx/glow.json', 'fx/other.json'], ws.dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('arg "sped" is not an option of glow.py: did you mean "speed"?');
    expect(r.stdout).toContain(
      'arg "color" at /2: colour channel 256 must be an integer from 0 to 255',
    );
    expect(r.stdout).toContain(
      'no option schema found for script "missing.py" (looked in fx/schema and fx; use --schemas <dir>)',
    );
  });

  it('finds schemas in --schemas', async () => {
    ws = createWorkspace({
      'schemas/glow.schema.json': goodSchema,
      'defs/glow.json': { name: 'Glow', script: ':/effects/glow.py', args: {} },
    });
    const r = await runCli(['check-effect', 'defs', '--schemas', 'schemas'], ws.dir);
    expect(r.code).toBe(0);
  });
});

describe('glowkit-schema types', () => {
  it('prints an interface with JSDoc, or writes it with -o', async () => {
    ws = createWorkspace({ 'glow.schema.json': goodSchema, 'en.json': phrases });
    const r = await runCli(['types', 'glow.schema.json', '--translations', 'en.json'], ws.dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('export interface GlowArgs {');
    expect(r.stdout).toContain('speed?: number;');
    expect(r.stdout).toContain('color?: [number, number, number];');
    expect(r.stdout).toContain('Speed (`edt_eff_speed`)');
    expect(r.stdout).toContain('@maximum 10 s');
    const out = await runCli(
      ['types', 'glow.schema.json', '-o', 'glow-args.ts', '--complete', '--name', 'Glow'],
      ws.dir,
    );
    expect(out.code).toBe(0);
    const text = readFileSync(join(ws.dir, 'glow-args.ts'), 'utf8');
    expect(text).toContain('export interface Glow {');
    expect(text).toContain('speed: number;');
  });

  it('refuses a schema with errors and generates nothing', async () => {
    ws = createWorkspace({
      'bad.schema.json': { ...goodSchema, properties: { x: { type: 'integer' } } },
    });
    const r = await runCli(['types', 'bad.schema.json'], ws.dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no types were generated');
  });
});

describe('glowkit-schema phrases', () => {
  it('lists the placeholders missing per language and exits 1', async () => {
    ws = createWorkspace({
      'glow.schema.json': goodSchema,
      'i18n/en.json': phrases,
      'i18n/de.json': { edt_eff_glow_header: 'Glühen', edt_eff_speed: 'Tempo' },
    });
    const r = await runCli(['phrases', 'glow.schema.json', '--translations', 'i18n'], ws.dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('✖ de: 2 of 4 placeholders missing');
    expect(r.stdout).toMatch(
      /edt_append_s {2}append in glow\.schema\.json at \/properties\/speed\/append/,
    );
    expect(r.stdout).toContain('✔ en: all 4 placeholders translated');
    const json = await runCli(
      ['phrases', 'glow.schema.json', '--translations', 'i18n', '--format', 'json'],
      ws.dir,
    );
    const report = JSON.parse(json.stdout);
    expect(
      report.languages
        .find((l: { language: string }) => l.language === 'de')
        .missing.map((m: { key: string }) => m.key),
    ).toEqual(['edt_append_s', 'edt_eff_color']);
  });
});
