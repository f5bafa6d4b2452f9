/**
 * The rules of a settings group that its schema's keys cannot say one by one, because they tie
 * keys together, kept here beside the validators so that everything that validates a group
 * applies them, and the migration brings a stored group into line with them:
 *
 * - an LED of `leds` is a rectangle, so it needs all four edges, and each minimum at most its
 *   maximum (Hyperion.ng's schema requires the edges too; its engine and Glowkit's swap a
 *   reversed pair, which a restore refuses rather than guesses at).
 * - an entry of `ledConfig.ledBlacklist` needs `start` and `num`, as Hyperion.ng's schema has it:
 *   with the defaults, an empty entry would darken LED 0, where the user meant nothing.
 *
 * - an entry of `network.ipWhitelist` is an IP address or a CIDR range (address-range.ts, the
 *   one reading the input servers match peers with): the schema says "a string", and a pattern
 *   for IPv6 would be unreadable and say nothing a person understands.
 *
 * The schemas keep "no key is required" for every group; these two are the exceptions.
 * - a `device` whose protocol carries fewer LEDs than `hardwareLedCount`'s bound: adalight's
 *   LightBerry APA102 (a 16-bit count of N, not N − 1) at most 65535, wled's RAW (one UDP
 *   datagram) at most 490. The settings profile of the schema dialect has no `if`/`then`, and
 *   teaching it one (with the generated validators, types, forms and boundary cases) for two
 *   rules would cost more than these lines.
 */
import { isJsonObject, type JsonObject } from '@glowkit/json';
import { ADDRESS_RANGE_RULE, parseAddressRange } from '../address-range.js';
import { childPointer } from '../violations.js';

/** One broken rule, at a pointer inside the group. */
export interface GroupIssue {
  pointer: string;
  rule: string;
}

const EDGES = ['hmin', 'hmax', 'vmin', 'vmax'] as const;
const PAIRS = [
  ['hmin', 'hmax'],
  ['vmin', 'vmax'],
] as const;

const isEdge = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;

/** Issues of one LED: a missing edge, then a minimum beyond its maximum (both edges valid). */
function ledIssues(led: JsonObject, at: string, out: GroupIssue[]): void {
  for (const edge of EDGES) {
    if (!Object.hasOwn(led, edge))
      out.push({ pointer: childPointer(at, edge), rule: 'is required' });
  }
  for (const [min, max] of PAIRS) {
    const low = led[min];
    const high = led[max];
    if (isEdge(low) && isEdge(high) && low > high) {
      out.push({ pointer: childPointer(at, max), rule: `must not be less than ${min}` });
    }
  }
}

/** A protocol that carries fewer LEDs than `hardwareLedCount`'s bound. */
interface LedLimit {
  type: string;
  protocol: string;
  max: number;
  rule: string;
}

const LED_LIMITS: readonly LedLimit[] = [
  {
    type: 'adalight',
    protocol: '1',
    max: 65535,
    rule: 'must be at most 65535 with streamProtocol "1" (LightBerry APA102 counts the LEDs in 16 bits); lower it or use "0" (Ada)',
  },
  {
    type: 'wled',
    protocol: 'RAW',
    max: 490,
    rule: 'must be at most 490 with streamProtocol "RAW" (one UDP datagram); lower it or use "DDP"',
  },
];

/**
 * The protocol a device streams with, Hyperion.ng's old spellings read as old-shapes.ts rewrites
 * them (a restore keeps them; the engine runs them rewritten): a device type in other letters,
 * wled's `UDP-RAW`, adalight's `lightberry_apa102_mode` without a `streamProtocol`.
 */
function protocolOf(device: JsonObject): { type: unknown; protocol: unknown } {
  const type = typeof device.type === 'string' ? device.type.trim().toLowerCase() : device.type;
  let protocol = device.streamProtocol;
  if (
    type === 'wled' &&
    typeof protocol === 'string' &&
    protocol.trim().toUpperCase() === 'UDP-RAW'
  )
    protocol = 'RAW';
  if (type === 'adalight' && protocol === undefined && device.lightberry_apa102_mode === true)
    protocol = '1';
  return { type, protocol };
}

/** The limit a device's protocol puts on its LED count, when its count is beyond it. */
function ledLimitBroken(device: unknown): LedLimit | undefined {
  if (!isJsonObject(device)) return undefined;
  const count = device.hardwareLedCount;
  if (typeof count !== 'number' || !Number.isInteger(count)) return undefined;
  const { type, protocol } = protocolOf(device);
  return LED_LIMITS.find((l) => l.type === type && l.protocol === protocol && count > l.max);
}

const LED_COUNT = '/hardwareLedCount';

const BLACKLIST_KEYS = ['start', 'num'] as const;

/** The `ledBlacklist` of a `ledConfig` value, when it is a list. */
const blacklistOf = (value: unknown): unknown[] | undefined =>
  isJsonObject(value) && Array.isArray(value.ledBlacklist) ? value.ledBlacklist : undefined;

/** Whether a blacklist entry lacks `start` or `num` (an entry of the wrong shape is the schema's). */
const incomplete = (entry: unknown): entry is JsonObject =>
  isJsonObject(entry) && BLACKLIST_KEYS.some((key) => !Object.hasOwn(entry, key));

/** The `ipWhitelist` of a `network` value, when it is a list. */
const whitelistOf = (value: unknown): unknown[] | undefined =>
  isJsonObject(value) && Array.isArray(value.ipWhitelist) ? value.ipWhitelist : undefined;

/** Whether a whitelist entry is a string that is no address (another type is the schema's). */
const unreadable = (entry: unknown): boolean =>
  typeof entry === 'string' && parseAddressRange(entry) === undefined;

/**
 * The issues of a group value that break a rule between its keys, pointers relative to the group;
 * `[]` for a group without such rules. Values of the wrong shape are left to the schema.
 */
export function relationIssues(group: string, value: unknown): GroupIssue[] {
  const out: GroupIssue[] = [];
  if (group === 'leds' && Array.isArray(value)) {
    value.forEach((led, index) => {
      if (isJsonObject(led)) ledIssues(led, childPointer('', index), out);
    });
  }
  if (group === 'device') {
    const limit = ledLimitBroken(value);
    if (limit) out.push({ pointer: LED_COUNT, rule: limit.rule });
  }
  blacklistOf(group === 'ledConfig' ? value : undefined)?.forEach((entry, index) => {
    if (!incomplete(entry)) return;
    for (const key of BLACKLIST_KEYS) {
      if (!Object.hasOwn(entry, key)) {
        out.push({ pointer: `/ledBlacklist/${index}/${key}`, rule: 'is required' });
      }
    }
  });
  whitelistOf(group === 'network' ? value : undefined)?.forEach((entry, index) => {
    if (unreadable(entry)) out.push({ pointer: `/ipWhitelist/${index}`, rule: ADDRESS_RANGE_RULE });
  });
  return out;
}

/** A change the migration made to bring a value into line with a relation. */
export interface RelationFix {
  pointer: string;
  old: unknown;
  new: unknown;
  rule: string;
}

/** Removes the entries of list `key` of `value` that `bad` picks, with a fix each. */
function dropEntries(
  value: JsonObject,
  key: string,
  list: unknown[],
  bad: (entry: unknown) => boolean,
  rule: string,
): RelationFix[] {
  const fixes = list.flatMap((entry, index) =>
    bad(entry) ? [{ pointer: `/${key}/${index}`, old: entry, new: undefined, rule }] : [],
  );
  if (fixes.length > 0) value[key] = list.filter((entry) => !bad(entry));
  return fixes;
}

/**
 * Brings `value` (the group's own copy, changed in place) into line with its relations: an LED
 * missing an edge becomes the all-zero rectangle, which shows as a dark LED, as the engine showed
 * it; a reversed pair is swapped, as the engine ran it; a device's LED count beyond what its
 * protocol carries is lowered to that (the engine refused to open such a device); a blacklist
 * entry without `start` or `num` is removed (the engine ignored it); so is a whitelist entry that
 * is no address (the listener left it out), and when none was one, internet access is switched
 * off: a list of nothing but bad entries let no internet peer in, where an empty one lets all in.
 * Returns each change.
 */
export function fixRelations(group: string, value: unknown): RelationFix[] {
  const fixes: RelationFix[] = [];
  const whitelist = whitelistOf(group === 'network' ? value : undefined);
  if (whitelist && isJsonObject(value)) {
    const rule = `${ADDRESS_RANGE_RULE}: the entry let nobody in, and is removed`;
    fixes.push(...dropEntries(value, 'ipWhitelist', whitelist, unreadable, rule));
    // Every entry dropped: the list now lets every internet peer in, where it let none.
    if (fixes.length === whitelist.length && fixes.length > 0 && value.internetAccessAPI === true) {
      value.internetAccessAPI = false;
      fixes.push({
        pointer: '/internetAccessAPI',
        old: true,
        new: false,
        rule: 'ipWhitelist named no address, which let no internet peer in: internet access is off, as it was',
      });
    }
    return fixes;
  }
  const blacklist = blacklistOf(group === 'ledConfig' ? value : undefined);
  if (blacklist && isJsonObject(value)) {
    const rule = 'needs start and num: the entry darkened no LED, and is removed';
    return dropEntries(value, 'ledBlacklist', blacklist, incomplete, rule);
  }
  if (group === 'device') {
    const limit = ledLimitBroken(value);
    if (limit && isJsonObject(value)) {
      fixes.push({
        pointer: LED_COUNT,
        old: value.hardwareLedCount,
        new: limit.max,
        rule: limit.rule,
      });
      value.hardwareLedCount = limit.max;
    }
    return fixes;
  }
  if (group !== 'leds' || !Array.isArray(value)) return fixes;
  value.forEach((led, index) => {
    if (!isJsonObject(led)) return;
    const at = childPointer('', index);
    if (EDGES.some((edge) => !Object.hasOwn(led, edge))) {
      const old = structuredClone(led);
      for (const edge of EDGES) led[edge] = 0;
      fixes.push({
        pointer: at,
        old,
        new: structuredClone(led),
        rule: 'needs hmin, hmax, vmin and vmax',
      });
      return;
    }
    for (const [min, max] of PAIRS) {
      const low = led[min];
      const high = led[max];
      if (isEdge(low) && isEdge(high) && low > high) {
        led[min] = high;
        led[max] = low;
        fixes.push({
          pointer: at,
          old: { [min]: low, [max]: high },
          new: { [min]: high, [max]: low },
          rule: `${max} must not be less than ${min}`,
        });
      }
    }
  });
  return fixes;
}
