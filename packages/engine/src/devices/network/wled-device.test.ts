import { afterEach, describe, expect, it } from 'vitest';
import { runDevice } from '../../../test/support/run-device.js';
import { segment, WledStandIn } from '../../../test/support/wled-stand-in.js';
import { WledDevice, wledSettingsOf } from './wled-device.js';

const config = (keys: Record<string, unknown>) =>
  runDevice({ type: 'wled', hardwareLedCount: 3, ...keys });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function standIn(
  options: Parameters<typeof WledStandIn.start>[0] = {},
): Promise<WledStandIn> {
  const wled = await WledStandIn.start(options);
  cleanups.push(() => wled.close());
  return wled;
}

function deviceFor(wled: WledStandIn, keys: Record<string, unknown> = {}, timeoutMs = 2000) {
  const device = new WledDevice(config({ host: wled.host, ...keys }), {
    ddpPort: wled.ddpPort,
    rawPort: wled.rawPort,
    timeoutMs,
  });
  cleanups.push(() => device.close());
  return device;
}

const RGB = Uint8Array.of(255, 0, 0, 0, 255, 0, 0, 0, 255);
const TAKE_OVER = '{"on":true,"live":true,"bri":255,"udpn":{"send":false,"recv":false}}';

describe('wledSettingsOf', () => {
  it("takes Hyperion.ng's defaults, except restoreOriginalState (true)", () => {
    expect(wledSettingsOf(config({ host: '10.0.0.7' }))).toEqual({
      settings: {
        host: '10.0.0.7',
        apiPort: 80,
        streamProtocol: 'DDP',
        restoreOriginalState: true,
        stayOnAfterStreaming: false,
        overwriteSync: true,
        overwriteBrightness: true,
        brightness: 255,
        streamSegmentId: -1,
        switchOffOtherSegments: true,
      },
      warnings: [],
    });
  });

  it('reads every key, and the API port from host:port', () => {
    const { settings, warnings } = wledSettingsOf(
      config({
        host: 'wled.local:8080',
        streamProtocol: 'RAW',
        restoreOriginalState: false,
        stayOnAfterStreaming: true,
        overwriteSync: false,
        overwriteBrightness: false,
        brightness: 100,
        segments: { streamSegmentId: 2, switchOffOtherSegments: false },
      }),
    );
    expect(warnings).toEqual([]);
    expect(settings).toEqual({
      host: 'wled.local',
      apiPort: 8080,
      streamProtocol: 'RAW',
      restoreOriginalState: false,
      stayOnAfterStreaming: true,
      overwriteSync: false,
      overwriteBrightness: false,
      brightness: 100,
      streamSegmentId: 2,
      switchOffOtherSegments: false,
    });
  });

  // Bad values of the keys are refused by the wled schema (protocol's boundary tests); what it
  // cannot say is the port inside host.
  it('falls back to port 80 with a warning when host names no port', () => {
    const { settings, warnings } = wledSettingsOf(config({ host: 'h:99999' }));
    expect(warnings).toEqual([
      'device.host: the port in "h:99999" is not from 1 to 65535; using 80',
    ]);
    expect(settings).toMatchObject({ host: 'h', apiPort: 80 });
  });

  // RAW for more than 490 LEDs is refused by the settings (protocol's relations.ts).
  it('needs a host', () => {
    expect(() => new WledDevice(config({}))).toThrow(
      "wled: device.host is empty; set it to the WLED's IP address or host name",
    );
    expect(new WledDevice(config({ host: 'h', hardwareLedCount: 5000 })).recoverable).toBe(true);
  });
});

describe('WledDevice against a WLED stand-in', () => {
  it('takes over with one GET and one POST of the exact JSON, then streams DDP', async () => {
    const wled = await standIn();
    const device = deviceFor(wled);
    await device.open();
    expect(wled.requests.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([
      'GET /json/ ',
      `POST /json/state ${TAKE_OVER}`,
    ]);
    expect(wled.liveHeld).toBe(true);
    expect(wled.state).toMatchObject({ on: true, bri: 255, udpn: { send: false, recv: false } });
    expect([device.streamProtocol, device.version, device.captured]).toEqual([
      'DDP',
      '0.14.4',
      true,
    ]);
    await device.write(RGB);
    expect((await wled.waitForFrames('ddp', 1)).map((f) => [...f])).toEqual([[...RGB]]);
    expect(wled.info).toMatchObject({ live: true, lm: 'DDP' });
    expect(wled.problems).toEqual([]);
  });

  it('streams raw UDP to the "Hyperion" port when RAW is configured', async () => {
    const wled = await standIn();
    const device = deviceFor(wled, { streamProtocol: 'RAW' });
    await device.open();
    await device.write(RGB);
    expect((await wled.waitForFrames('raw', 1)).map((f) => [...f])).toEqual([[...RGB]]);
    expect([device.streamProtocol, wled.ddpFrames.length, wled.info.lm]).toEqual([
      'RAW',
      0,
      'Hyperion',
    ]);
  });

  it('falls back to RAW for a WLED older than 0.11.0, and refuses it for more than 490 LEDs', async () => {
    const wled = await standIn({ ver: '0.10.2' });
    const device = deviceFor(wled);
    await device.open();
    expect(device.streamProtocol).toBe('RAW');
    await device.write(RGB);
    expect((await wled.waitForFrames('raw', 1)).map((f) => [...f])).toEqual([[...RGB]]);
    expect(wled.ddpFrames).toEqual([]);

    const big = deviceFor(wled, { hardwareLedCount: 600 });
    const posts = wled.posts.length;
    await expect(big.open()).rejects.toThrow(
      `wled: 600 LEDs do not fit in one raw UDP datagram (at most 490 RGB LEDs); the WLED at ${wled.host} runs 0.10.2, which has no DDP (0.11.0 or newer): update WLED or lower device.hardwareLedCount`,
    );
    expect([big.captured, wled.posts.length]).toEqual([false, posts]);
  });

  it('hands back once on switchOff, takes over again on switchOn without a GET, hands back on close', async () => {
    const wled = await standIn();
    const before = wled.snapshot();
    const device = deviceFor(wled);
    await device.open();
    await device.write(RGB);
    await device.switchOff();
    await device.switchOff();
    expect(wled.state).toEqual(before);
    expect([wled.live, device.captured]).toEqual([false, false]);
    expect(wled.requests.slice(2).map((r) => r.body)).toEqual([
      '{"on":true,"bri":128,"live":false,"tt":0,"udpn":{"send":true,"recv":true}}',
    ]);
    await device.switchOn();
    expect(wled.requests.slice(3).map((r) => `${r.method} ${r.body}`)).toEqual([
      `POST ${TAKE_OVER}`,
    ]);
    expect(wled.liveHeld).toBe(true);
    await device.write(RGB);
    await wled.waitForFrames('ddp', 2);
    await device.close();
    await device.close();
    expect(wled.state).toEqual(before);
    expect(wled.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'POST', 'POST', 'POST']);
  });

  it('streams into one segment and restores segments and the main segment exactly', async () => {
    const wled = await standIn({
      liveseg: 0,
      state: { mainseg: 0, seg: [segment(0, 0, 10, true, 200), segment(1, 10, 20, false, 90)] },
    });
    const before = wled.snapshot();
    const device = deviceFor(wled, { segments: { streamSegmentId: 1 }, brightness: 150 });
    await device.open();
    expect(wled.posts[0]).toEqual({
      on: true,
      live: true,
      seg: [
        { id: 0, on: false },
        { id: 1, on: true, bri: 150 },
      ],
      mainseg: 1,
      udpn: { send: false, recv: false },
    });
    expect(wled.state.mainseg).toBe(1);
    await device.write(RGB);
    await wled.waitForFrames('ddp', 1);
    await device.close();
    expect(wled.posts.slice(1)).toEqual([
      {
        on: true,
        live: false,
        tt: 0,
        seg: [
          { id: 0, on: true },
          { id: 1, on: false, bri: 90 },
        ],
        udpn: { send: true, recv: true },
      },
      { mainseg: 0 },
    ]);
    expect(wled.state).toEqual(before);
  });

  it.each([
    [
      { ver: '0.13.2', liveseg: 0 },
      1,
      /needs WLED 0\.13\.3 or newer, the WLED at .* runs 0\.13\.2; update WLED or set/,
    ],
    [{ liveseg: -1 }, 0, /needs "Use main segment only" in the Sync settings of the WLED at /],
    [
      { liveseg: 0 },
      4,
      /has no segment 4 \(it has 0\); set device\.segments\.streamSegmentId to one of them or to -1/,
    ],
    [
      { liveseg: 0, ledCount: 2 },
      0,
      /segment 0 of the WLED at .* has 2 LEDs, fewer than device\.hardwareLedCount \(3\)/,
    ],
  ])(
    'refuses segment streaming the WLED cannot do (%o, segment %i)',
    async (options, id, message) => {
      const wled = await standIn(options);
      const device = deviceFor(wled, { segments: { streamSegmentId: id } });
      await expect(device.open()).rejects.toThrow(message);
      expect([device.captured, wled.posts]).toEqual([false, []]);
    },
  );

  it('sends black when the hand-back fails, and hands back at the next close', async () => {
    const wled = await standIn();
    const before = wled.snapshot();
    const device = deviceFor(wled, {}, 300);
    await device.open();
    await device.write(RGB);
    wled.hang = true;
    await expect(device.switchOff()).rejects.toThrow(
      `wled: the WLED at ${wled.host} gave no answer within 300 ms to POST /json/state;`,
    );
    const frames = await wled.waitForFrames('ddp', 2);
    expect([...(frames[1] as Uint8Array)]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(device.captured).toBe(true);
    wled.hang = false;
    await device.close();
    expect([device.captured, wled.state]).toEqual([false, before]);
  });

  it('keeps the state read before the first take-over when it reopens after a failed hand-back', async () => {
    const wled = await standIn();
    const before = wled.snapshot();
    const device = deviceFor(wled, {}, 300);
    await device.open();
    wled.hang = true;
    await expect(device.close()).rejects.toThrow(/gave no answer within 300 ms/);
    wled.hang = false;
    // The WLED still shows the take-over (on, bri 255, sync off); that is not what to restore.
    await device.open();
    await device.close();
    expect(wled.state).toEqual(before);
  });

  it('rejects quickly with the host named when nothing listens, holding nothing', async () => {
    const wled = await standIn();
    const host = wled.host;
    await wled.close();
    // A minute's timeout: an answer within the test's time is the refusal, not the timeout.
    const device = new WledDevice(config({ host }), { timeoutMs: 60_000 });
    const answer = await Promise.race([
      device.open().then(
        () => 'opened',
        (error: Error) => error.message,
      ),
      new Promise((resolve) => setTimeout(resolve, 15_000, 'still waiting')),
    ]);
    expect(answer).toBe(
      `wled: cannot reach the WLED at ${host} for GET /json/ (ECONNREFUSED); check that it is on and that device.host is right`,
    );
    expect(device.captured).toBe(false);
    await device.close();
    await expect(device.write(RGB)).rejects.toThrow(
      'wled: write before open; open the device first',
    );
  });
});
