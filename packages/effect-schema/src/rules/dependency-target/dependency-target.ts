import { type ElementKind, elementKind } from '../../elements.js';
import { drivingKinds } from '../../lint/dependency-graph.js';
import { suggest } from '../../lint/suggest.js';
import type { Rule } from '../../lint/types.js';

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
    const names = ctx.options.map((o) => o.name);
    for (const edge of ctx.dependencyEdges) {
      const target = ctx.byName.get(edge.target);
      if (!target) {
        const hint = suggest(
          edge.target,
          names.filter((n) => n !== edge.from.name),
        );
        ctx.report({
          pointer: edge.pointer,
          part: 'key',
          message: `option "${edge.from.name}" depends on "${edge.target}", which is not an option of this schema${hint ? `: did you mean "${hint}"?` : ''}`,
          ...(hint ? { suggestion: hint } : {}),
        });
      } else if (target === edge.from) {
        ctx.report({
          pointer: edge.pointer,
          part: 'key',
          message: `option "${edge.from.name}" depends on itself; it could never be shown`,
        });
      } else if (!drivingKinds.has(elementKind(target.option))) {
        ctx.report({
          pointer: edge.pointer,
          part: 'key',
          message: `option "${edge.from.name}" depends on "${edge.target}", ${describeKind(elementKind(target.option))}; only boolean, number, integer and string options can be depended on`,
        });
      }
    }
  },
};

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
