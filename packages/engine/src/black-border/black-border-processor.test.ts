import { withDefaults } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import { frame } from '../../test/support/frames.js';
import { BlackBorderProcessor, NO_CROP } from './black-border-processor.js';

const processor = (group: Record<string, unknown> = {}) =>
  new BlackBorderProcessor(withDefaults('blackborderdetector', group));

describe('BlackBorderProcessor', () => {
  it('answers the bars to leave out of each frame: the stable border, not the frame’s own', () => {
    const bb = processor();
    const film = frame({ width: 160, height: 90, bars: 12 });
    expect(bb.process(film)).toEqual({ horizontal: 13, vertical: 0 });
    // A frame of the same film with its picture dark near the bars changes nothing.
    const dim = frame({ width: 160, height: 90, bars: 12, picture: [2, 2, 2] });
    expect(bb.process(dim)).toEqual({ horizontal: 13, vertical: 0 });
    expect(bb.current).toEqual({ unknown: false, horizontal: 13, vertical: 0 });
  });

  it('keeps the border when the source changes its picture size (Hyperion.ng dropped it)', () => {
    const bb = processor();
    expect(bb.process(frame({ width: 640, height: 360, bars: 44 }))).toEqual({
      horizontal: 45,
      vertical: 0,
    });
    // The same film at a third of the size: 45 rows are 15, at once and from then on.
    const small = frame({ width: 214, height: 120, bars: 14 });
    for (let i = 0; i < 100; i++)
      expect(bb.process(small)).toEqual({ horizontal: 15, vertical: 0 });
  });

  it('runs the mode and threshold of its settings', () => {
    const subtitled = frame({
      width: 96,
      height: 72,
      bars: 12,
      overlays: [{ x: 36, y: 64, width: 24, height: 3, color: [255, 255, 255] }],
    });
    expect(processor({ mode: 'osd' }).process(subtitled)).toEqual({ horizontal: 13, vertical: 0 });
    expect(processor({ mode: 'default' }).process(subtitled)).toEqual({
      horizontal: 6,
      vertical: 0,
    });
    expect(processor({ threshold: 0 }).process(subtitled)).toEqual(NO_CROP);
  });

  it('forgets the border on reset', () => {
    const bb = processor();
    bb.process(frame({ width: 160, height: 90, bars: 12 }));
    bb.reset();
    expect(bb.current.unknown).toBe(true);
    expect(bb.process(frame({ width: 160, height: 90, pillars: 20 }))).toEqual({
      horizontal: 0,
      vertical: 21,
    });
  });
});
