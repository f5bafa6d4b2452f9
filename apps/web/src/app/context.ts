import type { Resolver } from '@glowkit/i18n';
import type { ServerConnection } from '../api/connection.js';
import type { Session } from '../api/session.js';
import type { ServerStore } from '../data/store.js';
import type { Router } from './router.js';

/** What every page works with: given by the app shell to each page as its `ctx` property. */
export interface AppContext {
  /** The one WebSocket to the server (JSON API). */
  connection: ServerConnection;
  /** The browser's sign-in. */
  session: Session;
  /** What the pages show of the server, kept current by its pushes. */
  store: ServerStore;
  /** The UI's translator (also what `<gk-effect-form>` takes). */
  translator: Resolver;
  /** URL routing: `router.navigate('/effects')`. */
  router: Router;
}
