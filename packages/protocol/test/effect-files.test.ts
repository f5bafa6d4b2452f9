import { describe, expect, it } from 'vitest';
import { validateCreateEffectRequest, validateDeleteEffectRequest } from '../src/index.js';
import { changed, PNG_1X1, WEB_UI } from './control-requests.js';
import { described } from './requests.js';

const create = (change: Record<string, unknown>): string[] =>
  described(validateCreateEffectRequest(changed(WEB_UI.createEffect, change)));

const NAME_RULE = '/name: must be a string of 1 to 100 characters';

describe('validateCreateEffectRequest', () => {
  it("accepts what Hyperion.ng's web UI saves, with or without a picture", () => {
    expect(validateCreateEffectRequest(WEB_UI.createEffect)).toEqual([]);
    expect(create({ imageData: undefined })).toEqual([]);
    expect(
      create({ script: ':/effects/gif.py', args: { file: 'cat.gif' }, imageData: PNG_1X1 }),
    ).toEqual([]);
  });

  it('needs name, script and args', () => {
    expect(described(validateCreateEffectRequest({ command: 'create-effect' }))).toEqual([
      '/name: is required (a string of 1 to 100 characters, without "/", "\\" or "..")',
      '/script: is required (a string of 1 to 4096 characters)',
      '/args: is required (a non-empty object of effect options)',
    ]);
  });

  it('takes a name of 1 to 100 characters that stays a plain file name', () => {
    expect(create({ name: 'x'.repeat(100) })).toEqual([]);
    expect(create({ name: 'Warm: evening' })).toEqual([]);
    for (const name of ['', 'x'.repeat(101), 5]) {
      expect(create({ name }), String(name)).toEqual([NAME_RULE]);
    }
    expect(create({ name: '../etc/passwd' })).toEqual([
      '/name: must not contain "/" or "..": it names a file',
    ]);
    expect(create({ name: 'a\\b' })).toEqual(['/name: must not contain "\\\\": it names a file']);
    expect(create({ name: 'two..dots' })).toEqual([
      '/name: must not contain "..": it names a file',
    ]);
    expect(create({ name: ':fire' })).toEqual([
      '/name: must not start with ":", which marks built-in effects',
    ]);
  });

  it('needs a non-empty args object, a non-empty script and base64 imageData', () => {
    for (const args of [{}, [], '{"speed":1}', null]) {
      expect(create({ args }), JSON.stringify(args)).toEqual([
        '/args: must be a non-empty object of effect options',
      ]);
    }
    expect(create({ script: '' })).toEqual(['/script: must be a string of 1 to 4096 characters']);
    expect(create({ imageData: 'R0lGOD lhAQ==' })).toEqual([
      '/imageData: must be base64 (A-Z, a-z, 0-9, + and /, padded with =): " " at index 6 is not allowed',
    ]);
  });
});

describe('validateDeleteEffectRequest', () => {
  it("accepts what Hyperion.ng's web UI sends", () => {
    expect(validateDeleteEffectRequest(WEB_UI.deleteEffect)).toEqual([]);
  });

  it('needs a name of 1 to 100 characters', () => {
    expect(described(validateDeleteEffectRequest({ command: 'delete-effect' }))).toEqual([
      '/name: is required (a string of 1 to 100 characters)',
    ]);
    for (const name of ['', 'x'.repeat(101), ['My Knight']]) {
      expect(
        described(validateDeleteEffectRequest({ command: 'delete-effect', name })),
        String(name),
      ).toEqual([NAME_RULE]);
    }
    expect(described(validateDeleteEffectRequest({ command: 'effect', name: 'x' }))).toEqual([
      '/command: must be "delete-effect"',
    ]);
  });
});
