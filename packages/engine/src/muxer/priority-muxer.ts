/**
 * The priority muxer: every source (a colour, a picture, an effect) holds a priority, and the
 * lowest-numbered one with data is what the LEDs show.
 */
import { EventEmitter } from 'node:events';
import { PRIORITY } from '@glowkit/protocol';
import type { RgbImage, SmoothingConfig, SourceComponent } from '../types.js';

// The well-known priorities (PRIORITY) are @glowkit/protocol's. Glowkit difference: there is no
// permanent black entry at PRIORITY.LOWEST as in Hyperion.ng; with nothing registered nothing is
// visible.
/** Why an input left the muxer. */
export type RemovalReason = 'expired' | 'cleared' | 'replaced';

/** One source at one priority, as the muxer holds it. A live view: it changes as data comes. */
export interface MuxerInput {
  readonly priority: number;
  readonly component: SourceComponent;
  /** Who asked for it (`"JsonRpc@::ffff:127.0.0.1"`, `"System"`, …). */
  readonly origin: string;
  /** The effect's or picture's name; empty for colours. */
  readonly owner: string;
  /** When it ends, on the muxer's clock (ms); Infinity: endless. */
  readonly expiresAt: number;
  /** The LED colours, 3 bytes per LED, or undefined. Setting colours clears the image. */
  readonly colors: Uint8Array | undefined;
  /** The picture to map onto the LEDs, or undefined. Setting an image clears the colours. */
  readonly image: RgbImage | undefined;
  /** The input's own smoothing (an effect's), or undefined for the instance's. */
  readonly smoothing: SmoothingConfig | undefined;
  /** True once data arrived (an effect registers before its first frame). */
  readonly active: boolean;
}

/** What a new input is. */
export interface RegisterOptions {
  component: SourceComponent;
  origin: string;
  /** Default `""`. */
  owner?: string;
  /** How long it lasts from now, ms: < 0 endless, 0 already over. */
  durationMs: number;
  smoothing?: SmoothingConfig;
  /**
   * Data it starts with (colours or a picture), so that it is active at once: replacing a colour
   * with another at the same priority never shows what lies below in between.
   */
  colors?: Uint8Array;
  image?: RgbImage;
}

/** The muxer's events. Listeners may call back into the muxer. */
export interface MuxerEvents {
  /**
   * What should be shown changed: the visible input switched, or it got new data. `undefined`:
   * nothing to show (the LEDs go black).
   */
  update: [MuxerInput | undefined];
  /**
   * The list changed: an input was added or removed, became active, the visible one moved, or a
   * colour input's first LED changed (the list shows it). Drives the priorities-update push.
   */
  priorities: [];
  /** An input left, and why. Fired before the `update` and `priorities` it causes. */
  removed: [MuxerInput, RemovalReason];
}

/** Node's longest timer; longer waits are re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The mutable record behind a {@link MuxerInput}. */
class Input implements MuxerInput {
  colors: Uint8Array | undefined = undefined;
  image: RgbImage | undefined = undefined;
  active = false;

  constructor(
    readonly priority: number,
    readonly component: SourceComponent,
    readonly origin: string,
    readonly owner: string,
    readonly expiresAt: number,
    readonly smoothing: SmoothingConfig | undefined,
  ) {}
}

/**
 * Holds the inputs by priority and says what to show. Events are emitted once per call, after
 * the state is complete: first `removed` for each input that left, then `update` if the shown
 * picture changed or got new data, then `priorities` if the list changed.
 *
 * Glowkit differences from Hyperion.ng (`PriorityMuxer.cpp`):
 * - No permanent black entry 255: when the last input goes, `update(undefined)` fires at once, so
 *   the LEDs go black (users of Hyperion.ng report LEDs that stay lit).
 * - Timed inputs end on time, from one timer armed for the nearest expiry, not a 250 ms tick;
 *   `clear` takes effect at once.
 * - Registering at a priority replaces what was there, with a new expiry: an endless input is
 *   endless even where a timed one was (Hyperion.ng expires it at once).
 * - `priorities` is not re-emitted every second for timed inputs; clients compute the remaining
 *   time from `expiresAt`.
 * - Priority 0 does not exist: the foreground is 1 and no input is visible while inactive.
 */
export class PriorityMuxer extends EventEmitter<MuxerEvents> {
  readonly #now: () => number;
  /** Ascending priority. */
  readonly #inputs: Input[] = [];
  #snapshot: readonly MuxerInput[] | undefined;
  #visible: Input | undefined;
  /** The priority a user pinned (`sourceselect`), or undefined: auto-select. */
  #pinned: number | undefined;
  /** What the last `update` announced. */
  #shown: Input | undefined;
  /** The visible input got data that no `update` has announced yet. */
  #freshData = false;
  /** The list changed and no `priorities` has announced it yet. */
  #listChanged = false;
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Number.POSITIVE_INFINITY;
  #closed = false;

  /** @param options.now the clock in ms (default `performance.now()`). */
  constructor(options: { now?: () => number } = {}) {
    super();
    this.#now = options.now ?? (() => performance.now());
  }

  /** The muxer's clock, ms: what `expiresAt` is measured on. */
  now(): number {
    return this.#now();
  }

  /**
   * Registers a new, inactive input at `priority` (it shows once data arrives). An input already
   * there is removed first, with reason `'replaced'`. Throws a RangeError for a priority that is
   * not an integer in 1..255.
   */
  register(priority: number, options: RegisterOptions): MuxerInput {
    checkPriority(priority);
    const removed = this.#expire();
    const now = this.#now();
    const { durationMs } = options;
    const expiresAt = durationMs < 0 || Number.isNaN(durationMs) ? Infinity : now + durationMs;
    const input = new Input(
      priority,
      options.component,
      options.origin,
      options.owner ?? '',
      expiresAt,
      options.smoothing,
    );
    if (options.colors || options.image) {
      input.colors = options.image ? undefined : options.colors;
      input.image = options.image;
      input.active = true;
    }
    const index = this.#indexOf(priority);
    const old = this.#inputs[index];
    if (old?.priority === priority) {
      this.#inputs[index] = input;
      removed.push([old, 'replaced']);
    } else {
      this.#inputs.splice(index, 0, input);
    }
    this.#changed();
    this.#arm();
    this.#announce(removed);
    return input;
  }

  /**
   * New colours (3 bytes per LED) for the input at `priority`; clears its image and makes it
   * active. The muxer keeps the array: do not change it afterwards. False when nothing is
   * registered there (or its time is over).
   */
  setColors(priority: number, colors: Uint8Array): boolean {
    return this.#setData(priority, colors, undefined);
  }

  /**
   * A new picture for the input at `priority`; clears its colours and makes it active. The muxer
   * keeps the image: do not change it afterwards. False when nothing is registered there.
   */
  setImage(priority: number, image: RgbImage): boolean {
    return this.#setData(priority, undefined, image);
  }

  /** Removes the input at `priority` at once (`'cleared'`). False when there was none. */
  clear(priority: number): boolean {
    checkPriority(priority);
    const removed = this.#expire();
    const index = this.#indexOf(priority);
    const input = this.#inputs[index];
    const found = input?.priority === priority;
    if (input && found) {
      this.#inputs.splice(index, 1);
      removed.push([input, 'cleared']);
      this.#changed();
      this.#arm();
    }
    this.#announce(removed);
    return found;
  }

  /**
   * Removes the colour, effect and picture inputs at priorities up to 253 (`'cleared'`), keeping
   * the background at 254 and above, as Hyperion.ng's `clearall` does. Returns the inputs removed.
   */
  clearAll(): MuxerInput[] {
    return this.#removeWhere(
      (input) =>
        input.priority <= PRIORITY.MAX_CLIENT &&
        (input.component === 'COLOR' ||
          input.component === 'EFFECT' ||
          input.component === 'IMAGE'),
    );
  }

  /** Removes every input (`'cleared'`), as when the instance stops. Returns the inputs removed. */
  clearEverything(): MuxerInput[] {
    return this.#removeWhere(() => true);
  }

  /** The input at `priority`, if any. Throws a RangeError for a priority outside 1..255. */
  get(priority: number): MuxerInput | undefined {
    checkPriority(priority);
    const input = this.#inputs[this.#indexOf(priority)];
    return input?.priority === priority ? input : undefined;
  }

  /** The lowest-numbered active input: what the LEDs show. Undefined: nothing (black). */
  get visible(): MuxerInput | undefined {
    return this.#visible;
  }

  /**
   * True while the muxer picks the visible input itself (the lowest active one); false while a
   * priority is pinned with {@link select}.
   */
  get autoSelect(): boolean {
    return this.#pinned === undefined;
  }

  /**
   * Pins the input at `priority`: it is what shows (once it has data) whatever lies below it,
   * until {@link selectAuto} or until it leaves — then auto-select comes back, as in Hyperion.ng.
   * False (and nothing changes) when no input is there.
   */
  select(priority: number): boolean {
    checkPriority(priority);
    const removed = this.#expire();
    const found = this.#inputs[this.#indexOf(priority)]?.priority === priority;
    if (found) {
      this.#pinned = priority;
      this.#changed();
    }
    this.#announce(removed);
    return found;
  }

  /** Back to auto-select: the lowest active input shows. Announces the list even when unchanged. */
  selectAuto(): void {
    const removed = this.#expire();
    this.#pinned = undefined;
    this.#changed();
    this.#announce(removed);
  }

  /** Every input, by ascending priority (a snapshot, taken anew after each change). */
  get inputs(): readonly MuxerInput[] {
    this.#snapshot ??= Object.freeze([...this.#inputs]);
    return this.#snapshot;
  }

  /**
   * Cancels the expiry timer; nothing is left running. A closed muxer no longer expires inputs on
   * its own (calls still work, and still drop what has expired).
   */
  close(): void {
    this.#closed = true;
    this.#disarm();
  }

  #setData(priority: number, colors: Uint8Array | undefined, image: RgbImage | undefined): boolean {
    checkPriority(priority);
    const removed = this.#expire();
    const input = this.#inputs[this.#indexOf(priority)];
    const found = input?.priority === priority;
    if (input && found) {
      const firstLedChanged = input.component === 'COLOR' && !sameFirstLed(input.colors, colors);
      input.colors = colors;
      input.image = image;
      if (!input.active) {
        input.active = true;
        this.#changed();
      } else if (firstLedChanged) {
        this.#listChanged = true;
      }
      if (input === this.#visible) this.#freshData = true;
    }
    this.#announce(removed);
    return found;
  }

  #removeWhere(test: (input: Input) => boolean): MuxerInput[] {
    const removed = this.#expire();
    const cleared: MuxerInput[] = [];
    for (let i = this.#inputs.length - 1; i >= 0; i--) {
      const input = this.#inputs[i] as Input;
      if (!test(input)) continue;
      this.#inputs.splice(i, 1);
      cleared.unshift(input);
    }
    if (cleared.length > 0) {
      for (const input of cleared) removed.push([input, 'cleared']);
      this.#changed();
      this.#arm();
    }
    this.#announce(removed);
    return cleared;
  }

  /** Takes out every input whose time is over; the caller announces them. */
  #expire(): [Input, RemovalReason][] {
    const removed: [Input, RemovalReason][] = [];
    if (this.#inputs.length === 0) return removed;
    const now = this.#now();
    for (let i = 0; i < this.#inputs.length; ) {
      const input = this.#inputs[i] as Input;
      if (input.expiresAt <= now) {
        this.#inputs.splice(i, 1);
        removed.push([input, 'expired']);
      } else i++;
    }
    if (removed.length > 0) {
      this.#changed();
      this.#arm();
    }
    return removed;
  }

  /** Records a change of the list and recomputes what is visible. */
  #changed(): void {
    this.#snapshot = undefined;
    this.#listChanged = true;
    let pinned: Input | undefined;
    if (this.#pinned !== undefined) {
      pinned = this.#inputs[this.#indexOf(this.#pinned)];
      // The pinned source left: auto-select comes back (Hyperion.ng does the same).
      if (pinned?.priority !== this.#pinned) {
        this.#pinned = undefined;
        pinned = undefined;
      }
    }
    const visible = pinned?.active === true ? pinned : this.#inputs.find((input) => input.active);
    if (visible !== this.#visible) {
      this.#visible = visible;
      // New data arriving with the switch is part of the switch.
      this.#freshData = false;
    }
  }

  /**
   * Emits what the last call changed. State is complete before the first emit, and the flags are
   * cleared before each emit, so a listener that calls back into the muxer announces its own
   * change and nothing is announced twice.
   */
  #announce(removed: [Input, RemovalReason][]): void {
    for (const [input, reason] of removed) this.emit('removed', input, reason);
    if (this.#visible !== this.#shown || this.#freshData) {
      this.#shown = this.#visible;
      this.#freshData = false;
      this.emit('update', this.#shown);
    }
    if (this.#listChanged) {
      this.#listChanged = false;
      this.emit('priorities');
    }
  }

  /** Arms the one timer for the nearest expiry (or cancels it when nothing is timed). */
  #arm(): void {
    if (this.#closed) return;
    let next = Number.POSITIVE_INFINITY;
    for (const input of this.#inputs) if (input.expiresAt < next) next = input.expiresAt;
    if (next === this.#timerAt && this.#timer) return;
    this.#disarm();
    if (next === Number.POSITIVE_INFINITY) return;
    this.#timerAt = next;
    // Rounded up: a timer that fires a fraction early would find nothing due and re-arm.
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, Math.ceil(next - this.#now())));
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#timerAt = Number.POSITIVE_INFINITY;
      const removed = this.#expire();
      // Nothing due yet (a wait longer than one timer, or a clock running behind): wait again.
      this.#arm();
      this.#announce(removed);
    }, delay);
    this.#timer.unref?.();
  }

  #disarm(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
  }

  /** Where `priority` is, or would be inserted, in the ascending list. */
  #indexOf(priority: number): number {
    let low = 0;
    let high = this.#inputs.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.#inputs[mid] as Input).priority < priority) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

function checkPriority(priority: number): void {
  if (!Number.isInteger(priority) || priority < 1 || priority > PRIORITY.LOWEST) {
    throw new RangeError(
      `Priority ${priority} is not allowed: use an integer from 1 to ${PRIORITY.LOWEST}.`,
    );
  }
}

function sameFirstLed(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}
