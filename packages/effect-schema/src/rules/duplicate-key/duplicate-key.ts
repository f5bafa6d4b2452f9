import type { Rule } from '../../lint/types.js';

/** The same key twice in one object: JSON parsers keep only the last one, silently. */
export const duplicateKey: Rule = {
  meta: {
    id: 'duplicate-key',
    severity: 'error',
    summary: 'No object may contain the same key twice.',
    why: 'JSON parsers keep only the last of two equal keys without a word, so the first definition (an option, a default, a bound) is silently lost.',
  },
  check(ctx) {
    if (!ctx.document.hasDuplicateKeys) return;
    // A key seen three times has two later occurrences, but a pointer locates only the last one
    // (the one that counts): report each repeated key once, there.
    const times = new Map<string, { key: string; count: number }>();
    for (const dup of ctx.document.duplicateKeys()) {
      const seen = times.get(dup.pointer);
      if (seen) seen.count++;
      else times.set(dup.pointer, { key: dup.key, count: 2 });
    }
    for (const [pointer, { key, count }] of times) {
      ctx.report({
        pointer,
        part: 'key',
        message: `duplicate key "${key}"${count > 2 ? ` (${count} times)` : ''}: only the last one counts; remove or rename ${count > 2 ? 'the others' : 'one of them'}`,
      });
    }
  },
};
