// Building blocks shared by the validators of the LED control requests (effect, color, image,
// clear, …): the fields that several of them carry, checked the same way everywhere.
import {
  type Check,
  constant,
  type Field,
  integer,
  integerWords,
  string,
  stringWords,
} from './checks.js';
import { MAX_PRIORITY, MIN_PRIORITY } from './priorities.js';
import { childPointer, quote, violation } from './violations.js';

/** The largest instance index a control request may name (Hyperion.ng's schemas: 0 to 254). */
export const MAX_INSTANCE_INDEX = 254;

/**
 * The one instance id a configuration may hold (a restore takes 0 to 255, as the specification
 * says) that the commands naming an instance (0 to 254) cannot name.
 */
export const UNNAMED_INSTANCE_ID = 255;

/** Why {@link UNNAMED_INSTANCE_ID} is refused where an instance is named, and what to do. */
const UNNAMED_RULE = `must be ${integerWords(0, MAX_INSTANCE_INDEX)}: instance ${UNNAMED_INSTANCE_ID} can be used, but not named by these commands; to name it, restore the configuration with another id for it`;

/**
 * A check of one instance index, 0 to 254; instance 255, which a restore may create, is refused
 * with the reason and the way out (a restore with another id).
 */
const instanceIndexCheck: Check = (value, pointer, out) => {
  if (value === UNNAMED_INSTANCE_ID) out.push(violation(pointer, UNNAMED_RULE));
  else integer(0, MAX_INSTANCE_INDEX)(value, pointer, out);
};

/**
 * The longest `duration` in milliseconds (about 24.8 days): the largest 32-bit integer, which
 * Hyperion.ng reads. Quirk: Hyperion.ng turns a larger value into "endless" without a word;
 * Glowkit refuses it.
 */
export const MAX_DURATION_MS = 2_147_483_647;

/** The length of `origin`, in characters: 4 to 20, as in Hyperion.ng. */
export const ORIGIN_LENGTH = { min: 4, max: 20 } as const;

/** The `command` field of a request for `name`. */
export function commandField(name: string): Field {
  return { required: `"${name}"`, check: constant(name) };
}

/** `priority`: required, an integer from 1 to 253. */
export const priorityField: Field = {
  required: integerWords(MIN_PRIORITY, MAX_PRIORITY),
  check: integer(MIN_PRIORITY, MAX_PRIORITY),
};

const DURATION_WORDS = `an integer of at most ${MAX_DURATION_MS} (milliseconds; negative means until cleared)`;

/**
 * `duration`: optional, whole milliseconds; negative (or absent, which means -1) lasts until the
 * priority is cleared. 0 is accepted: Hyperion.ng up to 2.0 read it as endless and its older web
 * UIs still send it, later versions expire it at once; the engine decides.
 */
export const durationField: Field = {
  check: (value, pointer, out) => {
    if (!Number.isInteger(value) || (value as number) > MAX_DURATION_MS) {
      out.push(violation(pointer, `must be ${DURATION_WORDS}`));
    }
  },
};

/** `origin`: optional, who sets the colour, 4 to 20 characters (e.g. `"Home Assistant"`). */
export const originField: Field = { check: string(ORIGIN_LENGTH.min, ORIGIN_LENGTH.max) };

const INSTANCE_WORDS = `instance indexes (integers from 0 to ${MAX_INSTANCE_INDEX})`;

/**
 * A check of a list of unique integers from `min` to `max`: each bad item is reported at its
 * index (by `itemCheck`, default the range check), and a repeated one names the index where it
 * first appeared.
 */
export function uniqueIntegers(
  min: number,
  max: number,
  words: string,
  nonEmpty: boolean,
  itemCheck: Check = integer(min, max),
): Check {
  return (value, pointer, out) => {
    if (!Array.isArray(value)) {
      out.push(violation(pointer, `must be an array of ${words}`));
      return;
    }
    if (nonEmpty && value.length === 0) {
      out.push(violation(pointer, `must be a non-empty array of ${words}`));
      return;
    }
    const firstIndex = new Map<number, number>();
    value.forEach((item: unknown, index) => {
      const at = childPointer(pointer, index);
      itemCheck(item, at, out);
      if (!Number.isInteger(item)) return;
      const first = firstIndex.get(item as number);
      if (first === undefined) {
        firstIndex.set(item as number, index);
      } else {
        out.push(
          violation(
            at,
            `repeats the index at ${childPointer(pointer, first)}: indexes must be unique`,
          ),
        );
      }
    });
  };
}

/**
 * `instance` of an instance-scoped control request: optional, the instances it applies to, a
 * non-empty list of unique indexes from 0 to 254 (Hyperion.ng's web UI sends `[current]`; 255 is
 * refused saying why). Without it the request applies to the session's instance.
 */
export const instancesField: Field = {
  check: uniqueIntegers(0, MAX_INSTANCE_INDEX, INSTANCE_WORDS, true, instanceIndexCheck),
};

/**
 * `instance` as one index (the `instance`, `serverinfo`, `ledcolors` commands and `setconfig`): 0
 * to 254; 255 is refused saying why (see {@link UNNAMED_INSTANCE_ID}).
 */
export const instanceIndex: Check = instanceIndexCheck;

const RGB_WORDS = 'an array of 3 integers from 0 to 255 ([red, green, blue])';

/**
 * A check of one colour, `[r, g, b]`: exactly 3 integers from 0 to 255. Quirk: Hyperion.ng
 * casts larger values to 8 bits (256 becomes 0); Glowkit refuses them.
 */
export const rgbTriple: Check = (value, pointer, out) => {
  if (!Array.isArray(value)) {
    out.push(violation(pointer, `must be ${RGB_WORDS}`));
    return;
  }
  if (value.length !== 3) out.push(violation(pointer, `must be ${RGB_WORDS}, not ${value.length}`));
  const channel = integer(0, 255);
  value.forEach((item: unknown, index) => {
    channel(item, childPointer(pointer, index), out);
  });
};

/**
 * A check of a name that becomes an effect's file name: 1 to 100 characters, no `/`, `\` or
 * `..` (it must not leave the effects folder) and not starting with `:` (Hyperion.ng's prefix of
 * built-in resources).
 */
export const effectName: Check = (value, pointer, out) => {
  const before = out.length;
  string(1, 100)(value, pointer, out);
  if (out.length > before || typeof value !== 'string') return;
  const problems = ['/', '\\', '..']
    .filter((part) => value.includes(part))
    .map((part) => quote(part));
  if (problems.length > 0) {
    out.push(violation(pointer, `must not contain ${problems.join(' or ')}: it names a file`));
  }
  if (value.startsWith(':')) {
    out.push(violation(pointer, 'must not start with ":", which marks built-in effects'));
  }
};

/** The words of {@link effectName}, for `is required (…)`. */
export const EFFECT_NAME_WORDS = `${stringWords(1, 100)}, without "/", "\\" or ".."`;
