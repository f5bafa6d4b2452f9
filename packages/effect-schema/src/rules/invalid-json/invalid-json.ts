import type { Rule } from '../../lint/types.js';

/** The file is not valid JSON; reported by the parser with line and column. */
export const invalidJson: Rule = {
  meta: {
    id: 'invalid-json',
    severity: 'error',
    summary: 'The file must be valid JSON (no comments, no trailing commas, double quotes only).',
    why: 'The service reads schemas with a strict JSON parser: a file that does not parse is skipped, and the effect loses its options form.',
  },
};
