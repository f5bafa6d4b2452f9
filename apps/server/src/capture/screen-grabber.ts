/**
 * The screen grabber's ffmpeg command lines (global group `framegrabber`): X11 through ffmpeg's
 * x11grab, the Linux framebuffer through fbdev, DRM/KMS through kmsgrab; crops on every side, the
 * frame rate, and `pixelDecimation` as the output size (screen − crops) / d.
 */
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { defaultGroup, type FramegrabberSettings, type GlobalSettings } from '@glowkit/protocol';
import type { CaptureKind } from './capture-sources.js';
import type { FfmpegInput } from './ffmpeg-child.js';
import { probeInput } from './ffmpeg-probe.js';
import type { Prepared } from './grabber.js';

/** The `framegrabber` group with every key filled in. */
export type ScreenSettings = Required<FramegrabberSettings>;

/** The ffmpeg devices a screen is captured with. */
export type ScreenDevice = 'x11grab' | 'fbdev' | 'kmsgrab';

/** The `framegrabber.device` values this server captures with (`serverinfo.grabbers.screen.available`). */
export const SCREEN_DEVICES: readonly string[] = ['auto', 'x11', 'xcb', 'framebuffer', 'drm'];

/** How a screen is opened: the device, its name in `priorities`, and ffmpeg's input options. */
export interface ScreenSource {
  device: ScreenDevice;
  /** The grabber's name, the owner of its entries (Hyperion.ng's names; DRM has none there). */
  name: 'X11' | 'FB' | 'DRM';
  /** What the input is, for messages: `:0`, `/dev/fb0`, `/dev/dri/card0`. */
  target: string;
}

/** What the choice of a screen depends on besides the group. */
export interface ScreenEnvironment {
  /** The server's `DISPLAY`. */
  display?: string | undefined;
  /** Whether a device file exists (default: the file system's answer). */
  exists?: (path: string) => boolean;
}

const X11_DEVICES = new Set(['x11', 'xcb', 'qt']);

/**
 * Which screen the group captures: `auto` is X when a display is known (the group's `display`,
 * else the server's `DISPLAY`, as Hyperion.ng does), else the framebuffer `/dev/fb<input>` when it
 * exists; `x11`/`xcb`/`qt` are X; `framebuffer` is fbdev; `drm` is kmsgrab on
 * `/dev/dri/card<input>`. Anything else (dispmanx, amlogic, dx, dda, osx) is refused with a line
 * that says what to choose instead.
 */
export function screenSource(
  group: ScreenSettings,
  env: ScreenEnvironment = {},
): { ok: true; source: ScreenSource } | { ok: false; line: string } {
  const display = group.display !== '' ? group.display : (env.display ?? '');
  const exists = env.exists ?? existsSync;
  const fb = `/dev/fb${group.input}`;
  const device = group.device === '' ? 'auto' : group.device.toLowerCase();
  if (device === 'auto') {
    if (display !== '')
      return { ok: true, source: { device: 'x11grab', name: 'X11', target: display } };
    if (exists(fb)) return { ok: true, source: { device: 'fbdev', name: 'FB', target: fb } };
    return {
      ok: false,
      line: `framegrabber: no screen to capture: no X display (set framegrabber.display, e.g. ":0", or the server's DISPLAY) and no ${fb}`,
    };
  }
  if (X11_DEVICES.has(device)) {
    if (display === '') {
      return {
        ok: false,
        line: `framegrabber.device "${group.device}" needs an X display: set framegrabber.display (e.g. ":0") or the server's DISPLAY`,
      };
    }
    return { ok: true, source: { device: 'x11grab', name: 'X11', target: display } };
  }
  if (device === 'framebuffer')
    return { ok: true, source: { device: 'fbdev', name: 'FB', target: fb } };
  if (device === 'drm') {
    return {
      ok: true,
      source: { device: 'kmsgrab', name: 'DRM', target: `/dev/dri/card${group.input}` },
    };
  }
  return {
    ok: false,
    line: `framegrabber.device "${group.device}" cannot capture here: choose auto, x11, framebuffer or drm`,
  };
}

/** ffmpeg's input options for the whole screen: what the probe opens. */
export function probeArgs(source: ScreenSource, fps: number): string[] {
  switch (source.device) {
    case 'x11grab':
      return ['-f', 'x11grab', '-draw_mouse', '0', '-framerate', String(fps), '-i', source.target];
    case 'fbdev':
      return ['-f', 'fbdev', '-framerate', String(fps), '-i', source.target];
    case 'kmsgrab':
      // kmsgrab's input name is not read; the device is an option. It needs CAP_SYS_ADMIN.
      return ['-device', source.target, '-f', 'kmsgrab', '-framerate', String(fps), '-i', '-'];
  }
}

/**
 * The ffmpeg input for a screen of `screen` size, or the line that says why the crops leave
 * nothing of it. X11 grabs the cropped area only (x11grab's `-video_size`, `-grab_x`, `-grab_y`:
 * the X server copies fewer pixels); fbdev and kmsgrab crop with ffmpeg's `crop` filter (kmsgrab
 * first downloads the DRM frame: `hwdownload,format=bgr0`, as ffmpeg's documentation does). The
 * output is (screen − crops) / pixelDecimation a side, at least 1.
 */
export function screenInput(
  source: ScreenSource,
  group: ScreenSettings,
  screen: { width: number; height: number },
): { ok: true; input: FfmpegInput } | { ok: false; line: string } {
  const { cropLeft: left, cropRight: right, cropTop: top, cropBottom: bottom } = group;
  const width = screen.width - left - right;
  const height = screen.height - top - bottom;
  if (width < 1) {
    return {
      ok: false,
      line: `framegrabber crops leave nothing of the ${screen.width}×${screen.height} screen: cropLeft ${left} + cropRight ${right} ≥ width ${screen.width}; lower them`,
    };
  }
  if (height < 1) {
    return {
      ok: false,
      line: `framegrabber crops leave nothing of the ${screen.width}×${screen.height} screen: cropTop ${top} + cropBottom ${bottom} ≥ height ${screen.height}; lower them`,
    };
  }
  const d = group.pixelDecimation;
  const out = {
    width: Math.max(1, Math.floor(width / d)),
    height: Math.max(1, Math.floor(height / d)),
  };
  const cropped = left + right + top + bottom > 0;
  const crop = `crop=${width}:${height}:${left}:${top}`;
  const fps = String(group.fps);
  switch (source.device) {
    case 'x11grab':
      return {
        ok: true,
        input: {
          input: [
            '-f',
            'x11grab',
            '-draw_mouse',
            '0',
            '-framerate',
            fps,
            '-video_size',
            `${width}x${height}`,
            '-grab_x',
            String(left),
            '-grab_y',
            String(top),
            '-i',
            source.target,
          ],
          ...out,
        },
      };
    case 'fbdev':
      return {
        ok: true,
        input: { input: probeArgs(source, group.fps), filters: cropped ? [crop] : [], ...out },
      };
    case 'kmsgrab':
      return {
        ok: true,
        input: {
          input: probeArgs(source, group.fps),
          filters: ['hwdownload', 'format=bgr0', ...(cropped ? [crop] : [])],
          ...out,
        },
      };
  }
}

/** The unix socket of a local X display (`:1`, `:1.0`, `unix:1`); undefined for one over TCP. */
export function x11Socket(display: string): string | undefined {
  const match = /^(?:unix)?:(\d+)(?:\.\d+)?$/.exec(display);
  return match ? `/tmp/.X11-unix/X${match[1]}` : undefined;
}

/**
 * Resolves with a line once the X server of a local display stops accepting connections: x11grab
 * does not notice (it goes on writing the last picture), so the grabber asks the server's socket
 * every `intervalMs` (a connection opened and closed before the X handshake: no authorisation
 * needed, nothing drawn). A display over TCP is not watched. Stops when `signal` aborts.
 */
export function watchX11(
  display: string,
  intervalMs: number,
  signal: AbortSignal,
): Promise<string> {
  const path = x11Socket(display);
  return new Promise((resolve) => {
    if (!path || signal.aborted) return;
    const timer = setInterval(() => {
      const socket = connect(path);
      socket.once('connect', () => socket.destroy());
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearInterval(timer);
        resolve(`X display ${display} is gone (${error.code ?? error.message})`);
      });
    }, intervalMs);
    timer.unref();
    signal.addEventListener('abort', () => clearInterval(timer), { once: true });
  });
}

/**
 * What the screen grabber runs: the screen chosen, its size read once with ffmpeg, the command
 * line for it. A display that is not there (yet) is worth retrying; settings that cannot capture
 * here are not, until they change.
 */
export async function prepareScreen(
  ffmpeg: string,
  group: ScreenSettings,
  env: ScreenEnvironment = {},
  probeTimeoutMs?: number,
  signal?: AbortSignal,
  watchMs = 1000,
): Promise<Prepared> {
  const chosen = screenSource(group, env);
  if (!chosen.ok) return { ok: false, state: 'error', line: chosen.line };
  const { source } = chosen;
  const probe = await probeInput(ffmpeg, probeArgs(source, group.fps), probeTimeoutMs, signal);
  if (!probe.ok) {
    return probe.missing
      ? { ok: false, state: 'missing-ffmpeg', line: probe.line }
      : { ok: false, state: 'retrying', line: probe.line };
  }
  const input = screenInput(source, group, probe);
  if (!input.ok) return { ok: false, state: 'error', line: input.line };
  return {
    ok: true,
    name: source.name,
    input: input.input,
    ...(source.device === 'x11grab'
      ? { watch: (stop: AbortSignal) => watchX11(source.target, watchMs, stop) }
      : {}),
  };
}

/** The stored `framegrabber` group with every key filled in. */
export function framegrabberOf(settings: Readonly<GlobalSettings>): ScreenSettings {
  return {
    ...defaultGroup('framegrabber'),
    display: '',
    ...settings.framegrabber,
  } as ScreenSettings;
}

/** What the screen kind of capture needs besides the group. */
export interface ScreenKindOptions {
  ffmpeg: string;
  /** The server's `DISPLAY` (read when the group is applied). Default: the process's. */
  display?: () => string | undefined;
  /** How long the probe of the screen may take, ms (default 10 s). */
  probeTimeoutMs?: number;
}

/** The screen grabber as {@link CaptureKind}: group `framegrabber`, component `GRABBER`. */
export function screenKind(options: ScreenKindOptions): CaptureKind {
  const display = options.display ?? (() => process.env.DISPLAY);
  return {
    kind: 'screen',
    component: 'GRABBER',
    group: 'framegrabber',
    available: SCREEN_DEVICES,
    configure(settings) {
      const group = framegrabberOf(settings);
      const env = { display: display() };
      return {
        enabled: group.enable,
        key: JSON.stringify([group, env.display]),
        prepare: (signal) =>
          prepareScreen(options.ffmpeg, group, env, options.probeTimeoutMs, signal),
        problem: () => {
          const chosen = screenSource(group, env);
          return chosen.ok ? undefined : chosen.line;
        },
      };
    },
  };
}
