/**
 * The size of what an ffmpeg input captures (a screen, a framebuffer), read once before a grabber
 * starts, from the stream line ffmpeg prints when it opens the input
 * (`Stream #0:0: Video: rawvideo (BGR[0] / 0x524742), bgr0, 1920x1080, …`): no xdpyinfo, no X
 * library, and the same answer for every device ffmpeg opens.
 */
import { spawn } from 'node:child_process';
import { ffmpegProblem, missingFfmpegLine } from './ffmpeg-child.js';

/** What a probe found. */
export type ProbeResult =
  | { ok: true; width: number; height: number }
  | {
      ok: false;
      /** True when ffmpeg itself cannot be run. */
      missing: boolean;
      /** Why, in one line. */
      line: string;
    };

/** `, 1920x1080,` in a video stream line (not the `0x524742` of a codec tag). */
const STREAM_SIZE = /Stream #\d+:\d+.*?: Video: .*?, (\d+)x(\d+)\b/;

/** Reads the size of a stream from ffmpeg's description of its input; undefined when absent. */
export function streamSize(stderr: string): { width: number; height: number } | undefined {
  const match = STREAM_SIZE.exec(stderr);
  if (!match) return undefined;
  return { width: Number(match[1]), height: Number(match[2]) };
}

/**
 * Opens `input` (options ending with `-i <url>`) with ffmpeg, without an output, and reads the
 * size ffmpeg reports. ffmpeg exits by itself once it has described the input ("At least one
 * output file must be specified"); one that hangs is killed after `timeoutMs`.
 */
export function probeInput(
  ffmpeg: string,
  input: readonly string[],
  timeoutMs = 10_000,
  signal?: AbortSignal,
): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const child = spawn(
      ffmpeg,
      ['-hide_banner', '-nostdin', '-probesize', '32', '-analyzeduration', '0', ...input],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let text = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    // Stopped meanwhile: nothing of the probe is left running.
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      // The description comes first; a flood after it is not needed.
      if (text.length < 64 * 1024) text += chunk;
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return;
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      resolve({ ok: false, missing: true, line: missingFfmpegLine(ffmpeg, error) });
    });
    child.once('close', () => {
      if (child.pid === undefined) return;
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      const size = streamSize(text);
      if (size) {
        resolve({ ok: true, ...size });
        return;
      }
      const lines = text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('At least one output file'));
      const line = timedOut
        ? `ffmpeg did not describe ${input.at(-1)} within ${timeoutMs / 1000} s`
        : (ffmpegProblem(lines) ?? `ffmpeg could not open ${input.at(-1)}`);
      resolve({ ok: false, missing: false, line });
    });
  });
}
