import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, RpcSocket } from './support/client.js';
import { configuration, restoreRequest } from './support/configs.js';
import type { Json } from './support/json.js';
import { startServer, type TestServer } from './support/server.js';
import { restartAfter } from './support/transports.js';

/** Every path (as keys) to a value inside a JSON value. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const here = [prefix];
  if (Array.isArray(value)) return here.concat(value.flatMap((v, i) => paths(v, [...prefix, i])));
  if (value !== null && typeof value === 'object') {
    return here.concat(Object.entries(value).flatMap(([k, v]) => paths(v, [...prefix, k])));
  }
  return here;
}

type Mutation =
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'delete'; at: number }
  | { kind: 'add'; at: number; key: string; value: unknown }
  | { kind: 'text'; at: number; insert: string; cut: number };

const KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'name',
  'settings',
  'global',
  'leds',
  'x',
];

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('replace' as const),
    at: fc.nat(),
    value: fc.jsonValue({ maxDepth: 3 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    at: fc.nat(),
    key: fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })),
    value: fc.jsonValue({ maxDepth: 2 }),
  }),
  fc.record({
    kind: fc.constant('text' as const),
    at: fc.nat(),
    insert: fc.oneof(
      fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', 'null', '\u0000'),
      fc.string({ maxLength: 4 }),
    ),
    cut: fc.nat({ max: 5 }),
  }),
);

/** A mutated copy of a valid restore request, as text. */
function mutate(base: Json, mutations: Mutation[]): string {
  const request = structuredClone(base);
  let text: string | undefined;
  for (const m of mutations) {
    if (m.kind === 'text') {
      const current = text ?? JSON.stringify(request);
      const at = m.at % (current.length + 1);
      text = current.slice(0, at) + m.insert + current.slice(at + m.cut);
      continue;
    }
    if (text !== undefined) continue;
    const all = paths(request).filter((p) => p.length > 0);
    const path = all[m.at % all.length] as (string | number)[];
    const parent = path.slice(0, -1).reduce<Json>((node, key) => node[key], request);
    const key = path[path.length - 1] as string | number;
    if (m.kind === 'replace') parent[key] = m.value;
    else if (m.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else {
      const target = parent[key];
      if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
        Object.defineProperty(target, m.key, {
          value: m.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
  }
  return text ?? JSON.stringify(request);
}

describe('fuzz: mutated restore bodies', () => {
  let t: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startServer();
    headers = { Authorization: `Bearer ${t.token}` };
  });
  afterAll(async () => {
    // Every wait for a restart that did not come was given up (no MaxListenersExceededWarning).
    expect(t.server.listenerCount('restart-complete')).toBe(0);
    await t.close();
  });

  // Virtual devices: a mutation of a file device's `output` into a random string would have the
  // server write files with random names into the working directory.
  const fuzzed = configuration([0, 1], 3) as {
    instances: Array<{ settings: Record<string, unknown> }>;
  };
  for (const instance of fuzzed.instances) {
    instance.settings.device = { type: 'virtual', hardwareLedCount: 3, colorOrder: 'rgb' };
  }
  const base = restoreRequest(fuzzed, 1) as Json;
  const runs = 1000;

  const seen = { valid: 0, invalid: 0 };

  async function check(
    send: (text: string) => Promise<{ status: number; json: Json }>,
    text: string,
  ) {
    const before = t.server.store.read();
    const restarted = restartAfter(t.server);
    try {
      const { status, json } = await send(text);
      expect(status, text).toBeLessThan(500);
      expect(typeof json.success, text).toBe('boolean');
      if (json.success) {
        seen.valid += 1;
        await restarted.complete;
        const after = t.server.store.read();
        expect(after).not.toBe(before);
      } else {
        seen.invalid += 1;
        expect(t.server.store.read(), text).toEqual(before);
      }
    } finally {
      // A refused restore causes no restart: its wait must not stay on the server.
      restarted.cancel();
    }
  }

  it(`over HTTP: ${runs} bodies, no crash, no 5xx, the store unchanged unless the body was valid`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (mutations) => {
        const text = mutate(base, mutations);
        await check(async (body) => {
          const r = await post(`${t.http}/json-rpc`, body, { headers, raw: true });
          return { status: r.status, json: r.json as Json };
        }, text);
      }),
      { numRuns: runs, seed: 20261122 },
    );
  }, 240_000);

  it(`over WebSocket: ${runs} bodies, the same`, async () => {
    let socket = await RpcSocket.open(t.ws, { headers });
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (mutations) => {
        const text = mutate(base, mutations);
        await check(async (body) => {
          if (socket.socket.readyState !== socket.socket.OPEN) {
            socket = await RpcSocket.open(t.ws, { headers });
          }
          const json = (await socket.call(body, true)) as Json;
          // A successful restore restarts the service, which closes WebSockets with 1012.
          if (json.success === true) expect((await socket.closed).code).toBe(1012);
          return { status: 200, json };
        }, text);
      }),
      { numRuns: runs, seed: 1122 },
    );
    socket.close();
  }, 240_000);

  it('still serves after the fuzzing, and met both valid and invalid bodies', async () => {
    expect(seen.valid).toBeGreaterThan(20);
    expect(seen.invalid).toBeGreaterThan(1000);
    const r = await post(
      `${t.http}/json-rpc`,
      { command: 'config', subcommand: 'getconfig' },
      { headers },
    );
    expect(r.json.success).toBe(true);
  });
});
