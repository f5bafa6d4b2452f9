/**
 * The `options.dependencies` graph of a schema: which option waits for which value of which other
 * option. Shared by the dependency rules so that each reports one kind of problem only.
 */

import { escapePointerToken } from '@glowkit/json';
import { dependenciesOf, type ElementKind, elementKind } from '../elements.js';
import { validateValue } from '../values/validate-value.js';
import type { OptionEntry } from './types.js';

/** One `name: value` entry of an option's dependencies. */
export interface DependencyEdge {
  from: OptionEntry;
  target: string;
  value: unknown;
  /** JSON pointer of the entry. */
  pointer: string;
  /** Whether the entry names an option that can drive visibility with a value it can have. */
  usable: boolean;
  /** Why the value does not fit a drivable target (see {@link dependencyValueProblem}). */
  problem?: string;
}

/** Element kinds that can drive visibility (the spec: boolean, number, integer and string). */
export const drivingKinds: ReadonlySet<ElementKind> = new Set<ElementKind>([
  'checkbox',
  'string',
  'select',
  'integer',
  'number',
]);

/** Why a dependency value does not fit its target, or undefined when it does. */
export function dependencyValueProblem(target: OptionEntry, value: unknown): string | undefined {
  const kind = elementKind(target.option);
  const expected =
    kind === 'checkbox' ? 'boolean' : kind === 'integer' || kind === 'number' ? 'number' : 'string';
  if (typeof value !== expected) {
    return `must be ${expected === 'boolean' ? 'true or false' : `a ${expected}`}, like option "${target.name}"`;
  }
  const issues = validateValue(target.option, value);
  const first = issues[0];
  if (!first) return undefined;
  switch (first.code) {
    case 'integer':
      return `must be a whole number: option "${target.name}" is an integer`;
    case 'enum':
      return `is not one of the values of option "${target.name}" (${(target.option.enum as unknown[]).map((v) => JSON.stringify(v)).join(', ')})`;
    case 'minimum':
      return `is below the minimum ${JSON.stringify(target.option.minimum)} of option "${target.name}"`;
    case 'maximum':
      return `is above the maximum ${JSON.stringify(target.option.maximum)} of option "${target.name}"`;
    case 'minLength':
    case 'maxLength':
      return `has a length that option "${target.name}" does not allow`;
    default:
      return `is not a valid value of option "${target.name}"`;
  }
}

/** All dependency entries of all options. */
export function dependencyEdges(
  options: readonly OptionEntry[],
  byName: ReadonlyMap<string, OptionEntry>,
): DependencyEdge[] {
  const edges: DependencyEdge[] = [];
  for (const from of options) {
    const deps = dependenciesOf(from.option);
    for (const [target, value] of Object.entries(deps)) {
      const entry = byName.get(target);
      const drivable =
        entry !== undefined && entry !== from && drivingKinds.has(elementKind(entry.option));
      const problem = drivable ? dependencyValueProblem(entry, value) : undefined;
      const edge: DependencyEdge = {
        from,
        target,
        value,
        pointer: `${from.pointer}/options/dependencies/${escapePointerToken(target)}`,
        usable: drivable && problem === undefined,
      };
      if (problem !== undefined) edge.problem = problem;
      edges.push(edge);
    }
  }
  return edges;
}

/**
 * Whether some usable edge leads to an option that itself depends on another. Without such a
 * chain there can be neither a cycle nor conflicting conditions, which is the case for most
 * schemas, so the graph rules can stop early.
 */
export function hasChains(edges: readonly DependencyEdge[]): boolean {
  const dependents = new Set<string>();
  for (const e of edges) if (e.usable) dependents.add(e.from.name);
  if (dependents.size === 0) return false;
  for (const e of edges) if (e.usable && dependents.has(e.target)) return true;
  return false;
}

/** Cycles among usable edges, each as the list of option names along it (Tarjan's SCCs). */
export function dependencyCycles(
  options: readonly OptionEntry[],
  edges: readonly DependencyEdge[],
): string[][] {
  if (!hasChains(edges)) return [];
  const next = new Map<string, string[]>();
  for (const o of options) next.set(o.name, []);
  for (const e of edges) if (e.usable) next.get(e.from.name)?.push(e.target);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  const strong = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.reverse());
    }
  };
  for (const o of options) if (!index.has(o.name)) strong(o.name);
  return cycles;
}
