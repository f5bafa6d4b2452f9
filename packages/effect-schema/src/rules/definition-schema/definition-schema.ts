import type { Rule } from '../../lint/types.js';

/** The option schema of the definition's script was found (reported by the checker itself). */
export const definitionSchema: Rule = {
  meta: {
    id: 'definition-schema',
    severity: 'error',
    summary:
      'The script named by a definition must have an option schema (`schema/<script>.schema.json` beside the definitions, by default), and that schema must lint without errors.',
    why: "Args are validated against the script's schema; without one (a wrong script name, a missing file) the service rejects the definition, and an invalid schema cannot validate anything.",
  },
};
