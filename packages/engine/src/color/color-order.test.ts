import { describe, expect, it } from 'vitest';
import { COLOR_ORDERS } from '../types.js';
import { applyColorOrder } from './color-order.js';

describe('applyColorOrder', () => {
  it('sends the channels in each of the six orders', () => {
    const sent = COLOR_ORDERS.map((order) => {
      const target = new Uint8Array(3);
      applyColorOrder(Uint8Array.of(1, 2, 3), target, order);
      return [order, [...target].join('')];
    });
    expect(sent).toEqual([
      ['rgb', '123'],
      ['bgr', '321'],
      ['rbg', '132'],
      ['brg', '312'],
      ['gbr', '231'],
      ['grb', '213'],
    ]);
  });

  it("uses an LED's own order over the device's", () => {
    const target = new Uint8Array(9);
    applyColorOrder(Uint8Array.of(1, 2, 3, 1, 2, 3, 1, 2, 3), target, 'grb', [
      undefined,
      'rgb',
      'bgr',
    ]);
    expect([...target]).toEqual([2, 1, 3, 1, 2, 3, 3, 2, 1]);
  });

  it('works in place', () => {
    const frame = Uint8Array.of(10, 20, 30, 40, 50, 60);
    applyColorOrder(frame, frame, 'brg');
    expect([...frame]).toEqual([30, 10, 20, 60, 40, 50]);
  });

  it('leaves device LEDs beyond the layout as they are', () => {
    const target = new Uint8Array(9);
    applyColorOrder(Uint8Array.of(1, 2, 3), target, 'rgb');
    expect([...target]).toEqual([1, 2, 3, 0, 0, 0, 0, 0, 0]);
    const reordered = new Uint8Array(6);
    applyColorOrder(Uint8Array.of(1, 2, 3), reordered, 'bgr', ['rgb']);
    expect([...reordered]).toEqual([1, 2, 3, 0, 0, 0]);
  });

  it('drops layout LEDs beyond the device', () => {
    const target = new Uint8Array(3);
    applyColorOrder(Uint8Array.of(1, 2, 3, 4, 5, 6), target, 'bgr');
    expect([...target]).toEqual([3, 2, 1]);
  });
});
