/**
 * The migration at open: a database written before the settings groups had schemas opens with
 * its configuration unchanged when every value is one the schemas take; values the landed store
 * took but the schemas refuse are brought into range once, in the open's transaction, each
 * reported; a second open finds nothing to do.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ConfigStore, migrationLine } from '../../src/store/config-store.js';
import { configuration } from '../support/configs.js';
import { withoutUuid } from './fixtures.js';
import {
  LANDED,
  type LandedConfiguration,
  landedConfiguration,
  OUT_OF_RANGE,
  settingsRows,
  writeLandedDatabase,
} from './landed-db.js';
import { useTempStores } from './temp.js';

type Json = Record<string, unknown>;

/** The test support's configuration: values of our own, which the landed server restored. */
const ours = configuration([0, 1]) as {
  global: { settings: Json };
  instances: { id: number; name: string; enabled: boolean; settings: Json }[];
};

describe('opening a database of the landed version', () => {
  const temp = useTempStores();

  it.each([
    ['the landed defaults', { instances: [{ id: 0, name: 'First LED instance', enabled: true }] }],
    [
      'configurations the landed server restored',
      {
        global: ours.global.settings,
        instances: ours.instances.map((i) => ({ ...i, enabled: i.id === 0 })),
      },
    ],
  ] as [string, LandedConfiguration][])(
    '%s: opens unchanged, nothing rewritten, nothing reported',
    (_, config) => {
      const file = temp.path('landed.db');
      writeLandedDatabase(file, config);
      const rows = settingsRows(file);
      const store = temp.open(file);
      expect(store.migrations).toEqual([]);
      expect(withoutUuid(store.read())).toEqual(landedConfiguration(config));
      store.close();
      expect(settingsRows(file)).toEqual(rows);
    },
  );

  it('brings each out-of-range value into range once, in the database, one line each', () => {
    const file = temp.path('landed.db');
    writeLandedDatabase(file, OUT_OF_RANGE);
    const first = ConfigStore.open(file);
    const lines = first.migrations.map(migrationLine);
    const config = first.read();
    first.close();
    expect(lines).toEqual([
      'settings group "webConfig" brought into range: /port "abc" → 8090 (must be an integer from 1 to 65535)',
      'settings group "backgroundEffect" of instance 0 brought into range: /enable "yes" → false (must be true or false)',
      'settings group "device" of instance 0 brought into range: /streamProtocol 1 → "1" (must be one of "0", "1", "2")',
      'settings group "device" of instance 0 brought into range: /colorOrder "GRB" → "grb" (must be one of "rgb", "bgr", "rbg", "brg", "gbr", "grb")',
      'settings group "smoothing" of instance 0 brought into range: /decay 500 → 20 (must be a number from 1 to 20)',
      'settings group "smoothing" of instance 0 brought into range: /updateDelay 5000 → 2048 (must be an integer from 0 to 2048)',
      `settings group "color" of instance 3 brought into range: /imageToLedMappingType 3 → "dominant_color" (is Hyperion.ng's integer code of a mapping type: written as its name)`,
      expect.stringMatching(
        /^settings group "leds" of instance 3 brought into range: \/ \[\{"hscan":.*→ \[\{"hmin":0,"hmax":0\.5,"vmin":0,"vmax":0\.1\}\] \(holds LEDs in Hyperion\.ng's old hscan\/vscan or h\/v shape: rewritten as hmin, hmax, vmin, vmax\)$/,
      ),
    ]);
    // Everything else as it was; the values in range, as getconfig reads them.
    const expected = landedConfiguration(OUT_OF_RANGE);
    expected.global.settings.webConfig = { ...(LANDED.groups.webConfig as Json), port: 8090 };
    const [zero, three] = expected.instances as { settings: Json }[];
    Object.assign(zero?.settings ?? {}, {
      smoothing: { ...(LANDED.groups.smoothing as Json), updateDelay: 2048, decay: 20 },
      device: { type: 'adalight', colorOrder: 'grb', streamProtocol: '1', hardwareLedCount: 60 },
      backgroundEffect: { ...(LANDED.groups.backgroundEffect as Json), enable: false },
    });
    Object.assign(three?.settings ?? {}, {
      color: { ...(LANDED.groups.color as Json), imageToLedMappingType: 'dominant_color' },
      leds: [{ hmin: 0, hmax: 0.5, vmin: 0, vmax: 0.1 }],
    });
    expect(withoutUuid(config)).toEqual(expected);

    // Written back: a second open reads the same and has nothing to do.
    const rows = settingsRows(file);
    const second = temp.open(file);
    expect(second.migrations).toEqual([]);
    expect(second.read()).toEqual(config);
    second.close();
    expect(settingsRows(file)).toEqual(rows);
  });

  it('lets every write go on afterwards, a configuration the one validator accepts', () => {
    const file = temp.path('landed.db');
    writeLandedDatabase(file, OUT_OF_RANGE);
    const store = temp.open(file);
    // Instance 0's smoothing held 5000: without the migration, the store's check of the whole
    // configuration would refuse any change of any other group.
    const saved = store.setGroups(3, { smoothing: { time_ms: 10 } }, 'a later change');
    expect(saved.changed).toEqual(['smoothing']);
    store.replace(store.read(), 'a restore of what getconfig gives');
  });

  it('brings a snapshot into range as it restores it, and says what it changed', () => {
    const file = temp.path('landed.db');
    writeLandedDatabase(file, {
      instances: [{ id: 0, name: 'First LED instance', enabled: true }],
    });
    // A snapshot the landed store kept (its JSON text), holding a value it took.
    const kept = landedConfiguration({
      instances: [
        {
          id: 0,
          name: 'Kept instance',
          enabled: true,
          settings: {
            smoothing: { ...(LANDED.groups.smoothing as Json), interpolationRate: 99999 },
          },
        },
      ],
    });
    const db = new Database(file);
    const { lastInsertRowid } = db
      .prepare('INSERT INTO glowkit_snapshots (created_at, reason, config) VALUES (?, ?, ?)')
      .run('2026-11-01T12:00:00.000Z', 'restore over HTTP', JSON.stringify(kept));
    db.close();

    const store = temp.open(file);
    const restored = store.restoreSnapshot(Number(lastInsertRowid));
    expect(restored.migrations.map(migrationLine)).toEqual([
      'settings group "smoothing" of instance 0 brought into range: /interpolationRate 99999 → 1000 (must be a number from 1 to 1000)',
    ]);
    const smoothing = { ...(LANDED.groups.smoothing as Json), interpolationRate: 1000 };
    expect(store.read().instances).toEqual([
      { ...kept.instances[0], settings: { ...kept.instances[0]?.settings, smoothing } },
    ]);
  });
});
