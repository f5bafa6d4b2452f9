import { describe, expect, it } from 'vitest';
import { type BlackBorder, UNKNOWN_BORDER } from './detector.js';
import { BorderStabiliser, type StabiliserCounts } from './stabiliser.js';

const bars = (horizontal: number, vertical = 0): BlackBorder => ({
  unknown: false,
  horizontal,
  vertical,
});

const DEFAULTS: StabiliserCounts = {
  unknownFrameCnt: 600,
  borderFrameCnt: 50,
  maxInconsistentCnt: 10,
};

/** Feeds `frames` frames of one border; answers the frame (1-based) at which the border in use changed. */
function feed(stabiliser: BorderStabiliser, border: BlackBorder, frames: number): number[] {
  const changes: number[] = [];
  for (let i = 1; i <= frames; i++) if (stabiliser.update(border)) changes.push(i);
  return changes;
}

describe('BorderStabiliser', () => {
  it('takes the first border at once', () => {
    const stabiliser = new BorderStabiliser(DEFAULTS);
    expect(stabiliser.current).toEqual(UNKNOWN_BORDER);
    expect(feed(stabiliser, bars(40), 1)).toEqual([1]);
    expect(stabiliser.current).toEqual(bars(40));
  });

  it('changes to the next film’s border after maxInconsistentCnt + 1 + borderFrameCnt frames', () => {
    const stabiliser = new BorderStabiliser(DEFAULTS);
    feed(stabiliser, bars(40), 100);
    // Frames 1–10 of the new border are ignored, the 11th makes it the candidate (count 0), and
    // 50 more make it the border in use.
    expect(feed(stabiliser, bars(20, 30), 200)).toEqual([61]);
    expect(stabiliser.current).toEqual(bars(20, 30));
    // The same with other counters.
    const quick = new BorderStabiliser({
      unknownFrameCnt: 9,
      borderFrameCnt: 3,
      maxInconsistentCnt: 2,
    });
    feed(quick, bars(40), 5);
    expect(feed(quick, bars(10), 10)).toEqual([6]);
  });

  it('keeps counting through a few odd frames (a flash, a subtitle)', () => {
    const stabiliser = new BorderStabiliser(DEFAULTS);
    feed(stabiliser, bars(40), 100);
    // The new border is the candidate after 11 frames, and is counted up to 30 …
    expect(feed(stabiliser, bars(20), 41)).toEqual([]);
    // … 10 odd frames are ignored, and do not restart the count …
    expect(feed(stabiliser, bars(3), 10)).toEqual([]);
    // … so 20 more make 50.
    expect(feed(stabiliser, bars(20), 20)).toEqual([20]);
    expect(stabiliser.current).toEqual(bars(20));
  });

  it('keeps the border through a dark scene shorter than unknownFrameCnt', () => {
    const stabiliser = new BorderStabiliser(DEFAULTS);
    feed(stabiliser, bars(40), 100);
    expect(feed(stabiliser, UNKNOWN_BORDER, 600)).toEqual([]);
    expect(stabiliser.current).toEqual(bars(40));
    // The film goes on: its border never left.
    expect(feed(stabiliser, bars(40), 5)).toEqual([]);
    expect(stabiliser.current).toEqual(bars(40));
  });

  it('drops the border after maxInconsistentCnt + 1 + unknownFrameCnt frames without one', () => {
    const stabiliser = new BorderStabiliser(DEFAULTS);
    feed(stabiliser, bars(40), 100);
    expect(feed(stabiliser, UNKNOWN_BORDER, 700)).toEqual([611]);
    expect(stabiliser.current).toEqual(UNKNOWN_BORDER);
  });

  it('with counters of 0, follows each border as soon as it is the candidate', () => {
    const stabiliser = new BorderStabiliser({
      unknownFrameCnt: 0,
      borderFrameCnt: 0,
      maxInconsistentCnt: 0,
    });
    expect(feed(stabiliser, bars(5), 1)).toEqual([1]);
    expect(feed(stabiliser, bars(7), 1)).toEqual([1]);
    expect(feed(stabiliser, UNKNOWN_BORDER, 1)).toEqual([1]);
    expect(stabiliser.current).toEqual(UNKNOWN_BORDER);
  });

  it('carries its borders over to another picture size, in proportion', () => {
    const stabiliser = new BorderStabiliser(DEFAULTS);
    feed(stabiliser, bars(141, 20), 3);
    stabiliser.rescale({ width: 1920, height: 1080 }, { width: 640, height: 360 });
    expect(stabiliser.current).toEqual(bars(47, 7));
    expect(stabiliser.candidate).toEqual(bars(47, 7));
    // The same border found at the new size changes nothing.
    expect(feed(stabiliser, bars(47, 7), 100)).toEqual([]);
  });

  it('forgets everything on reset', () => {
    const stabiliser = new BorderStabiliser(DEFAULTS);
    feed(stabiliser, bars(40), 3);
    stabiliser.reset();
    expect(stabiliser.current).toEqual(UNKNOWN_BORDER);
    expect(feed(stabiliser, bars(12), 1)).toEqual([1]);
  });
});
