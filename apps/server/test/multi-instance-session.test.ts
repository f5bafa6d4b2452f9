// One WebSocket session following several instances at once, as the web UI's overview does: the
// live LED colours of each instance it streams, and the pushes of each instance it asked about.
import { afterEach, describe, expect, it } from 'vitest';
import type { Configuration } from '../src/store/config-store.js';
import { configuration } from './support/configs.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';

const LEDS = 4;

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Two instances on virtual devices, no effects, no smoothing. */
async function start(): Promise<TestServer> {
  t = await startServer({
    prepare: (server) => {
      const config = configuration([0, 1], LEDS) as unknown as Configuration;
      for (const instance of config.instances) {
        const settings = instance.settings as Record<string, unknown>;
        settings.device = { type: 'virtual', hardwareLedCount: LEDS, colorOrder: 'rgb' };
        settings.smoothing = { enable: false };
        settings.foregroundEffect = { enable: false };
      }
      server.store.replace(config, 'test set-up');
    },
  });
  return t;
}

type Leds = { leds: number[] };
const isLeds = (instance: number, first: number) => (p: Record<string, unknown>) =>
  p.command === 'ledcolors-ledstream-update' &&
  p.instance === instance &&
  (p.data as Leds).leds[0] === first;

describe('a session following several instances', () => {
  it('streams the LED colours of each instance it started a stream for, apart', async () => {
    const server = await start();
    const socket = await LiveSocket.open(server.ws, server.token);
    try {
      for (const instance of [0, 1]) {
        const reply = await socket.call({
          command: 'ledcolors',
          subcommand: 'ledstream-start',
          instance,
        });
        expect(reply).toMatchObject({ success: true });
      }
      await socket.call({ command: 'color', instance: [0], priority: 5, color: [200, 0, 0] });
      await socket.call({ command: 'color', instance: [1], priority: 5, color: [0, 0, 100] });
      const zero = await socket.next(isLeds(0, 200));
      const one = await socket.next(
        (p) =>
          p.command === 'ledcolors-ledstream-update' &&
          p.instance === 1 &&
          (p.data as Leds).leds[2] === 100,
      );
      expect((zero.data as Leds).leds.slice(0, 3)).toEqual([200, 0, 0]);
      expect((one.data as Leds).leds.slice(0, 3)).toEqual([0, 0, 100]);

      // Stopping one instance's stream leaves the other streaming.
      await socket.call({ command: 'ledcolors', subcommand: 'ledstream-stop', instance: 0 });
      await socket.call({ command: 'color', instance: [1], priority: 5, color: [0, 0, 50] });
      await socket.next(
        (p) =>
          p.command === 'ledcolors-ledstream-update' &&
          p.instance === 1 &&
          (p.data as Leds).leds[2] === 50,
      );
      await socket.call({ command: 'color', instance: [0], priority: 5, color: [10, 0, 0] });
      await socket.call({ command: 'color', instance: [1], priority: 5, color: [0, 0, 60] });
      await socket.next(
        (p) =>
          p.command === 'ledcolors-ledstream-update' &&
          p.instance === 1 &&
          (p.data as Leds).leds[2] === 60,
      );
      expect(socket.pushes.filter(isLeds(0, 10))).toHaveLength(0);
    } finally {
      socket.close();
    }
  });

  it("hears the pushes of an instance it asked about, besides its own instance's", async () => {
    const server = await start();
    const socket = await LiveSocket.open(server.ws, server.token);
    try {
      await socket.call({ command: 'serverinfo', subscribe: ['priorities-update'] });
      await socket.call({ command: 'serverinfo', instance: 1 });
      await socket.call({ command: 'color', instance: [1], priority: 7, color: [1, 2, 3] });
      const update = await socket.next(
        (p) => p.command === 'priorities-update' && p.instance === 1,
      );
      expect(update).toMatchObject({ data: { priorities: [{ priority: 7 }] } });
    } finally {
      socket.close();
    }
  });
});
