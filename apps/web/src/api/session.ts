import { logIn, logInNow, logOut } from '../data/calls.js';
import { type ServerConnection, ServerError } from './connection.js';

/** Where the browser keeps the token: its own storage, never a URL. */
const TOKEN_KEY = 'glowkit.token';

/** Why a browser was signed out: the server's words, or a phrase key of the UI. */
export type SignOutReason = { error: unknown } | { phrase: string };

/** Whether the UI may show the server's pages, or must ask for a token first. */
export type SignInState = 'unknown' | 'signed-in' | 'signed-out';

/**
 * The browser's sign-in: the token in local storage, logged in on the WebSocket every time it
 * opens. A token the server refuses (revoked, unknown) signs the browser out, and so does the
 * server's word that the token was revoked while in use. Events: `change`.
 */
export class Session extends EventTarget {
  readonly #connection: ServerConnection;
  readonly #storage: Storage;
  #state: SignInState = 'unknown';
  /**
   * Why the browser was signed out, for the sign-in page to show: the server's words, or a phrase
   * of the UI when the UI itself knows why; undefined when the user signed out.
   */
  reason: SignOutReason | undefined;

  constructor(connection: ServerConnection, storage: Storage = window.localStorage) {
    super();
    this.#connection = connection;
    this.#storage = storage;
    connection.onOpen(() => this.#logIn());
    // The server tells a session whose token was revoked (see the server's README).
    connection.onPush('authorize-event', ({ data }) => {
      if (data.event !== 'revoked') return;
      // The token is dead: forget it, as a refused login does.
      this.#storage.removeItem(TOKEN_KEY);
      this.#signedOut({ phrase: 'web_sign_in_revoked' });
    });
    window.addEventListener('storage', (event) => {
      // Signing out in one tab signs out the others.
      if (event.key === TOKEN_KEY && event.newValue === null) this.#signedOut(undefined);
    });
  }

  get state(): SignInState {
    return this.#state;
  }

  /** The stored token, if any. */
  get token(): string | null {
    return this.#storage.getItem(TOKEN_KEY);
  }

  /** Logs in with `token` and keeps it; rejects with the server's reason when it is refused. */
  async signIn(token: string): Promise<void> {
    const trimmed = token.trim();
    await logIn(this.#connection, trimmed);
    this.#storage.setItem(TOKEN_KEY, trimmed);
    this.reason = undefined;
    this.#set('signed-in');
  }

  /** Forgets the token and logs the WebSocket session out. */
  async signOut(): Promise<void> {
    this.#storage.removeItem(TOKEN_KEY);
    this.#signedOut(undefined);
    try {
      await logOut(this.#connection);
    } catch {
      // Already gone: nothing to undo.
    }
  }

  /** Runs at every (re)connect: logs in with the stored token. */
  async #logIn(): Promise<void> {
    const token = this.token;
    if (!token) {
      this.#set('signed-out');
      return;
    }
    try {
      await logInNow(this.#connection, token);
      this.#set('signed-in');
    } catch (error) {
      if (error instanceof ServerError) {
        this.#storage.removeItem(TOKEN_KEY);
        this.#signedOut({ error });
      } else {
        throw error;
      }
    }
  }

  #signedOut(reason: SignOutReason | undefined): void {
    this.reason = reason;
    this.#set('signed-out');
  }

  #set(state: SignInState): void {
    if (state === this.#state) return;
    this.#state = state;
    this.dispatchEvent(new Event('change'));
  }
}
