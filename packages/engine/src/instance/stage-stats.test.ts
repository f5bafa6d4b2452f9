import { describe, expect, it } from 'vitest';
import { LATENCY_STAGES, LATENCY_WINDOW, StageStats } from './stage-stats.js';

/** One picture through every stage at the given times (ms); returns its device frame. */
function frame(
  stats: StageStats,
  t: {
    received: number;
    waited?: number;
    handed: number;
    map: number;
    mapped?: number;
    out: number;
    done: number;
  },
): object {
  const image = {};
  const device = {};
  stats.handed(image, { receivedAt: t.received, waitedMs: t.waited ?? 0 }, t.handed);
  const slot = stats.mapping(image, t.map);
  if (t.mapped !== undefined) stats.mapped(slot, t.mapped);
  stats.output(slot, device, t.out);
  stats.written(device, t.done);
  return device;
}

describe('StageStats', () => {
  it('reports nothing but the count before the first frame', () => {
    expect(new StageStats().report()).toEqual({ frames: 0 });
  });

  it('splits a frame into its stages, whose sum is the total', () => {
    const stats = new StageStats();
    // Arrived at 10, waited 1 ms in the source, decoded by 13.5, mapped from 14 to 15, written
    // into the smoothing at 15 and out at 40, written by the device at 41.25.
    frame(stats, {
      received: 10,
      waited: 1,
      handed: 13.5,
      map: 14,
      mapped: 15,
      out: 40,
      done: 41.25,
    });
    const report = stats.report();
    expect(report.frames).toBe(1);
    expect(Object.keys(report.stages ?? {})).toEqual([...LATENCY_STAGES]);
    expect(report.stages).toEqual({
      decode: { p50: 2.5, p99: 2.5 },
      wait: { p50: 1.5, p99: 1.5 },
      mapping: { p50: 1, p99: 1 },
      smoothing: { p50: 25, p99: 25 },
      device: { p50: 1.25, p99: 1.25 },
    });
    expect(report.total).toEqual({ p50: 31.25, p99: 31.25 });
  });

  it('counts no smoothing time when the frame goes straight to the device', () => {
    const stats = new StageStats();
    frame(stats, { received: 0, handed: 1, map: 1, out: 3, done: 4 });
    expect(stats.report().stages).toMatchObject({ mapping: { p50: 2 }, smoothing: { p50: 0 } });
  });

  it('takes p50 and p99 over the newest frames only', () => {
    const stats = new StageStats();
    // 100 old frames of 50 ms on the device, then a window of frames of 1…256 ms.
    for (let i = 0; i < 100; i++)
      frame(stats, { received: 0, handed: 0, map: 0, out: 0, done: 50 });
    for (let i = 1; i <= LATENCY_WINDOW; i++) {
      frame(stats, { received: 0, handed: 0, map: 0, out: 0, done: i });
    }
    const report = stats.report();
    expect(report.frames).toBe(100 + LATENCY_WINDOW);
    expect(report.stages?.device).toEqual({ p50: 129, p99: 254 });
    expect(report.total).toEqual({ p50: 129, p99: 254 });
  });

  it('counts a picture once, however often it is mapped again', () => {
    const stats = new StageStats();
    const image = {};
    stats.handed(image, { receivedAt: 0 }, 0);
    expect(stats.mapping(image, 1)).toBeGreaterThanOrEqual(0);
    // Shown again (an adjustment, another mapping type): not a new frame.
    expect(stats.mapping(image, 2)).toBe(-1);
    expect(stats.mapping({}, 2)).toBe(-1);
  });

  it('leaves out a frame the device never wrote, and one replaced on the way', () => {
    const stats = new StageStats();
    const a = {};
    const b = {};
    stats.handed(a, { receivedAt: 0 }, 0);
    stats.output(stats.mapping(a, 0), {}, 1);
    // The device coalesced it: only b's frame is written.
    stats.handed(b, { receivedAt: 1 }, 1);
    const device = {};
    stats.output(stats.mapping(b, 1), device, 2);
    stats.written({}, 3);
    stats.written(device, 3);
    stats.written(device, 4);
    expect(stats.report().frames).toBe(1);
    expect(stats.report().total).toEqual({ p50: 2, p99: 2 });
  });

  it('counts an arrival stamped after the hand-over as no decode', () => {
    const stats = new StageStats();
    frame(stats, { received: 5, handed: 4, map: 4, out: 4, done: 6 });
    expect(stats.report().stages?.decode).toEqual({ p50: 0, p99: 0 });
    expect(stats.report().total).toEqual({ p50: 2, p99: 2 });
  });
});
