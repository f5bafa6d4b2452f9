import type { InstanceLatencyInfo } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import { latencySummary } from './latency.js';

const f = (p50: number, p99: number) => ({ p50, p99 });

const measured = (frames: number, smoothing = f(20, 39)): InstanceLatencyInfo => ({
  instance: 0,
  frames,
  stages: {
    decode: f(0.4, 0.9),
    wait: f(0.1, 2),
    mapping: f(0.3, 0.6),
    smoothing,
    device: f(0.2, 0.5),
  },
  total: f(21.2, 41.5),
});

describe('latencySummary', () => {
  it('is nothing before the first picture reached the LEDs', () => {
    expect(latencySummary(undefined)).toBeUndefined();
    expect(latencySummary({ instance: 0, frames: 0 })).toBeUndefined();
  });

  it('says the typical and worst time, and the stage with the longest typical time', () => {
    expect(latencySummary(measured(40))).toEqual({
      typical: 21.2,
      worst: 41.5,
      most: 'smoothing',
      frames: 40,
    });
    // Without smoothing, the next longest: the first of equals in pipeline order.
    expect(latencySummary(measured(40, f(0, 0)))?.most).toBe('decode');
    const tie = measured(40, f(0.4, 3));
    expect(latencySummary(tie)?.most).toBe('decode');
  });

  it('counts the frames the server keeps, not every frame since the start', () => {
    expect(latencySummary(measured(5000))?.frames).toBe(256);
  });
});
