import type { DeviceState, PriorityInfo } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import { info } from '../../data/fixtures.js';
import { type InstanceParts, stateOf } from '../../data/instance-state.js';
import {
  clock,
  hex,
  outputSwitchedOff,
  pictureSourceName,
  pinnedPriority,
  switchedOn,
  timeLeft,
  visiblePicture,
  visiblePriority,
} from './instance-state.js';

const device = info.device as NonNullable<InstanceParts['device']>;
const none = { device: null, priorities: [], components: [], adjustment: [], leds: [] };

describe('the switches', () => {
  const withDevice = (state: DeviceState, ledDevice: boolean, all = true) =>
    stateOf(
      {
        ...info,
        device: { ...device, state, enabled: state !== 'off' },
        components: [
          { enabled: all, name: 'ALL' },
          { enabled: ledDevice, name: 'LEDDEVICE' },
        ],
      },
      0,
    );

  it('show the LED output switched on while the device is lost, as the user left it', () => {
    // The server shows LEDDEVICE off while its device is in error (as Hyperion.ng does).
    const lost = withDevice('error', false);
    expect(switchedOn(lost, 'LEDDEVICE')).toBe(true);
    expect(switchedOn(lost, 'ALL')).toBe(true);
    // The device line says why the LEDs are dark; the card does not say a switch did it.
    expect(outputSwitchedOff(lost)).toBe(false);
  });

  it('show the LED output off when it was switched off', () => {
    const off = withDevice('off', false);
    expect(switchedOn(off, 'LEDDEVICE')).toBe(false);
    expect(outputSwitchedOff(off)).toBe(true);
    expect(outputSwitchedOff(withDevice('off', true, false))).toBe(true);
    const on = withDevice('on', true);
    expect(switchedOn(on, 'LEDDEVICE')).toBe(true);
    expect(outputSwitchedOff(on)).toBe(false);
    // A stopped instance has no components: nothing was switched.
    expect(outputSwitchedOff(stateOf(none, 0))).toBe(false);
  });
});

describe('the input picture and the pinned source', () => {
  const grabber: PriorityInfo = {
    active: true,
    componentId: 'FLATBUFSERVER',
    origin: 'hyperion-x11@192.168.1.20',
    priority: 150,
    visible: true,
  };
  const showing = (entry: PriorityInfo, all = true) =>
    stateOf({ ...info, priorities: [entry], components: [{ name: 'ALL', enabled: all }] }, 0);

  it('has a picture while a picture source is visible and has sent one, with the instance on', () => {
    expect(visiblePicture(showing(grabber))).toBe(grabber);
    expect(visiblePicture(showing({ ...grabber, componentId: 'PROTOSERVER' }))?.priority).toBe(150);
    expect(visiblePicture(showing({ ...grabber, componentId: 'IMAGE' }))?.priority).toBe(150);
    // The grabbers on the box: the screen's and the USB video one's.
    expect(visiblePicture(showing({ ...grabber, componentId: 'GRABBER' }))?.priority).toBe(150);
    expect(visiblePicture(showing({ ...grabber, componentId: 'V4L' }))?.priority).toBe(150);
    // Registered, no frame yet; an effect or a colour; the instance switched off: no picture.
    expect(visiblePicture(showing({ ...grabber, active: false }))).toBeUndefined();
    expect(visiblePicture(stateOf(info, 0))).toBeUndefined();
    expect(visiblePicture(showing(grabber, false))).toBeUndefined();
  });

  it("names the picture's source: an image's name, else its origin", () => {
    expect(pictureSourceName(grabber)).toBe('hyperion-x11@192.168.1.20');
    const image = { ...grabber, componentId: 'IMAGE' as const, owner: 'Poster' };
    expect(pictureSourceName(image)).toBe('Poster');
    expect(pictureSourceName({ ...image, owner: undefined })).toBe('hyperion-x11@192.168.1.20');
  });

  it('is pinned only while the server selects by hand', () => {
    expect(pinnedPriority(showing(grabber))).toBeUndefined();
    const pinned = stateOf({ ...info, priorities: [grabber], priorities_autoselect: false }, 0);
    expect(pinnedPriority(pinned)).toBe(150);
  });
});

describe('time left', () => {
  it('counts down from when the server answered, never below 0', () => {
    const state = stateOf(info, 1000);
    const entry = visiblePriority(state);
    if (!entry) throw new Error('no visible entry');
    expect(timeLeft(state, entry, 1000)).toBe(28000);
    expect(timeLeft(state, entry, 11000)).toBe(18000);
    expect(timeLeft(state, entry, 60000)).toBe(0);
    expect(timeLeft(state, { ...entry, duration_ms: undefined }, 1000)).toBeUndefined();
  });

  it('reads as m:ss or h:mm:ss, rounding up', () => {
    expect(clock(28000)).toBe('0:28');
    expect(clock(27001)).toBe('0:28');
    expect(clock(65000)).toBe('1:05');
    expect(clock(3_723_000)).toBe('1:02:03');
    expect(clock(0)).toBe('0:00');
  });
});

describe('hex', () => {
  it('writes a colour as #rrggbb', () => {
    expect(hex([0, 128, 255])).toBe('#0080ff');
    expect(hex([300, -1, 7.6])).toBe('#ff0008');
  });
});
