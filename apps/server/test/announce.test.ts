// SSDP and mDNS as clients on a network see them, in a network namespace this test makes
// (`unshare -rn`: loopback only, with a multicast route), so that nothing is ever sent on a real
// interface. Where no namespace can be made, the test says so and skips; it never falls back to
// the machine's network.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exited, requireBuild, startProcess } from './support/process.js';

const SETUP = 'ip link set lo up && ip route add 224.0.0.0/4 dev lo';
const HYPERION_URN = 'urn:hyperion-project.org:device:basic:1';

/** Why the namespace test cannot run here; undefined when it can. */
function namespaceProblem(): string | undefined {
  const probe = spawnSync('unshare', ['-rn', 'sh', '-c', SETUP], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    return `no network namespace can be made here (unshare -rn: ${(probe.error?.message ?? probe.stderr).trim()})`;
  }
  const zeroconf = spawnSync('/usr/bin/python3', ['-c', 'import zeroconf'], { encoding: 'utf8' });
  if (zeroconf.status !== 0) {
    return "Debian's python3-zeroconf is missing (scripts/ensure-test-tools.mjs installs it)";
  }
  return undefined;
}

const problem = namespaceProblem();
if (problem) console.warn(`announce.test.ts skips: ${problem}`);

/** The text of an element (the first one named so). */
const element = (xml: string, name: string) =>
  new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

type Headers = Record<string, string>;
interface Seen {
  listening: { http: number; tcp?: number; flatbuf?: number; proto?: number };
  id: string;
  aliveAtStart?: Headers;
  search?: Headers;
  description?: { status: number; xml: string };
  mdns?: {
    services: {
      name: string;
      resolved: boolean;
      port?: number;
      addresses?: string[];
      txt?: Headers;
    }[];
    error: string;
  };
  wledRegistered?: boolean;
  serviceDiscover?: {
    success: boolean;
    info?: { discoveryMethod: string; services: Record<string, Headers[]> };
  };
  serviceUnknown?: { success: boolean; error: string };
  wledDiscover?: {
    success: boolean;
    info?: { discoveryMethod: string; ledDeviceType: string; devices: Headers[] };
  };
  setconfig?: { success: boolean };
  noInterface?: { success: boolean };
  wledNowhere?: { success: boolean; info?: { devices: Headers[] } };
  wledAgain?: { success: boolean; info?: { devices: Headers[] } };
  flatbufAdded?: string;
  flatbufRemoved?: string;
  ssdpOff?: { success: boolean; info?: { restarted: string } };
  byebyeWhenOff?: Headers;
  ssdpOn?: { success: boolean };
  aliveWhenOn?: Headers;
  afterRestart?: { byebye: Headers; alive: Headers };
  searchAfterRestart?: Headers;
  byebyeAtStop?: Headers;
  error?: string;
}

describe.skipIf(problem !== undefined)('being found, in a network namespace', () => {
  it('SSDP NOTIFY and M-SEARCH, description.xml, mDNS and the browser, as independent clients see them', () => {
    requireBuild();
    const script = join(import.meta.dirname, 'support', 'netns-announce.mjs');
    expect(existsSync(script)).toBe(true);
    const run = spawnSync(
      'unshare',
      ['-rn', 'sh', '-c', `${SETUP} && exec "${process.execPath}" "${script}"`],
      { encoding: 'utf8', timeout: 170_000, killSignal: 'SIGKILL' },
    );
    const line = run.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .pop();
    expect(line, `the namespace run printed nothing:\n${run.stderr}`).toBeDefined();
    const seen = JSON.parse(line ?? '{}') as Seen;
    expect(seen.error).toBeUndefined();
    const { http, tcp, flatbuf, proto } = seen.listening;
    const location = `http://127.0.0.1:${http}/description.xml`;

    // NOTIFY alive at start, with the ports of the services that listen.
    expect(seen.aliveAtStart).toMatchObject({
      location,
      nt: HYPERION_URN,
      'cache-control': 'max-age=1800',
      usn: `uuid:${seen.id}::${HYPERION_URN}`,
      'hyperion-jss-port': String(tcp),
      'hyperion-fbs-port': String(flatbuf),
      'hyperion-pbs-port': String(proto),
    });
    // The search came over loopback: LOCATION is loopback's address.
    expect(seen.search).toMatchObject({
      st: HYPERION_URN,
      location,
      'hyperion-jss-port': String(tcp),
    });
    expect(seen.description?.status).toBe(200);
    const xml = seen.description?.xml ?? '';
    expect(element(xml, 'manufacturer')).toBe('Hyperion Open Source Ambient Lighting');
    expect(element(xml, 'serialNumber')).toBe(seen.id);
    expect(element(xml, 'jsonServer')).toBe(String(tcp));

    // python3-zeroconf resolves the JSON service: port and TXT id.
    const json = seen.mdns?.services[0];
    expect(json, `python3-zeroconf found nothing: ${seen.mdns?.error}`).toBeDefined();
    expect(json).toMatchObject({ resolved: true, port: tcp, txt: { id: seen.id } });
    expect(json?.name).toMatch(/\._hyperiond-json\._tcp\.local\.$/);
    expect(json?.addresses).toContain('127.0.0.1');

    // service discover: the browser finds this server, with Hyperion.ng's keys.
    expect(seen.serviceDiscover?.info?.discoveryMethod).toBe('mDNS');
    expect(seen.serviceDiscover?.info?.services.jsonapi?.[0]).toMatchObject({
      type: '_hyperiond-json._tcp.local.',
      domain: 'local.',
      sameHost: true,
      port: tcp,
      address: '127.0.0.1',
      txt: { id: seen.id },
    });
    expect(seen.serviceUnknown).toMatchObject({
      success: false,
      error: 'Discovery of service type [gopher] via mDNS not supported',
    });
    // leddevice discover wled: the WLED python3-zeroconf announces, with what fills device.host.
    expect(seen.wledRegistered).toBe(true);
    expect(seen.wledDiscover?.info).toMatchObject({
      discoveryMethod: 'mDNS',
      ledDeviceType: 'wled',
    });
    expect(seen.wledDiscover?.info?.devices).toEqual([
      expect.objectContaining({
        name: 'wled-desk',
        hostname: 'wled-desk.local',
        address: '127.0.0.1',
        port: 80,
        sameHost: false,
        txt: { mac: '0123456789ab' },
      }),
    ]);

    // network.ssdp off and on by setconfig, at once (no restart): byebye, then alive again.
    expect(seen.ssdpOff?.info?.restarted).toBe('none');
    expect(seen.byebyeWhenOff).toMatchObject({ nts: 'ssdp:byebye', nt: HYPERION_URN });
    expect(seen.ssdpOn?.success).toBe(true);
    expect(seen.aliveWhenOn).toMatchObject({ nts: 'ssdp:alive', location });

    // announceInterfaces naming no interface here: nothing browsed, though the WLED is still
    // there; emptied again, it is found again.
    expect(seen.noInterface?.success).toBe(true);
    expect(seen.wledNowhere?.info?.devices).toEqual([]);
    expect(seen.wledAgain?.info?.devices?.[0]).toMatchObject({ name: 'wled-desk', port: 80 });

    // flatbufServer switched off by setconfig: byebye, then alive without its port.
    expect(seen.setconfig?.success).toBe(true);
    expect(seen.afterRestart?.byebye.usn).toBe(`uuid:${seen.id}::${HYPERION_URN}`);
    expect(seen.afterRestart?.alive['hyperion-jss-port']).toBe(String(tcp));
    expect(seen.afterRestart?.alive['hyperion-fbs-port']).toBeUndefined();
    expect(seen.searchAfterRestart?.['hyperion-fbs-port']).toBeUndefined();
    expect(seen.searchAfterRestart?.['hyperion-pbs-port']).toBe(String(proto));
    // …and its mDNS record is withdrawn (python3-zeroconf sees the goodbye).
    expect(seen.flatbufAdded).toMatch(
      new RegExp(`^added .*\\._hyperiond-flatbuf\\._tcp\\.local\\. ${flatbuf}$`),
    );
    expect(seen.flatbufRemoved).toMatch(/^removed .*\._hyperiond-flatbuf\._tcp\.local\.$/);

    // Stopped: byebye.
    expect(seen.byebyeAtStop).toMatchObject({ nts: 'ssdp:byebye', nt: HYPERION_URN });
  }, 180_000);
});

// Outside a namespace: what the servers the other tests start as processes do.
describe('a server bound to loopback', () => {
  it('announces on loopback only, and says so', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-announce-'));
    const server = await startProcess(dataDir);
    try {
      const line = server
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg?: string; interfaces?: string[] })
        .find((entry) => entry.msg === 'announcing');
      expect(line?.interfaces?.length).toBeGreaterThan(0);
      for (const entry of line?.interfaces ?? []) expect(entry).toMatch(/ 127\.0\.0\.1$/);
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
