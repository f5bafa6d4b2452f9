/**
 * Glowkit's default settings: a value for each of the 25 groups, and the configuration a new
 * store starts with. The values follow Hyperion.ng's documented defaults so that a Glowkit
 * database reads as an ordinary configuration in Hyperion.ng and back. Every function returns a
 * fresh copy that the caller may change.
 */
import { MAX_INSTANCE_ID } from '@glowkit/protocol';
import type { Configuration } from './configuration.js';
import type {
  DeviceSettings,
  GeneralSettings,
  LedsSettings,
  LoggerSettings,
  NetworkSettings,
  SmoothingSettings,
  WebConfigSettings,
} from './group-schemas.js';
import {
  GLOBAL_GROUPS,
  type GlobalGroup,
  type GroupName,
  INSTANCE_GROUPS,
  type InstanceGroup,
  isGroupName,
} from './groups.js';

/**
 * The settings layout version written to `general.configVersion`. Hyperion.ng runs the
 * migrations whose target version is newer than this, and refuses a database newer than its own
 * build; 2.1.2 is the target of its latest migration, so our layout (the current one) needs none
 * and every Hyperion.ng from 2.1.2 on accepts it.
 */
export const CONFIG_VERSION = '2.1.2';

/** The name of the instance a new configuration starts with. */
export const FIRST_INSTANCE_NAME = 'First LED instance';

/**
 * The largest instance id a configuration may hold: 255, as the specification says (see
 * @glowkit/protocol: `instanceIds` and the commands name 0 to 254 only).
 */
export { MAX_INSTANCE_ID };

/** Whether `id` is an instance id restore takes: an integer from 0 to 255. */
export function isInstanceId(id: unknown): id is number {
  return Number.isInteger(id) && (id as number) >= 0 && (id as number) <= MAX_INSTANCE_ID;
}

/** The value of a settings group: an object, or an array for `leds`. */
export type GroupValue = Record<string, unknown> | Record<string, unknown>[];

const channelAdjustment = {
  id: 'default',
  // "*": every LED.
  leds: '*',
  // Each colour channel maps to itself: no calibration.
  white: [255, 255, 255],
  red: [255, 0, 0],
  green: [0, 255, 0],
  blue: [0, 0, 255],
  cyan: [0, 255, 255],
  magenta: [255, 0, 255],
  yellow: [255, 255, 0],
  // The gamma of a typical display, so that LED colours look like the picture.
  gammaRed: 2.2,
  gammaGreen: 2.2,
  gammaBlue: 2.2,
  backlightThreshold: 0,
  backlightColored: false,
  brightness: 100,
  brightnessCompensation: 100,
  saturationGain: 1,
  brightnessGain: 1,
  // Kelvin; 6600 K is neutral white, so no colour temperature correction.
  temperature: 6600,
};

const DEFAULTS: { readonly [G in GroupName]: GroupValue } = {
  // ---- global groups ----
  cecEvents: {
    enable: false,
    // TV standby suspends the LEDs; switching the TV input back to this device resumes them.
    actions: [
      { action: 'Suspend', event: 'standby' },
      { action: 'Resume', event: 'set stream path' },
    ],
    buttonReleaseDelayMs: 0,
    buttonRepeatRateMs: 0,
    doubleTapTimeoutMs: 200,
  },
  effects: {
    // $ROOT is the user data directory.
    paths: ['$ROOT/custom-effects'],
    // One empty name rather than an empty list: Hyperion.ng's correction drops empty arrays and
    // would then re-create the group from its own defaults.
    disable: [''],
  },
  flatbufServer: { enable: true, port: 19400, timeout: 5, pixelDecimation: 1 },
  forwarder: {
    enable: false,
    // 255: no instance selected (Hyperion's NO_INSTANCE_ID).
    instance: 255,
    instanceList: 'NONE',
    jsonapi: [],
    flatbuffer: [],
  },
  framegrabber: {
    enable: false,
    device: 'auto',
    input: 0,
    // 80×45 pixels at 10 frames per second is plenty for LED colours and cheap to capture.
    width: 80,
    height: 45,
    fps: 10,
    pixelDecimation: 8,
    cropLeft: 0,
    cropRight: 0,
    cropTop: 0,
    cropBottom: 0,
  },
  general: {
    name: 'My Glowkit Config',
    configVersion: CONFIG_VERSION,
    watchedVersionBranch: 'Stable',
    showOptHelp: true,
  } satisfies GeneralSettings,
  grabberAudio: {
    enable: false,
    device: 'auto',
    audioEffect: 'vuMeter',
    vuMeter: {
      flip: 'NO_CHANGE',
      hotColor: [255, 0, 0],
      warnColor: [255, 255, 0],
      safeColor: [0, 255, 0],
      multiplier: 1,
      // Percent of full scale where the meter turns from safe to warn, and from warn to hot.
      safeValue: 45,
      warnValue: 80,
      tolerance: 5,
    },
  },
  grabberV4L2: {
    enable: false,
    device: 'none',
    input: 0,
    encoding: 'NO_CHANGE',
    // 0: the device's own resolution.
    width: 0,
    height: 0,
    fps: 15,
    flip: 'NO_CHANGE',
    fpsSoftwareDecimation: 0,
    sizeDecimation: 8,
    cropLeft: 0,
    cropRight: 0,
    cropTop: 0,
    cropBottom: 0,
    signalDetection: false,
    redSignalThreshold: 0,
    greenSignalThreshold: 100,
    blueSignalThreshold: 0,
    noSignalCounterThreshold: 200,
    // The area of the frame checked for "no signal", as fractions of width and height.
    sDVOffsetMin: 0.1,
    sDVOffsetMax: 0.9,
    sDHOffsetMin: 0.4,
    sDHOffsetMax: 0.46,
    // 0: leave the device's picture controls as they are.
    hardware_brightness: 0,
    hardware_contrast: 0,
    hardware_saturation: 0,
    hardware_hue: 0,
  },
  jsonServer: { port: 19444 },
  logger: { level: 'warn' } satisfies LoggerSettings,
  network: { localApiAuth: false } satisfies NetworkSettings,
  osEvents: { suspendEnable: true, lockEnable: true, suspendOnLockEnable: false },
  protoServer: { enable: true, port: 19445, timeout: 5 },
  schedEvents: { enable: false },
  webConfig: {
    // Empty paths: the built-in web UI and the server's own certificate.
    document_root: '',
    port: 8090,
    sslPort: 8092,
    crtPath: '',
    keyPath: '',
    keyPassPhrase: '',
  } satisfies WebConfigSettings,

  // ---- instance groups ----
  backgroundEffect: {
    // Off: nothing is shown behind the picture until the user picks something.
    enable: false,
    type: 'effect',
    color: [255, 138, 0],
    // A bundled effect, so that switching the background on shows something at once.
    effect: 'Warm Pulse',
  },
  blackborderdetector: {
    enable: true,
    // Percent brightness under which a border counts as black.
    threshold: 5,
    // Frame counts: how long a border must be seen before the detector follows it.
    unknownFrameCnt: 600,
    borderFrameCnt: 50,
    maxInconsistentCnt: 10,
    blurRemoveCnt: 1,
    mode: 'default',
  },
  boblightServer: { enable: false, port: 19333, priority: 128 },
  color: {
    imageToLedMappingType: 'multicolor_mean',
    channelAdjustment: [channelAdjustment],
  },
  device: {
    // The virtual device drives no hardware; its colours show in the live LED stream, so the
    // service runs, and shows something, without anything attached.
    type: 'virtual',
    hardwareLedCount: 1,
    autoStart: true,
    colorOrder: 'rgb',
    latchTime: 0,
    rewriteTime: 0,
    enableAttempts: 6,
    enableAttemptsInterval: 15,
  } satisfies DeviceSettings,
  foregroundEffect: {
    // A short startup effect shows that the LEDs work.
    enable: true,
    type: 'effect',
    color: [0, 0, 255],
    // A bundled effect (Hyperion.ng's "Rainbow swirl fast" is not one of Glowkit's).
    effect: 'Rainbow Wave',
    duration_ms: 3000,
  },
  instCapture: {
    systemEnable: false,
    systemGrabberDevice: 'NONE',
    // Priorities: a lower number wins, so audio capture overrides video, video the screen.
    systemPriority: 250,
    v4lEnable: false,
    v4lGrabberDevice: 'NONE',
    v4lPriority: 240,
    audioEnable: false,
    audioGrabberDevice: 'NONE',
    audioPriority: 230,
  },
  ledConfig: {
    // The layout generator's inputs for `leds` below: one LED on the top edge, 8 % deep.
    classic: {
      top: 1,
      bottom: 0,
      left: 0,
      right: 0,
      glength: 0,
      gpos: 0,
      position: 0,
      reverse: false,
      hdepth: 8,
      vdepth: 5,
      overlap: 0,
      edgegap: 0,
      // Keystone corners in percent of the picture: the whole picture, undistorted.
      ptlh: 0,
      ptlv: 0,
      ptrh: 100,
      ptrv: 0,
      pblh: 0,
      pblv: 100,
      pbrh: 100,
      pbrv: 100,
    },
    matrix: {
      ledshoriz: 1,
      ledsvert: 1,
      cabling: 'snake',
      direction: 'horizontal',
      start: 'top-left',
    },
  },
  // One LED showing the top 8 % of the picture, as `ledConfig.classic` generates it.
  leds: [{ hmin: 0, hmax: 1, vmin: 0, vmax: 0.08 }] satisfies LedsSettings,
  smoothing: {
    enable: true,
    type: 'linear',
    time_ms: 150,
    updateFrequency: 25,
    interpolationRate: 25,
    decay: 1,
    dithering: false,
    updateDelay: 0,
  } satisfies SmoothingSettings,
};

/** A fresh copy of the default value of group `name`. Throws a RangeError for an unknown name. */
export function defaultGroup(name: GroupName | (string & {})): GroupValue {
  if (!isGroupName(name)) throw new RangeError(`unknown settings group "${name}"`);
  return structuredClone(DEFAULTS[name]);
}

/** Fresh copies of the 15 global groups' defaults, one key per group. */
export function defaultGlobalSettings(): Record<GlobalGroup, GroupValue> {
  return Object.fromEntries(GLOBAL_GROUPS.map((name) => [name, defaultGroup(name)])) as Record<
    GlobalGroup,
    GroupValue
  >;
}

/** Fresh copies of the 10 instance groups' defaults, one key per group. */
export function defaultInstanceSettings(): Record<InstanceGroup, GroupValue> {
  return Object.fromEntries(INSTANCE_GROUPS.map((name) => [name, defaultGroup(name)])) as Record<
    InstanceGroup,
    GroupValue
  >;
}

/** The configuration of a new store: the global defaults and one enabled instance, id 0. */
export function defaultConfiguration(): Configuration {
  return {
    global: { settings: defaultGlobalSettings() },
    instanceIds: [0],
    instances: [
      { id: 0, name: FIRST_INSTANCE_NAME, enabled: true, settings: defaultInstanceSettings() },
    ],
  };
}
