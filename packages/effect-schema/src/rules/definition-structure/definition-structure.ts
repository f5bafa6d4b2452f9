import { escapePointerToken, isJsonObject } from '@glowkit/json';
import { suggest } from '../../lint/suggest.js';
import type { Rule } from '../../lint/types.js';
import { show } from '../../lint/walk.js';

const keys = ['name', 'script', 'args'];

/** An effect definition is `{ name, script, args }` and nothing else. */
export const definitionStructure: Rule = {
  meta: {
    id: 'definition-structure',
    severity: 'error',
    summary:
      'An effect definition is an object with exactly `name` (a non-empty string), `script` (the Python file, ending in .py) and `args` (an object).',
    why: 'The service validates definitions against a closed schema: a definition with another key, or without one of these, is not loaded and the effect disappears from the list.',
  },
  check(ctx) {
    const value = ctx.value;
    if (!isJsonObject(value)) {
      ctx.report({
        pointer: '',
        message: `an effect definition must be a JSON object with name, script and args, not ${Array.isArray(value) ? 'an array' : show(value)}`,
      });
      return;
    }
    for (const key of keys) {
      if (!(key in value)) ctx.report({ pointer: '', message: `the definition has no "${key}"` });
    }
    for (const key of Object.keys(value)) {
      if (keys.includes(key)) continue;
      const hint = suggest(key, keys);
      ctx.report({
        pointer: `/${escapePointerToken(key)}`,
        part: 'key',
        message: `unknown key "${key}" in the definition${hint ? `: did you mean "${hint}"?` : '; only name, script and args are allowed'}`,
        ...(hint ? { suggestion: hint } : {}),
      });
    }
    if ('name' in value && (typeof value.name !== 'string' || value.name.trim() === '')) {
      ctx.report({
        pointer: '/name',
        message: 'name must be a non-empty string: it is how people pick the effect',
      });
    }
    if ('script' in value && (typeof value.script !== 'string' || !/\.py$/.test(value.script))) {
      ctx.report({
        pointer: '/script',
        message: `script must name the effect's Python file, ending in ".py", not ${show(value.script)}`,
      });
    }
    if ('args' in value && !isJsonObject(value.args)) {
      ctx.report({
        pointer: '/args',
        message: `args must be an object of option values, not ${show(value.args)}`,
      });
    }
  },
};
