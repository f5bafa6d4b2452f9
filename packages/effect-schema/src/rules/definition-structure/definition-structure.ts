import { escapePointerToken, isJsonObject } from '@glowkit/json';
import { suggest } from '../../lint/suggest.js';
import type { Rule } from '../../lint/types.js';
import { show } from '../../lint/walk.js';

const keys = ['name', 'script', 'args'];
/**
 * Glowkit's own keys, optional: `network` (true lets the script use the network; effects run
 * without one otherwise). Hyperion.ng's closed schema refuses them, so only definitions written
 * for Glowkit carry them.
 */
const glowkitKeys = ['network'];
const allowed = [...keys, ...glowkitKeys];

/** An effect definition is `{ name, script, args }`, with Glowkit's optional `network`. */
export const definitionStructure: Rule = {
  meta: {
    id: 'definition-structure',
    severity: 'error',
    summary:
      'An effect definition is an object with exactly `name` (a non-empty string), `script` (the Python file, ending in .py) and `args` (an object); Glowkit also reads an optional `network` (true or false).',
    why: 'The service validates definitions against a closed schema: a definition with another key, or without one of these, is not loaded and the effect disappears from the list. `"network": true` lets the effect use the network, which Glowkit otherwise denies its scripts; Hyperion.ng does not know the key and refuses such a definition, so write it only for Glowkit.',
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
      if (allowed.includes(key)) continue;
      const hint = suggest(key, allowed);
      ctx.report({
        pointer: `/${escapePointerToken(key)}`,
        part: 'key',
        message: `unknown key "${key}" in the definition${hint ? `: did you mean "${hint}"?` : '; only name, script, args and network are allowed'}`,
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
    if ('network' in value && typeof value.network !== 'boolean') {
      ctx.report({
        pointer: '/network',
        message: `network must be true (the script may use the network) or false, not ${show(value.network)}`,
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
