// Black-border detection on a real server: a letterboxed picture sent with the JSON `image`
// command lights the top LEDs (the test layout's strip along the top edge) with the picture,
// not with its black bars; `componentstate` BLACKBORDER and a setconfig of the group switch it.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { setconfigRequest } from './support/configs.js';
import { fileDeviceConfiguration, lastFrameText } from './support/file-device.js';
import { FlatbufClient, rawImageMessage, registerMessage } from './support/flatbuf-client.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

const LEDS = 10;

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** One instance whose 10 LEDs run along the top edge, 8 % high, to a `file` device. */
async function start(blackborderdetector?: Record<string, unknown>) {
  let output = '';
  t = await startServer({
    prepare: (server) => {
      output = join(server.options.dataDir, 'leds.txt');
      const config = fileDeviceConfiguration(
        output,
        LEDS,
        blackborderdetector ? { blackborderdetector } : {},
      );
      config.global.settings.flatbufServer = { enable: true, port: 19400, timeout: 5 };
      server.store.replace(config, 'test set-up');
    },
  });
  return { output };
}

const rpc = async (body: Record<string, unknown>) =>
  (await post(`${t?.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${t?.token}` } }))
    .json as Record<string, unknown>;

/** A 16:9 film letterboxed in a 4:3 frame, 96×72: 9 black rows above and below an orange picture. */
function letterboxedPixels(): Buffer {
  const width = 96;
  const height = 72;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 9; y < height - 9; y++) {
    for (let x = 0; x < width; x++) data.set([255, 128, 0], (y * width + x) * 3);
  }
  return data;
}
const letterboxed = (): string => letterboxedPixels().toString('base64');

const image = (priority: number) => ({
  command: 'image',
  priority,
  imagedata: letterboxed(),
  imagewidth: 96,
  imageheight: 72,
  format: 'raw',
  origin: 'Film',
});

const orange = Array.from({ length: LEDS }, () => '255,128,0');
const black = Array.from({ length: LEDS }, () => '0,0,0');

const components = async () =>
  ((await rpc({ command: 'serverinfo' })).info as { components: unknown[] }).components;

describe('black-border detection', () => {
  it('lights the top LEDs of a letterboxed picture with the picture, not the bars', async () => {
    const { output } = await start();
    expect(await rpc(image(50))).toMatchObject({ success: true });
    await until(() => lastFrameText(output).join(' ') === orange.join(' '));
    // On by the group's default (the whole list is control.test.ts's).
    expect(await components()).toContainEqual({ enabled: true, name: 'BLACKBORDER' });
  });

  it('switches with componentstate BLACKBORDER, and tells subscribers', async () => {
    const { output } = await start();
    const socket = await LiveSocket.open(t?.ws ?? '', t?.token ?? '');
    try {
      await socket.call({ command: 'serverinfo', subscribe: ['components-update'] });
      await rpc(image(50));
      await until(() => lastFrameText(output).join(' ') === orange.join(' '));
      expect(
        await rpc({
          command: 'componentstate',
          componentstate: { component: 'BLACKBORDER', state: false },
        }),
      ).toMatchObject({ success: true });
      // Mapped whole, the top LEDs see the bars.
      await until(() => lastFrameText(output).join(' ') === black.join(' '));
      const push = await socket.next((p) => p.command === 'components-update');
      expect(push.data).toEqual({ enabled: false, name: 'BLACKBORDER' });
      expect(await components()).toContainEqual({ enabled: false, name: 'BLACKBORDER' });
      await rpc({
        command: 'componentstate',
        componentstate: { component: 'BLACKBORDER', state: true },
      });
      await until(() => lastFrameText(output).join(' ') === orange.join(' '));
    } finally {
      socket.close();
    }
  });

  it('starts as the group says, and a setconfig of the group applies it', async () => {
    const { output } = await start({ enable: false });
    expect(await components()).toContainEqual({ enabled: false, name: 'BLACKBORDER' });
    await rpc(image(50));
    await until(() => lastFrameText(output).join(' ') === black.join(' '));
    const saved = await rpc(
      setconfigRequest({ blackborderdetector: { enable: true, mode: 'letterbox' } }, 0),
    );
    expect(saved).toMatchObject({ success: true });
    expect(await components()).toContainEqual({ enabled: true, name: 'BLACKBORDER' });
    expect(t?.server.runtime.instance(0)?.view.blackBorder.settings.mode).toBe('letterbox');
    // The rebuilt instance starts with nothing shown; the picture sent again is mapped inside.
    await rpc(image(50));
    await until(() => lastFrameText(output).join(' ') === orange.join(' '));
  });

  it("maps a grabber's letterboxed picture inside its bars too (flatbuffers)", async () => {
    const { output } = await start();
    const port = t?.server.listening.flatbuf?.port;
    if (!port) throw new Error('the flatbuffers server is not listening');
    const grabber = await FlatbufClient.connect(port);
    try {
      expect((await grabber.ask(registerMessage('X11-Grabber Standalone', 150))).registered).toBe(
        150,
      );
      grabber.send(rawImageMessage(letterboxedPixels(), 96, 72));
      await until(() => lastFrameText(output).join(' ') === orange.join(' '));
    } finally {
      grabber.socket.destroy();
    }
  });
});
