import type { BorderCrop, RgbImage } from '@glowkit/engine';
import type { PictureBorder } from '@glowkit/protocol';
import { encodePng, scaledDown } from './png.js';
import type { SessionState } from './session.js';

/** The shortest time between two pictures to one client (at most 25 per second). */
export const IMAGESTREAM_INTERVAL_MS = 40;

/** The widest picture streamed: enough to see the input, small enough for a phone on Wi-Fi. */
export const IMAGESTREAM_MAX_WIDTH = 320;

interface ImageStream {
  sentAt: number;
  /** The latest picture that came too early (and its bars), sent when the interval is over. */
  pending: { image: RgbImage; crop: BorderCrop } | undefined;
  timer: NodeJS.Timeout | undefined;
}

/** A picture to push: its PNG data URL, and the black bars detection leaves out of it. */
type ImageData = { image: string; border?: PictureBorder };

/**
 * The `ledcolors imagestream-start` streams: each session's sessions get the picture a visible
 * picture source shows on an instance, as `ledcolors-imagestream-update` pushes with a PNG data
 * URL (and the black border detection applies to it, see {@link pushedBorder}), at most every {@link IMAGESTREAM_INTERVAL_MS}; a picture that comes sooner waits, and a
 * newer one replaces it, so the last picture always arrives (Hyperion.ng drops it). Nothing is
 * sent while a colour or an effect shows. Each picture is encoded once for all its sessions.
 */
export class ImageStreams {
  readonly #streams = new Map<SessionState, Map<number, ImageStream>>();

  /**
   * Starts the pictures of `instance` for a session, with `current` (the picture shown now, if
   * a picture source is visible) at once: a picture that does not change (a JSON image, a paused
   * player) shows without waiting for the next; `crop` is the border detection applies to it.
   */
  start(session: SessionState, instance: number, current?: RgbImage, crop?: BorderCrop): void {
    let streams = this.#streams.get(session);
    if (!streams) {
      streams = new Map();
      this.#streams.set(session, streams);
    }
    let stream = streams.get(instance);
    if (!stream) {
      stream = { sentAt: 0, pending: undefined, timer: undefined };
      streams.set(instance, stream);
    }
    if (current) {
      const bars = crop ?? NONE;
      this.#offer(session, instance, stream, current, bars, () => dataOf(current, bars));
    }
  }

  /** Stops a session's pictures of `instance`, or of every instance. */
  stop(session: SessionState, instance?: number): void {
    const streams = this.#streams.get(session);
    for (const [id, stream] of streams ?? []) {
      if (instance !== undefined && id !== instance) continue;
      if (stream.timer) clearTimeout(stream.timer);
      streams?.delete(id);
    }
    if (streams?.size === 0) this.#streams.delete(session);
  }

  /** Whether anyone streams pictures (the runtime's pictures are ignored otherwise). */
  get active(): boolean {
    return this.#streams.size > 0;
  }

  /** Stops every stream. */
  close(): void {
    for (const session of [...this.#streams.keys()]) this.stop(session);
  }

  /**
   * A picture of `instance` with the bars detection leaves out of it: sent now to the sessions
   * whose interval is over, later to others.
   */
  picture(instance: number, image: RgbImage, crop: BorderCrop = NONE): void {
    let data: ImageData | undefined;
    for (const [session, streams] of this.#streams) {
      const stream = streams.get(instance);
      if (!stream) continue;
      this.#offer(session, instance, stream, image, crop, () => {
        data ??= dataOf(image, crop);
        return data;
      });
    }
  }

  /** Sends `image` now if the stream's interval is over (`url` encodes it), else when it is. */
  #offer(
    session: SessionState,
    instance: number,
    stream: ImageStream,
    image: RgbImage,
    crop: BorderCrop,
    data: () => ImageData,
  ): void {
    const wait = stream.sentAt + IMAGESTREAM_INTERVAL_MS - performance.now();
    if (wait <= 0 && !stream.timer) {
      this.#send(session, instance, stream, data());
      return;
    }
    stream.pending = { image, crop };
    stream.timer ??= setTimeout(
      () => {
        stream.timer = undefined;
        const pending = stream.pending;
        stream.pending = undefined;
        if (pending && this.#streams.get(session)?.get(instance) === stream) {
          this.#send(session, instance, stream, dataOf(pending.image, pending.crop));
        }
      },
      Math.max(0, wait),
    );
    stream.timer.unref?.();
  }

  #send(session: SessionState, instance: number, stream: ImageStream, data: ImageData): void {
    stream.sentAt = performance.now();
    session.push({ command: 'ledcolors-imagestream-update', instance, data });
  }
}

const NONE: BorderCrop = { horizontal: 0, vertical: 0 };

function dataOf(image: RgbImage, crop: BorderCrop): ImageData {
  const pushed = scaledDown(image, IMAGESTREAM_MAX_WIDTH);
  const png = encodePng(pushed);
  const url = `data:image/png;base64,${png.toString('base64')}`;
  const border = pushedBorder(image, pushed, crop);
  return border ? { image: url, border } : { image: url };
}

/**
 * The bars `crop` leaves out of `image`, in pixels of `pushed` (`image` scaled down), each at
 * most half the picture; undefined when there are none.
 */
function pushedBorder(
  image: RgbImage,
  pushed: RgbImage,
  crop: BorderCrop,
): PictureBorder | undefined {
  if (crop.horizontal <= 0 && crop.vertical <= 0) return undefined;
  const rows = Math.min(
    Math.floor(pushed.height / 2),
    Math.round((crop.horizontal * pushed.height) / image.height),
  );
  const columns = Math.min(
    Math.floor(pushed.width / 2),
    Math.round((crop.vertical * pushed.width) / image.width),
  );
  if (rows === 0 && columns === 0) return undefined;
  return { top: rows, bottom: rows, left: columns, right: columns };
}
