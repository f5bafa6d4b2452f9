/** A page of the UI: what its URL looks like, and how its element is loaded. */
export interface Route {
  /** The first path segment (`''` for the overview). */
  name: string;
  /** The page's tag, defined once `load()` resolved. */
  tag: string;
  /** Loads the page's module on demand (a chunk of its own). */
  load: () => Promise<unknown>;
  /** Whether the page needs a signed-in browser. */
  signedIn: boolean;
  /**
   * Whether the page renders settings or effect forms: it is shown once the forms' English
   * phrases are in (the first script carries only the UI's own).
   */
  forms?: boolean;
  /**
   * The page's own English phrases, when they are not in the first script (a part of
   * vite.config.ts's `phraseParts`): the page is shown once they are in.
   */
  phrases?: () => Promise<{ default: Readonly<Record<string, string>> }>;
  /** The phrase of the page's name in the navigation; absent for pages not in it. */
  nav?: string;
}

/** Where the browser is: the route and the rest of the path (`/setup/1` → `['1']`). */
export interface Location {
  route: Route;
  params: string[];
}

/**
 * Whether the user may leave the page for `path`: true at once, or a promise (the user is asked).
 */
export type LeaveGuard = (path: string) => boolean | Promise<boolean>;

/**
 * Routes by URL with the History API: every page has a URL, reloads land on it (the server answers
 * every page URL with the app), and the back button works. Links (`<a href="/effects">`) are
 * followed without reloading; `navigate` does the same from code. A guard (`guard`) may hold a
 * navigation back (unsaved changes). Events: `change`.
 */
export class Router extends EventTarget {
  readonly #routes: readonly Route[];
  #location: Location;
  #path: string;
  /** Asked before each navigation the user starts (not before a page's own redirect). */
  guard: LeaveGuard | undefined = undefined;

  constructor(routes: readonly Route[]) {
    super();
    this.#routes = routes;
    this.#path = window.location.pathname;
    this.#location = this.#resolve(this.#path);
    window.addEventListener('popstate', () => this.#onPopState());
    document.addEventListener('click', (event) => this.#onClick(event));
  }

  get location(): Location {
    return this.#location;
  }

  /**
   * Goes to `path` (pushing it onto the history unless `replace`), once the guard lets it: a
   * `replace` is a page's redirect, never held back.
   */
  navigate(path: string, replace = false): void {
    if (replace || path === this.#path) this.#navigate(path, replace);
    else this.#ask(path, () => this.#navigate(path, false));
  }

  #navigate(path: string, replace: boolean): void {
    if (replace) window.history.replaceState(null, '', path);
    else if (path !== window.location.pathname) window.history.pushState(null, '', path);
    this.#go(path, false);
  }

  /** Runs `go` when the guard lets the user leave for `path`. */
  #ask(path: string, go: () => void): void {
    const allowed = this.guard?.(path) ?? true;
    if (allowed === true) go();
    else if (allowed !== false) void allowed.then((ok) => ok && go());
  }

  /**
   * Back or forward: the browser changed the URL already. While the guard asks, the page's own
   * URL comes back (a new entry: the history cannot be rewound to where it was).
   */
  #onPopState(): void {
    const target = window.location.pathname;
    const here = this.#path;
    const allowed = this.guard?.(target) ?? true;
    if (allowed === true) {
      this.#go(target, false);
      return;
    }
    window.history.pushState(null, '', here);
    if (allowed !== false) void allowed.then((ok) => ok && this.#navigate(target, false));
  }

  #go(path: string, push: boolean): void {
    if (push) window.history.pushState(null, '', path);
    this.#path = path;
    this.#location = this.#resolve(path);
    this.dispatchEvent(new Event('change'));
  }

  #resolve(path: string): Location {
    const [first = '', ...params] = path.replace(/^\/+/, '').split('/').map(decodeURIComponent);
    const route = this.#routes.find((r) => r.name === first) ?? (this.#routes[0] as Route);
    return { route, params: route.name === first ? params : [] };
  }

  /** Follows a plain left click on a same-origin link inside the app without reloading. */
  #onClick(event: MouseEvent): void {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event
      .composedPath()
      .find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement);
    if (!link || link.target || link.hasAttribute('download')) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    this.navigate(url.pathname);
  }
}
