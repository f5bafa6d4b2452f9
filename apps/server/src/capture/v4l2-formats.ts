/**
 * The picture encodings of V4L2 capture devices under their three names: the one Glowkit shows
 * and stores in `grabberV4L2.encoding` (Hyperion.ng's: `YUYV`, `MJPEG`, …), the device's fourcc
 * (what `v4l2-ctl --list-formats-ext` prints) and ffmpeg's (`-input_format`, and what
 * `ffmpeg -list_formats` prints). Discovery turns what a device offers into the first; the V4L2
 * command line turns the first back into ffmpeg's.
 */

/** One encoding under its three names. */
export interface V4l2Format {
  /** Glowkit's (and Hyperion.ng's) name, stored in `grabberV4L2.encoding`. */
  readonly name: string;
  /** The V4L2 fourcc, as `v4l2-ctl` prints it between quotes. */
  readonly fourcc: string;
  /** ffmpeg's name for `-input_format`. */
  readonly ffmpeg: string;
}

/**
 * The encodings Glowkit names. ffmpeg maps V4L2's `RGB4` (RGB32) to `0rgb` and `BGR4` (BGR32) to
 * `bgr0`; `RGBP` is Hyperion.ng's BGR16.
 */
export const V4L2_FORMATS: readonly V4l2Format[] = [
  { name: 'YUYV', fourcc: 'YUYV', ffmpeg: 'yuyv422' },
  { name: 'UYVY', fourcc: 'UYVY', ffmpeg: 'uyvy422' },
  { name: 'MJPEG', fourcc: 'MJPG', ffmpeg: 'mjpeg' },
  { name: 'I420', fourcc: 'YU12', ffmpeg: 'yuv420p' },
  { name: 'NV12', fourcc: 'NV12', ffmpeg: 'nv12' },
  { name: 'NV21', fourcc: 'NV21', ffmpeg: 'nv21' },
  { name: 'RGB24', fourcc: 'RGB3', ffmpeg: 'rgb24' },
  { name: 'BGR24', fourcc: 'BGR3', ffmpeg: 'bgr24' },
  { name: 'RGB32', fourcc: 'RGB4', ffmpeg: '0rgb' },
  { name: 'BGR32', fourcc: 'BGR4', ffmpeg: 'bgr0' },
  { name: 'BGR16', fourcc: 'RGBP', ffmpeg: 'rgb565le' },
  { name: 'H264', fourcc: 'H264', ffmpeg: 'h264' },
];

/**
 * The encoding a setting or a device names, by any of its three names, case aside (`yuyv`,
 * `YUYV`, `yuyv422`, `MJPG`, `mjpeg`); `undefined` when Glowkit does not know it.
 */
export function v4l2Format(name: string): V4l2Format | undefined {
  const wanted = name.trim().toLowerCase();
  return V4L2_FORMATS.find(
    (f) =>
      f.name.toLowerCase() === wanted ||
      f.fourcc.toLowerCase() === wanted ||
      f.ffmpeg.toLowerCase() === wanted,
  );
}

/** The name discovery shows for a device's encoding: Glowkit's when it knows it, else as given. */
export function v4l2FormatName(fourccOrFfmpegName: string): string {
  return v4l2Format(fourccOrFfmpegName)?.name ?? fourccOrFfmpegName.trim();
}
