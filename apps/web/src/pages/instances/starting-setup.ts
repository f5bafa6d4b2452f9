import type { InstanceSettings } from '@glowkit/protocol';
import {
  DEFAULT_CLASSIC,
  generateLayout,
  type LayoutSpec,
  type LedArea,
} from '../../components/layout-generator/layouts.js';
import { specMakingLayout } from '../../components/layout-generator/stored-spec.js';

/** What the new instance's device section and layout generator start from. */
export interface StartingSetup {
  device: Record<string, unknown>;
  leds: LedArea[];
  spec: LayoutSpec | undefined;
}

/**
 * Where the set-up of a new instance starts. The server gives a new instance Hyperion.ng's
 * defaults: a virtual device of one LED, and a layout of that one LED, which says nothing of a
 * real set-up. So such a layout starts as the generator's default frame around a 16:9 screen,
 * and the device gets the frame's LED count: Next and Finish then give an instance whose device
 * and layout agree, to refine later. Anything else (a layout of more LEDs, one the generator
 * made) is kept as stored.
 */
export function startingSetup(settings: InstanceSettings): StartingSetup {
  const device = { ...settings.device };
  // Each stored LED has its four edges (the server validated them).
  const leds = (settings.leds ?? []) as LedArea[];
  const stored = specMakingLayout(settings.ledConfig, leds);
  if (stored || leds.length > 1) return { device, leds, spec: stored };
  const spec: LayoutSpec = { kind: 'classic', ...DEFAULT_CLASSIC };
  const made = generateLayout(spec);
  if (!made.ok) return { device, leds, spec: undefined };
  return { device: { ...device, hardwareLedCount: made.leds.length }, leds: made.leds, spec };
}
