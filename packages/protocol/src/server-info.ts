/**
 * What `serverinfo` answers and what its `*-update` pushes carry: the one declaration of those
 * shapes, for the server that builds them, the engine that makes their parts, the web UI and the
 * tests that read them. Keys are in Hyperion.ng's (sorted) order where Glowkit sends them so.
 */
import type { RgbTriple } from './adjustment.js';
import type { AuthorizeEvent, TokenInfo } from './authorize.js';
import type { ComponentName } from './componentstate.js';
import type { LedsSettings } from './settings/generated/types.js';
import type { MappingTypeName, VideoMode } from './source-commands.js';

/** An entry of `serverinfo.instance` and of the `instance-update` push: one configured instance. */
export interface InstanceInfo {
  /** The instance's name (Hyperion.ng's key). */
  friendly_name: string;
  /** Its number (0 to 255). */
  instance: number;
  /** Whether it runs now. */
  running: boolean;
}

/**
 * What holds a priority: a colour, a picture or an effect set over the JSON API, a network
 * input's source (a flatbuffers, protobuf or boblight client), or a grabber on the box (the
 * screen, `GRABBER`; USB video, `V4L`), as Hyperion.ng names them.
 */
export type PrioritySource =
  | 'COLOR'
  | 'EFFECT'
  | 'IMAGE'
  | 'FLATBUFSERVER'
  | 'PROTOSERVER'
  | 'BOBLIGHTSERVER'
  | 'GRABBER'
  | 'V4L';

/**
 * An entry of `serverinfo.inputSources` (Glowkit's own key): one picture input's client, which is
 * a source in every running instance's muxer, with what became of its frames.
 */
export interface InputSourceInfo {
  /** The protocol's component: `FLATBUFSERVER`, `PROTOSERVER`, `BOBLIGHTSERVER`. */
  componentId: PrioritySource;
  /** Its decode time, ms: the mean of the last frames (0 before the first). */
  decodeMs: number;
  /** Frames replaced by a newer one before they were decoded (the newest frame wins). */
  framesDropped: number;
  /** Frames (pictures and colours) that arrived whole and valid. */
  framesReceived: number;
  /** Frames decoded and handed to the instances. */
  framesShown: number;
  /** The instance it shows on, for an input of one instance (boblight); absent: every instance. */
  instance?: number;
  /** As in `priorities`: `"<client's origin>@<address>"`. */
  origin: string;
  /** The client's address. */
  peer: string;
  /** Its priority; absent until it registered. */
  priority?: number;
}

/**
 * Where a forwarder target is: `connected`; `connecting`; `retrying` (down: the next attempt
 * comes after a backoff); `idle` (a flatbuffers target with nothing to send: no connection);
 * `skipped-self` (it is this server: never connected).
 */
export type ForwarderTargetState =
  | 'connected'
  | 'connecting'
  | 'retrying'
  | 'idle'
  | 'skipped-self';

/** An entry of `serverinfo.forwarder.targets`: one target of the `forwarder` group. */
export interface ForwarderTargetInfo {
  /** The target's `name`. */
  name: string;
  host: string;
  port: number;
  /** Which list of the group it is in: `jsonapi` (JSON commands) or `flatbuffer` (pictures). */
  kind: 'jsonapi' | 'flatbuffer';
  state: ForwarderTargetState;
  /** Messages written to it: JSON commands, or flatbuffers pictures and colours. */
  framesSent: number;
  /** Messages replaced by a newer one before they could be written (the newest wins). */
  framesDropped: number;
}

/**
 * `serverinfo.forwarder` (Glowkit's own key): what the forwarder does now. Daemon-wide, the same
 * for every instance.
 */
export interface ForwarderInfo {
  /** Whether it forwards now: the group's `enable`, and the instance's FORWARDER on. */
  enabled: boolean;
  /** The forwarded instance (the group's `instance`); null when none is chosen. */
  instance: number | null;
  targets: ForwarderTargetInfo[];
}

/** An entry of `serverinfo.priorities` (and of the `priorities-update` push). */
export interface PriorityInfo {
  active: boolean;
  componentId: PrioritySource;
  /** Milliseconds left when the server answered; only for timed entries. */
  duration_ms?: number;
  /** Who set it: `"<origin>@<address>"`. */
  origin: string;
  /** The effect's name, or an image's name; only when there is one. */
  owner?: string;
  priority: number;
  /** For colours: the first LED's colour. */
  value?: { RGB: [number, number, number]; HSL: [number, number, number] };
  /** Whether the LEDs show it (the lowest priority with data). */
  visible: boolean;
}

/**
 * Where an LED device is: `off` (not enabled, or disabled), `opening`, `on` (frames are
 * written), `error` (see {@link DeviceStatus.error}; retrying in the background when the device
 * is recoverable and attempts remain), `closed` (released for good).
 */
export type DeviceState = 'off' | 'opening' | 'on' | 'error' | 'closed';

/**
 * `serverinfo.device` (Glowkit's own key) and the `device-update` push's `data`: the state of an
 * instance's LED device, and why it cannot open.
 */
export interface DeviceStatus {
  /** `device.type`. */
  type: string;
  state: DeviceState;
  /**
   * Whether the device is meant to be on: true from its enabling until it is disabled, also while
   * it is opening or in error. The instance's `LEDDEVICE` component shows false while in error,
   * as Hyperion.ng reports it.
   */
  enabled: boolean;
  /** Why the device is in error: one line from the device; absent otherwise. */
  error?: string | undefined;
  /** Re-open attempts made since the last failure (0 … enableAttempts). */
  attempts: number;
  /** Writes that reached the device: frames, rewrites and black. */
  frames: number;
  /** Frames dropped because they came within latchTime of the previous write. */
  dropped: number;
}

/**
 * A stage of a picture's way from its arrival to the LEDs, in pipeline order: `decode` (its last
 * byte read, or read from a grabber's pipe → decoded and handed on), `wait` (its newest-wins wait
 * for its turn, and handed on → mapped), `mapping` (black borders, mapping onto the LEDs, colour),
 * `smoothing` (written into the smoothing → the smoothing's first output carrying it, its
 * `updateDelay` included; 0 without smoothing), `device` (handed to the device → its write done).
 */
export type LatencyStage = 'decode' | 'wait' | 'mapping' | 'smoothing' | 'device';

/** The recent figures of a stage or of the whole way, ms (to the µs). */
export interface LatencyFigures {
  /** Half the frames took at most this long. */
  p50: number;
  /** 99 in 100 took at most this long (the longest, over fewer than 100 frames). */
  p99: number;
}

/**
 * An entry of `serverinfo.latency` and of the `input-sources-update` push (Glowkit's own key):
 * where the time goes between a picture source's frame arriving and an instance's LED device
 * writing it, over the instance's last 256 such frames. Frames replaced by a newer one on the
 * way (newest wins) are not counted.
 */
export interface InstanceLatencyInfo {
  instance: number;
  /** Frames followed from their arrival to the device's write since the instance started. */
  frames: number;
  /** Each stage, in pipeline order; absent before the first frame. */
  stages?: Record<LatencyStage, LatencyFigures>;
  /** Arrival → the device's write done, each frame's sum of its stages; absent before the first. */
  total?: LatencyFigures;
}

/**
 * The black bars black-border detection leaves out of a picture when mapping it onto the LEDs,
 * in pixels of the picture pushed (`ledcolors-imagestream-update`'s PNG, which may be scaled
 * down from the picture detected): rows at the top and at the bottom, columns at the left and at
 * the right. Sent only when there are bars (detection on, and a border found).
 */
export interface PictureBorder {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** An entry of `serverinfo.components`, and the `components-update` push's `data`. */
export interface ComponentInfo {
  enabled: boolean;
  name: ComponentName;
}

/**
 * An entry of `serverinfo.adjustment` and of the `adjustment-update` push: one colour
 * adjustment as it applies now (settings, with any run-time change of `adjustment`).
 */
export interface AdjustmentInfo {
  id: string;
  /** Target colour of white input (and so on for each corner of the colour cube), 0…255 each. */
  white: RgbTriple;
  red: RgbTriple;
  green: RgbTriple;
  blue: RgbTriple;
  cyan: RgbTriple;
  magenta: RgbTriple;
  yellow: RgbTriple;
  /** 0…100 %: darker colours are lifted to a floor while a picture is shown. */
  backlightThreshold: number;
  /** Keep the hue when lifting to the backlight floor. */
  backlightColored: boolean;
  /** 0…100. */
  brightness: number;
  /** 0…100: how much mixed colours and white are dimmed to draw no more than a primary. */
  brightnessCompensation: number;
  /** 0.1…100; 1 leaves the channel linear. */
  gammaRed: number;
  gammaGreen: number;
  gammaBlue: number;
  /** 0…10 OkHSV saturation gain; 1 leaves colours alone. */
  saturationGain: number;
  /** 0.1…10 OkHSV value gain; 1 leaves colours alone. */
  brightnessGain: number;
  /** 1000…40000 K; 6600 leaves colours alone. */
  temperature: number;
  /** The LEDs it covers: `"*"` or a list such as `"0-9,12"`. */
  leds: string;
}

/** An entry of `serverinfo.effects`, and of the `effects-update` push (which carries the list). */
export interface EffectInfo {
  name: string;
  /** The definition file: `:/effects/x.json` when bundled, an absolute path when custom. */
  file: string;
  /** The script, shown the same way: what `create-effect` takes back. */
  script: string;
  /** The definition's options. */
  args: Record<string, unknown>;
}

/** An entry of `serverinfo.effectProblems`: an effect file or folder left out, and why. */
export interface EffectFileProblem {
  /** Absolute path of the file or folder. */
  file: string;
  /** One line each: `file:line:column message (rule)`, or `folder: message (rule)`. */
  messages: string[];
}

/** An entry of `serverinfo.activeEffects`: an effect running now. */
export interface ActiveEffectInfo {
  name: string;
  script: string;
  priority: number;
  /** The requested duration, ms (-1 endless), as Hyperion.ng reports it. */
  timeout: number;
  args: Record<string, unknown>;
}

/** An entry of `serverinfo.effectErrors`: an effect that stopped by itself lately, and why. */
export interface EffectErrorInfo {
  name: string;
  priority: number;
  reason: 'finished' | 'stopped' | 'failed' | 'killed';
  message: string;
  /** Milliseconds since the epoch. */
  at: number;
}

/** `serverinfo.activeLedColor`: the visible colour, when one shows. */
export interface ActiveLedColorInfo {
  'HSL Value': [number, number, number];
  'RGB Value': [number, number, number];
}

/**
 * The grabbers of one kind, as Hyperion.ng lists them: `available`, the devices this server can
 * capture (`framegrabber.device` values for the screen); `active`, the name of the one capturing
 * now (`"X11"`), empty while none does. Glowkit has no audio grabber: both its lists are empty.
 */
export interface GrabberList {
  active: string[];
  available: string[];
}

/** What a grabber on the box is doing (see {@link GrabberStatus}). */
export type GrabberState =
  /** Not wanted: its group's `enable` is off, or no running instance takes it. */
  | 'stopped'
  /** Its ffmpeg child is starting (the screen's size is being read, no frame yet). */
  | 'starting'
  /** Frames are coming. */
  | 'running'
  /** Its ffmpeg child failed or exited (`error` says why); it starts again after a wait. */
  | 'retrying'
  /** `ffmpeg` cannot be run (not installed, or `--ffmpeg` names no program); tried again slowly. */
  | 'missing-ffmpeg'
  /** Its settings cannot capture here (`error` says which); a change of them tries again. */
  | 'error';

/**
 * Glowkit's own key under `grabbers.screen` and `grabbers.video`: what the grabber (one `ffmpeg`
 * child) is doing and what became of its frames, daemon-wide.
 */
export interface GrabberStatus {
  kind: 'screen' | 'video';
  state: GrabberState;
  /** Its name as `priorities` shows it (owner `"X11"`, `"FB"`, `"DRM"`, `"V4L2"`); empty before it is known. */
  name: string;
  /** The last problem, one line (what, where, what to do); null when there was none since it started. */
  error: string | null;
  /** The size of its frames (after crops and decimation); 0 until known. */
  width: number;
  height: number;
  /** Whole frames read from ffmpeg since the grabber was configured. */
  framesRead: number;
  /** Frames handed to the instances. */
  framesShown: number;
  /** Frames a newer one replaced before they were shown (no queue: the newest wins). */
  framesDropped: number;
  /** Frames read a second, over the last few seconds; 0 while none come. */
  fps: number;
  /** The running instances that take it (component GRABBER resp. V4L on). */
  instances: number[];
  /**
   * A line about its start that is no fault, when there is one: the USB video grabber's picture
   * controls not applied (`hardware_brightness not applied: v4l2-ctl is not installed …`).
   */
  note?: string;
  /**
   * The USB video grabber's signal detection (`grabberV4L2.signalDetection` on): `no-signal`
   * while its frames show the capture device's own "no signal" picture and are not shown.
   */
  signal?: 'signal' | 'no-signal';
}

/** The screen and USB video grabbers: Hyperion.ng's lists, and Glowkit's `status`. */
export interface CaptureGrabberList extends GrabberList {
  status: GrabberStatus;
}

/**
 * The service's state (Glowkit's `serverinfo.power.state`): `working`, `idle` (captures off, the
 * LED device on) or `suspended` (every LED device off and released), as the `system` command,
 * the schedules and the operating system's sleep set it.
 */
export type PowerStateName = 'working' | 'idle' | 'suspended';

/**
 * The `info` of a successful `serverinfo` (`getInfo`) reply, in Hyperion.ng's shape, for the
 * instance the request names (or the session's). The parts of an instance are empty while it is
 * stopped. Glowkit adds `device`, `effectErrors`, `effectProblems`, `forwarder`, `inputSources`,
 * `latency`, `power` and the grabbers' `status`.
 */
export interface ServerInfo {
  activeEffects: ActiveEffectInfo[];
  activeLedColor: ActiveLedColorInfo[];
  adjustment: AdjustmentInfo[];
  cec: { enabled: boolean };
  components: ComponentInfo[];
  /** The instance's LED device; null when the instance is stopped. */
  device: DeviceStatus | null;
  effectErrors: EffectErrorInfo[];
  effectProblems: readonly EffectFileProblem[];
  effects: readonly EffectInfo[];
  /** The forwarder (Glowkit's own key; daemon-wide). */
  forwarder: ForwarderInfo;
  /** The grabbers; `screen.status` and `video.status` are Glowkit's own (daemon-wide). */
  grabbers: { audio: GrabberList; screen: CaptureGrabberList; video: CaptureGrabberList };
  hostname: string;
  /** How the instance maps pictures: the `color` group's, or the last `processing`. */
  imageToLedMappingType: MappingTypeName;
  /** The picture inputs' clients (Glowkit's own key; daemon-wide, the same for every instance). */
  inputSources: InputSourceInfo[];
  /** Every configured instance. */
  instance: InstanceInfo[];
  /**
   * Each running instance's picture-to-LED latency by stage (Glowkit's own key; daemon-wide, the
   * same for every instance).
   */
  latency: InstanceLatencyInfo[];
  ledDevices: { available: string[] };
  /** The instance's LED layout; `[]` while it is stopped. */
  leds: LedsSettings;
  /** The service's working / idle / suspended state (Glowkit's own key; daemon-wide). */
  power: { state: PowerStateName };
  priorities: PriorityInfo[];
  /** False while a priority is pinned with `sourceselect`. */
  priorities_autoselect: boolean;
  services: string[];
  /** Which half of the grabbers' frames is used (`videomode`; daemon-wide). */
  videomode: VideoMode;
}

/**
 * The `data` of each push, by its `command`: the `*-update` topics a client subscribes to, and
 * Glowkit's `authorize-event` (sent unasked).
 */
export interface PushData {
  'adjustment-update': AdjustmentInfo[];
  'components-update': ComponentInfo;
  'device-update': DeviceStatus;
  /**
   * Daemon-wide: sent without `instance`, at most once a second while a client is connected or a
   * grabber on the box runs, with each running instance's latency figures and the grabbers'
   * statuses (as `serverinfo.grabbers.<kind>.status`).
   */
  'input-sources-update': {
    inputSources: InputSourceInfo[];
    latency: InstanceLatencyInfo[];
    grabbers: { screen: GrabberStatus; video: GrabberStatus };
  };
  'effects-update': readonly EffectInfo[];
  /**
   * Daemon-wide: what happened to the working / idle / suspended state (toggles resolved), or a
   * restart asked for.
   */
  'event-update': { event: 'Suspend' | 'Resume' | 'Idle' | 'ResumeIdle' | 'Restart' };
  'imageToLedMapping-update': { imageToLedMappingType: MappingTypeName };
  'instance-update': InstanceInfo[];
  'leds-update': { leds: LedsSettings };
  'priorities-update': { priorities: PriorityInfo[]; priorities_autoselect: boolean };
  /** One group: `{ [group]: value }`. */
  'settings-update': Record<string, unknown>;
  'token-update': TokenInfo[];
  /** Daemon-wide: sent without `instance`. */
  'videomode-update': { videomode: VideoMode };
  /** The colours of the instance's LEDs: R, G, B bytes per LED, in layout order. */
  'ledcolors-ledstream-update': { leds: number[] };
  /**
   * The visible picture source's picture: a PNG data URL, at most 320 pixels wide; with
   * Glowkit's `border` while black-border detection leaves bars out of it.
   */
  'ledcolors-imagestream-update': { image: string; border?: PictureBorder };
  'authorize-event': AuthorizeEvent;
}

/** A push's `command`, e.g. `'priorities-update'`. */
export type PushCommand = keyof PushData;

/**
 * A push with `data`: its topic as `command`, the instance it is about (for an instance's
 * topics), and its `data`.
 */
export interface DataPush<C extends PushCommand = PushCommand> {
  command: C;
  instance?: number;
  data: PushData[C];
}
