import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultConfiguration } from '../../src/config/defaults.js';
import { ConfigStore, StoreError } from '../../src/store/config-store.js';
import { exportConfiguration, importConfiguration } from '../../src/store/export.js';
import { markedConfiguration, must, withoutUuid } from './fixtures.js';
import { useTempStores } from './temp.js';

describe('exportConfiguration and importConfiguration', () => {
  const temp = useTempStores();

  it('exports the stored configuration', () => {
    const file = temp.path('config.db');
    const store = ConfigStore.open(file);
    const stored = store.read();
    store.close();
    expect(exportConfiguration(file)).toEqual(stored);
    expect(withoutUuid(exportConfiguration(file))).toEqual(defaultConfiguration());
  });

  it('refuses to export a database that does not exist, without creating it', () => {
    const file = temp.path('missing', 'config.db');
    expect(() => exportConfiguration(file)).toThrow(StoreError);
    expect(() => exportConfiguration(file)).toThrow(/there is no configuration database at/);
    expect(existsSync(file)).toBe(false);
  });

  it('imports into a new or existing database, keeping a snapshot each time', () => {
    const file = temp.path('new', 'config.db');
    const first = markedConfiguration('import one', [2, 1]);
    const one = importConfiguration(file, first, 'import of one.json');
    expect(withoutUuid(exportConfiguration(file))).toEqual(first);
    const second = markedConfiguration('import two', [0]);
    const two = importConfiguration(file, second, 'import of two.json');
    expect(two.snapshot).toBeGreaterThan(one.snapshot);
    expect(withoutUuid(exportConfiguration(file))).toEqual(second);

    const store = ConfigStore.open(file);
    try {
      expect(store.snapshots().map((s) => s.reason)).toEqual([
        'import of two.json',
        'import of one.json',
      ]);
      expect(withoutUuid(must(store.snapshot(two.snapshot)))).toEqual(first);
      expect(withoutUuid(must(store.snapshot(one.snapshot)))).toEqual(defaultConfiguration());
    } finally {
      store.close();
    }
  });

  it('changes nothing when the import fails', () => {
    const file = temp.path('config.db');
    importConfiguration(file, markedConfiguration('kept', [0]), 'first');
    const before = exportConfiguration(file);
    const bad = markedConfiguration('bad', [0, 0]);
    expect(() => importConfiguration(file, bad, 'bad')).toThrow(StoreError);
    expect(exportConfiguration(file)).toEqual(before);
  });
});
