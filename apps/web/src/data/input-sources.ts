/**
 * The picture inputs' clients as the overview shows them: `serverinfo.inputSources` and then the
 * `input-sources-update` pushes, each client with its rate of shown frames, which the server does
 * not send: it is worked out here from `framesShown` between two consecutive lists.
 */
import type { InputSourceInfo, PriorityInfo } from '@glowkit/protocol';

/** The components of the network inputs, whose entries have a client in `inputSources`. */
export const INPUT_COMPONENTS: ReadonlySet<string> = new Set([
  'FLATBUFSERVER',
  'PROTOSERVER',
  'BOBLIGHTSERVER',
]);

/** One input client with its frame rate. */
export interface InputSource extends InputSourceInfo {
  /** Frames shown per second between the last two lists; undefined after the first. */
  fps: number | undefined;
  /** `performance.now()` of the list it comes from. */
  readAt: number;
}

/**
 * The sources of a new list (a read or a push) at `now`, each with its rate against the same
 * client's last list (`before`); a client seen for the first time, or whose count went back (a
 * new client under the same origin), has none yet.
 */
export function withRates(
  before: readonly InputSource[],
  read: readonly InputSourceInfo[],
  now: number,
): InputSource[] {
  const last = new Map(before.map((s) => [clientKey(s), s]));
  return read.map((info) => {
    const previous = last.get(clientKey(info));
    if (!previous || info.framesShown < previous.framesShown) {
      return { ...info, fps: undefined, readAt: now };
    }
    const seconds = (now - previous.readAt) / 1000;
    // Two lists at once: the rate measured before stays.
    if (seconds <= 0) return { ...info, fps: previous.fps, readAt: previous.readAt };
    return { ...info, fps: (info.framesShown - previous.framesShown) / seconds, readAt: now };
  });
}

/**
 * A client's identity across lists: its origin, and its instance for an input of one instance
 * (two boblight clients from one address on two instances share an origin).
 */
const clientKey = (s: InputSourceInfo): string => `${s.instance ?? ''}|${s.origin}`;

/** The clients that show on instance `id`: those of every instance, and its own. */
export function sourcesOfInstance(sources: readonly InputSource[], id: number): InputSource[] {
  return sources.filter((s) => s.instance === undefined || s.instance === id);
}

/** The client behind a priority entry, if it is a network input's. */
export function sourceOf(
  sources: readonly InputSource[],
  entry: PriorityInfo,
): InputSource | undefined {
  if (!INPUT_COMPONENTS.has(entry.componentId)) return undefined;
  return sources.find((s) => s.origin === entry.origin);
}
