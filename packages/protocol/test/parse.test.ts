// Each request kind is declared once with its parser: a valid request comes back as its typed
// value, an invalid one as its violations, each with the pointer of what is wrong.
import { describe, expect, it } from 'vitest';
import {
  type Parsed,
  parseGetSnapshotsRequest,
  parseRequest,
  parseRestoreSnapshotRequest,
  REQUEST_KEYS,
  type RequestKey,
  type RpcRequest,
  readEnvelope,
  requestKeyOf,
} from '../src/index.js';
import { PNG_1X1 } from './control-requests.js';
import { restoreRequest } from './requests.js';

const config = (subcommand: string, more: object = {}) => ({
  command: 'config',
  subcommand,
  tan: 2,
  ...more,
});
const authorize = (subcommand: string, more: object = {}) => ({
  command: 'authorize',
  subcommand,
  tan: 3,
  ...more,
});
const instance = (subcommand: string, more: object = {}) => ({
  command: 'instance',
  subcommand,
  tan: 4,
  ...more,
});
const serverinfo = (subcommand: string, more: object = {}) => ({
  command: 'serverinfo',
  subcommand,
  ...more,
});
const ledcolors = (subcommand: string, more: object = {}) => ({
  command: 'ledcolors',
  subcommand,
  ...more,
});

/** Per request kind: a valid request, and an invalid one with the pointer of its first violation. */
const CASES: { [K in RequestKey]: { good: object; bad: object; at: string } } = {
  'config-restoreconfig': {
    good: restoreRequest(),
    bad: config('restoreconfig', { config: { instances: [{ id: 256, settings: {} }] } }),
    at: '/config/instances/0/id',
  },
  'config-getconfig': {
    good: config('getconfig', { configFilter: { global: { types: ['general'] } } }),
    bad: config('getconfig', { configFilter: { global: { types: ['leds'] } } }),
    at: '/configFilter/global/types/0',
  },
  'config-getsnapshots': {
    good: config('getsnapshots'),
    bad: config('getsnapshots', { tan: -1 }),
    at: '/tan',
  },
  'config-restoresnapshot': {
    good: config('restoresnapshot', { snapshot: 3 }),
    bad: config('restoresnapshot', { snapshot: 0 }),
    at: '/snapshot',
  },
  'config-setconfig': {
    good: config('setconfig', { instance: 0, config: { smoothing: { time_ms: 200 } } }),
    bad: config('setconfig', { instance: 0, config: { smoothing: { time_ms: 'slow' } } }),
    at: '/config/smoothing/time_ms',
  },
  'config-getschema': {
    good: config('getschema'),
    bad: config('getschema', { tan: 1.5 }),
    at: '/tan',
  },
  'authorize-login': {
    good: authorize('login', { token: 'secret' }),
    bad: authorize('login'),
    at: '/token',
  },
  'authorize-logout': {
    good: authorize('logout'),
    bad: authorize('logout', { tan: 'x' }),
    at: '/tan',
  },
  'authorize-tokenRequired': {
    good: authorize('tokenRequired'),
    bad: authorize('tokenRequired', { tan: -2 }),
    at: '/tan',
  },
  'authorize-adminRequired': {
    good: authorize('adminRequired'),
    bad: authorize('adminRequired', { tan: null }),
    at: '/tan',
  },
  'authorize-newPasswordRequired': {
    good: authorize('newPasswordRequired'),
    bad: authorize('newPasswordRequired', { tan: [] }),
    at: '/tan',
  },
  'authorize-createToken': {
    good: authorize('createToken', { comment: 'Kitchen tablet' }),
    bad: authorize('createToken', { comment: 'HA' }),
    at: '/comment',
  },
  'authorize-getTokenList': {
    good: authorize('getTokenList'),
    bad: authorize('getTokenList', { tan: 0.5 }),
    at: '/tan',
  },
  'authorize-deleteToken': {
    good: authorize('deleteToken', { id: 'abcde' }),
    bad: authorize('deleteToken', { id: '' }),
    at: '/id',
  },
  'authorize-requestToken': {
    good: authorize('requestToken', { comment: 'Home Assistant', id: 'a1B2c' }),
    bad: authorize('requestToken', { comment: 'Home Assistant', id: 'abcdef' }),
    at: '/id',
  },
  'authorize-answerRequest': {
    good: authorize('answerRequest', { id: 'a1B2c', accept: true }),
    bad: authorize('answerRequest', { id: 'a1B2c' }),
    at: '/accept',
  },
  'authorize-newPassword': {
    good: authorize('newPassword', { newPassword: 'correct horse' }),
    bad: authorize('newPassword', { newPassword: 'short' }),
    at: '/newPassword',
  },
  'authorize-getPendingTokenRequests': {
    good: authorize('getPendingTokenRequests'),
    bad: authorize('getPendingTokenRequests', { tan: '1' }),
    at: '/tan',
  },
  'authorize-denyPendingTokenRequests': {
    good: authorize('denyPendingTokenRequests'),
    bad: authorize('denyPendingTokenRequests', { tan: true }),
    at: '/tan',
  },
  'instance-switchTo': {
    good: instance('switchTo', { instance: 1 }),
    bad: instance('switchTo', { instance: 255 }),
    at: '/instance',
  },
  'instance-startInstance': {
    good: instance('startInstance', { instance: 0 }),
    bad: instance('startInstance'),
    at: '/instance',
  },
  'instance-stopInstance': {
    good: instance('stopInstance', { instance: 0 }),
    bad: instance('stopInstance', { instance: '0' }),
    at: '/instance',
  },
  'instance-createInstance': {
    good: instance('createInstance', { name: 'Desk strip' }),
    bad: instance('createInstance', { name: 'Desk' }),
    at: '/name',
  },
  'instance-deleteInstance': {
    good: instance('deleteInstance', { instance: 2 }),
    bad: instance('deleteInstance', { instance: -1 }),
    at: '/instance',
  },
  'instance-saveName': {
    good: instance('saveName', { instance: 0, name: 'Living room' }),
    bad: instance('saveName', { instance: 0 }),
    at: '/name',
  },
  'serverinfo-getInfo': {
    good: { command: 'serverinfo', subscribe: ['priorities-update'], tan: 1 },
    bad: { command: 'serverinfo', subscribe: 'priorities-update' },
    at: '/subscribe',
  },
  'serverinfo-subscribe': {
    good: serverinfo('subscribe', { data: { subscriptions: ['leds-update'] } }),
    bad: serverinfo('subscribe', { data: { subscriptions: [7] } }),
    at: '/data/subscriptions/0',
  },
  'serverinfo-unsubscribe': {
    good: serverinfo('unsubscribe', { subscribe: [] }),
    bad: serverinfo('unsubscribe'),
    at: '/data',
  },
  'serverinfo-getSubscriptions': {
    good: serverinfo('getSubscriptions'),
    bad: serverinfo('getSubscriptions', { instance: 300 }),
    at: '/instance',
  },
  'serverinfo-getSubscriptionCommands': {
    good: serverinfo('getSubscriptionCommands'),
    bad: serverinfo('getSubscriptionCommands', { tan: -1 }),
    at: '/tan',
  },
  sysinfo: {
    good: { command: 'sysinfo', tan: 1 },
    bad: { command: 'sysinfo', tan: 'a' },
    at: '/tan',
  },
  'ledcolors-ledstream-start': {
    good: ledcolors('ledstream-start', { instance: 0 }),
    bad: ledcolors('ledstream-start', { instance: [0] }),
    at: '/instance',
  },
  'ledcolors-ledstream-stop': {
    good: ledcolors('ledstream-stop'),
    bad: ledcolors('ledstream-stop', { tan: -3 }),
    at: '/tan',
  },
  'ledcolors-imagestream-start': {
    good: ledcolors('imagestream-start'),
    bad: ledcolors('imagestream-start', { instance: 1.5 }),
    at: '/instance',
  },
  'ledcolors-imagestream-stop': {
    good: ledcolors('imagestream-stop'),
    bad: ledcolors('imagestream-stop', { instance: 'all' }),
    at: '/instance',
  },
  'service-discover': {
    good: { command: 'service', subcommand: 'discover', serviceType: 'jsonapi', params: {} },
    bad: { command: 'service', subcommand: 'discover', serviceType: '' },
    at: '/serviceType',
  },
  'leddevice-discover': {
    good: { command: 'leddevice', subcommand: 'discover', ledDeviceType: 'adalight' },
    bad: { command: 'leddevice', subcommand: 'discover' },
    at: '/ledDeviceType',
  },
  'inputsource-discover': {
    good: { command: 'inputsource', subcommand: 'discover', sourceType: 'screen', params: {} },
    bad: { command: 'inputsource', subcommand: 'discover' },
    at: '/sourceType',
  },
  'inputsource-getProperties': {
    good: {
      command: 'inputsource',
      subcommand: 'getProperties',
      sourceType: 'video',
      params: { device: '/dev/video0' },
    },
    bad: {
      command: 'inputsource',
      subcommand: 'getProperties',
      sourceType: 'video',
      params: { device: 7 },
    },
    at: '/params/device',
  },
  effect: {
    good: { command: 'effect', effect: { name: 'Rainbow swirl' }, priority: 128, extra: 1 },
    bad: { command: 'effect', effect: { name: 'Rainbow swirl', speed: 2 }, priority: 128 },
    at: '/effect/speed',
  },
  color: {
    good: { command: 'color', color: [255, 160, 0], priority: 128, instance: [0] },
    bad: { command: 'color', color: [255, 0, 0, 256], priority: 50 },
    at: '/color',
  },
  image: {
    good: { command: 'image', imagedata: PNG_1X1, priority: 50 },
    bad: { command: 'image', imagedata: '/wAAAP8A', imagewidth: 2, imageheight: 2, priority: 50 },
    at: '/imagedata',
  },
  clear: {
    good: { command: 'clear', priority: -1 },
    bad: { command: 'clear', priority: 0 },
    at: '/priority',
  },
  clearall: {
    good: { command: 'clearall', instance: [0, 1] },
    bad: { command: 'clearall', instance: [0, 0] },
    at: '/instance/1',
  },
  componentstate: {
    good: { command: 'componentstate', componentstate: { component: 'LEDDEVICE', state: false } },
    bad: { command: 'componentstate', componentstate: { component: 'COLOR', state: true } },
    at: '/componentstate/component',
  },
  adjustment: {
    good: { command: 'adjustment', adjustment: { brightness: 39, id: 'default' } },
    bad: { command: 'adjustment', adjustment: { id: 'default' } },
    at: '/adjustment',
  },
  'create-effect': {
    good: {
      command: 'create-effect',
      name: 'My Knight',
      script: ':/effects/knight-rider.py',
      args: { speed: 1 },
    },
    bad: {
      command: 'create-effect',
      name: '../x',
      script: ':/effects/knight-rider.py',
      args: { a: 1 },
    },
    at: '/name',
  },
  'delete-effect': {
    good: { command: 'delete-effect', name: 'My Knight' },
    bad: { command: 'delete-effect', name: '' },
    at: '/name',
  },
  sourceselect: {
    good: { command: 'sourceselect', priority: 150 },
    bad: { command: 'sourceselect', priority: 0 },
    at: '/priority',
  },
  processing: {
    good: { command: 'processing', mappingType: 'unicolor_mean' },
    bad: { command: 'processing', mappingType: 'mean' },
    at: '/mappingType',
  },
  videomode: {
    good: { command: 'videomode', videoMode: '3DSBS' },
    bad: { command: 'videomode', videoMode: '3D' },
    at: '/videoMode',
  },
  'system-suspend': {
    good: { command: 'system', subcommand: 'suspend' },
    bad: { command: 'system', subcommand: 'suspend', tan: -1 },
    at: '/tan',
  },
  'system-resume': {
    good: { command: 'system', subcommand: 'resume' },
    bad: { command: 'system', subcommand: 'resume', tan: -1 },
    at: '/tan',
  },
  'system-toggleSuspend': {
    good: { command: 'system', subcommand: 'toggleSuspend' },
    bad: { command: 'system', subcommand: 'toggleSuspend', tan: -1 },
    at: '/tan',
  },
  'system-idle': {
    good: { command: 'system', subcommand: 'idle' },
    bad: { command: 'system', subcommand: 'idle', tan: -1 },
    at: '/tan',
  },
  'system-resumeIdle': {
    good: { command: 'system', subcommand: 'resumeIdle' },
    bad: { command: 'system', subcommand: 'resumeIdle', tan: -1 },
    at: '/tan',
  },
  'system-toggleIdle': {
    good: { command: 'system', subcommand: 'toggleIdle' },
    bad: { command: 'system', subcommand: 'toggleIdle', tan: -1 },
    at: '/tan',
  },
  'system-restart': {
    good: { command: 'system', subcommand: 'restart' },
    bad: { command: 'system', subcommand: 'restart', tan: -1 },
    at: '/tan',
  },
  'logging-start': {
    good: { command: 'logging', subcommand: 'start' },
    bad: { command: 'logging', subcommand: 'start', tan: -1 },
    at: '/tan',
  },
  'logging-stop': {
    good: { command: 'logging', subcommand: 'stop' },
    bad: { command: 'logging', subcommand: 'stop', tan: -1 },
    at: '/tan',
  },
  'diagnostics-getInfo': {
    good: { command: 'diagnostics', subcommand: 'getInfo' },
    bad: { command: 'diagnostics', subcommand: 'getInfo', tan: -1 },
    at: '/tan',
  },
  'diagnostics-getBundle': {
    good: { command: 'diagnostics', subcommand: 'getBundle', tan: 3 },
    bad: { command: 'diagnostics', subcommand: 'getBundle', tan: 'x' },
    at: '/tan',
  },
};

function parse(request: object): { key: RequestKey; parsed: Parsed<RpcRequest> } {
  const envelope = readEnvelope(request);
  if (!envelope.ok) throw new Error(JSON.stringify(envelope.reply));
  return { key: requestKeyOf(envelope), parsed: parseRequest(envelope, request) };
}

describe('parseRequest', () => {
  it('has a case here for every request kind Glowkit answers', () => {
    expect(Object.keys(CASES).sort()).toEqual([...REQUEST_KEYS].sort());
    expect(REQUEST_KEYS).toHaveLength(62);
  });

  for (const [key, { good, bad, at }] of Object.entries(CASES)) {
    it(`${key}: the typed value of a valid request, the violations of an invalid one`, () => {
      const valid = parse(good);
      expect(valid.key).toBe(key);
      expect(valid.parsed).toEqual({ ok: true, value: good });
      const invalid = parse(bad);
      expect(invalid.key).toBe(key);
      expect(invalid.parsed.ok).toBe(false);
      if (invalid.parsed.ok) return;
      expect(invalid.parsed.violations[0]?.pointer).toBe(at);
      expect(invalid.parsed.violations[0]?.description).toMatch(new RegExp(`^${at}: `));
    });
  }

  it('reads serverinfo without a subcommand as serverinfo-getInfo', () => {
    expect(parse({ command: 'serverinfo', subcommand: '' }).key).toBe('serverinfo-getInfo');
    expect(parse({ command: 'color', subcommand: 'x', color: [1, 2, 3], priority: 1 }).key).toBe(
      'color',
    );
  });

  it("gives each snapshot subcommand a parser of its own, which refuses the other's request", () => {
    const restore = { command: 'config', subcommand: 'restoresnapshot', snapshot: 4 };
    expect(parseRestoreSnapshotRequest(restore)).toEqual({ ok: true, value: restore });
    expect(parseGetSnapshotsRequest(restore)).toMatchObject({
      ok: false,
      violations: [{ description: '/subcommand: must be "getsnapshots"' }],
    });
  });
});
