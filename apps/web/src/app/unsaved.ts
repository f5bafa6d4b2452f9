/**
 * The unsaved-changes contract between pages and the app: an element with edits not yet saved
 * dispatches {@link unsavedEvent} (`gk-unsaved`, `{ key, dirty }`); the app keeps the set of dirty
 * keys, asks before an in-app navigation while it is not empty, and sets `beforeunload` so that
 * the browser asks before a reload or closing the tab.
 */

/** The event's name. */
export const UNSAVED_EVENT = 'gk-unsaved';

/** What `gk-unsaved` carries: whose edits (one key per editor) and whether some are unsaved. */
export interface UnsavedDetail {
  key: string;
  dirty: boolean;
}

/** The event an editor dispatches from itself when its edits become unsaved, or saved again. */
export function unsavedEvent(key: string, dirty: boolean): CustomEvent<UnsavedDetail> {
  return new CustomEvent(UNSAVED_EVENT, { bubbles: true, composed: true, detail: { key, dirty } });
}

/**
 * The dirty keys of the elements below `root`, each with the element that said so. An element
 * taken off the page no longer counts, even when its last word was "dirty": an event dispatched
 * from `disconnectedCallback` cannot reach the app any more (the element is out of the tree).
 */
export class UnsavedChanges {
  readonly #dirty = new Map<string, EventTarget>();
  readonly #beforeUnload = (event: BeforeUnloadEvent): void => {
    if (!this.dirty) return;
    event.preventDefault();
    // Older browsers ask only when a value is returned.
    event.returnValue = '';
  };
  #listening = false;

  constructor(root: EventTarget) {
    root.addEventListener(UNSAVED_EVENT, (event) => {
      const { detail } = event as CustomEvent<Partial<UnsavedDetail>>;
      if (typeof detail?.key !== 'string') return;
      if (detail.dirty) this.#dirty.set(detail.key, event.composedPath()[0] ?? root);
      else this.#dirty.delete(detail.key);
      this.#follow();
    });
  }

  /** Whether some edits on the page are unsaved. */
  get dirty(): boolean {
    for (const [key, target] of this.#dirty) {
      if (target instanceof Node && !target.isConnected) this.#dirty.delete(key);
    }
    this.#follow();
    return this.#dirty.size > 0;
  }

  /** Forgets every key: the user chose to leave them. */
  clear(): void {
    this.#dirty.clear();
    this.#follow();
  }

  /** `beforeunload` only while something is dirty: the listener keeps a page out of the back-forward cache. */
  #follow(): void {
    const want = this.#dirty.size > 0;
    if (want === this.#listening) return;
    this.#listening = want;
    if (want) window.addEventListener('beforeunload', this.#beforeUnload);
    else window.removeEventListener('beforeunload', this.#beforeUnload);
  }
}
