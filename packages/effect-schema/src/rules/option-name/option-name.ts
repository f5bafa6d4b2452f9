import type { OptionEntry, OptionScope, Rule, RuleContext } from '../../lint/types.js';
import { smoothingBlock } from '../../smoothing.js';
import { misspeltSmoothingName } from '../smoothing-block/smoothing-block.js';

const smoothingNames = Object.keys(smoothingBlock);

/** A name with case and `-`/`_` left out: `fadeTime`, `fade-time` and `Fade_Time` are alike. */
const loose = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

/**
 * The names the effect form renders the smoothing block from, by their loose form: the block's three
 * options and `smoothing`, the name the form gives the block as a whole.
 */
const smoothingByLoose = new Map([...smoothingNames, 'smoothing'].map((n) => [loose(n), n]));

/**
 * Names every JavaScript object answers to: the own members of Object.prototype, and `prototype`.
 * `name in args` is true for them even when the option is not set.
 */
const objectMembers: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
];

// C0 and C1 control characters and DEL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/g;

/** Option names that confuse users, forms or scripts: odd characters, look-alikes, reserved names. */
export const optionName: Rule = {
  meta: {
    id: 'option-name',
    severity: 'warning',
    summary:
      'Option names should be plain keys: no whitespace, dots, slashes, `~` or control characters, not empty, not a name every JavaScript object has (`__proto__`, `constructor`, `toString`…), not a look-alike of the names of the smoothing block, and not different from the name of another option only by case or `-`/`_`.',
    why: 'The name is the key of the option in `args`, in the form and in JSON pointers. `args["fade time"]` cannot be written as `args.fade time`, a slash or `~` must be escaped in every pointer and URL, and a trailing space makes `args["speed"]` miss `"speed "`. Forms and scripts keep values in plain objects, where `__proto__` replaces the prototype and `"toString" in args` is always true. Forms render the smoothing block from its names (and call it `smoothing`), so a look-alike is taken for it; `fadeTime` next to `fade-time` gets mixed up by users and script authors alike.',
  },
  check(ctx) {
    // The smoothing block is an effect's; settings keys are never taken for it.
    const effect = ctx.profile.name === 'effect';
    for (const scope of ctx.scopes) {
      // Names another finding of this rule or of smoothing-block already covers, kept out of the
      // look-alike comparison so that one mistake is reported once.
      const covered = new Set<string>();
      for (const o of scope.options) {
        if (effect && misspeltSmoothingName(o.name)) covered.add(o.name);
        else if (effect && checkSmoothing(ctx, o)) covered.add(o.name);
        checkObjectMember(ctx, o);
        checkCharacters(ctx, scope, o);
      }
      checkLookAlikes(ctx, scope, covered);
    }
  },
};

const q = (name: string) => JSON.stringify(name);

/** A name the form takes for the smoothing block's; the block's own names are smoothing-block's. */
function checkSmoothing(ctx: RuleContext, o: OptionEntry): boolean {
  if (smoothingNames.includes(o.name)) return false;
  const block = smoothingByLoose.get(loose(o.name));
  if (block === undefined) return false;
  ctx.report({
    pointer: o.pointer,
    part: 'key',
    message:
      block === 'smoothing'
        ? `option ${q(o.name)} has the name forms give the smoothing block: its value can be taken for the block's; use the block's three options for smoothing, or give this option a more specific name such as "smoothing-strength"`
        : `option ${q(o.name)} differs from the smoothing block's ${q(block)} only by case or "-"/"_": forms and readers take it for the block's option; use the whole block as specified, or give this option a name of its own`,
  });
  return true;
}

function checkObjectMember(ctx: RuleContext, o: OptionEntry): void {
  if (!objectMembers.includes(o.name)) return;
  ctx.report({
    pointer: o.pointer,
    part: 'key',
    message:
      o.name === '__proto__'
        ? `option "__proto__" is the prototype of every JavaScript object: a form or script that sets args["__proto__"] replaces the prototype instead of storing the value; rename it`
        : `option ${q(o.name)} is named like a member of every JavaScript object: ${q(o.name)} in args is true even when it is not set, and an unset value reads as a function; rename it`,
  });
}

/** The first problem found decides the explanation; all are named. */
function checkCharacters(ctx: RuleContext, scope: OptionScope, o: OptionEntry): void {
  const name = o.name;
  if (name === '') {
    ctx.report({
      pointer: o.pointer,
      part: 'key',
      message:
        'option "" has an empty name: forms cannot label or address it and scripts read it as args[""]; give it a name',
    });
    return;
  }
  const problems: Array<{ what: string; why: string }> = [];
  const trimmed = name.trim();
  if (controlCharacter.test(name)) {
    problems.push({
      what: 'a control character',
      why: 'it is invisible in editors and forms and hard to type in a script',
    });
  }
  const edges = `, but args[${q(trimmed)}] does not find it`;
  if (/^\s/.test(name)) {
    problems.push({
      what: name.startsWith(' ') ? 'a space at the start' : 'whitespace at the start',
      why: `it looks like ${q(trimmed)}${edges}`,
    });
  }
  if (/\s$/.test(name) && trimmed !== '') {
    problems.push({
      what: name.endsWith(' ') ? 'a space at the end' : 'whitespace at the end',
      why: `it looks like ${q(trimmed)}${edges}`,
    });
  }
  // Inside the name (control characters aside, reported above).
  const inner = trimmed.replace(controlCharacters, '');
  if (/\s/.test(inner)) {
    problems.push({
      what: / /.test(inner) ? 'a space' : 'whitespace',
      why: `scripts read it as args[${q(name)}]`,
    });
  }
  if (name.includes('/')) {
    problems.push({
      what: 'a slash',
      why: 'JSON pointers must escape it as ~1 and URLs read it as a path separator',
    });
  }
  if (name.includes('~')) {
    problems.push({ what: 'a "~"', why: 'JSON pointers must escape it as ~0' });
  }
  if (name.includes('.')) {
    problems.push({
      what: 'a dot',
      why: `tools that take dotted paths read ${q(name)} as nested keys`,
    });
  }
  const first = problems[0];
  if (!first) return;
  const fix = tidy(name);
  const usable = fix !== '' && fix !== name && !scope.byName.has(fix);
  const whats = problems.map((p) => p.what);
  const list =
    whats.length === 1 ? whats[0] : `${whats.slice(0, -1).join(', ')} and ${whats.at(-1)}`;
  ctx.report({
    pointer: o.pointer,
    part: 'key',
    message: `option ${q(name)} has ${list} in its name: ${first.why}; ${usable ? `use ${q(fix)}` : 'rename it'}`,
    ...(usable ? { suggestion: fix } : {}),
  });
}

/** The name with odd characters turned into single hyphens, and none at the ends. */
function tidy(name: string): string {
  return name
    .replace(controlCharacters, ' ')
    .replace(/[\s./~]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Names equal but for case and `-`/`_`: each later one is reported against the first. */
function checkLookAlikes(ctx: RuleContext, scope: OptionScope, covered: ReadonlySet<string>): void {
  const firstByLoose = new Map<string, string>();
  for (const o of scope.options) {
    if (covered.has(o.name)) continue;
    const key = loose(o.name);
    const first = firstByLoose.get(key);
    if (first === undefined) {
      firstByLoose.set(key, o.name);
      continue;
    }
    ctx.report({
      pointer: o.pointer,
      part: 'key',
      message: `option ${q(o.name)} differs from option ${q(first)} only by case or "-"/"_": users and script authors mix the two up; merge them or give one a clearly different name`,
    });
  }
}
