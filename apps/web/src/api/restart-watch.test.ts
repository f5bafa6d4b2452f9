import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConnectionState, ServerConnection } from './connection.js';
import { type RestartPhase, RestartWatch } from './restart-watch.js';

/** A connection that only has a state, changed by the test. */
class FakeConnection extends EventTarget {
  state: ConnectionState = 'open';
  set(state: ConnectionState): void {
    this.state = state;
    this.dispatchEvent(new Event('state'));
  }
}

function watch(connection: FakeConnection) {
  const phases: RestartPhase[] = [];
  const w = new RestartWatch(connection as unknown as ServerConnection, (p) => phases.push(p));
  return { w, phases };
}

beforeAll(() => {
  // The watch's timer is the browser's; in node, the global object stands in for window.
  (globalThis as { window?: unknown }).window ??= globalThis;
});

describe('RestartWatch', () => {
  it('is back once the connection closed and opened again', async () => {
    const connection = new FakeConnection();
    const { w, phases } = watch(connection);
    w.replied();
    connection.set('reconnecting');
    expect(w.phase).toBe('reconnecting');
    connection.set('open');
    await w.back;
    expect(phases).toEqual(['reconnecting', 'back']);
  });

  it('counts a close that came before the reply was handled', async () => {
    const connection = new FakeConnection();
    const { w, phases } = watch(connection);
    connection.set('reconnecting');
    connection.set('open');
    w.replied();
    await w.back;
    expect(phases).toEqual(['reconnecting', 'back']);
  });

  it('does not count a connection that was down when it started, before it opened', () => {
    const connection = new FakeConnection();
    connection.state = 'reconnecting';
    const { w, phases } = watch(connection);
    connection.set('open');
    expect(w.phase).toBe('waiting');
    expect(phases).toEqual([]);
    w.cancel();
  });

  it('stops waiting when the socket never closes after the reply', async () => {
    vi.useFakeTimers();
    try {
      const connection = new FakeConnection();
      const { w, phases } = watch(connection);
      w.replied();
      vi.advanceTimersByTime(30_000);
      await w.back;
      expect(phases).toEqual(['back']);
    } finally {
      vi.useRealTimers();
    }
  });
});
