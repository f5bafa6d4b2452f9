import { describe, expect, it } from 'vitest';
import { frame } from '../../test/support/frames.js';
import {
  type BorderMode,
  blackLevel,
  type DetectorOptions,
  detectBorder,
  sameBorder,
  UNKNOWN_BORDER,
} from './detector.js';

const options = (mode: BorderMode, over: Partial<DetectorOptions> = {}): DetectorOptions => ({
  mode,
  level: blackLevel(5),
  blurRemoveCnt: 1,
  ...over,
});

const MODES: BorderMode[] = ['default', 'classic', 'osd', 'letterbox'];

describe('blackLevel', () => {
  it('is ceil(threshold/100·255), 0 to 255', () => {
    expect(blackLevel(5)).toBe(13);
    expect(blackLevel(0)).toBe(0);
    expect(blackLevel(20)).toBe(51);
    expect(blackLevel(100)).toBe(255);
  });
});

describe('detectBorder', () => {
  // A 16:9 film in a 4:3 frame, and a 4:3 show in a 16:9 frame, scaled down.
  const letterbox = frame({ width: 96, height: 72, bars: 9, picture: [200, 40, 10] });
  const pillarbox = frame({ width: 128, height: 72, pillars: 16, picture: [10, 40, 200] });
  const both = frame({ width: 120, height: 90, bars: 6, pillars: 12 });

  it('finds a letterbox: bars at top and bottom, plus the blur margin', () => {
    for (const mode of MODES) {
      expect(detectBorder(letterbox, options(mode)), mode).toEqual({
        unknown: false,
        horizontal: 10,
        vertical: 0,
      });
    }
  });

  it('finds a pillarbox: bars at the sides (letterbox mode looks for none)', () => {
    for (const mode of ['default', 'classic', 'osd'] as const) {
      expect(detectBorder(pillarbox, options(mode)), mode).toEqual({
        unknown: false,
        horizontal: 0,
        vertical: 17,
      });
    }
    expect(detectBorder(pillarbox, options('letterbox'))).toEqual({
      unknown: false,
      horizontal: 0,
      vertical: 0,
    });
  });

  it('finds bars on all four sides', () => {
    for (const mode of ['default', 'classic', 'osd'] as const) {
      expect(detectBorder(both, options(mode)), mode).toEqual({
        unknown: false,
        horizontal: 7,
        vertical: 13,
      });
    }
    expect(detectBorder(both, options('letterbox'))).toMatchObject({ horizontal: 7, vertical: 0 });
  });

  it('adds blurRemoveCnt to a bar, never to a side without one', () => {
    expect(detectBorder(letterbox, options('default', { blurRemoveCnt: 0 }))).toMatchObject({
      horizontal: 9,
      vertical: 0,
    });
    expect(detectBorder(both, options('default', { blurRemoveCnt: 3 }))).toMatchObject({
      horizontal: 9,
      vertical: 15,
    });
  });

  it('takes a pixel as black only when every channel is below the level', () => {
    // Bars of (12, 12, 12) are black at 5 % (level 13); (13, 0, 0) is not.
    const grey = frame({ width: 96, height: 72, bars: 9, bar: [12, 12, 12] });
    expect(detectBorder(grey, options('default'))).toMatchObject({ horizontal: 10 });
    const red = frame({ width: 96, height: 72, bars: 9, bar: [13, 0, 0] });
    expect(detectBorder(red, options('default'))).toMatchObject({ horizontal: 0 });
  });

  it('finds no border at threshold 0: nothing is black', () => {
    for (const mode of MODES) {
      const none = { unknown: false, horizontal: 0, vertical: 0 };
      expect(detectBorder(letterbox, options(mode, { level: blackLevel(0) })), mode).toEqual(none);
      const dark = frame({ width: 96, height: 72, picture: [0, 0, 0] });
      expect(detectBorder(dark, options(mode, { level: blackLevel(0) })), mode).toEqual(none);
    }
  });

  it('answers unknown for a dark scene, not a border', () => {
    // All black but a small bright moon in the middle, on none of the lines the modes read.
    const night = frame({
      width: 96,
      height: 72,
      picture: [3, 3, 8],
      overlays: [{ x: 50, y: 28, width: 3, height: 3, color: [240, 240, 200] }],
    });
    for (const mode of MODES) {
      expect(detectBorder(night, options(mode)), mode).toEqual(UNKNOWN_BORDER);
    }
  });

  it('answers unknown for a picture too small to search', () => {
    const tiny = frame({ width: 2, height: 2 });
    for (const mode of MODES)
      expect(detectBorder(tiny, options(mode)), mode).toEqual(UNKNOWN_BORDER);
    expect(
      detectBorder({ width: 0, height: 0, data: new Uint8Array(0) }, options('default')),
    ).toEqual(UNKNOWN_BORDER);
  });

  it('osd: a subtitle in the bottom bar does not shrink the border; default mode is fooled', () => {
    // A letterboxed film with a white subtitle line in the middle of the bottom bar.
    const subtitled = frame({
      width: 96,
      height: 72,
      bars: 12,
      overlays: [{ x: 36, y: 64, width: 24, height: 3, color: [255, 255, 255] }],
    });
    // default reads the bottom at the centre column: it meets the subtitle 5 rows up.
    expect(detectBorder(subtitled, options('default'))).toMatchObject({ horizontal: 6 });
    expect(detectBorder(subtitled, options('osd'))).toEqual({
      unknown: false,
      horizontal: 13,
      vertical: 0,
    });
    // letterbox reads the bottom at a quarter and three quarters of the width only.
    expect(detectBorder(subtitled, options('letterbox'))).toMatchObject({ horizontal: 13 });
  });

  it('osd: a menu in the middle of the top bar does not shrink the border', () => {
    const menu = frame({
      width: 96,
      height: 72,
      bars: 12,
      overlays: [{ x: 20, y: 2, width: 56, height: 6, color: [30, 60, 200] }],
    });
    expect(detectBorder(menu, options('default'))).toMatchObject({ horizontal: 3 });
    expect(detectBorder(menu, options('osd'))).toMatchObject({ horizontal: 13 });
  });

  it('classic: reads from the top-left corner only', () => {
    // Picture only in the bottom-right quarter: the diagonal within the first third meets none.
    const corner = frame({
      width: 90,
      height: 60,
      picture: [0, 0, 0],
      overlays: [{ x: 45, y: 30, width: 45, height: 30, color: [200, 200, 200] }],
    });
    expect(detectBorder(corner, options('classic'))).toEqual(UNKNOWN_BORDER);
    // A picture from (20, 8): the diagonal meets it at (20, 20), then goes up to row 8.
    const offset = frame({
      width: 90,
      height: 60,
      picture: [0, 0, 0],
      overlays: [{ x: 20, y: 8, width: 50, height: 44, color: [200, 200, 200] }],
    });
    expect(detectBorder(offset, options('classic', { blurRemoveCnt: 0 }))).toEqual({
      unknown: false,
      horizontal: 8,
      vertical: 20,
    });
  });
});

describe('sameBorder', () => {
  it('takes two unknown borders as the same, whatever their sizes', () => {
    expect(sameBorder(UNKNOWN_BORDER, { unknown: true, horizontal: 3, vertical: 4 })).toBe(true);
    expect(sameBorder(UNKNOWN_BORDER, { unknown: false, horizontal: 0, vertical: 0 })).toBe(false);
    expect(
      sameBorder(
        { unknown: false, horizontal: 2, vertical: 0 },
        { unknown: false, horizontal: 2, vertical: 0 },
      ),
    ).toBe(true);
    expect(
      sameBorder(
        { unknown: false, horizontal: 2, vertical: 0 },
        { unknown: false, horizontal: 2, vertical: 1 },
      ),
    ).toBe(false);
  });
});
