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
  readonly #index: ReadonlyMap<string, number>;
  /** Per option: flat pairs [target index (-1 when the option does not exist), required value]. */
  readonly #conditions: ReadonlyArray<readonly unknown[]>;
  /** Per option: the options whose conditions name it (the edges `visible` follows backwards). */
  readonly #dependants: ReadonlyArray<readonly number[]>;
  readonly #state: Uint8Array;

  constructor(options: readonly FormOption[]) {
    this.#names = options.map((o) => o.name);
    const index = new Map(this.#names.map((n, i) => [n, i]));
    this.#index = index;
    const dependants: number[][] = options.map(() => []);
    this.#conditions = options.map((o, i) => {
      const pairs: unknown[] = [];
      for (const [target, required] of Object.entries(dependenciesOf(o.schema))) {
        const t = index.get(target) ?? -1;
        pairs.push(t, required);
        if (t >= 0) dependants[t]?.push(i);
      }
      return pairs;
    });
    this.#dependants = dependants;
    this.#state = new Uint8Array(options.length);
  }

  /**
   * The names of the visible options for a set of values. Each option's visibility is decided
   * once (memoised), an option whose chain reaches a cycle or a missing option is hidden.
   */
  visible(values: Readonly<Record<string, unknown>>): Set<string> {
    this.#state.fill(0); // nothing decided
    const result = new Set<string>();
    for (let i = 0; i < this.#names.length; i++) {
      if (this.#decide(i, values)) result.add(this.#names[i] as string);
    }
    return result;
  }

  /**
   * Brings `visible` (what {@link VisibilityRules.visible} gave for the earlier values) up to date
   * after the options named in `changed` took new values, deciding again only the options that
   * depend on them, directly or through a chain: a toggle that shows 60 options of 300 decides
   * those, not all 300. Returns the names of the options whose visibility flipped.
   */
  update(
    values: Readonly<Record<string, unknown>>,
    visible: Set<string>,
    changed: Iterable<string>,
  ): string[] {
    const state = this.#state;
    const names = this.#names;
    // What was decided before stands (2 shown, 3 hidden), but for the options downstream.
    for (let i = 0; i < names.length; i++) state[i] = visible.has(names[i] as string) ? 2 : 3;
    const affected: number[] = [];
    const queue: number[] = [];
    for (const name of changed) {
      const i = this.#index.get(name);
      if (i !== undefined) queue.push(i);
    }
    while (queue.length > 0) {
      for (const d of this.#dependants[queue.pop() as number] ?? []) {
        if (state[d] === 0) continue; // already queued
        state[d] = 0;
        affected.push(d);
        queue.push(d);
      }
    }
    const flipped: string[] = [];
    for (const i of affected) {
      const name = names[i] as string;
      const shown = this.#decide(i, values);
      if (shown === visible.has(name)) continue;
      flipped.push(name);
      if (shown) visible.add(name);
      else visible.delete(name);
    }
    return flipped;
  }

  /** Decides one option (state: 0 unknown, 1 deciding, 2 shown, 3 hidden). */
  #decide(i: number, values: Readonly<Record<string, unknown>>): boolean {
    const state = this.#state;
    const known = state[i];
    if (known === 2) return true;
    if (known === 3 || known === 1) return false; // 1: a dependency cycle, never shown
    state[i] = 1;
    let shown = true;
    const c = this.#conditions[i] as readonly unknown[];
    for (let k = 0; k < c.length; k += 2) {
      const target = c[k] as number;
      if (
        target < 0 ||
        !this.#decide(target, values) ||
        !jsonEqual(values[this.#names[target] as string], c[k + 1])
      ) {
        shown = false;
        break;
      }
    }
    state[i] = shown ? 2 : 3;
    return shown;
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
