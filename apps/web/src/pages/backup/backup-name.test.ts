import { describe, expect, it } from 'vitest';
import { backupFileName } from './backup-name.js';

describe('backupFileName', () => {
  it('names the file after the local date', () => {
    expect(backupFileName(new Date(2025, 0, 31, 23, 59))).toBe('glowkit-backup-2025-01-31.json');
  });
});
