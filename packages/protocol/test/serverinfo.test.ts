import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SUBSCRIPTION_TOPICS,
  GLOWKIT_SUBSCRIPTION_TOPICS,
  HYPERION_SUBSCRIPTION_TOPICS,
  isSubscriptionTopic,
  SUBSCRIPTION_TOPICS,
  splitTopics,
  validateServerInfoRequest,
} from '../src/index.js';
import { HOME_ASSISTANT, WEB_UI } from './control-requests.js';
import { described } from './requests.js';

const check = (request: Record<string, unknown>): string[] =>
  described(validateServerInfoRequest({ command: 'serverinfo', ...request }));

const SUBS = 'getInfo, subscribe, unsubscribe, getSubscriptions, getSubscriptionCommands';

describe('validateServerInfoRequest', () => {
  it("accepts what hyperion-py, Home Assistant and Hyperion.ng's web UI send", () => {
    expect(validateServerInfoRequest(HOME_ASSISTANT.serverinfo)).toEqual([]);
    expect(validateServerInfoRequest(WEB_UI.serverinfo)).toEqual([]);
    expect(validateServerInfoRequest({ command: 'serverinfo' })).toEqual([]);
    expect(check({ subcommand: '' })).toEqual([]);
  });

  it('accepts unknown topic names: the reply warns about them instead', () => {
    expect(check({ subscribe: ['sessions-update', 'all', ''] })).toEqual([]);
    expect(check({ subscribe: [] })).toEqual([]);
  });

  it('takes subscribe as an array of strings', () => {
    expect(check({ subscribe: 'priorities-update' })).toEqual([
      '/subscribe: must be an array of topic names (strings, e.g. "priorities-update")',
    ]);
    expect(check({ subscribe: ['priorities-update', 3, null] })).toEqual([
      '/subscribe/1: must be a topic name (a string)',
      '/subscribe/2: must be a topic name (a string)',
    ]);
  });

  it('takes the other subcommands, with an instance index from 0 to 254', () => {
    for (const subcommand of ['getInfo', 'getSubscriptions', 'getSubscriptionCommands']) {
      expect(check({ subcommand, instance: 254 }), subcommand).toEqual([]);
    }
    expect(check({ subcommand: 'getinfo', instance: [0] })).toEqual([
      `/subcommand: must be one of: ${SUBS}`,
      '/instance: must be an integer from 0 to 254',
    ]);
  });

  it('needs the topics of subscribe and unsubscribe in data.subscriptions or subscribe; [] means all', () => {
    for (const subcommand of ['subscribe', 'unsubscribe']) {
      expect(check({ subcommand, data: { subscriptions: ['priorities-update'] } })).toEqual([]);
      expect(check({ subcommand, data: { subscriptions: [] } })).toEqual([]);
      expect(check({ subcommand, subscribe: ['leds-update'] })).toEqual([]);
      expect(check({ subcommand }), subcommand).toEqual([
        '/data: is required (an object with subscriptions, an array of topic names; or the topics in subscribe)',
      ]);
    }
    expect(check({ subcommand: 'subscribe', data: { subscription: 'leds-update' } })).toEqual([
      '/data/subscriptions: is required (an array of topic names (strings, e.g. "priorities-update"))',
      '/data/subscription: is not allowed here (allowed: subscriptions)',
    ]);
    expect(check({ subcommand: 'unsubscribe', data: ['leds-update'] })).toEqual([
      '/data: must be an object with subscriptions, an array of topic names',
    ]);
    // data means nothing to getInfo, so it is left alone there.
    expect(check({ subcommand: 'getInfo', data: 5 })).toEqual([]);
  });
});

describe('subscription topics', () => {
  it("are the 14 topics of Hyperion.ng's pushes, then Glowkit's own", () => {
    expect([...SUBSCRIPTION_TOPICS]).toEqual([
      ...HYPERION_SUBSCRIPTION_TOPICS,
      ...GLOWKIT_SUBSCRIPTION_TOPICS,
    ]);
    expect(GLOWKIT_SUBSCRIPTION_TOPICS).toEqual(['device-update', 'input-sources-update']);
    expect([...HYPERION_SUBSCRIPTION_TOPICS].sort()).toEqual([
      'adjustment-update',
      'components-update',
      'effects-update',
      'event-update',
      'imageToLedMapping-update',
      'instance-update',
      'ledcolors-imagestream-update',
      'ledcolors-ledstream-update',
      'leds-update',
      'logmsg-update',
      'priorities-update',
      'settings-update',
      'token-update',
      'videomode-update',
    ]);
  });

  it('subscribe by default to all but the LED streams and the log', () => {
    expect(DEFAULT_SUBSCRIPTION_TOPICS).toHaveLength(11);
    expect(DEFAULT_SUBSCRIPTION_TOPICS).not.toContain('ledcolors-ledstream-update');
    expect(DEFAULT_SUBSCRIPTION_TOPICS).not.toContain('ledcolors-imagestream-update');
    expect(DEFAULT_SUBSCRIPTION_TOPICS).not.toContain('logmsg-update');
    // Glowkit's own topics are asked for by name: Hyperion.ng's clients never get them.
    expect(DEFAULT_SUBSCRIPTION_TOPICS).not.toContain('device-update');
    expect(DEFAULT_SUBSCRIPTION_TOPICS).not.toContain('input-sources-update');
    expect(isSubscriptionTopic('device-update')).toBe(true);
    expect(isSubscriptionTopic('input-sources-update')).toBe(true);
  });

  it('split into known and unknown names, each once, in the order given', () => {
    expect(splitTopics(HOME_ASSISTANT.serverinfo.subscribe)).toEqual({
      known: [
        'adjustment-update',
        'components-update',
        'effects-update',
        'leds-update',
        'imageToLedMapping-update',
        'instance-update',
        'priorities-update',
        'videomode-update',
      ],
      unknown: ['sessions-update'],
    });
    expect(
      splitTopics(['leds-update', 'all', 'leds-update', 'Leds-update', 'all', 'constructor']),
    ).toEqual({ known: ['leds-update'], unknown: ['all', 'Leds-update', 'constructor'] });
    expect(splitTopics([])).toEqual({ known: [], unknown: [] });
  });

  it('are recognised by isSubscriptionTopic, case-sensitively', () => {
    expect(isSubscriptionTopic('token-update')).toBe(true);
    expect(isSubscriptionTopic('TOKEN-UPDATE')).toBe(false);
    expect(isSubscriptionTopic(undefined)).toBe(false);
  });
});
