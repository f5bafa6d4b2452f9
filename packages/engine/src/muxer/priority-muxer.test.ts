import { PRIORITY } from '@glowkit/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RgbImage } from '../types.js';
import {
  type MuxerInput,
  PriorityMuxer,
  type RegisterOptions,
  type RemovalReason,
} from './priority-muxer.js';

const color: RegisterOptions = { component: 'COLOR', origin: 'JsonRpc@::1', durationMs: -1 };
const rgb = (r: number, g: number, b: number) => Uint8Array.of(r, g, b);
const image: RgbImage = { width: 1, height: 1, data: rgb(1, 2, 3) };

/** Every event the muxer emits, in order, as short strings. */
function record(muxer: PriorityMuxer): string[] {
  const events: string[] = [];
  muxer.on('update', (input) => events.push(`update ${input?.priority ?? 'none'}`));
  muxer.on('priorities', () => events.push('priorities'));
  muxer.on('removed', (input: MuxerInput, reason: RemovalReason) =>
    events.push(`removed ${input.priority} ${reason}`),
  );
  return events;
}

describe('PriorityMuxer: who is visible', () => {
  it('shows the lowest number with data', () => {
    const muxer = new PriorityMuxer();
    const events = record(muxer);
    muxer.register(50, color);
    muxer.setColors(50, rgb(0, 0, 255));
    muxer.register(10, color);
    muxer.setColors(10, rgb(255, 0, 0));
    expect(muxer.visible?.priority).toBe(10);
    expect(muxer.visible?.colors).toEqual(rgb(255, 0, 0));
    expect(events).toEqual([
      'priorities', // 50 added
      'update 50',
      'priorities', // 50 active and visible
      'priorities', // 10 added
      'update 10',
      'priorities', // 10 active and visible
    ]);
    muxer.close();
  });

  it('skips inputs without data (an effect before its first frame)', () => {
    const muxer = new PriorityMuxer();
    muxer.register(50, color);
    muxer.setColors(50, rgb(0, 0, 255));
    const events = record(muxer);
    const effect = muxer.register(10, {
      component: 'EFFECT',
      origin: 'System',
      owner: 'Rainbow',
      durationMs: -1,
    });
    expect(effect.active).toBe(false);
    expect(muxer.visible?.priority).toBe(50);
    expect(events).toEqual(['priorities']);
    expect(muxer.setImage(10, image)).toBe(true);
    expect(effect.active).toBe(true);
    expect(effect.image).toBe(image);
    expect(muxer.visible).toBe(effect);
    expect(events).toEqual(['priorities', 'update 10', 'priorities']);
    muxer.close();
  });

  it('announces new data on the visible input, and nothing for a hidden one', () => {
    const muxer = new PriorityMuxer();
    muxer.register(10, { component: 'EFFECT', origin: 'System', owner: 'Fire', durationMs: -1 });
    muxer.register(50, { component: 'EFFECT', origin: 'System', owner: 'Ice', durationMs: -1 });
    muxer.setImage(10, image);
    muxer.setImage(50, image);
    const events = record(muxer);
    muxer.setImage(50, image); // hidden behind 10
    expect(events).toEqual([]);
    muxer.setImage(10, image);
    muxer.setColors(10, rgb(1, 1, 1)); // an effect's first LED is not shown in the list
    expect(events).toEqual(['update 10', 'update 10']);
    expect(muxer.get(10)?.image).toBeUndefined();
    expect(muxer.get(10)?.colors).toEqual(rgb(1, 1, 1));
    muxer.close();
  });

  it("lists a colour input's first-LED change, since the list shows that colour", () => {
    const muxer = new PriorityMuxer();
    muxer.register(20, color);
    muxer.setColors(20, Uint8Array.of(9, 9, 9, 1, 1, 1));
    const events = record(muxer);
    muxer.setColors(20, Uint8Array.of(9, 9, 9, 2, 2, 2));
    expect(events).toEqual(['update 20']);
    muxer.setColors(20, Uint8Array.of(8, 9, 9, 2, 2, 2));
    expect(events).toEqual(['update 20', 'update 20', 'priorities']);
    muxer.close();
  });

  it('keeps the inputs in ascending order, as a snapshot', () => {
    const muxer = new PriorityMuxer();
    for (const p of [200, 3, 254, 77]) muxer.register(p, color);
    const before = muxer.inputs;
    expect(before.map((i) => i.priority)).toEqual([3, 77, 200, 254]);
    expect(muxer.inputs).toBe(before);
    muxer.clear(77);
    expect(before.map((i) => i.priority)).toEqual([3, 77, 200, 254]);
    expect(muxer.inputs.map((i) => i.priority)).toEqual([3, 200, 254]);
    muxer.close();
  });

  it('fills owner with "" and keeps the effect smoothing', () => {
    const muxer = new PriorityMuxer();
    const smoothing = {
      type: 'linear' as const,
      timeMs: 100,
      updateFrequency: 30,
      interpolationRate: 25,
      decay: 1,
      dithering: false,
      updateDelay: 0,
    };
    const c = muxer.register(5, color);
    const e = muxer.register(6, {
      component: 'EFFECT',
      origin: 'System',
      owner: 'Fire',
      durationMs: -1,
      smoothing,
    });
    expect(c.owner).toBe('');
    expect(c.smoothing).toBeUndefined();
    expect(e.smoothing).toBe(smoothing);
    expect(e.origin).toBe('System');
    muxer.close();
  });
});

describe('PriorityMuxer: clearing and replacing', () => {
  it('clear takes effect at once, and the last clear announces black', () => {
    const muxer = new PriorityMuxer();
    muxer.register(30, color);
    muxer.setColors(30, rgb(255, 255, 255));
    const events = record(muxer);
    expect(muxer.clear(30)).toBe(true);
    expect(muxer.visible).toBeUndefined();
    expect(muxer.inputs).toEqual([]);
    expect(events).toEqual(['removed 30 cleared', 'update none', 'priorities']);
    expect(muxer.clear(30)).toBe(false);
    expect(events).toHaveLength(3);
    muxer.close();
  });

  it('clear of a visible input shows the next one', () => {
    const muxer = new PriorityMuxer();
    muxer.register(30, color);
    muxer.setColors(30, rgb(1, 1, 1));
    muxer.register(40, color);
    muxer.setColors(40, rgb(2, 2, 2));
    const events = record(muxer);
    muxer.clear(30);
    expect(muxer.visible?.priority).toBe(40);
    expect(events).toEqual(['removed 30 cleared', 'update 40', 'priorities']);
    muxer.close();
  });

  it('clearAll removes the client inputs and keeps the background at 254 and 255', () => {
    const muxer = new PriorityMuxer();
    for (const p of [1, 100, 253, 254, 255]) {
      muxer.register(p, color);
      muxer.setColors(p, rgb(p, p, p));
    }
    const events = record(muxer);
    const removed = muxer.clearAll();
    expect(removed.map((i) => i.priority)).toEqual([1, 100, 253]);
    expect(muxer.inputs.map((i) => i.priority)).toEqual([254, 255]);
    expect(muxer.visible?.priority).toBe(PRIORITY.BACKGROUND);
    expect(events).toEqual([
      'removed 1 cleared',
      'removed 100 cleared',
      'removed 253 cleared',
      'update 254',
      'priorities',
    ]);
    expect(muxer.clearAll()).toEqual([]);
    expect(events).toHaveLength(5);
    muxer.close();
  });

  it('clearEverything removes all, the background too', () => {
    const muxer = new PriorityMuxer();
    for (const p of [7, 254]) {
      muxer.register(p, color);
      muxer.setColors(p, rgb(p, p, p));
    }
    const events = record(muxer);
    expect(muxer.clearEverything().map((i) => i.priority)).toEqual([7, 254]);
    expect(muxer.inputs).toEqual([]);
    expect(events).toEqual([
      'removed 7 cleared',
      'removed 254 cleared',
      'update none',
      'priorities',
    ]);
    muxer.close();
  });

  it('register on a taken priority replaces the input, which shows nothing until data comes', () => {
    const muxer = new PriorityMuxer();
    muxer.register(60, color);
    muxer.setColors(60, rgb(0, 0, 9));
    const old = muxer.register(20, {
      component: 'EFFECT',
      origin: 'System',
      owner: 'Fire',
      durationMs: -1,
    });
    muxer.setImage(20, image);
    const events = record(muxer);
    const next = muxer.register(20, {
      component: 'EFFECT',
      origin: 'System',
      owner: 'Ice',
      durationMs: -1,
    });
    expect(next).not.toBe(old);
    expect(muxer.get(20)).toBe(next);
    expect(muxer.visible?.priority).toBe(60);
    expect(events).toEqual(['removed 20 replaced', 'update 60', 'priorities']);
    muxer.setImage(20, image);
    expect(events.slice(3)).toEqual(['update 20', 'priorities']);
    muxer.close();
  });

  it('setColors and setImage fail where nothing is registered', () => {
    const muxer = new PriorityMuxer();
    const events = record(muxer);
    expect(muxer.setColors(8, rgb(1, 2, 3))).toBe(false);
    expect(muxer.setImage(8, image)).toBe(false);
    expect(muxer.get(8)).toBeUndefined();
    expect(events).toEqual([]);
    muxer.close();
  });
});

describe('PriorityMuxer: priorities out of range', () => {
  it.each([0, 256, -1, 1.5, Number.NaN])('throws a RangeError for %s', (p) => {
    const muxer = new PriorityMuxer();
    expect(() => muxer.register(p, color)).toThrow(RangeError);
    expect(() => muxer.setColors(p, rgb(0, 0, 0))).toThrow(RangeError);
    expect(() => muxer.setImage(p, image)).toThrow(RangeError);
    expect(() => muxer.clear(p)).toThrow(RangeError);
    expect(() => muxer.get(p)).toThrow(
      `Priority ${p} is not allowed: use an integer from 1 to 255.`,
    );
    muxer.close();
  });

  it('accepts 1 and 255', () => {
    const muxer = new PriorityMuxer();
    expect(muxer.register(PRIORITY.FOREGROUND, color).priority).toBe(1);
    expect(muxer.register(PRIORITY.LOWEST, color).priority).toBe(255);
    muxer.close();
  });
});

describe('PriorityMuxer: time', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const clock = { now: () => Date.now() };

  it('ends a timed input exactly on time, from one timer', () => {
    const muxer = new PriorityMuxer(clock);
    const events = record(muxer);
    const at: number[] = [];
    muxer.on('update', () => at.push(Date.now() - 1_000_000));
    const input = muxer.register(20, { ...color, durationMs: 1000 });
    expect(input.expiresAt).toBe(1_001_000);
    muxer.setColors(20, rgb(5, 5, 5));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(muxer.get(20)).toBe(input);
    vi.advanceTimersByTime(1);
    expect(muxer.get(20)).toBeUndefined();
    expect(events).toEqual([
      'priorities',
      'update 20',
      'priorities',
      'removed 20 expired',
      'update none',
      'priorities',
    ]);
    expect(at).toEqual([0, 1000]);
    expect(vi.getTimerCount()).toBe(0);
    muxer.close();
  });

  it('re-arms for the nearest expiry as inputs come and go', () => {
    const muxer = new PriorityMuxer(clock);
    const ended: string[] = [];
    muxer.on('removed', (input, reason) =>
      ended.push(`${input.priority} ${reason} @${Date.now() - 1_000_000}`),
    );
    muxer.register(30, { ...color, durationMs: 300 });
    muxer.register(10, { ...color, durationMs: 100 });
    muxer.register(20, { ...color, durationMs: 200 });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(50);
    muxer.clear(20);
    vi.advanceTimersByTime(50);
    expect(ended).toEqual(['20 cleared @50', '10 expired @100']);
    // 40 arrives at 100 and ends at 250, before 30's 300.
    muxer.register(40, { ...color, durationMs: 150 });
    vi.advanceTimersByTime(1000);
    expect(ended).toEqual([
      '20 cleared @50',
      '10 expired @100',
      '40 expired @250',
      '30 expired @300',
    ]);
    expect(vi.getTimerCount()).toBe(0);
    muxer.close();
  });

  it('keeps the expiry when new data comes', () => {
    const muxer = new PriorityMuxer(clock);
    const input = muxer.register(20, { ...color, durationMs: 1000 });
    vi.advanceTimersByTime(600);
    muxer.setColors(20, rgb(1, 1, 1));
    expect(input.expiresAt).toBe(1_001_000);
    vi.advanceTimersByTime(400);
    expect(muxer.get(20)).toBeUndefined();
    muxer.close();
  });

  it('an endless input has no timer; re-using a timed priority with it stays endless', () => {
    const muxer = new PriorityMuxer(clock);
    const events = record(muxer);
    muxer.register(20, { ...color, durationMs: 1000 });
    expect(vi.getTimerCount()).toBe(1);
    const endless = muxer.register(20, { ...color, durationMs: -1 });
    expect(endless.expiresAt).toBe(Number.POSITIVE_INFINITY);
    expect(vi.getTimerCount()).toBe(0);
    muxer.setColors(20, rgb(1, 1, 1));
    vi.advanceTimersByTime(60_000);
    expect(muxer.get(20)).toBe(endless);
    expect(events).toEqual([
      'priorities',
      'removed 20 replaced',
      'priorities',
      'update 20',
      'priorities',
    ]);
    muxer.close();
  });

  it('duration 0 is already over: the input never shows', () => {
    const muxer = new PriorityMuxer(clock);
    const events = record(muxer);
    muxer.register(20, { ...color, durationMs: 0 });
    expect(muxer.setColors(20, rgb(1, 1, 1))).toBe(false);
    expect(muxer.get(20)).toBeUndefined();
    expect(events).toEqual(['priorities', 'removed 20 expired', 'priorities']);
    expect(vi.getTimerCount()).toBe(0);
    // Left alone, the timer takes it out at once.
    muxer.register(21, { ...color, durationMs: 0 });
    vi.advanceTimersByTime(0);
    expect(muxer.get(21)).toBeUndefined();
    expect(events.slice(3)).toEqual(['priorities', 'removed 21 expired', 'priorities']);
    muxer.close();
  });

  it('waits longer than one Node timer can (25 days) by re-arming', () => {
    const muxer = new PriorityMuxer(clock);
    const days30 = 30 * 24 * 3600 * 1000;
    muxer.register(20, { ...color, durationMs: days30 });
    vi.advanceTimersByTime(2 ** 31 - 1);
    expect(muxer.get(20)).toBeDefined();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(days30 - (2 ** 31 - 1));
    expect(muxer.get(20)).toBeUndefined();
    muxer.close();
  });

  it('close leaves no timer behind and stops expiring', () => {
    const muxer = new PriorityMuxer(clock);
    const events = record(muxer);
    muxer.register(20, { ...color, durationMs: 100 });
    muxer.register(21, { ...color, durationMs: 200 });
    expect(vi.getTimerCount()).toBe(1);
    muxer.close();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(events).toEqual(['priorities', 'priorities']);
    // A call after close still drops what has expired, without arming a timer.
    muxer.register(22, color);
    expect(muxer.inputs.map((i) => i.priority)).toEqual([22]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('PriorityMuxer: listeners that call back', () => {
  it('lets a listener register the background when the last input goes, announcing each change once', () => {
    const muxer = new PriorityMuxer();
    const events = record(muxer);
    muxer.on('update', (input) => {
      if (input === undefined && !muxer.get(PRIORITY.BACKGROUND)) {
        muxer.register(PRIORITY.BACKGROUND, color);
        muxer.setColors(PRIORITY.BACKGROUND, rgb(255, 138, 0));
      }
    });
    muxer.register(5, color);
    muxer.setColors(5, rgb(1, 1, 1));
    events.length = 0;
    muxer.clear(5);
    expect(muxer.visible?.priority).toBe(254);
    expect(events).toEqual([
      'removed 5 cleared',
      'update none',
      'priorities', // from the listener's register: the clear of 5 is part of it
      'update 254',
      'priorities',
    ]);
    muxer.close();
  });
});

describe('PriorityMuxer: the default clock', () => {
  it('ends a 50 ms input by its own timer on performance.now(), never early', async () => {
    const muxer = new PriorityMuxer();
    const before = performance.now();
    const input = muxer.register(20, { ...color, durationMs: 50 });
    const after = performance.now();
    // The clock is performance.now(): the expiry lies 50 ms after a reading taken in between.
    expect(input.expiresAt - 50).toBeGreaterThanOrEqual(before);
    expect(input.expiresAt - 50).toBeLessThanOrEqual(after);
    const [ended, reason] = await new Promise<[number, string]>((resolve) => {
      muxer.once('removed', (_input, why) => resolve([performance.now(), why]));
    });
    expect(reason).toBe('expired');
    // How late a timer runs depends on the machine's load; the fake-clock tests above show the
    // muxer itself arms it for the exact expiry.
    expect(ended).toBeGreaterThanOrEqual(input.expiresAt);
    muxer.close();
  });
});

describe('PriorityMuxer: sourceselect', () => {
  it('shows a pinned priority over lower ones until auto-select comes back', () => {
    const muxer = new PriorityMuxer();
    muxer.register(10, { ...color, colors: rgb(255, 0, 0) });
    muxer.register(50, { ...color, colors: rgb(0, 0, 255) });
    const events = record(muxer);
    expect(muxer.select(50)).toBe(true);
    expect(muxer.visible?.priority).toBe(50);
    expect(muxer.autoSelect).toBe(false);
    expect(events).toEqual(['update 50', 'priorities']);
    muxer.selectAuto();
    expect(muxer.visible?.priority).toBe(10);
    expect(muxer.autoSelect).toBe(true);
    muxer.close();
  });

  it('refuses a priority nobody holds, and changes nothing', () => {
    const muxer = new PriorityMuxer();
    muxer.register(10, { ...color, colors: rgb(255, 0, 0) });
    const events = record(muxer);
    expect(muxer.select(20)).toBe(false);
    expect(muxer.autoSelect).toBe(true);
    expect(events).toEqual([]);
    muxer.close();
  });

  it('returns to auto-select when the pinned source leaves', () => {
    const muxer = new PriorityMuxer();
    muxer.register(10, { ...color, colors: rgb(255, 0, 0) });
    muxer.register(50, { ...color, colors: rgb(0, 0, 255) });
    muxer.select(50);
    muxer.clear(50);
    expect(muxer.autoSelect).toBe(true);
    expect(muxer.visible?.priority).toBe(10);
    // A new source at the same priority is not pinned again.
    muxer.register(50, { ...color, colors: rgb(0, 0, 255) });
    expect(muxer.visible?.priority).toBe(10);
    muxer.close();
  });
});
