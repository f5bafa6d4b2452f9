import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  handBackBodies,
  originalStateOf,
  splitHostPort,
  takeOverBody,
  versionAtLeast,
  WledApi,
  type WledHandOverSettings,
  wledVersionOf,
} from './wled-api.js';

const DEFAULTS: WledHandOverSettings = {
  restoreOriginalState: true,
  stayOnAfterStreaming: false,
  overwriteSync: true,
  overwriteBrightness: true,
  brightness: 255,
  streamSegmentId: -1,
  switchOffOtherSegments: true,
};

const ORIGINAL = originalStateOf({
  on: false,
  bri: 77,
  udpn: { send: true, recv: false, sgrp: 1, rgrp: 1 },
  mainseg: 0,
  seg: [
    { id: 0, on: true, bri: 200, len: 30 },
    { id: 1, on: false, bri: 100, len: 60 },
    { id: 2, on: true, bri: 50, len: 10 },
  ],
});

describe('splitHostPort', () => {
  it.each([
    ['192.168.1.7', '192.168.1.7', undefined],
    ['192.168.1.7:8080', '192.168.1.7', 8080],
    ['wled.local:80', 'wled.local', 80],
    ['[fe80::1]:81', 'fe80::1', 81],
    ['[fe80::1]', 'fe80::1', undefined],
    ['fe80::1', 'fe80::1', undefined],
    ['host:0', 'host', Number.NaN],
    ['host:http', 'host', Number.NaN],
  ])('%s', (text, host, port) => {
    expect(splitHostPort(text)).toEqual({ host, port });
  });
});

describe('WLED versions', () => {
  it('reads info.ver, pre-releases as their release', () => {
    expect(wledVersionOf('0.14.4')).toEqual([0, 14, 4]);
    expect(wledVersionOf('0.15.0-b3')).toEqual([0, 15, 0]);
    expect(wledVersionOf('0.9')).toEqual([0, 9, 0]);
    expect(wledVersionOf('custom')).toBeUndefined();
    expect(wledVersionOf(14)).toBeUndefined();
  });

  it('compares them field by field', () => {
    expect(versionAtLeast([0, 11, 0], [0, 11, 0])).toBe(true);
    expect(versionAtLeast([0, 10, 9], [0, 11, 0])).toBe(false);
    expect(versionAtLeast([1, 0, 0], [0, 13, 3])).toBe(true);
    expect(versionAtLeast([0, 13, 2], [0, 13, 3])).toBe(false);
  });
});

describe('originalStateOf', () => {
  it('keeps on, bri, sync, main segment and each segment', () => {
    expect(ORIGINAL).toEqual({
      on: false,
      bri: 77,
      udpn: { send: true, recv: false },
      mainseg: 0,
      seg: [
        { id: 0, on: true, bri: 200, len: 30 },
        { id: 1, on: false, bri: 100, len: 60 },
        { id: 2, on: true, bri: 50, len: 10 },
      ],
    });
  });

  it("uses Hyperion.ng's sync defaults and leaves out what the WLED did not say", () => {
    expect(originalStateOf({ seg: [{ on: true }, 'x'] })).toEqual({
      on: undefined,
      bri: undefined,
      udpn: { send: false, recv: true },
      mainseg: undefined,
      seg: [{ id: 0, on: true, bri: undefined, len: undefined }],
    });
  });
});

describe('takeOverBody', () => {
  it('switches on, holds live mode, sets the brightness and stops sync, in that order', () => {
    const body = takeOverBody(DEFAULTS, ORIGINAL);
    expect(JSON.stringify(body)).toBe(
      '{"on":true,"live":true,"bri":255,"udpn":{"send":false,"recv":false}}',
    );
  });

  it('leaves brightness and sync alone when told to', () => {
    expect(
      takeOverBody({ ...DEFAULTS, overwriteBrightness: false, overwriteSync: false }, ORIGINAL),
    ).toEqual({ on: true, live: true });
  });

  it('streams into one segment: its brightness, the others off, it becomes the main one', () => {
    expect(takeOverBody({ ...DEFAULTS, streamSegmentId: 1, brightness: 90 }, ORIGINAL)).toEqual({
      on: true,
      live: true,
      seg: [
        { id: 0, on: false },
        { id: 1, on: true, bri: 90 },
        { id: 2, on: false },
      ],
      mainseg: 1,
      udpn: { send: false, recv: false },
    });
    expect(
      takeOverBody({ ...DEFAULTS, streamSegmentId: 1, switchOffOtherSegments: false }, ORIGINAL)
        .seg,
    ).toEqual([{ id: 1, on: true, bri: 255 }]);
  });
});

describe('handBackBodies', () => {
  it('restores on, bri and sync as they were, with live:false and tt:0', () => {
    expect(handBackBodies(DEFAULTS, ORIGINAL)).toEqual([
      { on: false, bri: 77, live: false, tt: 0, udpn: { send: true, recv: false } },
    ]);
  });

  it('forces on with stayOnAfterStreaming and leaves out what it did not change', () => {
    expect(
      handBackBodies(
        {
          ...DEFAULTS,
          stayOnAfterStreaming: true,
          overwriteBrightness: false,
          overwriteSync: false,
        },
        ORIGINAL,
      ),
    ).toEqual([{ on: true, live: false, tt: 0 }]);
  });

  it('does what Hyperion.ng does without restoreOriginalState', () => {
    expect(handBackBodies({ ...DEFAULTS, restoreOriginalState: false }, ORIGINAL)).toEqual([
      { on: false, live: false, tt: 0, udpn: { send: true, recv: false } },
    ]);
    expect(
      handBackBodies(
        {
          ...DEFAULTS,
          restoreOriginalState: false,
          stayOnAfterStreaming: true,
          streamSegmentId: 2,
        },
        ORIGINAL,
      ),
    ).toEqual([
      {
        on: true,
        live: false,
        tt: 0,
        seg: [{ id: 2, on: true }],
        udpn: { send: true, recv: false },
      },
    ]);
  });

  it('restores the segments it changed, then the main segment once live mode is over', () => {
    expect(handBackBodies({ ...DEFAULTS, streamSegmentId: 1 }, ORIGINAL)).toEqual([
      {
        on: false,
        live: false,
        tt: 0,
        seg: [
          { id: 0, on: true },
          { id: 1, on: false, bri: 100 },
          { id: 2, on: true },
        ],
        udpn: { send: true, recv: false },
      },
      { mainseg: 0 },
    ]);
    expect(
      handBackBodies({ ...DEFAULTS, streamSegmentId: 0, switchOffOtherSegments: false }, ORIGINAL),
    ).toEqual([
      {
        on: false,
        live: false,
        tt: 0,
        seg: [{ id: 0, on: true, bri: 200 }],
        udpn: { send: true, recv: false },
      },
    ]);
  });
});

describe('WledApi', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  /** A one-route HTTP server; `answer` gets each request and its body. */
  async function serve(
    answer: (req: IncomingMessage, body: string) => { status: number; text: string } | undefined,
  ): Promise<number> {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const reply = answer(req, body);
        if (reply)
          res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(reply.text);
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  const api = (port: number, timeoutMs = 2000, host = '127.0.0.1') =>
    new WledApi('wled', { host, address: '127.0.0.1', port }, timeoutMs);

  it('GET /json/ returns state and info', async () => {
    const seen: string[] = [];
    const port = await serve((req) => {
      seen.push(`${req.method} ${req.url} ${req.headers.host}`);
      return { status: 200, text: '{"state":{"on":true},"info":{"ver":"0.14.4"},"effects":[]}' };
    });
    expect(await api(port, 2000, 'wled.local').getJson()).toEqual({
      state: { on: true },
      info: { ver: '0.14.4' },
    });
    expect(seen).toEqual([`GET /json/ wled.local:${port}`]);
  });

  it('POST /json/state sends the body as JSON', async () => {
    const seen: unknown[] = [];
    const port = await serve((req, body) => {
      seen.push([req.method, req.url, req.headers['content-type'], body]);
      return { status: 200, text: '{"success":true}' };
    });
    await api(port).postState({ on: true, live: true });
    expect(seen).toEqual([['POST', '/json/state', 'application/json', '{"on":true,"live":true}']]);
  });

  it('says which host answered an HTTP error or something that is not JSON', async () => {
    const port = await serve((req) =>
      req.method === 'GET' ? { status: 200, text: '<html>' } : { status: 404, text: '{}' },
    );
    await expect(api(port).getJson()).rejects.toThrow(
      `wled: the WLED at 127.0.0.1:${port} answered something that is not JSON to GET /json/; check that device.host is a WLED and that it is on`,
    );
    await expect(api(port).postState({})).rejects.toThrow(
      `wled: the WLED at 127.0.0.1:${port} answered HTTP 404 to POST /json/state;`,
    );
  });

  it('gives up on a WLED that does not answer after the timeout', async () => {
    // The server never answers: only the 200 ms limit can end the request, and the message says so.
    const port = await serve(() => undefined);
    await expect(api(port, 200, 'wled.local').getJson()).rejects.toThrow(
      `wled: the WLED at wled.local (127.0.0.1):${port} gave no answer within 200 ms to GET /json/;`,
    );
  });

  it('reports a host where nothing listens at once, naming it', async () => {
    const port = await serve(() => undefined);
    server?.close();
    server = undefined;
    // A minute's timeout: an answer within the test's time is the refusal, not the timeout.
    const answer = await Promise.race([
      api(port, 60_000)
        .getJson()
        .then(
          () => 'answered',
          (error: Error) => error.message,
        ),
      new Promise((resolve) => setTimeout(resolve, 15_000, 'still waiting')),
    ]);
    expect(answer).toBe(
      `wled: cannot reach the WLED at 127.0.0.1:${port} for GET /json/ (ECONNREFUSED); check that it is on and that device.host is right`,
    );
  });
});
