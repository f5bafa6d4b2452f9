import { type ChildPart, noChange, nothing } from 'lit';
import { AsyncDirective, directive, type PartInfo, PartType } from 'lit/async-directive.js';
import type { View, ViewHost } from './view.js';

/**
 * Renders a view at a child position of a template and lets it re-render itself there, without
 * the surrounding template: typing in one option of a 300-option form renders that option only.
 * The element around the position is the view's host element (its events come from there).
 */
class ViewDirective extends AsyncDirective implements ViewHost {
  #view: View | undefined;
  #element: HTMLElement | undefined;
  #pending: Promise<boolean> | undefined;
  /** Counts renders, so that a scheduled render the parent already did is skipped. */
  #renders = 0;
  /** Whether the view was rendered here yet (a deferred view is not, until it asks to be). */
  #shown = false;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.CHILD) throw new Error('viewIn() only renders at a child position');
  }

  get element(): HTMLElement {
    if (!this.#element) throw new Error('the view is not rendered yet');
    return this.#element;
  }

  get root(): ParentNode {
    return this.element;
  }

  get isUpdatePending(): boolean {
    return this.#pending !== undefined;
  }

  get updateComplete(): Promise<boolean> {
    return this.#pending ?? Promise.resolve(true);
  }

  requestUpdate(): void {
    if (this.#pending) return;
    const scheduled = this.#renders;
    this.#pending = Promise.resolve().then(() => {
      this.#pending = undefined;
      const view = this.#view;
      if (view && this.isConnected && this.#renders === scheduled) {
        this.#renders += 1;
        this.#shown = true;
        this.setValue(view.template());
      }
      return true;
    });
  }

  override update(part: ChildPart, [view, deferred]: [View, boolean?]): unknown {
    this.#element = part.parentNode as HTMLElement;
    if (view !== this.#view) {
      this.#view?.disconnected();
      this.#view = view;
      view.attach(this);
      if (this.isConnected) view.connected();
    }
    this.#renders += 1;
    if (deferred && !this.#shown) return nothing;
    this.#shown = true;
    return this.render(view);
  }

  render(view: View, _deferred?: boolean): unknown {
    return view ? view.template() : noChange;
  }

  protected override disconnected(): void {
    this.#view?.disconnected();
  }

  protected override reconnected(): void {
    this.#view?.connected();
  }
}

/**
 * Shows a {@link View} here, e.g. `<div class="option">${viewIn(view)}</div>`; the same view
 * object keeps its state from render to render. `deferred`: render nothing until the view first
 * asks to render (its `requestUpdate()`) or is rendered without `deferred`; options hidden by
 * their dependencies wait this way until they are shown.
 */
export const viewIn = directive(ViewDirective);
