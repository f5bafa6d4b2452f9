import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../src/data-dir.js';
import { ConfigStore } from '../src/store/config-store.js';
import { post } from './support/client.js';
import { configuration, restoreRequest } from './support/configs.js';
import type { Json } from './support/json.js';
import { exited, startProcess } from './support/process.js';

const TRIALS = 50;
const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A distinct, realistic configuration: 4 instances of 60 LEDs, named after the trial and step. */
function marked(label: string): Json {
  const config = configuration([0, 1, 2, 3], 60) as Json;
  config.global.settings.general.name = label.slice(0, 20);
  return config;
}

/** What the store holds of a configuration: its settings and instances (not the uuid). */
const stored = (config: Json) => ({
  settings: config.global.settings,
  instanceIds: config.instances.map((i: Json) => i.id),
  instances: config.instances,
});

describe('crash safety', () => {
  it(`keeps exactly one complete configuration, old or new, when killed (-9) during restores (${TRIALS} trials)`, async () => {
    const sent = new Map<string, Json>();
    let killedDuringRestore = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const server = await startProcess(dataDir);
      const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
      const headers = { Authorization: `Bearer ${token}` };
      let inFlight = false;
      let answered = 0;
      let stop = false;
      // A stream of restores, each retried while the previous restart is under way.
      const stream = (async () => {
        for (let step = 0; !stop; step++) {
          const label = `t${trial}s${step}`;
          const config = marked(label);
          sent.set(config.global.settings.general.name, config);
          inFlight = true;
          try {
            const reply = await post(`${server.http}/json-rpc`, restoreRequest(config), {
              headers,
            });
            answered += 1;
            if (reply.status === 503) await new Promise((r) => setTimeout(r, 5));
          } catch {
            return; // the server is gone
          } finally {
            inFlight = false;
          }
        }
      })();
      // Killed at a random moment once the stream is under way (however slowly the machine runs
      // it): after a reply, a restart or the next restore may be in progress.
      while (answered === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100));
      if (inFlight) killedDuringRestore += 1;
      server.child.kill('SIGKILL');
      stop = true;
      await stream;
      await exited(server.child);

      const store = ConfigStore.open(databaseFile(dataDir));
      try {
        const now = store.read();
        const name = (now.global.settings.general as Json | undefined)?.name as string;
        const expected = sent.get(name);
        if (expected) {
          expect({
            settings: now.global.settings,
            instanceIds: now.instanceIds,
            instances: now.instances,
          }).toEqual(stored(expected));
        } else {
          // Nothing restored yet: the defaults of a fresh store, complete.
          expect(now.instances.length).toBeGreaterThan(0);
        }
        expect(Object.keys(now.global.settings)).toHaveLength(15);
        for (const instance of now.instances)
          expect(Object.keys(instance.settings)).toHaveLength(10);
      } finally {
        store.close();
      }
    }
    // How many kills land while a restore is on its way depends on the machine's speed; report it
    // so a change shows, and make sure the test did kill some mid-restore.
    console.log(`crash safety: ${TRIALS} kills, ${killedDuringRestore} with a restore in flight`);
    expect(killedDuringRestore).toBeGreaterThan(0);
  }, 600_000);
});
