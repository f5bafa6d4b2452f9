/**
 * Checks the `args` of a request (`effect`, `create-effect`) against the option schema of the
 * effect's script, with @glowkit/effect-schema's value validation, so that the linter, the forms
 * and the server accept and refuse exactly the same values.
 */
import {
  describeValueIssue,
  fromPointer,
  type OptionSchema,
  suggest,
  toPointer,
  validateValue,
} from '@glowkit/effect-schema';
import { isJsonObject } from '@glowkit/protocol';
import type { ArgViolation } from '../errors.js';

/**
 * Checks request args against an effect option schema.
 *
 * Request args *replace* the definition's args (no merging, as Hyperion.ng: engine.md §2), so
 * options left out are fine — the script then falls back to its own default — and only the
 * values given are checked.
 *
 * @param schema the option schema of the effect's script; `undefined` checks only that `args`
 *   is an object.
 * @param args the request's `args`.
 * @returns one violation per problem, its JSON pointer relative to `args` (the caller knows
 *   where the args sit in its request), e.g. `{ pointer: '/speed', rule: '12 is greater than
 *   the maximum 10' }`; `[]` when the args are valid. Unknown keys are problems when the schema
 *   has `additionalProperties: false`.
 */
export function validateEffectArgs(
  schema: Record<string, unknown> | undefined,
  args: unknown,
): ArgViolation[] {
  if (!isJsonObject(args))
    return [{ pointer: '', rule: `must be an object of option values, not ${show(args)}` }];
  if (!schema) return [];
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const closed = schema.additionalProperties === false;
  const problems: ArgViolation[] = [];
  for (const [name, value] of Object.entries(args)) {
    const at = toPointer([name]);
    const option = properties[name];
    if (!isJsonObject(option)) {
      if (closed) {
        problems.push({ pointer: at, rule: unknownOption(name, schema, Object.keys(properties)) });
      }
      continue;
    }
    for (const issue of validateValue(option as OptionSchema, value)) {
      let rule = describeValueIssue(issue);
      // The package's type sentence says what is expected; people also need to see what came.
      if (issue.code === 'type') rule += `, not ${show(valueAt(value, issue.pointer))}`;
      problems.push({ pointer: `${at}${issue.pointer}`, rule });
    }
  }
  return problems;
}

function unknownOption(name: string, schema: Record<string, unknown>, names: string[]): string {
  const script = typeof schema.script === 'string' ? schema.script : 'the script';
  // The linter's rule, so that a name gets the same hint in a schema file and in a request.
  const hint = suggest(name, names);
  if (hint) return `"${name}" is not an option of ${script}: did you mean "${hint}"?`;
  return names.length === 0
    ? `"${name}" is not an option of ${script}, which takes no args`
    : `"${name}" is not an option of ${script}; its options are ${names.join(', ')}`;
}

function valueAt(value: unknown, pointer: string): unknown {
  let at = value;
  for (const token of fromPointer(pointer)) {
    if (Array.isArray(at)) at = at[Number(token)];
    else if (isJsonObject(at)) at = at[token];
    else return undefined;
  }
  return at;
}

/** A value as JSON, cut short so one line stays one readable line. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
