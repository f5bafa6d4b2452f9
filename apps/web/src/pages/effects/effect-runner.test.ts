import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerConnection } from '../../api/connection.js';
import { clearRequest, effectRequest } from '../../data/calls.js';
import { EffectRunner, RERUN_DELAY_MS, runningAt } from './effect-runner.js';

/** A connection that records requests and answers each when told to. */
function fakeConnection() {
  const sent: Record<string, unknown>[] = [];
  const answers: Array<() => void> = [];
  const connection = {
    call(request: Record<string, unknown>) {
      sent.push(request);
      return new Promise<void>((resolve) => answers.push(resolve));
    },
  } as unknown as ServerConnection;
  const answerAll = async () => {
    while (answers.length > 0) answers.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { connection, sent, answerAll };
}

describe('requests', () => {
  it('runs on one instance, with the duration only when there is one', () => {
    expect(effectRequest('Rainbow', { speed: 2 }, { instance: 1, priority: 50 })).toEqual({
      command: 'effect',
      instance: [1],
      effect: { name: 'Rainbow', args: { speed: 2 } },
      priority: 50,
      origin: 'Glowkit web',
    });
    expect(effectRequest('R', {}, { instance: 0, priority: 3, durationMs: 5000 }).duration).toBe(
      5000,
    );
    expect(clearRequest(2, 50)).toEqual({ command: 'clear', instance: [2], priority: 50 });
  });
});

describe('EffectRunner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs changed options again after a pause, only the newest while one is on its way', async () => {
    const { connection, sent, answerAll } = fakeConnection();
    const runner = new EffectRunner(connection);
    const run = runner.run('Pulse', { period: 1 }, { instance: 0, priority: 50 });
    await answerAll();
    await run;
    expect(runner.running?.name).toBe('Pulse');

    runner.optionsChanged('Pulse', { period: 2 }, false);
    runner.optionsChanged('Pulse', { period: 3 }, false);
    await vi.advanceTimersByTimeAsync(RERUN_DELAY_MS - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.effect).toEqual({ name: 'Pulse', args: { period: 3 } });

    // While that run waits for its answer, committed changes pile up as one.
    runner.optionsChanged('Pulse', { period: 4 }, true);
    runner.optionsChanged('Pulse', { period: 5 }, true);
    expect(sent).toHaveLength(2);
    await answerAll();
    expect(sent).toHaveLength(3);
    expect(sent[2]?.effect).toEqual({ name: 'Pulse', args: { period: 5 } });
  });

  it('ignores changes of another effect, and after Stop', async () => {
    const { connection, sent, answerAll } = fakeConnection();
    const runner = new EffectRunner(connection);
    const run = runner.run('Pulse', {}, { instance: 0, priority: 50 });
    await answerAll();
    await run;
    runner.optionsChanged('Other', { a: 1 }, true);
    const stop = runner.stop(0, 50);
    runner.optionsChanged('Pulse', { a: 1 }, true);
    await answerAll();
    await stop;
    expect(sent.map((r) => r.command)).toEqual(['effect', 'clear']);
    expect(runner.running).toBeUndefined();
  });

  it('runs again for the rest of a timed run, and forgets it when its time is up', async () => {
    const { connection, sent, answerAll } = fakeConnection();
    const runner = new EffectRunner(connection);
    const run = runner.run('Pulse', {}, { instance: 0, priority: 50, durationMs: 10_000 });
    await answerAll();
    await run;
    await vi.advanceTimersByTimeAsync(4_000);
    runner.optionsChanged('Pulse', { a: 1 }, true);
    expect(sent[1]?.duration).toBe(6_000);
    await answerAll();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(runner.running).toBeUndefined();
  });
});

describe('runningAt and learn', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const priorities = [
    { priority: 40, componentId: 'COLOR', owner: '', origin: 'x' },
    { priority: 60, componentId: 'EFFECT', owner: 'Comet', duration_ms: 5_000, origin: 'HA' },
    { priority: 70, componentId: 'EFFECT', owner: 'Rainbow Wave' },
  ] as const;

  it('reads the effect at a priority, timed or not', () => {
    expect(runningAt(priorities, 1, 60, 1_000)).toEqual({
      name: 'Comet',
      instance: 1,
      priority: 60,
      durationMs: 5_000,
      endsAt: 6_000,
    });
    expect(runningAt(priorities, 1, 70)).toEqual({
      name: 'Rainbow Wave',
      instance: 1,
      priority: 70,
    });
    expect(runningAt(priorities, 1, 40)).toBeUndefined();
    expect(runningAt(undefined, 1, 40)).toBeUndefined();
  });

  it('adopts what runs, forgets what ended, and ignores news older than a run', async () => {
    const { connection, answerAll } = fakeConnection();
    const runner = new EffectRunner(connection);
    runner.learn(runner.version, 0, 70, runningAt(priorities, 0, 70));
    expect(runner.running?.name).toBe('Rainbow Wave');
    runner.learn(runner.version, 0, 70, undefined);
    expect(runner.running).toBeUndefined();

    const before = runner.version;
    const run = runner.run('Pulse', {}, { instance: 0, priority: 50 });
    await answerAll();
    await run;
    runner.learn(before, 0, 50, undefined);
    expect(runner.running?.name).toBe('Pulse');
  });
});
