import { fromPointer, isJsonObject } from '@glowkit/json';
import type { ErrorObject } from 'ajv';
import { suggest } from '../../lint/suggest.js';
import type { Rule, RuleContext } from '../../lint/types.js';
import { show } from '../../lint/walk.js';

/**
 * Structural problems found by the meta-schema (wrong keyword types, unknown element types,
 * missing top-level keywords). Keywords that other rules explain better are left to them:
 * unknown keywords (`unknown-keyword`), defaults (`default-type`, `default-constraint`) and
 * `step` (`step-positive`).
 */
export const schemaStructure: Rule = {
  meta: {
    id: 'schema-structure',
    severity: 'error',
    summary:
      'The schema must match the effect option meta-schema: an object with type, script, title and properties; each option a known element type with keywords of the right JSON type.',
    why: 'The form generator and the validator read these keywords blindly: a string where a number belongs, or an unknown element type, breaks the form or lets wrong values through to the script.',
  },
  check(ctx) {
    const seen = new Set<string>();
    for (const error of ctx.profile.validate(ctx.value)) {
      const finding = describe(error, ctx);
      if (!finding) continue;
      const key = `${finding.pointer} ${finding.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      ctx.report(finding);
    }
  },
};

const leftToOtherRules = new Set(['default', 'step']);

function describe(
  error: ErrorObject,
  ctx: RuleContext,
): { pointer: string; message: string; part?: 'key' | 'value'; suggestion?: string } | undefined {
  const path = error.instancePath;
  const tokens = fromPointer(path);
  const last = tokens[tokens.length - 1];
  if (error.keyword === 'additionalProperties' || error.keyword === 'if') return undefined;
  if (last !== undefined && leftToOtherRules.has(last) && tokens.length >= 3) return undefined;
  const settings = ctx.profile.name === 'settings';
  const where = settings ? describeSettingsWhere(tokens) : describeWhere(tokens);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      if (path === '') {
        return {
          pointer: path,
          message: `the schema has no "${missing}": ${settings ? settingsTopLevelHint(missing) : topLevelHint(missing)}`,
        };
      }
      if (missing === 'type') {
        return {
          pointer: path,
          message: `${where} has no "type": set it to one of ${ctx.profile.elementTypes.join(', ')}`,
        };
      }
      return { pointer: path, message: `${where} has no "${missing}"` };
    }
    case 'type': {
      if (path === '') {
        return {
          pointer: path,
          message: `${ctx.profile.schemaNoun} must be a JSON object, not ${kindOf(ctx.value)}`,
        };
      }
      const expected = String(params.type).replace(/,/g, ' or ');
      return { pointer: path, message: `${where} must be ${article(expected)}` };
    }
    case 'const':
      return { pointer: path, message: `${where} must be ${show(params.allowedValue)}` };
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const actual = valueAt(ctx.value, tokens);
      const hint = typeof actual === 'string' ? suggest(actual, allowed) : undefined;
      const list = allowed.map((v) => `"${v}"`).join(', ');
      const subject =
        last === 'type'
          ? `${show(actual)} is not an element type`
          : `${where} ${show(actual)} is not allowed here`;
      return {
        pointer: path,
        message: `${subject}; use ${allowed.length > 1 ? 'one of ' : ''}${list}${hint ? ` (did you mean "${hint}"?)` : ''}`,
        ...(hint ? { suggestion: hint } : {}),
      };
    }
    case 'pattern':
      if (last === 'script') {
        return {
          pointer: path,
          message: 'script must name the effect\'s Python file, ending in ".py"',
        };
      }
      return { pointer: path, message: `${where} ${error.message ?? 'is malformed'}` };
    case 'minLength':
      return { pointer: path, message: `${where} must not be empty` };
    case 'minimum':
    case 'exclusiveMinimum':
      return {
        pointer: path,
        message: `${where} must be ${error.keyword === 'minimum' ? '≥' : '>'} ${params.limit}`,
      };
    default:
      return { pointer: path, message: `${where} ${error.message ?? 'is invalid'}` };
  }
}

function topLevelHint(missing: string): string {
  switch (missing) {
    case 'script':
      return 'name the Python file these options belong to, e.g. "script": "rainbow.py"';
    case 'title':
      return 'add a heading placeholder, e.g. "title": "edt_eff_rainbow_header"';
    case 'properties':
      return 'add "properties" with one entry per option (it may be empty)';
    case 'type':
      return 'add "type": "object"';
    default:
      return `add "${missing}"`;
  }
}

function settingsTopLevelHint(missing: string): string {
  switch (missing) {
    case 'title':
      return 'add a heading placeholder, e.g. "title": "edt_conf_smooth_heading_title"';
    case 'properties':
      return 'add "properties" with one entry per key (it may be empty)';
    case 'items':
      return 'add "items", the schema of every item of the list';
    case 'default':
      return 'add "default", the list a new configuration starts with';
    case 'type':
      return 'add "type": "object" (or "array" for a list group)';
    default:
      return `add "${missing}"`;
  }
}

/**
 * Where a settings schema's error is: the key's path through nested objects and lists
 * (`vuMeter.hotColor`, `actions[].event`), then the keyword.
 */
function describeSettingsWhere(tokens: string[]): string {
  const path: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (tokens[i] === 'properties' && i + 1 < tokens.length) {
      path.push(tokens[i + 1] as string);
      i += 2;
    } else if (tokens[i] === 'items') {
      path.push(`${path.pop() ?? ''}[]`);
      i++;
    } else break;
  }
  const rest = tokens.slice(i);
  if (path.length === 0) return rest.length === 0 ? 'the schema' : `"${rest.join('.')}"`;
  const option = `option "${path.join('.')}"`;
  return rest.length === 0 ? option : `"${rest.join('.')}" of ${option}`;
}

function describeWhere(tokens: string[]): string {
  if (tokens.length === 0) return 'the schema';
  if (tokens[0] === 'properties' && tokens.length >= 2) {
    const name = tokens[1] as string;
    const rest = tokens.slice(2);
    if (rest.length === 0) return `option "${name}"`;
    return `"${rest.join('.')}" of option "${name}"`;
  }
  return `"${tokens.join('.')}"`;
}

function valueAt(root: unknown, tokens: string[]): unknown {
  let v: unknown = root;
  for (const t of tokens) {
    if (Array.isArray(v)) v = v[Number(t)];
    else if (isJsonObject(v)) v = v[t];
    else return undefined;
  }
  return v;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return article(typeof value);
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
