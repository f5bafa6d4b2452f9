import { jsonEqual } from '@glowkit/json';
import { type DependencyEdge, hasChains } from '../../lint/dependency-graph.js';
import type { OptionScope, Rule, RuleContext } from '../../lint/types.js';
import { show } from '../../lint/walk.js';

/** No option waits, directly or through a chain, for two different values of the same option. */
export const unreachableOption: Rule = {
  meta: {
    id: 'unreachable-option',
    severity: 'error',
    summary:
      'An option must be showable: following its dependencies and theirs (an option that depends on a hidden option is hidden), no option may be required to have two different values.',
    why: 'An option that can never be shown can never be changed: its default is all the user will ever get, and the form silently hides a setting the author meant to offer.',
  },
  check(ctx) {
    for (const scope of ctx.scopes) checkScope(ctx, scope);
  },
};

function checkScope(ctx: RuleContext, scope: OptionScope): void {
  const edges = scope.dependencyEdges;
  // Conflicts and cycles both need a chain (a depends on b, which depends on c).
  if (!hasChains(edges)) return;
  const inCycle = new Set(scope.dependencyCycles.flat());
  const outgoing = new Map<string, DependencyEdge[]>();
  for (const e of edges) {
    if (!e.usable) continue;
    const list = outgoing.get(e.from.name) ?? [];
    list.push(e);
    outgoing.set(e.from.name, list);
  }
  for (const option of scope.options) {
    if (inCycle.has(option.name) || !outgoing.has(option.name)) continue;
    // Every condition on the way to showing this option: target → [value, via].
    const required = new Map<string, { value: unknown; via: string }>();
    const visited = new Set<string>();
    let conflict: string | undefined;
    const walk = (name: string) => {
      if (visited.has(name) || conflict) return;
      visited.add(name);
      for (const e of outgoing.get(name) ?? []) {
        if (inCycle.has(e.target)) {
          // The cycle itself is reported by dependency-cycle; what hangs off it is hidden too.
          conflict = `it depends${viaText(name, option.name)} on "${e.target}", which is in a dependency cycle and never shown`;
          return;
        }
        const had = required.get(e.target);
        if (had && !jsonEqual(had.value, e.value)) {
          conflict = `it needs "${e.target}" = ${show(had.value)}${viaText(had.via, option.name)} and "${e.target}" = ${show(e.value)}${viaText(name, option.name)}`;
          return;
        }
        required.set(e.target, { value: e.value, via: name });
        walk(e.target);
      }
    };
    walk(option.name);
    if (conflict) {
      ctx.report({
        pointer: `${option.pointer}/options/dependencies`,
        message: `option "${option.name}" can never be shown: ${conflict}`,
      });
    }
  }
}

function viaText(via: string, self: string): string {
  return via === self ? '' : ` (through "${via}")`;
}
