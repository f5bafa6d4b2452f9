// What the unit tests of the data layer and the pages read, as Glowkit's server sends it; imported
// by tests only (never part of the app's build).
import type { InstanceParts } from './instance-state.js';

/** A serverinfo reply's parts, as Glowkit's server sends them. */
export const info: InstanceParts = {
  device: { type: 'virtual', state: 'on', enabled: true, attempts: 0, frames: 70, dropped: 0 },
  priorities: [
    {
      active: true,
      componentId: 'EFFECT',
      duration_ms: 28000,
      origin: 'Glowkit web@127.0.0.1',
      owner: 'Rainbow Wave',
      priority: 60,
      visible: true,
    },
    {
      active: true,
      componentId: 'COLOR',
      origin: 'Glowkit web@127.0.0.1',
      priority: 80,
      visible: false,
      value: { RGB: [255, 0, 0], HSL: [0, 1, 0.5] },
    },
  ],
  components: [
    { enabled: true, name: 'ALL' },
    { enabled: true, name: 'SMOOTHING' },
    { enabled: false, name: 'LEDDEVICE' },
  ],
  adjustment: [
    { id: 'default', brightness: 80 },
    { id: 'other', brightness: 10 },
  ] as unknown as InstanceParts['adjustment'],
  leds: [{ hmin: 0, hmax: 1, vmin: 0, vmax: 0.1 }],
};
