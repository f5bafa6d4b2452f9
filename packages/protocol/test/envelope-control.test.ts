import { describe, expect, expectTypeOf, it } from 'vitest';
import { type CommandWithoutSubcommand, readEnvelope } from '../src/index.js';

const WITHOUT_SUBCOMMAND = [
  'effect',
  'color',
  'image',
  'clear',
  'clearall',
  'componentstate',
  'adjustment',
  'create-effect',
  'delete-effect',
];

describe('readEnvelope: commands without subcommands', () => {
  it('resolves each with subcommand undefined and the bare command as the reply name', () => {
    for (const command of WITHOUT_SUBCOMMAND) {
      expect(readEnvelope({ command, tan: 3 }), command).toEqual({
        ok: true,
        command,
        subcommand: undefined,
        tan: 3,
        name: command,
      });
    }
  });

  it('ignores whatever subcommand holds, as Hyperion.ng clients never send one', () => {
    for (const subcommand of ['', 'start', 7, null, ['x'], { a: 1 }]) {
      expect(readEnvelope({ command: 'create-effect', subcommand, tan: 1 })).toEqual({
        ok: true,
        command: 'create-effect',
        subcommand: undefined,
        tan: 1,
        name: 'create-effect',
      });
    }
  });

  it('narrows subcommand to undefined for them, and to the list for the others', () => {
    const envelope = readEnvelope({ command: 'color' });
    if (envelope.ok && envelope.command === 'color') {
      expectTypeOf(envelope.subcommand).toEqualTypeOf<undefined>();
    }
    if (envelope.ok && envelope.command === 'ledcolors') {
      expectTypeOf(envelope.subcommand).toEqualTypeOf<
        'ledstream-start' | 'ledstream-stop' | 'imagestream-start' | 'imagestream-stop'
      >();
    }
    if (envelope.ok && envelope.command === 'serverinfo') {
      expectTypeOf(envelope.subcommand).toEqualTypeOf<
        | 'getInfo'
        | 'subscribe'
        | 'unsubscribe'
        | 'getSubscriptions'
        | 'getSubscriptionCommands'
        | undefined
      >();
    }
    expectTypeOf<CommandWithoutSubcommand>().toEqualTypeOf<
      | 'sysinfo'
      | 'effect'
      | 'color'
      | 'image'
      | 'clear'
      | 'clearall'
      | 'componentstate'
      | 'adjustment'
      | 'create-effect'
      | 'sourceselect'
      | 'processing'
      | 'videomode'
      | 'delete-effect'
    >();
    expect(envelope.ok).toBe(true);
  });
});

describe('readEnvelope: serverinfo, whose subcommand is optional', () => {
  it('means getInfo without a subcommand (or with an empty one), answered as "serverinfo"', () => {
    const expected = {
      ok: true,
      command: 'serverinfo',
      subcommand: undefined,
      tan: 1,
      name: 'serverinfo',
    };
    expect(readEnvelope({ command: 'serverinfo', tan: 1 })).toEqual(expected);
    expect(readEnvelope({ command: 'serverinfo', subcommand: '', tan: 1 })).toEqual(expected);
  });

  it('answers each subcommand as serverinfo-<subcommand>', () => {
    for (const subcommand of [
      'getInfo',
      'subscribe',
      'unsubscribe',
      'getSubscriptions',
      'getSubscriptionCommands',
    ]) {
      expect(readEnvelope({ command: 'serverinfo', subcommand })).toMatchObject({
        ok: true,
        subcommand,
        name: `serverinfo-${subcommand}`,
      });
    }
  });

  it('refuses an unknown or non-string subcommand', () => {
    const known =
      'known for serverinfo: getInfo, subscribe, unsubscribe, getSubscriptions, getSubscriptionCommands';
    expect(readEnvelope({ command: 'serverinfo', subcommand: 'getinfo', tan: 2 })).toEqual({
      ok: false,
      reply: {
        command: 'serverinfo',
        error: 'Invalid command',
        errorCode: 'invalid-command',
        errorData: [{ description: `/subcommand: Invalid subcommand: "getinfo" (${known})` }],
        success: false,
        tan: 2,
      },
    });
    expect(readEnvelope({ command: 'serverinfo', subcommand: null })).toMatchObject({
      reply: { errorData: [{ description: `/subcommand: Invalid subcommand: null (${known})` }] },
    });
  });
});

describe('readEnvelope: instance and ledcolors, whose subcommand is required', () => {
  const instanceSubs =
    'known for instance: switchTo, startInstance, stopInstance, createInstance, deleteInstance, saveName';
  const ledSubs =
    'known for ledcolors: ledstream-start, ledstream-stop, imagestream-start, imagestream-stop';

  it('answers each subcommand as <command>-<subcommand>', () => {
    expect(
      readEnvelope({ command: 'instance', subcommand: 'switchTo', instance: 1, tan: 4 }),
    ).toEqual({
      ok: true,
      command: 'instance',
      subcommand: 'switchTo',
      tan: 4,
      name: 'instance-switchTo',
    });
    expect(readEnvelope({ command: 'ledcolors', subcommand: 'imagestream-start' })).toMatchObject({
      ok: true,
      name: 'ledcolors-imagestream-start',
    });
  });

  it('says "subcommand is missing" when it is absent or empty, as Hyperion.ng does', () => {
    for (const request of [{ command: 'instance' }, { command: 'instance', subcommand: '' }]) {
      expect(readEnvelope(request)).toMatchObject({
        ok: false,
        reply: {
          command: 'instance',
          errorData: [{ description: `/subcommand: subcommand is missing (${instanceSubs})` }],
        },
      });
    }
    expect(readEnvelope({ command: 'ledcolors', tan: 6 })).toMatchObject({
      reply: {
        command: 'ledcolors',
        errorData: [{ description: `/subcommand: subcommand is missing (${ledSubs})` }],
        tan: 6,
      },
    });
    expect(readEnvelope({ command: 'config', subcommand: '' })).toMatchObject({
      reply: {
        errorData: [
          {
            description:
              '/subcommand: subcommand is missing (known for config: restoreconfig, getconfig, getsnapshots, restoresnapshot, setconfig, getschema)',
          },
        ],
      },
    });
  });

  it('refuses a subcommand of another command, or in another case', () => {
    expect(readEnvelope({ command: 'ledcolors', subcommand: 'ledstream-update' })).toMatchObject({
      reply: {
        errorData: [
          { description: `/subcommand: Invalid subcommand: "ledstream-update" (${ledSubs})` },
        ],
      },
    });
    expect(readEnvelope({ command: 'instance', subcommand: 'switchto' }).ok).toBe(false);
    expect(readEnvelope({ command: 'instance', subcommand: 'getInfo' }).ok).toBe(false);
  });
});

describe('readEnvelope: hostile text', () => {
  it('escapes line and paragraph separators of a quoted value, keeping the detail one line', () => {
    const envelope = readEnvelope({ command: 'serverinfo', subcommand: 'a\u2028b\u2029c\u007f' });
    if (envelope.ok) throw new Error('accepted');
    expect(envelope.reply.errorData?.[0]?.description).toBe(
      '/subcommand: Invalid subcommand: "a\\u2028b\\u2029c\\u007f" (known for serverinfo: getInfo, subscribe, unsubscribe, getSubscriptions, getSubscriptionCommands)',
    );
  });
});
