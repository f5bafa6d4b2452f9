import type { InputSourceInfo, PriorityInfo } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import { sourceOf, sourcesOfInstance, withRates } from './input-sources.js';

const client = (framesShown: number, origin = 'grabber@127.0.0.1'): InputSourceInfo => ({
  componentId: 'FLATBUFSERVER',
  decodeMs: 0.2,
  framesDropped: 1,
  framesReceived: framesShown + 1,
  framesShown,
  origin,
  peer: '127.0.0.1',
  priority: 150,
});

describe('withRates', () => {
  it('has no rate at the first read, then frames shown per second between reads', () => {
    const first = withRates([], [client(10)], 1000);
    expect(first[0]?.fps).toBeUndefined();
    const second = withRates(first, [client(40)], 2000);
    expect(second[0]?.fps).toBe(30);
    expect(second[0]?.framesDropped).toBe(1);
  });

  it('starts again for a new client under the same origin (its count went back)', () => {
    const first = withRates(withRates([], [client(100)], 0), [client(200)], 1000);
    expect(withRates(first, [client(3)], 2000)[0]?.fps).toBeUndefined();
  });

  it('keeps the rate of a read at the same moment, and forgets clients that left', () => {
    const rated = withRates(withRates([], [client(0)], 0), [client(25)], 1000);
    expect(withRates(rated, [client(25)], 1000)[0]?.fps).toBe(25);
    expect(withRates(rated, [], 2000)).toEqual([]);
  });
});

describe('boblight clients, one instance each', () => {
  const boblight = (instance: number, framesShown: number): InputSourceInfo => ({
    ...client(framesShown, 'Boblight@127.0.0.1'),
    componentId: 'BOBLIGHTSERVER',
    instance,
  });

  it('rates two clients of one address on two instances apart', () => {
    const first = withRates([], [boblight(0, 10), boblight(1, 500)], 0);
    const second = withRates(first, [boblight(0, 20), boblight(1, 600)], 1000);
    expect(second.map((s) => s.fps)).toEqual([10, 100]);
  });

  it('lists on an instance its own clients and those of every instance', () => {
    const sources = withRates([], [client(1), boblight(0, 1), boblight(1, 1)], 0);
    expect(sourcesOfInstance(sources, 1).map((s) => [s.componentId, s.instance])).toEqual([
      ['FLATBUFSERVER', undefined],
      ['BOBLIGHTSERVER', 1],
    ]);
  });
});

describe('sourceOf', () => {
  const entry = (componentId: PriorityInfo['componentId'], origin: string): PriorityInfo => ({
    active: true,
    componentId,
    origin,
    priority: 150,
    visible: true,
  });

  it('finds the client of a network input entry by its origin, and none for a colour', () => {
    const sources = withRates([], [client(1)], 0);
    expect(sourceOf(sources, entry('FLATBUFSERVER', 'grabber@127.0.0.1'))?.framesShown).toBe(1);
    expect(sourceOf(sources, entry('COLOR', 'grabber@127.0.0.1'))).toBeUndefined();
  });
});
