import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  CurrentNetworkAccess,
  isLocalAddress,
  NetworkAccess,
} from '../src/transport/network-access.js';

/** A machine with one LAN interface in a public range (a hosted box), and loopback. */
const interfaces = () => ({
  lo: [
    { address: '127.0.0.1', cidr: '127.0.0.1/8', family: 'IPv4' },
    { address: '::1', cidr: '::1/128', family: 'IPv6' },
  ] as NetworkInterfaceInfo[],
  eth0: [
    { address: '198.51.100.20', cidr: '198.51.100.20/24', family: 'IPv4' },
    { address: '2001:db8:1::20', cidr: '2001:db8:1::20/64', family: 'IPv6' },
  ] as NetworkInterfaceInfo[],
});
const none = () => ({});

describe('isLocalAddress', () => {
  it('counts loopback, link-local and private IPv4 addresses as local', () => {
    for (const local of [
      '127.0.0.1',
      '127.8.9.10',
      '169.254.3.4',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.178.20',
    ]) {
      expect(isLocalAddress(local, none), local).toBe(true);
    }
    for (const remote of ['8.8.8.8', '172.32.0.1', '192.169.0.1', '100.64.0.1', '203.0.113.7']) {
      expect(isLocalAddress(remote, none), remote).toBe(false);
    }
  });

  it('counts loopback, link-local and unique local IPv6 addresses as local', () => {
    for (const local of ['::1', 'fe80::1', 'fe80::1%eth0', 'FD12:3456::1', 'fc00::5']) {
      expect(isLocalAddress(local, none), local).toBe(true);
    }
    for (const remote of ['2001:4860:4860::8888', '2001:db8:2::1', '::']) {
      expect(isLocalAddress(remote, none), remote).toBe(false);
    }
  });

  it('converts IPv4-mapped IPv6 peers before deciding, dotted or hex', () => {
    expect(isLocalAddress('::ffff:192.168.1.20', none)).toBe(true);
    expect(isLocalAddress('::ffff:c0a8:0114', none)).toBe(true);
    expect(isLocalAddress('::ffff:127.0.0.1', none)).toBe(true);
    expect(isLocalAddress('::ffff:8.8.8.8', none)).toBe(false);
  });

  it("counts the subnets of the machine's interfaces as local", () => {
    expect(isLocalAddress('198.51.100.99', interfaces)).toBe(true);
    expect(isLocalAddress('::ffff:198.51.100.99', interfaces)).toBe(true);
    expect(isLocalAddress('198.51.101.1', interfaces)).toBe(false);
    expect(isLocalAddress('2001:db8:1::99', interfaces)).toBe(true);
    expect(isLocalAddress('2001:db8:2::99', interfaces)).toBe(false);
  });

  it('treats a missing or unreadable address as not local', () => {
    expect(isLocalAddress(undefined, none)).toBe(false);
    expect(isLocalAddress('', none)).toBe(false);
    expect(isLocalAddress('not an address', none)).toBe(false);
  });
});

describe('NetworkAccess', () => {
  it('serves local peers always, internet peers not by default, and says why', () => {
    const access = new NetworkAccess({}, { interfaces });
    expect(access.check('192.168.1.5')).toEqual({ allowed: true, local: true });
    expect(access.check('::ffff:198.51.100.7')).toEqual({ allowed: true, local: true });
    expect(access.check('::ffff:203.0.113.7')).toEqual({
      allowed: false,
      address: '203.0.113.7',
      reason:
        'it is not on the local network and network.internetAccessAPI is off (switch it on to serve internet addresses)',
    });
  });

  it('serves every internet peer with internetAccessAPI and no whitelist', () => {
    const access = new NetworkAccess({ internetAccessAPI: true, ipWhitelist: [] }, { interfaces });
    expect(access.check('203.0.113.7')).toEqual({ allowed: true, local: false });
    expect(access.check('2001:4860::1')).toEqual({ allowed: true, local: false });
  });

  it('serves only whitelisted internet peers when the whitelist names some', () => {
    const access = new NetworkAccess(
      {
        internetAccessAPI: true,
        ipWhitelist: ['203.0.113.7', '198.18.0.0/15', '2001:4860::/32', '::ffff:192.0.2.1'],
      },
      { interfaces: none },
    );
    expect(access.problems).toEqual([]);
    for (const allowed of [
      '203.0.113.7',
      '::ffff:203.0.113.7',
      '198.19.255.1',
      '2001:4860:1::1',
      '192.0.2.1',
    ]) {
      expect(access.check(allowed), allowed).toEqual({ allowed: true, local: false });
    }
    for (const refused of ['203.0.113.8', '198.20.0.1', '2001:4861::1']) {
      expect(access.check(refused), refused).toMatchObject({
        allowed: false,
        reason:
          'it is not on the local network and not in network.ipWhitelist (add it there to serve it)',
      });
    }
    // Local peers need no entry.
    expect(access.check('10.0.0.2')).toEqual({ allowed: true, local: true });
  });

  it('does not let the whitelist open anything while internetAccessAPI is off', () => {
    const access = new NetworkAccess(
      { internetAccessAPI: false, ipWhitelist: ['203.0.113.7'] },
      { interfaces: none },
    );
    expect(access.check('203.0.113.7')).toMatchObject({ allowed: false });
  });

  it('leaves out a bad whitelist entry, says so, and still refuses the rest', () => {
    const access = new NetworkAccess(
      { internetAccessAPI: true, ipWhitelist: ['my-laptop.example'] },
      { interfaces: none },
    );
    expect(access.problems).toEqual([
      'network.ipWhitelist[0] "my-laptop.example" is neither an IP address nor a CIDR range (e.g. 203.0.113.7 or 203.0.113.0/24); it is left out',
    ]);
    expect(access.check('203.0.113.7')).toMatchObject({ allowed: false });
  });

  it("reads the machine's real interfaces by default: loopback is local", () => {
    expect(new NetworkAccess().check('127.0.0.1')).toEqual({ allowed: true, local: true });
    expect(new NetworkAccess().check('::1')).toEqual({ allowed: true, local: true });
  });
});

describe('CurrentNetworkAccess', () => {
  it('follows the running group, and warns of a bad entry once per value', () => {
    let group: { internetAccessAPI?: boolean; ipWhitelist?: string[] } | undefined;
    const warnings: string[] = [];
    const current = new CurrentNetworkAccess(
      () => group,
      (line) => warnings.push(line),
    );
    expect(current.rules.check('203.0.113.7')).toMatchObject({ allowed: false });
    group = { internetAccessAPI: true, ipWhitelist: ['nope'] };
    expect(current.rules.check('203.0.113.7')).toMatchObject({ allowed: false });
    expect(current.rules).toBe(current.rules);
    expect(warnings).toHaveLength(1);
    group = { internetAccessAPI: true };
    expect(current.rules.check('203.0.113.7')).toEqual({ allowed: true, local: false });
  });
});
