/**
 * parseAddressRange: the one reading of a `network.ipWhitelist` entry, for the settings rule (in
 * the browser too) and the input servers' listener. Beside the hand-picked rows, a differential
 * against Node's own address parser (node:net, which the listener's BlockList uses) and the URL
 * parser's canonical IPv6 text, on generated addresses and near-addresses.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../scripts/seeded-random.mjs';
import { parseAddressRange } from '../src/index.js';

describe('parseAddressRange', () => {
  it('reads addresses and CIDR ranges of both families', () => {
    expect(parseAddressRange('203.0.113.7')).toEqual({
      address: '203.0.113.7',
      prefix: 32,
      family: 'ipv4',
    });
    expect(parseAddressRange(' 203.0.113.0/24 ')).toEqual({
      address: '203.0.113.0',
      prefix: 24,
      family: 'ipv4',
    });
    expect(parseAddressRange('2001:DB8::1')).toEqual({
      address: '2001:db8::1',
      prefix: 128,
      family: 'ipv6',
    });
    expect(parseAddressRange('2001:db8::/32')).toEqual({
      address: '2001:db8::',
      prefix: 32,
      family: 'ipv6',
    });
    expect(parseAddressRange('0.0.0.0/0')).toEqual({
      address: '0.0.0.0',
      prefix: 0,
      family: 'ipv4',
    });
    expect(parseAddressRange('::/0')).toEqual({ address: '::', prefix: 0, family: 'ipv6' });
  });

  it('writes IPv6 canonically (RFC 5952): lower case, zeros compressed, zone left out', () => {
    expect(parseAddressRange('2001:0DB8:0000:0000:0000:0000:0000:0001')?.address).toBe(
      '2001:db8::1',
    );
    expect(parseAddressRange('2001:db8:0:0:1:0:0:1')?.address).toBe('2001:db8::1:0:0:1');
    expect(parseAddressRange('2001:db8:0:1:1:1:1:1')?.address).toBe('2001:db8:0:1:1:1:1:1');
    expect(parseAddressRange('fe80::1%eth0')).toEqual({
      address: 'fe80::1',
      prefix: 128,
      family: 'ipv6',
    });
    expect(parseAddressRange('64:ff9b::192.0.2.33')?.address).toBe('64:ff9b::c000:221');
  });

  it('takes an IPv4-mapped address or range as its IPv4 one, however it is written', () => {
    expect(parseAddressRange('::ffff:203.0.113.7')).toEqual({
      address: '203.0.113.7',
      prefix: 32,
      family: 'ipv4',
    });
    expect(parseAddressRange('::ffff:cb00:7100/120')).toEqual({
      address: '203.0.113.0',
      prefix: 24,
      family: 'ipv4',
    });
    expect(parseAddressRange('0:0:0:0:0:FFFF:203.0.113.7')?.address).toBe('203.0.113.7');
    expect(parseAddressRange('::ffff:203.0.113.7%eth0')?.family).toBe('ipv4');
  });

  it('refuses what is neither', () => {
    for (const bad of [
      '',
      ' ',
      'hello',
      'example.org',
      '10.0.0.300',
      '203.0.113.300',
      '203.0.113',
      '203.0.113.07',
      '203.0.113.0/33',
      '203.0.113.0/',
      '203.0.113.0/x',
      '203.0.113.0/24/8',
      '1.2.3.4/-1',
      '1.2.3.4%eth0',
      'fe80::/129',
      '2001:db8::/129',
      '::ffff:203.0.113.0/64',
      '1::2::3',
      ':1::',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7:8::',
      '1:2:3:4:5:6:7:1.2.3.4',
      '1.2.3.4::',
      '12345::',
      'g::',
      'fe80::1%',
    ]) {
      expect(parseAddressRange(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });

  it('reads an address as node:net and the URL parser do, on 20,000 generated strings', () => {
    // A seeded generator: the same strings on every run.
    const random = mulberry32(21);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const octet = () => pick(['0', '1', '9', '10', '99', '100', '199', '249', '255', '256', '01']);
    const group = () =>
      pick(['0', '00', '0000', '1', 'f', 'ff', 'abc', 'FFFF', 'ffff', '1a2b', '10000', 'g']);
    const ipv4 = () => Array.from({ length: pick([3, 4, 4, 4, 5]) }, octet).join('.');
    const ipv6 = () => {
      const words = Array.from({ length: Math.floor(random() * 9) }, group);
      if (random() < 0.7) words.splice(Math.floor(random() * (words.length + 1)), 0, '');
      if (random() < 0.2) words.push(ipv4());
      const text = words.join(':');
      return text.startsWith(':') && !text.startsWith('::') ? `:${text}` : text;
    };
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) {
      const text = random() < 0.3 ? ipv4() : ipv6();
      const range = parseAddressRange(text);
      const node = isIPv4(text) || isIPv6(text);
      expect(range !== undefined, text).toBe(node);
      if (range === undefined) continue;
      accepted++;
      if (isIPv4(text)) expect(range.address).toBe(text);
      else if (range.family === 'ipv6') {
        expect(range.address).toBe(new URL(`http://[${text}]/`).hostname.slice(1, -1));
      }
    }
    // The generator makes both kinds in numbers.
    expect(accepted).toBeGreaterThan(2_000);
    expect(accepted).toBeLessThan(18_000);
  });
});
