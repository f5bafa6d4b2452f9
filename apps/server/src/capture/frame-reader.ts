/**
 * Whole frames out of a byte stream of raw frames of one size (what ffmpeg writes to its pipe),
 * newest first: no queue, no concatenation of chunks.
 */

/** What became of the frames so far. */
export interface FrameCounts {
  /** Whole frames read. */
  read: number;
  /** Whole frames a newer one replaced before anyone took them. */
  dropped: number;
}

/**
 * Copies each chunk into the frame being filled; a frame completed while the previous one is
 * still waiting replaces it (counted dropped), and the replaced frame's buffer is filled next.
 * A frame taken belongs to the taker from then on (the muxer, the image stream and the forwarder
 * keep the picture they are given), so the reader fills a new buffer after a take: one allocation
 * per frame shown, none per frame dropped or per chunk.
 */
export class FrameReader {
  readonly frameBytes: number;
  #filling: Uint8Array | undefined;
  #filled = 0;
  #ready: Uint8Array | undefined;
  #readyAt = 0;
  readonly #counts: FrameCounts = { read: 0, dropped: 0 };

  /** @param frameBytes the size of one frame, e.g. width × height × 3 for RGB. */
  constructor(frameBytes: number) {
    if (!Number.isInteger(frameBytes) || frameBytes < 1) {
      throw new RangeError(`a frame of ${frameBytes} bytes cannot be read`);
    }
    this.frameBytes = frameBytes;
  }

  /** Takes the next bytes of the stream; returns how many frames they completed. */
  push(chunk: Uint8Array): number {
    let completed = 0;
    let offset = 0;
    while (offset < chunk.length) {
      this.#filling ??= new Uint8Array(this.frameBytes);
      const n = Math.min(chunk.length - offset, this.frameBytes - this.#filled);
      this.#filling.set(chunk.subarray(offset, offset + n), this.#filled);
      this.#filled += n;
      offset += n;
      if (this.#filled < this.frameBytes) break;
      const done = this.#filling;
      // The frame that waited is replaced; its buffer is the next one filled.
      this.#filling = this.#ready;
      if (this.#ready) this.#counts.dropped += 1;
      this.#ready = done;
      this.#readyAt = performance.now();
      this.#filled = 0;
      this.#counts.read += 1;
      completed += 1;
    }
    return completed;
  }

  /** When the frame {@link take} gives was completed (`performance.now()`). */
  get readyAt(): number {
    return this.#readyAt;
  }

  /** The newest whole frame not taken yet (then it is the caller's), or undefined. */
  take(): Uint8Array | undefined {
    const frame = this.#ready;
    this.#ready = undefined;
    return frame;
  }

  /** Bytes of an incomplete frame held now (a stream that ends here ended mid-frame). */
  get partial(): number {
    return this.#filled;
  }

  /** Frames read and dropped since the reader was made. */
  get counts(): Readonly<FrameCounts> {
    return this.#counts;
  }
}
