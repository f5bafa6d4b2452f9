import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The per-user data directory: `GLOWKIT_DATA` when set, else `$XDG_DATA_HOME/glowkit`, else
 * `~/.local/share/glowkit` (the XDG default), so that a plain `npm start` needs no set-up and
 * never writes into the checkout.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.GLOWKIT_DATA) return resolve(env.GLOWKIT_DATA);
  const xdg = env.XDG_DATA_HOME;
  return join(xdg ? resolve(xdg) : join(homedir(), '.local', 'share'), 'glowkit');
}

/** Where the configuration database lives in a data directory. */
export const databaseFile = (dataDir: string): string => join(dataDir, 'glowkit.db');

/** Where the first admin token is written (readable by the user only). */
export const adminTokenFile = (dataDir: string): string => join(dataDir, 'admin-token');
