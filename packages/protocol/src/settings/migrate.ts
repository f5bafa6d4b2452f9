/**
 * Bringing a stored settings group into line with its schema: what a database written before the
 * groups had schemas (or by Hyperion.ng) may hold, made valid with as little change as can be,
 * each change reported so that the store logs it. Never silently, never a refusal: a store must
 * open whatever it holds.
 *
 * Old shapes are rewritten first (Hyperion.ng's: the LED layout's `hscan`/`vscan` and `h`/`v`,
 * adalight's `lightberry_apa102_mode`, the mapping type's integer code, a device type in capitals
 * or with spaces). Then each value the schema refuses is replaced: a number beyond a bound by the
 * bound (a fraction of an integer rounded first), a string off its list by the listed one it
 * matches ignoring case or that a number spells, too long a string or list cut to its maximum, a
 * repeated item dropped, and anything else (a wrong type, too short a string or list, an unknown
 * choice) by the key's default (a key without one is removed: it takes its default where it is
 * used). The rules between keys (relations.ts) come last. A group that is still not valid is
 * replaced by its default as a whole. A valid group comes back unchanged, with no change: the
 * migration can run at every open.
 */
import { fromPointer, isJsonObject, type JsonObject, jsonEqual } from '@glowkit/json';
import { quote } from '../violations.js';
import { defaultGroup, type SettingsGroupName, schemaDefault } from './defaults.js';
import { elementAt, ruleOfError } from './format.js';
import { rewriteOldShapes } from './old-shapes.js';
import { fixRelations, relationIssues } from './relations.js';
import { groupSchemaOf, type SettingsValidationError, settingsValidators } from './validate.js';

/** One change the migration made to a group. */
export interface SettingChange {
  /** JSON pointer of the changed value inside the group (`""`: the group as a whole). */
  pointer: string;
  /** The value before; undefined when the key was missing. */
  old: unknown;
  /** The value after; undefined when the key was removed. */
  new: unknown;
  /** Why: the rule the old value broke, phrased to follow the pointer (`must be an integer from 0 to 2048`). */
  rule: string;
}

/** A group brought into line: its value (a copy when anything changed) and each change. */
export interface MigratedGroup {
  value: unknown;
  changes: SettingChange[];
}

type Container = JsonObject | unknown[];

/** The value at `tokens` inside `root`, or undefined. */
function valueAt(root: unknown, tokens: readonly string[]): unknown {
  let node = root;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isJsonObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

/** Sets (or, for undefined, removes) the value at `tokens` (not the root) inside `root`. */
function setAt(root: unknown, tokens: readonly string[], value: unknown): void {
  const parent = valueAt(root, tokens.slice(0, -1)) as Container;
  const key = tokens[tokens.length - 1] as string;
  if (Array.isArray(parent)) {
    if (value === undefined) parent.splice(Number(key), 1);
    else parent[Number(key)] = value;
  } else if (value === undefined) {
    delete parent[key];
  } else {
    Object.defineProperty(parent, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}

const codePoints = (text: string) => [...text];

/** The listed choice `value` stands for: the same ignoring case, or the one a number spells. */
function listedChoice(choices: readonly unknown[], value: unknown): unknown {
  if (typeof value === 'number') return choices.find((choice) => choice === String(value));
  if (typeof value !== 'string') return undefined;
  const wanted = value.trim().toLowerCase();
  return choices.find((choice) => typeof choice === 'string' && choice.toLowerCase() === wanted);
}

const NO_FIX = Symbol('no fix');

/**
 * The value that replaces `value`, which `element` refuses: the nearest valid one where there is
 * one, else the element's default (undefined: remove the key), or NO_FIX when nothing here can
 * help (the error is in a part of the value: its own fix comes from that part's error).
 */
function replacement(element: JsonObject, value: unknown, keyword: string): unknown {
  const fallback = schemaDefault(element);
  switch (element.type) {
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
      let n = element.type === 'integer' ? Math.round(value) : value;
      if (typeof element.minimum === 'number') n = Math.max(element.minimum, n);
      if (typeof element.maximum === 'number') n = Math.min(element.maximum, n);
      return n;
    }
    case 'string': {
      // A required key left empty (its default is empty too): removed, as a group without it.
      if (keyword === 'minLength' && fallback === '') return undefined;
      if (Array.isArray(element.enum)) {
        const choice = listedChoice(element.enum, value);
        return choice === undefined ? fallback : choice;
      }
      if (typeof value !== 'string') return fallback;
      if (typeof element.maxLength === 'number' && codePoints(value).length > element.maxLength) {
        return codePoints(value).slice(0, element.maxLength).join('');
      }
      return fallback;
    }
    case 'array': {
      if (!Array.isArray(value)) return fallback;
      if (keyword === 'maxItems' && typeof element.maxItems === 'number') {
        return value.slice(0, element.maxItems);
      }
      if (keyword === 'uniqueItems') {
        return value.filter(
          (item, index) => value.findIndex((other) => jsonEqual(other, item)) === index,
        );
      }
      if (keyword === 'minItems' || keyword === 'type') return fallback;
      return NO_FIX;
    }
    case 'object':
      return isJsonObject(value) ? NO_FIX : fallback;
    default:
      return fallback;
  }
}

/** The schema's errors of `value`, without `if` (it only repeats a branch's). */
function schemaErrors(name: SettingsGroupName, value: unknown): SettingsValidationError[] {
  const validate = settingsValidators[name];
  return validate(value) ? [] : (validate.errors ?? []).filter((e) => e.keyword !== 'if');
}

/** Whether pointer `a` is `b` or lies inside it. */
const within = (a: string, b: string) => a === b || a.startsWith(`${b}/`);

/**
 * One pass over the schema's errors, in document order: each offending value replaced. What lies
 * inside a value replaced in this pass waits for the next pass (it may be gone, or moved), and a
 * list's items are removed last, from the end, so that no removal moves what another error names.
 */
function fixSchemaErrors(
  name: SettingsGroupName,
  root: { value: unknown },
  out: SettingChange[],
): void {
  const errors = schemaErrors(name, root.value);
  const schema = groupSchemaOf(name, root.value);
  const replaced: string[] = [];
  const removals: { tokens: string[]; change: SettingChange }[] = [];
  for (const error of new Map(errors.map((e) => [e.instancePath, e])).values()) {
    const pointer = error.instancePath;
    if (replaced.some((done) => within(pointer, done))) continue;
    const element = elementAt(schema, pointer);
    if (!element) continue;
    const tokens = fromPointer(pointer);
    const old = valueAt(root.value, tokens);
    const fixed = replacement(element, old, error.keyword);
    if (fixed === NO_FIX || jsonEqual(fixed, old)) continue;
    const change = { pointer, old, new: fixed, rule: ruleOfError(error, element) };
    replaced.push(pointer);
    if (tokens.length === 0) {
      root.value = fixed;
    } else if (fixed === undefined && Array.isArray(valueAt(root.value, tokens.slice(0, -1)))) {
      removals.push({ tokens, change });
      continue;
    } else {
      setAt(root.value, tokens, fixed);
    }
    out.push(change);
  }
  for (const { tokens } of [...removals].reverse()) setAt(root.value, tokens, undefined);
  out.push(...removals.map(({ change }) => change));
}

/**
 * Group `name`'s `value` brought into line with its schema, and each change made (`[]`, and the
 * same value, when it is valid). The value given is never changed.
 */
export function migrateGroup(name: SettingsGroupName, value: unknown): MigratedGroup {
  const root = { value: structuredClone(value) };
  const changes = rewriteOldShapes(name, root.value);
  if (
    changes.length === 0 &&
    schemaErrors(name, value).length === 0 &&
    relationIssues(name, value).length === 0
  ) {
    return { value, changes };
  }
  // Each pass fixes what the previous one revealed (an object replaced by its default holds no
  // errors); a few passes at most.
  for (let pass = 0; pass < 4 && schemaErrors(name, root.value).length > 0; pass++) {
    fixSchemaErrors(name, root, changes);
  }
  for (const fix of fixRelations(name, root.value)) changes.push(fix);
  if (schemaErrors(name, root.value).length > 0 || relationIssues(name, root.value).length > 0) {
    const fallback = defaultGroup(name);
    return {
      value: fallback,
      changes: [
        {
          pointer: '',
          old: value,
          new: fallback,
          rule: 'could not be brought into line key by key: the default',
        },
      ],
    };
  }
  return { value: root.value, changes };
}

/**
 * Keys whose values are secrets (`network.mqtt.password`, `webConfig.keyPassPhrase`, a forwarder
 * target's `token`, and any key a later schema names so): a change line is logged at every start,
 * and a secret stored with the wrong type would otherwise be printed there.
 */
const SECRET_KEY = /password|passphrase|token|secret/i;

const HIDDEN = '(hidden)';

/** `value` with the value of every secret key, at any depth, replaced by `(hidden)`. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEY.test(key) ? HIDDEN : withoutSecrets(item),
    ]),
  );
}

/** A value in a change's line: JSON, cut short; `(none)` for a missing key. */
const shown = (value: unknown, secret: boolean) => {
  if (value === undefined) return '(none)';
  return secret ? HIDDEN : quote(withoutSecrets(value));
};

/**
 * One change on one line, for a log: `/updateDelay 5000 → 2048 (must be an integer from 0 to
 * 2048)`. Values are JSON, cut to 60 characters, control characters escaped. A secret's value
 * (a key named like a password, pass phrase or token, or anything inside one) is never shown:
 * `(hidden)` stands in its place, also inside a value shown whole.
 */
export function settingChangeLine(change: SettingChange): string {
  const secret = fromPointer(change.pointer).some((token) => SECRET_KEY.test(token));
  return `${change.pointer || '/'} ${shown(change.old, secret)} → ${shown(change.new, secret)} (${change.rule})`;
}
