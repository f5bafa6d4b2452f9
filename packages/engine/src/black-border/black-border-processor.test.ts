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

  it('follows a stream of hand-made frames: a film, a dark scene, a subtitle, the next film', () => {
    const bb = processor({ mode: 'osd' });
    const crops: string[] = [];
    const show = (image: ReturnType<typeof frame>, count: number) => {
      for (let i = 0; i < count; i++) {
        const { horizontal, vertical } = bb.process(image);
        const crop = `${horizontal}/${vertical}`;
        if (crops.at(-1) !== crop) crops.push(crop);
      }
    };
    // A 2.40:1 film letterboxed in 16:9: its border is taken at the first frame.
    show(frame({ width: 160, height: 90, bars: 11 }), 30);
    // A night scene of 400 frames: black but for a moon off every line read. Not a border.
    const night = frame({
      width: 160,
      height: 90,
      bars: 11,
      picture: [4, 4, 9],
      overlays: [{ x: 90, y: 40, width: 4, height: 4, color: [230, 230, 200] }],
    });
    show(night, 400);
    // 200 frames with a subtitle in the middle of the bottom bar: osd reads beside it.
    const subtitled = frame({
      width: 160,
      height: 90,
      bars: 11,
      overlays: [{ x: 50, y: 82, width: 60, height: 4, color: [255, 255, 255] }],
    });
    show(subtitled, 200);
    expect(crops).toEqual(['12/0']);
    // The next film, 1.85:1 with side bars too: 10 frames ignored, the 11th counted from 0,
    // and taken after 50 more.
    const next = frame({ width: 160, height: 90, bars: 3, pillars: 6 });
    for (let i = 1; i <= 60; i++)
      expect(bb.process(next), `frame ${i}`).toEqual({ horizontal: 12, vertical: 0 });
    expect(bb.process(next)).toEqual({ horizontal: 4, vertical: 7 });
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
