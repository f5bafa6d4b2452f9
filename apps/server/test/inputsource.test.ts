// `inputsource discover` on a real server, with a real X display (Xvfb) and ffmpeg's probe.
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childProcesses as children } from '../../../scripts/child-processes.mjs';
import { post } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';
import { startXvfb, type XvfbDisplay } from './support/xvfb-display.js';

const SCREEN_RATES = [1, 5, 10, 15, 20, 25, 30, 40, 50, 60];

describe('inputsource', () => {
  let t: TestServer;
  let x: XvfbDisplay;
  let root: string;
  const call = (request: Record<string, unknown>, token = t.token) =>
    post(
      `${t.http}/json-rpc`,
      { command: 'inputsource', tan: 7, ...request },
      {
        headers: { Authorization: `Bearer ${token}` },
      },
    );

  beforeAll(async () => {
    x = await startXvfb(1280, 720);
    // Discovery sees this test's display only: the others on the machine are not ours to open.
    root = mkdtempSync(join(tmpdir(), 'glowkit-inputsource-'));
    const sockets = join(root, 'x11');
    mkdirSync(sockets);
    symlinkSync(x.socket, join(sockets, `X${x.number}`));
    mkdirSync(join(root, 'dev'));
    t = await startServer({
      captureDiscovery: {
        x11SocketDir: sockets,
        display: undefined,
        devDir: join(root, 'dev'),
        sysDir: join(root, 'sys'),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await x?.stop();
  });

  it('lists the X display the server can reach, with its size, and leaves no probe running', async () => {
    const before = children().length;
    const reply = await call({ subcommand: 'discover', sourceType: 'screen', params: {} });
    expect(reply.json).toEqual({
      command: 'inputsource-discover',
      success: true,
      tan: 7,
      info: {
        sourceType: 'screen',
        video_sources: [
          {
            device: 'x11',
            device_name: 'X11',
            type: 'screen',
            video_inputs: [
              {
                name: x.display,
                inputIdx: 0,
                device: x.display,
                formats: [{ resolutions: [{ width: 1280, height: 720, fps: SCREEN_RATES }] }],
              },
            ],
            // framegrabber.fps's default.
            default: { video_input: { inputIdx: 0, resolution: { fps: 10 } } },
          },
        ],
      },
    });
    expect(children().length).toBe(before);
  });

  it('answers getProperties for the source it names, and says when there is none', async () => {
    const reply = await call({
      subcommand: 'getProperties',
      sourceType: ' screen ',
      params: { device: 'x11' },
    });
    expect(reply.json).toMatchObject({
      command: 'inputsource-getProperties',
      success: true,
      info: { sourceType: 'screen', video_sources: [{ device: 'x11', type: 'screen' }] },
    });
    const none = await call({
      subcommand: 'getProperties',
      sourceType: 'video',
      params: { device: '/dev/video7' },
    });
    expect(none.json).toEqual({
      command: 'inputsource-getProperties',
      success: false,
      tan: 7,
      error: 'Invalid params',
      errorCode: 'invalid-params',
      errorData: [
        {
          description:
            '/params/device: no video source "/dev/video7" on this machine (inputsource discover lists them)',
        },
      ],
    });
  });

  it('lists no video device where /dev has none, and no audio source (there is no audio grabber)', async () => {
    expect((await call({ subcommand: 'discover', sourceType: 'video' })).json).toMatchObject({
      success: true,
      info: { sourceType: 'video', video_sources: [] },
    });
    expect((await call({ subcommand: 'discover', sourceType: 'audio' })).json).toMatchObject({
      success: true,
      info: { sourceType: 'audio', audio_sources: [] },
    });
  });

  it('answers an unknown source type with Hyperion.ng’s error', async () => {
    expect((await call({ subcommand: 'discover', sourceType: 'printer ' })).json).toEqual({
      command: 'inputsource-discover',
      success: false,
      tan: 7,
      error: 'Unknown input source type: printer',
      errorCode: 'input-source-unknown',
      errorParams: { type: 'printer' },
    });
  });

  it('is for admins: a token without admin rights is refused', async () => {
    const { token } = t.server.store.tokens.create('viewer', false);
    const reply = await call({ subcommand: 'discover', sourceType: 'screen' }, token);
    expect(reply.json).toMatchObject({ success: false, error: 'No Authorization' });
  });
});

describe('inputsource on a server whose DISPLAY is set', () => {
  it('lists its own display, once, however it is written', async () => {
    const x = await startXvfb(640, 480);
    const root = mkdtempSync(join(tmpdir(), 'glowkit-inputsource-'));
    const sockets = join(root, 'x11');
    mkdirSync(sockets);
    symlinkSync(x.socket, join(sockets, `X${x.number}`));
    const t = await startServer({
      captureDiscovery: {
        display: `${x.display}.0`,
        x11SocketDir: sockets,
        devDir: join(root, 'dev'),
        sysDir: join(root, 'sys'),
      },
    });
    try {
      const reply = await post(
        `${t.http}/json-rpc`,
        { command: 'inputsource', subcommand: 'discover', sourceType: 'screen' },
        { headers: { Authorization: `Bearer ${t.token}` } },
      );
      expect(reply.json).toMatchObject({
        success: true,
        info: {
          video_sources: [
            {
              device: 'x11',
              video_inputs: [
                {
                  name: `${x.display}.0`,
                  inputIdx: 0,
                  formats: [{ resolutions: [{ width: 640, height: 480 }] }],
                },
              ],
            },
          ],
        },
      });
      const inputs = (reply.json.info as { video_sources: { video_inputs: unknown[] }[] })
        .video_sources[0]?.video_inputs;
      expect(inputs).toHaveLength(1);
    } finally {
      await t.close();
      await x.stop();
    }
  });
});
