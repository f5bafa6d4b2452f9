/**
 * Child process of crash.test.ts: replaces the configuration in a loop until it is killed.
 * Prints "ready" once the first replace has been committed.
 */
import { ConfigStore } from '../../src/store/config-store.js';
import { generation } from './crash-config.js';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: crash-child <file>');
const store = ConfigStore.open(file);
for (let gen = 1; ; gen++) {
  store.replace(generation(gen), `generation ${gen}`);
  if (gen === 1) process.stdout.write('ready\n');
}
