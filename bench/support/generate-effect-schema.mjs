// A deterministic, Hyperion-style effect option schema of many options, for benchmarks: a mix of
// checkboxes, integers and numbers with ranges, strings, selects and colours, where every 5th
// option depends on a boolean toggle and some dependencies chain. Same arguments, same schema.

/** Seeded PRNG (mulberry32): deterministic across runs and Node/browser versions. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Kinds in the proportions the generator draws them (the corpus is number- and colour-heavy). */
const KINDS = [
  'boolean',
  'boolean',
  'integer',
  'integer',
  'number',
  'number',
  'string',
  'select',
  'select',
  'colour',
  'colour',
];

/** Real phrase keys, so that the schema looks and translates like the corpus. */
const TITLES = {
  boolean: 'edt_eff_reversedirection',
  integer: 'edt_eff_smooth_time_ms',
  number: 'edt_eff_rotationtime',
  string: 'edt_eff_url',
  select: 'edt_eff_countries',
  colour: 'edt_eff_color',
};

/**
 * Generates the schema.
 *
 * @param {{ options?: number, seed?: number }} [settings] - how many options (default 300) and the
 *   PRNG seed (default 1).
 * @returns {{ schema: object, toggle: string, dependants: string[], toggleDefault: boolean }} the
 *   schema, the name of the boolean that controls the most options, the options it hides when
 *   flipped (directly or through a chain), and its default.
 */
export function generateEffectSchema({ options = 300, seed = 1 } = {}) {
  const random = prng(seed);
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = (list) => list[Math.floor(random() * list.length)];
  const toggle = 'master-enable';
  const properties = {
    [toggle]: { type: 'boolean', title: 'edt_eff_enableshutdown', default: true, propertyOrder: 1 },
  };
  /** Names hidden when the toggle flips, directly or through a chain. */
  const dependants = new Set();
  /** Boolean toggles local to a stretch of options: every 30th option depends on one of them. */
  let localToggle;
  /** A chain head (a boolean that itself depends on the toggle) and how many options follow it. */
  let chain;

  for (let i = 1; i < options; i++) {
    let kind = pick(KINDS);
    let dependsOn;
    if (i % 5 === 0 && (i / 5) % 6 === 0 && localToggle) {
      dependsOn = { [localToggle]: true }; // every 30th: a local toggle, not the master
    } else if (i % 5 === 0) {
      dependsOn = { [toggle]: true };
      if ((i / 5) % 10 === 5) kind = 'chain'; // a boolean that others depend on in turn
    } else if (chain && chain.left > 0) {
      chain.left--;
      // Hyperion writes chains both ways: the whole path, or only the nearest link.
      dependsOn = chain.left % 2 ? { [chain.head]: true } : { [toggle]: true, [chain.head]: true };
    } else if (i % 30 === 28) {
      kind = 'local';
    }

    const name = `option-${String(i).padStart(3, '0')}-${kind}`;
    const option = makeOption(kind, int, random);
    option.title = TITLES[kind] ?? TITLES.boolean;
    option.propertyOrder = i + 1;
    if (dependsOn) {
      option.options = { ...option.options, dependencies: dependsOn };
      if (toggle in dependsOn || (chain && chain.head in dependsOn)) dependants.add(name);
    }
    properties[name] = option;
    if (kind === 'chain') chain = { head: name, left: 2 };
    if (kind === 'local') localToggle = name;
  }

  return {
    schema: {
      type: 'object',
      script: 'generated.py',
      title: 'edt_eff_generated_header',
      required: true,
      properties,
      additionalProperties: false,
    },
    toggle,
    toggleDefault: true,
    dependants: [...dependants],
  };
}

function makeOption(kind, int, random) {
  switch (kind) {
    case 'boolean':
      return { type: 'boolean', default: random() < 0.5 };
    case 'chain':
    case 'local':
      return { type: 'boolean', default: true };
    case 'integer': {
      const minimum = int(0, 10);
      const maximum = minimum + int(10, 1000);
      const option = { type: 'integer', default: int(minimum, maximum), minimum, maximum };
      if (random() < 0.3) option.append = 'edt_append_ms';
      if (random() < 0.3) option.step = 5;
      return option;
    }
    case 'number': {
      const maximum = int(1, 100);
      return {
        type: 'number',
        default: Math.round(random() * maximum * 10) / 10,
        minimum: 0,
        maximum,
        step: 0.1,
        ...(random() < 0.3 ? { append: 'edt_append_s' } : {}),
      };
    }
    case 'string':
      return { type: 'string', default: `text ${int(0, 999)}`, maxLength: 64 };
    case 'select': {
      const values = Array.from({ length: int(3, 6) }, (_, k) => `choice-${k}`);
      return {
        type: 'string',
        enum: values,
        default: values[0],
        options: { enum_titles: values.map((v) => `edt_eff_enum_${v}`) },
      };
    }
    case 'colour':
      if (random() < 0.25) {
        return {
          type: 'array',
          format: 'colorpickerRGBA',
          default: [int(0, 255), int(0, 255), int(0, 255), 0.5],
          minItems: 4,
          maxItems: 4,
        };
      }
      return {
        type: 'array',
        format: 'colorpicker',
        default: [int(0, 255), int(0, 255), int(0, 255)],
        items: { type: 'integer', minimum: 0, maximum: 255 },
        minItems: 3,
        maxItems: 3,
      };
    default:
      throw new Error(`unknown kind ${kind}`);
  }
}
