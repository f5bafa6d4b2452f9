import {
  createPassword,
  logIn,
  logInNow,
  logInWithPassword,
  logOut,
  revokeToken,
} from '../data/calls.js';
import { type ServerConnection, ServerError } from './connection.js';

/** Where the browser keeps the token: its own storage, never a URL. */
const TOKEN_KEY = 'glowkit.token';
/**
 * The id of the token a password sign-in gave this browser: it is this browser's alone, so
 * signing out revokes it (the token list does not fill up with sign-ins nobody uses).
 */
const SIGN_IN_ID_KEY = 'glowkit.signInTokenId';

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
      // Signing out revokes a password sign-in's token: the browser is signed out already.
      if (this.#state === 'signed-out' && this.token === null) return;
      this.#storage.removeItem(SIGN_IN_ID_KEY);
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
    this.#storage.removeItem(SIGN_IN_ID_KEY);
    this.#keep(trimmed);
  }

  /**
   * Logs in with the admin password and keeps the token the server gives for it (the browser
   * stays signed in across reloads and server restarts); rejects with the server's reason.
   */
  async signInWithPassword(password: string): Promise<void> {
    const { token, id } = await logInWithPassword(this.#connection, password);
    this.#storage.setItem(SIGN_IN_ID_KEY, id);
    this.#keep(token);
  }

  /** Creates the admin password (none exists yet) and signs in with the token it gives. */
  async createPassword(password: string): Promise<void> {
    const created = await createPassword(this.#connection, password);
    if (!created) return; // Signed in already (with a token): nothing changes.
    this.#storage.setItem(SIGN_IN_ID_KEY, created.id);
    this.#keep(created.token);
  }

  #keep(token: string): void {
    this.#storage.setItem(TOKEN_KEY, token);
    this.reason = undefined;
    this.#set('signed-in');
  }

  /** Forgets the token and logs the WebSocket session out. */
  async signOut(): Promise<void> {
    const signInId = this.#storage.getItem(SIGN_IN_ID_KEY);
    this.#storage.removeItem(TOKEN_KEY);
    this.#storage.removeItem(SIGN_IN_ID_KEY);
    this.#signedOut(undefined);
    try {
      // Revoked while the session may still do it: a password sign-in's token is nobody else's.
      if (signInId !== null) await revokeToken(this.#connection, signInId).catch(() => undefined);
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
        this.#storage.removeItem(SIGN_IN_ID_KEY);
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
