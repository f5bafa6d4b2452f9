import { describe, expect, it } from 'vitest';
import {
  COMMANDS,
  describeJsonSyntaxError,
  parseJson,
  type ResolvedEnvelope,
  readEnvelope,
  type Violation,
  validateAdjustmentRequest,
  validateClearAllRequest,
  validateClearRequest,
  validateColorRequest,
  validateComponentStateRequest,
  validateControlRequest,
  validateCreateEffectRequest,
  validateDeleteEffectRequest,
  validateEffectRequest,
  validateImageRequest,
  validateInstanceRequest,
  validateLedColorsRequest,
  validateServerInfoRequest,
} from '../src/index.js';
import { HOME_ASSISTANT, WEB_UI } from './control-requests.js';
import { described } from './requests.js';

function resolve(request: unknown): ResolvedEnvelope {
  const envelope = readEnvelope(request);
  if (!envelope.ok) throw new Error(JSON.stringify(envelope.reply));
  return envelope;
}

const validate = (request: unknown): string[] =>
  described(validateControlRequest(resolve(request), request));

describe('validateControlRequest', () => {
  it("passes every request of Home Assistant, hyperion-py and Hyperion.ng's web UI, sent as text", () => {
    for (const [client, requests] of Object.entries({ HOME_ASSISTANT, WEB_UI })) {
      for (const [what, request] of Object.entries(requests)) {
        // Through the wire: hyperion-py sends json.dumps(sort_keys=True) + "\n".
        const parsed = parseJson(`${JSON.stringify(request)}\n`);
        if (!parsed.ok) throw new Error(describeJsonSyntaxError(parsed.error));
        expect(validate(parsed.value), `${client}.${what}`).toEqual([]);
      }
    }
  });

  it('picks the validator of the command', () => {
    expect(validate({ command: 'color', priority: 1, color: [1, 2] })).toEqual([
      '/color: must hold at least one colour: 3 integers, not 2',
    ]);
    expect(validate({ command: 'effect', priority: 1 })).toEqual([
      '/effect: is required (an object with name and optionally args)',
    ]);
    expect(validate({ command: 'clear', priority: 0 })).toEqual([
      '/priority: must be an integer from 1 to 253, or -1 to clear all',
    ]);
    expect(validate({ command: 'clearall', instance: 'all' })).toEqual([
      '/instance: must be an array of instance indexes (integers from 0 to 254)',
    ]);
    expect(validate({ command: 'image', priority: 1, format: 'auto' })).toEqual([
      '/imagedata: is required (base64 of the picture)',
    ]);
    expect(
      validate({ command: 'componentstate', componentstate: { component: 'X', state: true } }),
    ).toEqual([
      expect.stringMatching(
        /^\/componentstate\/component: Unknown component name: "X" \(known: ALL, /,
      ),
    ]);
    expect(validate({ command: 'adjustment', adjustment: {} })).toEqual([
      '/adjustment: must change at least one setting besides id',
    ]);
    expect(
      validate({ command: 'create-effect', name: 'a/b', script: 's', args: { a: 1 } }),
    ).toEqual(['/name: must not contain "/": it names a file']);
    expect(validate({ command: 'delete-effect' })).toEqual([
      '/name: is required (a string of 1 to 100 characters)',
    ]);
    expect(validate({ command: 'instance', subcommand: 'createInstance' })).toEqual([
      '/name: is required (a string of at least 5 characters)',
    ]);
    expect(validate({ command: 'serverinfo', subcommand: 'subscribe' })).toEqual([
      '/data: is required (an object with subscriptions, an array of topic names; or the topics in subscribe)',
    ]);
    expect(validate({ command: 'ledcolors', subcommand: 'ledstream-stop', instance: 256 })).toEqual(
      ['/instance: must be an integer from 0 to 254'],
    );
    // Instance 255 (a restore may give it) runs, but no command names it.
    expect(validate({ command: 'ledcolors', subcommand: 'ledstream-stop', instance: 255 })).toEqual(
      [
        '/instance: must be an integer from 0 to 254: instance 255 can be used, but not named by these commands; to name it, restore the configuration with another id for it',
      ],
    );
    expect(validate({ command: 'serverinfo', instance: 255 })).toEqual([
      '/instance: must be an integer from 0 to 254: instance 255 can be used, but not named by these commands; to name it, restore the configuration with another id for it',
    ]);
    expect(validate({ command: 'clearall', instance: [0, 255] })).toEqual([
      '/instance/1: must be an integer from 0 to 254: instance 255 can be used, but not named by these commands; to name it, restore the configuration with another id for it',
    ]);
    expect(validate({ command: 'color', priority: 1, color: [1, 2, 3], instance: [255] })).toEqual([
      '/instance/0: must be an integer from 0 to 254: instance 255 can be used, but not named by these commands; to name it, restore the configuration with another id for it',
    ]);
  });

  it('also picks the config and authorize validators, by subcommand', () => {
    expect(validate({ command: 'config', subcommand: 'restoreconfig' })).toEqual([
      '/config: is required (the configuration to restore)',
    ]);
    expect(validate({ command: 'config', subcommand: 'getconfig', configFilter: [] })).toEqual([
      '/configFilter: must be an object with global and/or instances',
    ]);
    expect(validate({ command: 'config', subcommand: 'getsnapshots' })).toEqual([]);
    expect(validate({ command: 'config', subcommand: 'restoresnapshot' })).toEqual([
      '/snapshot: is required (an integer of 1 or more)',
    ]);
    expect(validate({ command: 'authorize', subcommand: 'login' })).toEqual([
      '/token: is required (a string of 1 to 512 characters)',
    ]);
  });
});

// A small deterministic generator (mulberry32), so that a failure can be replayed.
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = [
  'command',
  'subcommand',
  'tan',
  'priority',
  'duration',
  'origin',
  'effect',
  'name',
  'args',
  'pythonScript',
  'imageData',
  'instance',
  'color',
  'imagedata',
  'format',
  'imagewidth',
  'imageheight',
  'scale',
  'componentstate',
  'component',
  'state',
  'adjustment',
  'id',
  'brightness',
  'red',
  'gammaRed',
  'script',
  'subscribe',
  'data',
  'subscriptions',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'a/b~c',
  'line\nbreak',
];

const SCALARS: unknown[] = [
  0,
  -0,
  1,
  -1,
  3,
  128,
  253,
  254,
  255,
  256,
  2000,
  2001,
  1.5,
  0.1,
  2 ** 31,
  1e300,
  -1e300,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'auto',
  'ALL',
  'LEDDEVICE',
  'getInfo',
  'subscribe',
  'switchTo',
  'ledstream-start',
  'QUJD',
  'QQ==',
  'data:image/png;base64,QQ==',
  '../../etc',
  ':fire',
  '\u2028\n\u0000',
  '💡💡💡💡💡',
  '__proto__',
  true,
  false,
  null,
  undefined,
];

function randomValue(next: () => number, depth: number): unknown {
  const pick = next();
  if (depth <= 0 || pick < 0.55) {
    if (pick < 0.05) return 'x'.repeat(Math.floor(next() * 300));
    return SCALARS[Math.floor(next() * SCALARS.length)];
  }
  if (pick < 0.75) {
    return Array.from({ length: Math.floor(next() * 8) }, () => randomValue(next, depth - 1));
  }
  const object: Record<string, unknown> = {};
  for (let count = Math.floor(next() * 6); count > 0; count -= 1) {
    const key = KEYS[Math.floor(next() * KEYS.length)] ?? 'k';
    // defineProperty, as JSON.parse does, so that "__proto__" becomes an own key.
    Object.defineProperty(object, key, {
      value: randomValue(next, depth - 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

const BASES: Record<string, unknown>[] = [
  ...Object.values(HOME_ASSISTANT),
  ...Object.values(WEB_UI),
].map((request) => ({ ...request }));

function randomRequest(next: () => number): unknown {
  const roll = next();
  if (roll < 0.1) return randomValue(next, 3);
  const commands = Object.keys(COMMANDS);
  const base: Record<string, unknown> =
    roll < 0.55
      ? structuredClone(BASES[Math.floor(next() * BASES.length)] ?? {})
      : { command: commands[Math.floor(next() * commands.length)] };
  for (let count = 1 + Math.floor(next() * 4); count > 0; count -= 1) {
    const key = KEYS[Math.floor(next() * KEYS.length)] ?? 'k';
    if (key === 'command' && next() < 0.8) continue;
    if (next() < 0.15) {
      delete base[key];
    } else {
      Object.defineProperty(base, key, {
        value: randomValue(next, 3),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return base;
}

const VALIDATORS = [
  validateEffectRequest,
  validateColorRequest,
  validateImageRequest,
  validateClearRequest,
  validateClearAllRequest,
  validateComponentStateRequest,
  validateAdjustmentRequest,
  validateCreateEffectRequest,
  validateDeleteEffectRequest,
  validateInstanceRequest,
  validateServerInfoRequest,
  validateLedColorsRequest,
];

/**
 * What is wrong with a list of violations, as lines; empty when every one is well formed. Plain
 * checks rather than an expect() per violation: thousands of rounds stay quick on a busy machine.
 */
function malformed(violations: Violation[], context: string): string[] {
  const problems: string[] = [];
  for (const found of violations) {
    const what = `${context}: ${JSON.stringify(found)}`;
    if (found.pointer !== '' && !found.pointer.startsWith('/')) problems.push(`${what}: pointer`);
    if (!found.description.endsWith(`: ${found.rule}`)) problems.push(`${what}: description`);
    if (/[\n\r\u2028\u2029]/.test(found.description)) problems.push(`${what}: not one line`);
    if (found.rule.length >= 400) problems.push(`${what}: rule too long`);
  }
  return problems;
}

describe('hostile input', () => {
  it('never makes readEnvelope or a validator throw, and every violation is one line', () => {
    const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();
    const next = generator(0x5eed);
    let resolved = 0;
    let valid = 0;
    const problems: string[] = [];
    for (let round = 0; round < 3000; round += 1) {
      const request = randomRequest(next);
      const context = `round ${round}`;
      const envelope = readEnvelope(request);
      if (envelope.ok) {
        resolved += 1;
        const violations = validateControlRequest(envelope, request);
        problems.push(...malformed(violations, context));
        // The same request gives the same answer: nothing is remembered between calls.
        const again = validateControlRequest(envelope, request);
        if (JSON.stringify(again) !== JSON.stringify(violations)) {
          problems.push(`${context}: a second validation answered differently`);
        }
        if (violations.length === 0) valid += 1;
      }
      for (const validator of VALIDATORS) problems.push(...malformed(validator(request), context));
    }
    expect(problems).toEqual([]);
    // The generator reaches both sides: requests that resolve and are valid, and that are not.
    expect(resolved).toBeGreaterThan(1500);
    expect(valid).toBeGreaterThan(100);
    expect(valid).toBeLessThan(resolved);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('treats __proto__ from JSON text as an ordinary key, never as the prototype', () => {
    const text =
      '{"command":"color","__proto__":{"priority":1,"color":[1,2,3]},"priority":5,"color":[0,0,0]}';
    const parsed = parseJson(text);
    if (!parsed.ok) throw new Error(describeJsonSyntaxError(parsed.error));
    expect(validate(parsed.value)).toEqual([]);
    const inherited = JSON.parse(
      '{"command":"effect","__proto__":{"priority":1,"effect":{"name":"x"}}}',
    );
    expect(validate(inherited)).toEqual([
      '/priority: is required (an integer from 1 to 253)',
      '/effect: is required (an object with name and optionally args)',
    ]);
  });

  it('answers a non-object for every validator with one violation at the root', () => {
    for (const validator of VALIDATORS) {
      for (const request of [null, undefined, 0, 'color', [], [{ command: 'color' }]]) {
        expect(described(validator(request))).toEqual(['/: must be a JSON object']);
      }
    }
  });
});
