/** Hyperion.ng's default settings from the corpus named by GLOWKIT_CORPUS, when it is set. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.env.GLOWKIT_CORPUS ?? '';
const file = join(root, 'settings', 'hyperion.settings.json.default');

/** Whether the corpus is available; corpus tests are skipped otherwise. */
export const hasCorpus = root !== '' && existsSync(file);

/** The corpus default settings: `{ global: {15 groups}, instance: {10 groups} }`. */
export function corpusDefaults(): {
  global: Record<string, unknown>;
  instance: Record<string, unknown>;
} {
  return JSON.parse(readFileSync(file, 'utf8'));
}
