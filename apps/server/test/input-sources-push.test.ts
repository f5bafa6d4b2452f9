/**
 * `input-sources-update` (Glowkit's own topic) on a real server: a WebSocket client subscribed to
 * it by name hears the picture inputs' clients with their frame counts while one is connected,
 * one last (empty) list when the last one leaves, and nothing after; a client subscribed to
 * Hyperion.ng's topics, or to none, never hears it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from '../src/store/config-store.js';
import { configuration } from './support/configs.js';
import { FlatbufClient, rawImageMessage, registerMessage } from './support/flatbuf-client.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';

type Json = Record<string, unknown>;
interface Source {
  origin: string;
  framesShown: number;
  framesReceived: number;
  priority?: number;
}

/** Pushes at most this often in the test (the server's default is once a second). */
const EVERY_MS = 100;

let t: TestServer;

beforeAll(async () => {
  t = await startServer({
    inputSourcesPushMs: EVERY_MS,
    prepare: (server) => {
      const config = configuration([0], 4) as unknown as Configuration;
      const settings = config.instances[0]?.settings as Json;
      settings.smoothing = { enable: false };
      settings.foregroundEffect = { enable: false };
      config.global.settings.flatbufServer = { enable: true, port: 19400, timeout: 30 };
      server.store.replace(config, 'test set-up');
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const isSourcesPush = (p: Json) => p.command === 'input-sources-update';
const sourcesOf = (p: Json) => (p.data as { inputSources: Source[] }).inputSources;

describe('input-sources-update', () => {
  it('pushes growing frame counts while a client streams, an empty list when it leaves', async () => {
    const port = t.server.listening.flatbuf?.port;
    if (!port) throw new Error('the flatbuffers server is not listening');
    const watcher = await LiveSocket.open(t.ws, t.token);
    // Hyperion.ng's clients subscribe to every topic they know (an empty list): not this one.
    const hyperionClient = await LiveSocket.open(t.ws, t.token);
    const unsubscribed = await LiveSocket.open(t.ws, t.token);
    const grabber = await FlatbufClient.connect(port);
    try {
      expect(
        await watcher.call({ command: 'serverinfo', subscribe: ['input-sources-update'] }),
      ).toMatchObject({ success: true });
      expect(await hyperionClient.call({ command: 'serverinfo', subscribe: [] })).toMatchObject({
        success: true,
      });
      await unsubscribed.call({ command: 'serverinfo' });

      await grabber.ask(registerMessage('Grabber', 150));
      const frame = new Uint8Array(8 * 2 * 3).fill(200);
      // A frame per push until a push shows more frames shown than an earlier one (bounded).
      let first: number | undefined;
      let grown: Source | undefined;
      for (let i = 0; i < 50 && !grown; i++) {
        await grabber.ask(rawImageMessage(frame, 8, 2));
        const push = await watcher.next(isSourcesPush);
        expect(push.instance).toBeUndefined();
        const source = sourcesOf(push).find((s) => s.origin === 'Grabber@127.0.0.1');
        if (!source) continue;
        expect(source.priority).toBe(150);
        if (first === undefined) first = source.framesShown;
        else if (source.framesShown > first) grown = source;
      }
      expect(grown?.framesShown).toBeGreaterThan(first ?? 0);

      grabber.close();
      // Pushes keep coming while it is connected; then one with the list empty.
      await watcher.next((p) => isSourcesPush(p) && sourcesOf(p).length === 0);
      const after = watcher.pushes.length;
      // Several intervals later, nothing more came: the pushes stop while no client is connected.
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS * 5));
      await watcher.call({ command: 'serverinfo' });
      expect(watcher.pushes.slice(after).filter(isSourcesPush)).toEqual([]);

      // Meanwhile the Hyperion.ng client heard its own topics (the source's priority entry) only.
      await hyperionClient.call({ command: 'serverinfo' });
      expect(hyperionClient.pushes.some((p) => p.command === 'priorities-update')).toBe(true);
      expect(hyperionClient.pushes.filter(isSourcesPush)).toEqual([]);
      expect(unsubscribed.pushes).toEqual([]);
    } finally {
      grabber.close();
      watcher.close();
      hyperionClient.close();
      unsubscribed.close();
    }
  });

  it('is a topic clients can ask for by name, and says which it is', async () => {
    const socket = await LiveSocket.open(t.ws, t.token);
    try {
      const reply = await socket.call({
        command: 'serverinfo',
        subcommand: 'getSubscriptionCommands',
      });
      expect((reply.info as { commands: string[] }).commands).toContain('input-sources-update');
    } finally {
      socket.close();
    }
  });
});
