/**
 * The priorities of what the LEDs show: every source (a colour, a picture, an effect) holds one,
 * and the lowest number with data is shown. The one declaration of these numbers: the request
 * validators, the engine's muxer and boot effects, and the web UI take them from here.
 */
export const PRIORITY = {
  /** The boot (foreground) effect's; also the lowest number a client may set. Hyperion.ng before 2.1 used 0. */
  FOREGROUND: 1,
  /** The highest number a client may set. */
  MAX_CLIENT: 253,
  /** The background effect's, shown when nothing else is; `clearall` leaves it. */
  BACKGROUND: 254,
  /** The last usable priority (Hyperion.ng keeps a permanent black there; Glowkit does not). */
  LOWEST: 255,
} as const;

/** The lowest priority a client may set (1: Hyperion.ng's boot effect and web UI use it). */
export const MIN_PRIORITY = PRIORITY.FOREGROUND;

/** The highest priority a client may set; 254 is the background effect's, 255 the last. */
export const MAX_PRIORITY = PRIORITY.MAX_CLIENT;
