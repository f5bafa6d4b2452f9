/** A fresh temporary directory per test, removed afterwards with every store opened in it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { ConfigStore } from '../../src/store/config-store.js';

export interface TempStores {
  /** The test's directory. */
  dir(): string;
  /** A path inside the test's directory. */
  path(...parts: string[]): string;
  /** Opens a store (default: `config.db` in the directory); it is closed after the test. */
  open(file?: string): ConfigStore;
}

/** Call at the top of a describe block. */
export function useTempStores(): TempStores {
  let dir = '';
  const opened: ConfigStore[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'glowkit-store-'));
  });
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const path = (...parts: string[]) => join(dir, ...parts);
  return {
    dir: () => dir,
    path,
    open(file = path('config.db')) {
      const store = ConfigStore.open(file);
      opened.push(store);
      return store;
    },
  };
}
