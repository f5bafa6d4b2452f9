// Requests as Hyperion.ng's clients send them (engine.md §7; ng's web UI `hyperion.js`, whose
// sendToHyperion adds a random tan and `instance`): each must validate clean.

/** A 1×1 PNG, base64 as a browser's FileReader gives it after the "data:…;base64," prefix. */
export const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Home Assistant's light (priority 128, origin "Home Assistant"), through hyperion-py (tan from 1). */
export const HOME_ASSISTANT = {
  color: {
    command: 'color',
    color: [255, 160, 0],
    origin: 'Home Assistant',
    priority: 128,
    tan: 3,
  },
  effect: {
    command: 'effect',
    effect: { name: 'Rainbow swirl' },
    origin: 'Home Assistant',
    priority: 128,
    tan: 4,
  },
  clear: { command: 'clear', priority: 128, tan: 5 },
  componentstate: {
    command: 'componentstate',
    componentstate: { component: 'LEDDEVICE', state: true },
    tan: 6,
  },
  adjustment: { command: 'adjustment', adjustment: { brightness: 39, id: 'default' }, tan: 7 },
  serverinfo: {
    command: 'serverinfo',
    subscribe: [
      'adjustment-update',
      'components-update',
      'effects-update',
      'leds-update',
      'imageToLedMapping-update',
      'instance-update',
      'priorities-update',
      'sessions-update',
      'videomode-update',
    ],
    tan: 2,
  },
  switchTo: { command: 'instance', instance: 1, subcommand: 'switchTo', tan: 1 },
  imagestream: { command: 'ledcolors', subcommand: 'imagestream-start', tan: 8 },
} as const;

/** Hyperion.ng's web UI (priority 1, origin "Hyperion Web-UI", `instance: [current]`). */
export const WEB_UI = {
  effect: {
    command: 'effect',
    tan: 482,
    instance: [0],
    effect: { name: 'Knight rider' },
    priority: 1,
    duration: -1,
    origin: 'Hyperion Web-UI',
  },
  testEffect: {
    command: 'effect',
    tan: 17,
    instance: [0],
    effect: { name: 'My Modded Effect', args: { speed: 1.5, color: [255, 0, 0] } },
    priority: 1,
    origin: 'Hyperion Web-UI',
    pythonScript: ':/effects/knight-rider.py',
    imageData: '',
  },
  color: {
    command: 'color',
    tan: 900,
    instance: [0],
    color: [0, 0, 255],
    priority: 1,
    duration: 0,
    origin: 'Hyperion Web-UI',
  },
  image: {
    command: 'image',
    tan: 33,
    instance: [0],
    imagedata: PNG_1X1,
    priority: 1,
    duration: -1,
    format: 'auto',
    origin: 'Hyperion Web-UI',
    name: 'holiday-photo-2024.png',
  },
  clear: { command: 'clear', tan: 1, instance: [0], priority: 1 },
  clearAll: { command: 'clear', tan: 2, instance: [0], priority: -1 },
  componentstate: {
    command: 'componentstate',
    tan: 3,
    instance: [1],
    componentstate: { component: 'SMOOTHING', state: false },
  },
  adjustment: { command: 'adjustment', tan: 4, instance: [0], adjustment: { gammaRed: 1.5 } },
  createEffect: {
    command: 'create-effect',
    tan: 5,
    name: 'My Knight',
    script: ':/effects/knight-rider.py',
    args: { speed: 1.2, color: [255, 0, 0] },
    imageData: '',
  },
  deleteEffect: { command: 'delete-effect', tan: 6, name: 'My Knight' },
  serverinfo: {
    command: 'serverinfo',
    tan: 7,
    subcommand: 'getInfo',
    instance: 0,
    subscribe: [
      'components-update',
      'priorities-update',
      'imageToLedMapping-update',
      'adjustment-update',
      'videomode-update',
      'effects-update',
      'settings-update',
      'instance-update',
      'event-update',
    ],
  },
  ledstream: { command: 'ledcolors', tan: 8, subcommand: 'ledstream-start', instance: 0 },
} as const;

/** A request built from `base` with some properties replaced, and those set to undefined removed. */
export function changed(
  base: Readonly<Record<string, unknown>>,
  change: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const request: Record<string, unknown> = { ...base, ...change };
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) delete request[key];
  }
  return request;
}
