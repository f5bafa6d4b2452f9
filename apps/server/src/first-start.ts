import { adminTokenFile } from './data-dir.js';
import type { ConfigStore } from './store/config-store.js';
import { writePrivateFile } from './tls.js';

/** The admin token made on first start: shown once, and kept in a file only the user can read. */
export interface FirstToken {
  id: string;
  token: string;
  file: string;
}

/**
 * On first start (no token in the store yet) creates an admin token and writes it to
 * `<data dir>/admin-token` with mode 0600; returns it so that it can be printed once. Later
 * starts return undefined: tokens are stored only as hashes and cannot be shown again.
 */
export async function ensureAdminToken(
  store: ConfigStore,
  dataDir: string,
): Promise<FirstToken | undefined> {
  if (store.tokens.count() > 0) return undefined;
  const { info, token } = store.tokens.create('admin token made on first start');
  const file = adminTokenFile(dataDir);
  await writePrivateFile(file, `${token}\n`);
  return { id: info.id, token, file };
}
