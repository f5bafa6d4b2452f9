import { describe, expect, it } from 'vitest';
import { COMPONENT_NAMES, validateComponentStateRequest } from '../src/index.js';
import { HOME_ASSISTANT, WEB_UI } from './control-requests.js';
import { described } from './requests.js';

const KNOWN =
  'known: ALL, SMOOTHING, BLACKBORDER, FORWARDER, BOBLIGHTSERVER, GRABBER, V4L, AUDIO, LEDDEVICE, FLATBUFSERVER, PROTOSERVER';

const check = (componentstate: unknown): string[] =>
  described(validateComponentStateRequest({ command: 'componentstate', componentstate }));

describe('validateComponentStateRequest', () => {
  it("accepts what Home Assistant and Hyperion.ng's web UI send", () => {
    expect(validateComponentStateRequest(HOME_ASSISTANT.componentstate)).toEqual([]);
    expect(validateComponentStateRequest(WEB_UI.componentstate)).toEqual([]);
  });

  it("accepts each of Hyperion.ng's switchable components, on and off", () => {
    expect(COMPONENT_NAMES).toHaveLength(11);
    for (const component of COMPONENT_NAMES) {
      expect(check({ component, state: false }), component).toEqual([]);
      expect(check({ component, state: true }), component).toEqual([]);
    }
  });

  it("answers an unknown component with Hyperion.ng's text; names are case-sensitive", () => {
    for (const component of ['COLOR', 'leddevice', 'Platform Capture']) {
      expect(check({ component, state: true }), component).toEqual([
        `/componentstate/component: Unknown component name: "${component}" (${KNOWN})`,
      ]);
    }
    expect(check({ component: 3, state: true })).toEqual([
      `/componentstate/component: must be a component name (${KNOWN})`,
    ]);
  });

  it('needs component and state (a boolean), and nothing else inside', () => {
    expect(check({})).toEqual([
      `/componentstate/component: is required (a component name (${KNOWN}))`,
      '/componentstate/state: is required (true or false)',
    ]);
    expect(check({ component: 'ALL', state: 'on', enabled: true })).toEqual([
      '/componentstate/state: must be true or false',
      '/componentstate/enabled: is not allowed here (allowed: component, state)',
    ]);
    expect(check(['ALL', true])).toEqual([
      '/componentstate: must be an object with component and state',
    ]);
    expect(described(validateComponentStateRequest({ command: 'componentstate' }))).toEqual([
      '/componentstate: is required (an object with component and state)',
    ]);
  });
});
