/**
 * Where the server finds the files it ships with: the bundled effects and the web UI's build.
 * In the repository they sit beside the server's workspace (`effects/`, `apps/web/dist/`); in the
 * installed package (`npm run pack`) inside it (`effects/`, `web/`). The first that exists wins.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The server package's folder: the parent of `src/` and of `dist/` alike. */
const PACKAGE = new URL('../', import.meta.url);

function firstExisting(...candidates: string[]): string {
  const dirs = candidates.map((path) => fileURLToPath(new URL(path, PACKAGE)));
  return dirs.find((dir) => existsSync(dir)) ?? (dirs.at(-1) as string);
}

/** The bundled effects: the installed package's `effects/`, else the repository's. */
export const BUNDLED_EFFECTS_DIR = firstExisting('effects/', '../../effects/');

/** The web UI's build: the installed package's `web/`, else the repository's `apps/web/dist/`. */
export const WEB_UI_DIR = firstExisting('web/', '../web/dist/');
