/**
 * Which options of an effect schema are shown: an option is shown only while every option it
 * depends on has the required value and is itself shown (so chains hide together).
 */
import { dependenciesOf, jsonEqual } from '@glowkit/effect-schema/values';

/** One option of a schema, as the form orders and shows it. */
export interface FormOption {
  name: string;
  schema: Record<string, unknown>;
}

/**
 * A schema's dependency structure, compiled once: each option's conditions as (index of the
 * option it depends on, required value). Deciding visibility for new values then allocates
 * nothing but the result, which matters when a toggle re-decides hundreds of options.
 */
export class VisibilityRules {
  readonly #names: readonly string[];
  /** Per option: flat pairs [target index (-1 when the option does not exist), required value]. */
  readonly #conditions: ReadonlyArray<readonly unknown[]>;
  readonly #state: Uint8Array;

  constructor(options: readonly FormOption[]) {
    this.#names = options.map((o) => o.name);
    const index = new Map(this.#names.map((n, i) => [n, i]));
    this.#conditions = options.map((o) =>
      Object.entries(dependenciesOf(o.schema)).flatMap(([target, required]) => [
        index.get(target) ?? -1,
        required,
      ]),
    );
    this.#state = new Uint8Array(options.length);
  }

  /**
   * The names of the visible options for a set of values. Each option's visibility is decided
   * once (memoised), an option whose chain reaches a cycle or a missing option is hidden.
   */
  visible(values: Readonly<Record<string, unknown>>): Set<string> {
    const state = this.#state; // 0 unknown, 1 deciding, 2 shown, 3 hidden
    state.fill(0);
    const names = this.#names;
    const conditions = this.#conditions;
    const decide = (i: number): boolean => {
      const known = state[i];
      if (known === 2) return true;
      if (known === 3 || known === 1) return false; // 1: a dependency cycle, never shown
      state[i] = 1;
      let shown = true;
      const c = conditions[i] as readonly unknown[];
      for (let k = 0; k < c.length; k += 2) {
        const target = c[k] as number;
        if (
          target < 0 ||
          !decide(target) ||
          !jsonEqual(values[names[target] as string], c[k + 1])
        ) {
          shown = false;
          break;
        }
      }
      state[i] = shown ? 2 : 3;
      return shown;
    };
    const result = new Set<string>();
    for (let i = 0; i < names.length; i++) if (decide(i)) result.add(names[i] as string);
    return result;
  }
}

/** Options in display order: by propertyOrder, ties in schema order, options without one last. */
export function orderedOptions(properties: Readonly<Record<string, unknown>>): FormOption[] {
  // Plain loops: this runs on every new schema, before anything is shown.
  const entries: Array<{ name: string; schema: Record<string, unknown>; order: number }> = [];
  for (const name in properties) {
    if (!Object.hasOwn(properties, name)) continue;
    const schema = properties[name];
    if (typeof schema !== 'object' || schema === null) continue;
    const order = (schema as Record<string, unknown>).propertyOrder;
    entries.push({
      name,
      schema: schema as Record<string, unknown>,
      order: typeof order === 'number' && !Number.isNaN(order) ? order : Number.POSITIVE_INFINITY,
    });
  }
  // Array.prototype.sort is stable: ties keep schema order.
  entries.sort((a, b) => (a.order === b.order ? 0 : a.order < b.order ? -1 : 1));
  const options: FormOption[] = new Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const { name, schema } = entries[i] as (typeof entries)[number];
    options[i] = { name, schema };
  }
  return options;
}
