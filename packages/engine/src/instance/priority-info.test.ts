import { describe, expect, it } from 'vitest';
import { PriorityMuxer } from '../muxer/priority-muxer.js';
import { priorityInfo, rgbToHsl } from './priority-info.js';

describe('rgbToHsl', () => {
  it('gives hue in degrees and saturation and lightness from 0 to 1', () => {
    expect(rgbToHsl([255, 0, 0])).toEqual([0, 1, 0.5]);
    expect(rgbToHsl([0, 255, 0])).toEqual([120, 1, 0.5]);
    expect(rgbToHsl([0, 0, 255])).toEqual([240, 1, 0.5]);
    expect(rgbToHsl([255, 255, 255])).toEqual([0, 0, 1]);
    expect(rgbToHsl([0, 0, 0])).toEqual([0, 0, 0]);
    // (255, 128, 0): hue 60·(128/255) = 30.1 → 30; lightness 127.5/255 = 0.5; saturation 1.
    expect(rgbToHsl([255, 128, 0])).toEqual([30, 1, 0.5]);
    // (64, 32, 96): max 96, min 32 → l = 64/255 = 0.251, s = 64/128 = 0.5, hue 270.
    expect(rgbToHsl([64, 32, 96])).toEqual([270, 0.5, 0.251]);
  });
});

describe('priorityInfo', () => {
  it('lists the visible entry first, then by priority, with Hyperion.ng keys', () => {
    let now = 1000;
    const muxer = new PriorityMuxer({ now: () => now });
    muxer.register(50, { component: 'EFFECT', origin: 'A@1.2.3.4', owner: 'Fire', durationMs: -1 });
    muxer.setColors(50, new Uint8Array(3));
    muxer.register(20, {
      component: 'COLOR',
      origin: 'B@::1',
      durationMs: 5000,
      colors: Uint8Array.of(0, 0, 255),
    });
    muxer.register(10, { component: 'EFFECT', origin: 'C', owner: 'Rain', durationMs: -1 });
    now = 3000;
    const list = priorityInfo(muxer, now);
    expect(list).toEqual([
      {
        active: true,
        componentId: 'COLOR',
        duration_ms: 3000,
        origin: 'B@::1',
        priority: 20,
        value: { HSL: [240, 1, 0.5], RGB: [0, 0, 255] },
        visible: true,
      },
      {
        active: false,
        componentId: 'EFFECT',
        origin: 'C',
        owner: 'Rain',
        priority: 10,
        visible: false,
      },
      {
        active: true,
        componentId: 'EFFECT',
        origin: 'A@1.2.3.4',
        owner: 'Fire',
        priority: 50,
        visible: false,
      },
    ]);
    expect(Object.keys(list[0] ?? {})).toEqual([
      'active',
      'componentId',
      'duration_ms',
      'origin',
      'priority',
      'value',
      'visible',
    ]);
    muxer.close();
  });
});
