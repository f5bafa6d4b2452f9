import { type ElementKind, elementKind, isObjectElement } from '../../elements.js';
import { drivingKinds } from '../../lint/dependency-graph.js';
import { suggest } from '../../lint/suggest.js';
import type { OptionScope, Rule, RuleContext } from '../../lint/types.js';

/** Each dependency names another existing option that can drive visibility. */
export const dependencyTarget: Rule = {
  meta: {
    id: 'dependency-target',
    severity: 'error',
    summary:
      'Every key of `options.dependencies` must name another option of the same schema, of type boolean, number, integer or string.',
    why: 'A dependency on an option that does not exist (often a typo) or on a list or colour, whose value the form cannot compare, hides the option for good.',
  },
  check(ctx) {
    for (const scope of ctx.scopes) checkScope(ctx, scope);
  },
};

function checkScope(ctx: RuleContext, scope: OptionScope): void {
  const names = scope.options.map((o) => o.name);
  for (const edge of scope.dependencyEdges) {
    const target = scope.byName.get(edge.target);
    if (!target) {
      const hint = suggest(
        edge.target,
        names.filter((n) => n !== edge.from.name),
      );
      ctx.report({
        pointer: edge.pointer,
        part: 'key',
        message: `option "${edge.from.name}" depends on "${edge.target}", which is not ${scope.pointer === '' ? 'an option of this schema' : 'a key of the same object (dependencies name sibling keys)'}${hint ? `: did you mean "${hint}"?` : ''}`,
        ...(hint ? { suggestion: hint } : {}),
      });
    } else if (target === edge.from) {
      ctx.report({
        pointer: edge.pointer,
        part: 'key',
        message: `option "${edge.from.name}" depends on itself; it could never be shown`,
      });
    } else if (!drivingKinds.has(elementKind(target.option))) {
      const kind = isObjectElement(target.option)
        ? 'a group of keys'
        : describeKind(elementKind(target.option));
      ctx.report({
        pointer: edge.pointer,
        part: 'key',
        message: `option "${edge.from.name}" depends on "${edge.target}", ${kind}; only boolean, number, integer and string options can be depended on`,
      });
    }
  }
}

/** What an option that cannot drive visibility is, for the message. */
function describeKind(kind: ElementKind): string {
  switch (kind) {
    case 'array':
      return 'a list';
    case 'multiselect':
      return 'a multiselect';
    case 'colorpicker':
      return 'an RGB colour';
    case 'colorpickerRGBA':
      return 'an RGBA colour';
    default:
      return 'an option without a known type';
  }
}
