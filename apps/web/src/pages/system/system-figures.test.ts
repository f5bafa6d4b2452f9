import { describe, expect, it } from 'vitest';
import {
  bundleFileName,
  formatBytes,
  formatMs,
  formatPercent,
  formatUptime,
} from './system-figures.js';

describe('the System page figures', () => {
  it('writes sizes in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(123_456_789)).toBe('117.7 MiB');
    expect(formatBytes(null)).toBe('—');
  });

  it('writes percentages, milliseconds and uptimes', () => {
    expect(formatPercent(3.25)).toBe('3.3 %');
    expect(formatPercent(null)).toBe('—');
    expect(formatMs(0.134)).toBe('0.13 ms');
    expect(formatMs(null)).toBe('—');
    expect(formatUptime(42)).toBe('42 s');
    expect(formatUptime(125)).toBe('2 min');
    expect(formatUptime(3 * 3600 + 60)).toBe('3 h 1 min');
    expect(formatUptime(93_784)).toBe('1 d 2 h 3 min');
  });

  it('names the bundle after the local date and time', () => {
    expect(bundleFileName(new Date(2026, 10, 28, 13, 45, 1))).toBe(
      'glowkit-diagnostics-2026-11-28-134501.json',
    );
  });
});
