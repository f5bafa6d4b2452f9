/**
 * The size of what an ffmpeg input captures (a screen, a framebuffer), read once before a grabber
 * starts from the stream line ffmpeg prints when it opens the input (the same probe discovery
 * runs): no xdpyinfo, no X library, and the same answer for every device ffmpeg opens.
 */
import { parseFfmpegVideoSize } from './discovery-parsers.js';
import { ffmpegMissing, ffmpegProblem, missingFfmpegLine } from './ffmpeg-child.js';
import { runTool } from './run-tool.js';

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

/**
 * Opens `input` (options ending with `-i <url>`) with ffmpeg, without an output and without
 * reading frames ahead, and reads the size ffmpeg reports. ffmpeg exits by itself once it has
 * described the input ("At least one output file must be specified"); one that hangs is killed
 * after `timeoutMs`, and `signal` ends it early.
 */
export async function probeInput(
  ffmpeg: string,
  input: readonly string[],
  timeoutMs = 10_000,
  signal?: AbortSignal,
): Promise<ProbeResult> {
  // Not found, or not a program: said as such rather than as an input that did not open.
  const cannot = ffmpegMissing(ffmpeg);
  if (cannot) return { ok: false, missing: true, line: cannot };
  const run = await runTool(
    ffmpeg,
    ['-hide_banner', '-nostdin', '-probesize', '32', '-analyzeduration', '0', ...input],
    timeoutMs,
    signal,
  );
  if (run.missing) {
    return {
      ok: false,
      missing: true,
      line: missingFfmpegLine(ffmpeg, Object.assign(new Error('not found'), { code: 'ENOENT' })),
    };
  }
  const size = parseFfmpegVideoSize(run.stderr);
  if (size) return { ok: true, ...size };
  const lines = run.stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('At least one output file'));
  return {
    ok: false,
    missing: false,
    line:
      ffmpegProblem(lines) ?? `ffmpeg did not open ${input.at(-1)} within ${timeoutMs / 1000} s`,
  };
}
