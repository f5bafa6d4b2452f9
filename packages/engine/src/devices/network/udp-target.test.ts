import { afterEach, describe, expect, it } from 'vitest';
import { runDevice } from '../../../test/support/run-device.js';
import { UdpReceiver } from '../../../test/support/udp-receiver.js';
import { codeOf, hostOf, resolveHost, UdpTarget } from './udp-target.js';

const config = (keys: Record<string, unknown>) =>
  runDevice({ type: 'udpraw', hardwareLedCount: 1, ...keys });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('hostOf', () => {
  it('takes the host trimmed', () => {
    expect(hostOf(config({ host: ' 10.0.0.5 ' }), 'udpraw')).toBe('10.0.0.5');
  });

  it('refuses an empty host (a new device has none) with a one-line error naming the device type', () => {
    expect(() => hostOf(config({}), 'udpraw')).toThrow(
      "udpraw: device.host is empty; set it to the controller's IP address or host name",
    );
    expect(() => hostOf(config({ host: '  ' }), 'udpddp')).toThrow(
      /^udpddp: device\.host is empty/,
    );
  });
});

describe('resolveHost', () => {
  it('takes IP literals as they are', async () => {
    expect(await resolveHost('x', '192.168.1.7')).toEqual({ address: '192.168.1.7', family: 4 });
    expect(await resolveHost('x', '::1')).toEqual({ address: '::1', family: 6 });
  });

  it('resolves a name with the system resolver', async () => {
    const { address } = await resolveHost('x', 'localhost');
    expect(['127.0.0.1', '::1']).toContain(address);
  });

  it('rejects a name that does not resolve, naming it, in bounded time', async () => {
    // Either the resolver says no, or the 1 s limit does: the message tells which; a resolver left
    // to itself may wait far longer (its own retries) than this test's time.
    await expect(resolveHost('udpddp', 'no-such-host.invalid', 1000)).rejects.toThrow(
      /^udpddp: (cannot resolve host name "no-such-host\.invalid" \(\w+\)|no answer for host name "no-such-host\.invalid" within 1000 ms)/,
    );
  });
});

describe('UdpTarget', () => {
  it('sends datagrams in order, byte for byte, to host:port', async () => {
    const receiver = await UdpReceiver.start();
    cleanups.push(() => receiver.close());
    const target = new UdpTarget('udpraw', '127.0.0.1', receiver.port);
    cleanups.push(() => target.close());
    await target.open();
    expect(target.address).toBe('127.0.0.1');
    expect(target.where).toBe(`127.0.0.1:${receiver.port}`);
    await target.send([Uint8Array.of(1, 2, 3), Uint8Array.of(4), Uint8Array.of(5, 6)]);
    const packets = await receiver.waitFor(3);
    expect(packets.map((packet) => [...packet])).toEqual([[1, 2, 3], [4], [5, 6]]);
  });

  it('names the resolved address beside a host name', async () => {
    const receiver = await UdpReceiver.start();
    cleanups.push(() => receiver.close());
    const target = new UdpTarget('udpraw', 'localhost', receiver.port);
    cleanups.push(() => target.close());
    await target.open({ address: '127.0.0.1', family: 4 });
    expect(target.where).toBe(`localhost (127.0.0.1):${receiver.port}`);
    await target.send([Uint8Array.of(9)]);
    expect((await receiver.waitFor(1)).map((packet) => [...packet])).toEqual([[9]]);
  });

  it('rejects a send before open and after close; close is idempotent', async () => {
    const target = new UdpTarget('udpddp', '127.0.0.1', 4048);
    await expect(target.send([Uint8Array.of(1)])).rejects.toThrow(
      'udpddp: send before open; open the device first',
    );
    await target.open();
    await target.close();
    await target.close();
    expect(target.address).toBeUndefined();
    await expect(target.send([Uint8Array.of(1)])).rejects.toThrow(/send before open/);
  });

  it('reports a failed send as one line naming host:port and the reason', async () => {
    const target = new UdpTarget('udpddp', '127.0.0.1', 9);
    cleanups.push(() => target.close());
    await target.open();
    // A datagram larger than UDP allows fails in the kernel.
    await expect(target.send([new Uint8Array(70_000)])).rejects.toThrow(
      /^udpddp: cannot send to 127\.0\.0\.1:9 \(EMSGSIZE\); check that the controller is on and reachable$/,
    );
  });
});

describe('codeOf', () => {
  it('prefers the system error code, else the first line of the message', () => {
    expect(codeOf(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
    expect(codeOf(new Error('first\nsecond'))).toBe('first');
    expect(codeOf('plain')).toBe('plain');
  });
});
