// Builders of valid requests for the tests; each test changes one thing and looks at the reply.
import type { Violation } from '../src/index.js';

/** One LED of the `leds` group: the top of the picture. */
export const LED = { hmin: 0, hmax: 1, vmin: 0, vmax: 0.1 };

/** A settings object holding every group of `names`, each a small valid value (leds: one LED). */
export function allGroups(names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    names.map((name) => [name, name === 'leds' ? [LED] : { enable: true }]),
  );
}

/** A valid `config restoreconfig` request with one instance (id 0); `config` may be replaced. */
export function restoreRequest(config?: unknown): Record<string, unknown> {
  return {
    command: 'config',
    subcommand: 'restoreconfig',
    tan: 1,
    config: config ?? {
      global: {
        settings: { general: { name: 'My Glowkit' }, network: { localApiAuth: true } },
        uuid: '0f1c6a0e-3b1d-5c2a-9e4f-6a7b8c9d0e1f',
      },
      instanceIds: [0],
      instances: [
        {
          id: 0,
          name: 'First LED Hardware instance',
          enabled: true,
          settings: { device: { type: 'file' }, leds: [{ hmin: 0, hmax: 1, vmin: 0, vmax: 0.1 }] },
        },
      ],
    },
  };
}

/** An instance object for `config.instances`. */
export function instance(
  id: unknown,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { id, name: `Instance ${String(id)}`, settings: { device: { type: 'file' } }, ...extra };
}

/** A config holding only the given instances (and no instanceIds). */
export function withInstances(...instances: unknown[]): Record<string, unknown> {
  return { instances };
}

/** What a client sees in `errorData`: the descriptions, in order. */
export function described(violations: readonly Violation[]): string[] {
  return violations.map((v) => v.description);
}
