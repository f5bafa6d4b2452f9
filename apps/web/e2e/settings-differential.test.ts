// The differential test of issue 20: for every settings group and every key with a bound, an
// enum or a type, the value just outside is refused alike by a restore, by `config setconfig` (a
// real server on loopback) and by the backup page's check (this app's function, run here in
// node), at the same pointer with the same rule; the boundary value is accepted by all three and
// read back unchanged by getconfig. The cases are read from the schemas (@glowkit/protocol's
// boundaryCases), so a key added to a schema is covered without touching this test.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BoundaryCase,
  boundaryCases,
  DEVICE_TYPES,
  defaultGlobalSettings,
  defaultInstanceSettings,
  deviceTypeSchemas,
  GLOBAL_GROUPS,
  INSTANCE_GROUPS,
  isGlobalGroup,
  keepingRelations,
  settingsGroupSchemas,
} from '@glowkit/protocol';
import { createLogger, createServer, type GlowkitServer } from '@glowkit/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBackupText } from '../src/pages/backup/backup-file.js';

type Json = Record<string, unknown>;

/** Instances a restore of accepted cases holds at most (ids 1 to 250; 0 is the base instance). */
const INSTANCES_PER_RESTORE = 250;

/** One case of one group (`device` cases come from each device type's schema). */
interface GroupCase {
  group: string;
  case: BoundaryCase;
}

const casesOf = (group: string): GroupCase[] =>
  keepingRelations(group, boundaryCases(settingsGroupSchemas[group as 'smoothing'])).map((c) => ({
    group,
    case: c,
  }));

/** Every case, by the name of its test: a group, or `device` of a type. */
const CASES: [string, GroupCase[]][] = [
  ...[...GLOBAL_GROUPS, ...INSTANCE_GROUPS].map((g): [string, GroupCase[]] => [g, casesOf(g)]),
  ...DEVICE_TYPES.map((type): [string, GroupCase[]] => [
    `device of type ${type}`,
    boundaryCases(deviceTypeSchemas[type])
      // Another type is a device Glowkit lacks: checked by the common keys, not refused.
      .filter((c) => !c.pointer.startsWith('/type'))
      .map((c) => ({ group: 'device', case: c })),
  ]),
];

/** A configuration with the default groups and instance 0, stopped (nothing is rebuilt). */
function baseConfiguration(): {
  global: { settings: Json };
  instanceIds: number[];
  instances: Json[];
} {
  return {
    global: { settings: defaultGlobalSettings() },
    instanceIds: [0],
    instances: [
      { id: 0, name: 'Differential instance', enabled: false, settings: defaultInstanceSettings() },
    ],
  };
}

/** The base configuration with `group` holding `value` (in instance 0 for an instance group). */
function withGroup(group: string, value: unknown) {
  const config = baseConfiguration();
  if (isGlobalGroup(group)) config.global.settings[group] = value;
  else (config.instances[0]?.settings as Json)[group] = value;
  return config;
}

/** Where a group stands in a configuration: `/global/settings/webConfig`, `/instances/0/settings/leds`. */
const groupPointer = (group: string) =>
  isGlobalGroup(group) ? `/global/settings/${group}` : `/instances/0/settings/${group}`;

/** The `[pointer inside the group, rule]` of each violation under `prefix`. */
function inside(violations: { pointer: string; rule: string }[], prefix: string): string[][] {
  return violations
    .filter((v) => v.pointer === prefix || v.pointer.startsWith(`${prefix}/`))
    .map((v) => [v.pointer.slice(prefix.length), v.rule]);
}

/** A reply's errorData as `{ pointer, rule }` (a description is `pointer: rule`). */
function violationsOf(reply: Json): { pointer: string; rule: string }[] {
  return ((reply.errorData ?? []) as { description: string }[]).map(({ description }) => {
    const at = description.indexOf(': ');
    return { pointer: description.slice(0, at), rule: description.slice(at + 2) };
  });
}

let server: GlowkitServer;
let dataDir: string;
let url: string;
let token: string;

async function call(request: Json): Promise<Json> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(request),
  });
  return (await response.json()) as Json;
}

/** A restore that must succeed, once the restart it causes is complete. */
async function restore(config: unknown): Promise<void> {
  const restarted = once(server, 'restart-complete');
  const reply = await call({ command: 'config', subcommand: 'restoreconfig', config, tan: 1 });
  expect(reply, JSON.stringify(reply.errorData)).toMatchObject({ success: true });
  await restarted;
}

/** A setconfig of one group (instance 0's for an instance group) and its reply. */
async function setconfig(group: string, value: unknown): Promise<Json> {
  // Listening from before the request, and no longer once no restart comes: a listener left
  // behind per setconfig would pile up on the server.
  const noRestart = new AbortController();
  const restarted = once(server, 'restart-complete', { signal: noRestart.signal });
  restarted.catch(() => {});
  const reply = await call({
    command: 'config',
    subcommand: 'setconfig',
    ...(isGlobalGroup(group) ? {} : { instance: 0 }),
    config: { [group]: value },
    tan: 2,
  });
  // webConfig, jsonServer and effects restart the service after the reply.
  if ((reply.info as Json | undefined)?.restarted === 'service') await restarted;
  else noRestart.abort();
  return reply;
}

/** The stored value of one group, as getconfig reads it. */
async function stored(group: string, instance = 0): Promise<unknown> {
  const filter = isGlobalGroup(group)
    ? { global: { types: [group] }, instances: null }
    : { global: null, instances: { ids: [instance], types: [group] } };
  const reply = await call({
    command: 'config',
    subcommand: 'getconfig',
    configFilter: filter,
    tan: 3,
  });
  const info = reply.info as { global?: { settings: Json }; instances?: { settings: Json }[] };
  return isGlobalGroup(group) ? info.global?.settings[group] : info.instances?.[0]?.settings[group];
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'glowkit-differential-'));
  // Every port from the system: a webConfig or jsonServer port a case stores is never bound.
  server = createServer({
    dataDir,
    host: '127.0.0.1',
    port: 0,
    sslPort: 0,
    tcpPort: 0,
    logger: createLogger({ level: 'silent' }),
    // Not to be found: no SSDP or mDNS (announce.test.ts in apps/server tests them).
    announce: false,
  });
  token = server.store.tokens.create('differential test').token;
  const { http } = await server.start();
  url = `http://127.0.0.1:${http.port}/json-rpc`;
  await restore(baseConfiguration());
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.each(CASES)('%s', (_, cases) => {
  const refused = cases.filter((c) => c.case.refusedBy !== undefined);
  const accepted = cases.filter((c) => c.case.refusedBy === undefined);

  it(`refuses each value just outside (${refused.length}) alike: restore, setconfig, the backup check`, async () => {
    for (const { group, case: c } of refused) {
      const name = `${group}${c.pointer}: ${c.what}`;
      const at = groupPointer(group);
      const config = withGroup(group, c.group);

      const file = checkBackupText(JSON.stringify(config));
      expect(file.ok, name).toBe(false);
      const inFile = file.ok || file.reason !== 'invalid' ? [] : inside(file.violations, at);
      expect(
        inFile.map(([pointer]) => pointer),
        name,
      ).toContain(c.pointer);

      const restored = await call({
        command: 'config',
        subcommand: 'restoreconfig',
        config,
        tan: 4,
      });
      expect(restored.error, name).toBe('Invalid params');
      expect(inside(violationsOf(restored), `/config${at}`), name).toEqual(inFile);

      const saved = await setconfig(group, c.group);
      expect(saved.error, name).toBe('Invalid params');
      expect(inside(violationsOf(saved), `/config/${group}`), name).toEqual(inFile);
    }
  });

  it(`accepts each boundary value (${accepted.length}) alike, and reads it back unchanged`, async () => {
    for (const { group, case: c } of accepted) {
      const name = `${group}${c.pointer}: ${c.what}`;
      expect(checkBackupText(JSON.stringify(withGroup(group, c.group))), name).toMatchObject({
        ok: true,
      });
      const saved = await setconfig(group, c.group);
      expect(saved, `${name}: ${JSON.stringify(saved.errorData)}`).toMatchObject({ success: true });
      expect(await stored(group), name).toEqual(c.group);
    }
  });
});

describe('restore of every boundary value', () => {
  it('takes them all, each read back unchanged', async () => {
    const accepted = CASES.flatMap(([, cases]) => cases).filter((c) => !c.case.refusedBy);
    const global = accepted.filter((c) => isGlobalGroup(c.group));
    const instance = accepted.filter((c) => !isGlobalGroup(c.group));
    // One restore per round: each global group holds one of its cases, and each instance case
    // has an instance of its own (stopped: nothing is built), as many as a restore may hold.
    const rounds = Math.max(
      ...GLOBAL_GROUPS.map((g) => global.filter((c) => c.group === g).length),
      Math.ceil(instance.length / INSTANCES_PER_RESTORE),
    );
    for (let round = 0; round < rounds; round++) {
      const config = baseConfiguration();
      const globals = GLOBAL_GROUPS.flatMap(
        (g) => global.filter((c) => c.group === g)[round] ?? [],
      );
      for (const { group, case: c } of globals) config.global.settings[group] = c.group;
      const mine = instance.slice(
        round * INSTANCES_PER_RESTORE,
        (round + 1) * INSTANCES_PER_RESTORE,
      );
      mine.forEach(({ group, case: c }, index) => {
        const settings = defaultInstanceSettings() as Json;
        settings[group] = c.group;
        config.instances.push({
          id: index + 1,
          name: `Case instance ${index + 1}`,
          enabled: false,
          settings,
        });
        config.instanceIds.push(index + 1);
      });
      await restore(config);
      const info = (await call({ command: 'config', subcommand: 'getconfig', tan: 5 })).info as {
        global: { settings: Json };
        instances: { id: number; settings: Json }[];
      };
      for (const { group, case: c } of globals) {
        expect(info.global.settings[group], `${group}${c.pointer}: ${c.what}`).toEqual(c.group);
      }
      mine.forEach(({ group, case: c }, index) => {
        const read = info.instances.find((i) => i.id === index + 1)?.settings[group];
        expect(read, `${group}${c.pointer}: ${c.what}`).toEqual(c.group);
      });
    }
  });

  // That each boundary value is what the engine runs needs no browser: it is
  // apps/server/test/settings-engine-differential.test.ts (setconfig, then the instance's view).
});
