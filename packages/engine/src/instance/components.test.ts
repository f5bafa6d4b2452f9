import { describe, expect, it } from 'vitest';
import { ComponentSwitches } from './components.js';

describe('ComponentSwitches', () => {
  it('starts from the settings and reports in Hyperion.ng order', () => {
    const switches = new ComponentSwitches({
      smoothing: false,
      blackBorder: true,
      ledDevice: true,
      boblightServer: true,
      grabber: true,
      v4l: false,
      forwarder: true,
    });
    expect(switches.list()).toEqual([
      { enabled: true, name: 'ALL' },
      { enabled: false, name: 'SMOOTHING' },
      { enabled: true, name: 'BLACKBORDER' },
      { enabled: true, name: 'FORWARDER' },
      { enabled: true, name: 'BOBLIGHTSERVER' },
      { enabled: true, name: 'GRABBER' },
      { enabled: false, name: 'V4L' },
      { enabled: true, name: 'LEDDEVICE' },
    ]);
    expect(switches.set('SMOOTHING', true)).toBe(true);
    expect(switches.set('SMOOTHING', true)).toBe(false);
    expect(switches.get('SMOOTHING')).toBe(true);
  });

  it('tells a component this server lacks from an unknown name', () => {
    const switches = new ComponentSwitches({ smoothing: true, blackBorder: true, ledDevice: true });
    expect(switches.resolve('LEDDEVICE')).toEqual({ ok: true, name: 'LEDDEVICE' });
    const known = [
      'ALL',
      'SMOOTHING',
      'BLACKBORDER',
      'FORWARDER',
      'BOBLIGHTSERVER',
      'GRABBER',
      'V4L',
      'LEDDEVICE',
    ];
    expect(switches.resolve('AUDIO')).toMatchObject({
      ok: false,
      error: { code: 'component-unavailable', details: { name: 'AUDIO', known } },
    });
    expect(switches.resolve('TOASTER')).toMatchObject({
      ok: false,
      error: { code: 'component-unknown', details: { name: 'TOASTER', known } },
    });
  });

  it('lists FORWARDER everywhere, and shows it on only where the instance is forwarded', () => {
    const elsewhere = new ComponentSwitches({
      smoothing: true,
      blackBorder: true,
      ledDevice: true,
    });
    expect(elsewhere.resolve('FORWARDER')).toEqual({ ok: true, name: 'FORWARDER' });
    expect(elsewhere.list()).toContainEqual({ enabled: false, name: 'FORWARDER' });
    elsewhere.set('FORWARDER', true);
    expect(elsewhere.enabled('FORWARDER')).toBe(false);

    const forwarded = new ComponentSwitches({
      smoothing: true,
      blackBorder: true,
      ledDevice: true,
      forwarder: false,
    });
    expect(forwarded.enabled('FORWARDER')).toBe(false);
    expect(forwarded.set('FORWARDER', true)).toBe(true);
    expect(forwarded.enabled('FORWARDER')).toBe(true);
  });

  it('shows a component off while it is in fault, and keeps the intent for when it is back', () => {
    const switches = new ComponentSwitches({ smoothing: true, blackBorder: true, ledDevice: true });
    expect(switches.setFault('LEDDEVICE', true)).toBe(true);
    expect(switches.enabled('LEDDEVICE')).toBe(false);
    expect(switches.get('LEDDEVICE')).toBe(true);
    expect(switches.list()).toContainEqual({ enabled: false, name: 'LEDDEVICE' });
    // Switched on while in fault: the intent is kept, the component still shows off.
    expect(switches.set('LEDDEVICE', true)).toBe(false);
    expect(switches.enabled('LEDDEVICE')).toBe(false);
    expect(switches.setFault('LEDDEVICE', false)).toBe(true);
    expect(switches.list()).toContainEqual({ enabled: true, name: 'LEDDEVICE' });
    // Switched off by the user: a fault then changes nothing that shows.
    switches.set('LEDDEVICE', false);
    expect(switches.setFault('LEDDEVICE', true)).toBe(false);
    expect(switches.setFault('LEDDEVICE', false)).toBe(false);
    expect(switches.enabled('LEDDEVICE')).toBe(false);
  });
});
