import type { CSSResult, PropertyValues, TemplateResult } from 'lit';
import { type HtmlTag, partPrefixedHtml } from './part-prefix.js';

/** How a view is made. */
export interface ViewOptions {
  /**
   * Put before every part name the view renders (`time-` makes `label` `time-label`): for views
   * shown where their parts need names of their own. The checkbox, integer and number views honour
   * it (the smoothing block's options).
   */
  partPrefix?: string;
}

/**
 * Where a view lives: a custom element that shows it in its shadow root (`gk-checkbox`…), or an
 * element inside a bigger template (an option of `<gk-effect-form>`, an item of a list) that the
 * {@link viewIn} directive renders it into.
 */
export interface ViewHost {
  /** The element the view's events are dispatched from. */
  readonly element: HTMLElement;
  /** Where the view's content is, to find its controls (a shadow root, or `element` itself). */
  readonly root: ParentNode;
  /** Schedules a render of the view. */
  requestUpdate(): void;
  /** Resolves when no render is pending any more. */
  readonly updateComplete: Promise<boolean>;
  /** Whether a render is scheduled and not done yet. */
  readonly isUpdatePending: boolean;
}

/**
 * The state and template of one control, apart from where it is shown. A custom element is one
 * way to host it; a form hosts dozens of views in its own shadow root instead, which spares each
 * option a custom element, a shadow root and a render cycle of its own: those made up most of the
 * time a small form took to appear.
 *
 * Subclasses keep Lit's element idioms: properties that call {@link View.requestUpdate} when set,
 * {@link View.willUpdate} with the changed properties, {@link View.render} returning a template.
 */
export abstract class View {
  /** Styles of the view's content, written for a shadow root: `:host` is the view's host. */
  static styles: CSSResult[] = [];
  /** The kind of view, which the styles of a host of many views are scoped by. */
  static kind = 'view';

  /**
   * The template tag of the view's templates: Lit's `html`, renaming the parts when the view was
   * made with a {@link ViewOptions.partPrefix}.
   */
  protected readonly html: HtmlTag;

  constructor(options: ViewOptions = {}) {
    this.html = partPrefixedHtml(options.partPrefix ?? '');
  }

  #host: ViewHost | undefined;
  #changed = new Map<PropertyKey, unknown>();
  #rendering = false;
  #assigning = false;
  #connected = false;
  #rendered = false;

  /** The host showing this view, once attached. */
  protected get host(): ViewHost | undefined {
    return this.#host;
  }

  /** The view's kind (see {@link View.kind}). */
  get kind(): string {
    return (this.constructor as typeof View).kind;
  }

  /** Where the view's content is rendered; query controls here. */
  get renderRoot(): ParentNode | undefined {
    return this.#host?.root;
  }

  /** The element the view's events come from. */
  get hostElement(): HTMLElement | undefined {
    return this.#host?.element;
  }

  /** Resolves once the view's pending render, if any, is done. */
  get updateComplete(): Promise<boolean> {
    return this.#host?.updateComplete ?? Promise.resolve(true);
  }

  /** Whether the view was rendered at least once. */
  get hasRendered(): boolean {
    return this.#rendered;
  }

  /** Whether a render of the view is scheduled. */
  get isUpdatePending(): boolean {
    return this.#host?.isUpdatePending ?? false;
  }

  /** Shows the view in a host (replacing any earlier one). */
  attach(host: ViewHost): void {
    this.#host = host;
  }

  /** The host was connected to a document: the view may subscribe to outside changes. */
  connected(): void {
    this.#connected = true;
  }

  /** The host left the document: the view drops its subscriptions. */
  disconnected(): void {
    this.#connected = false;
  }

  /** Whether the view's host is in a document. */
  protected get isConnected(): boolean {
    return this.#connected;
  }

  /**
   * Records a changed property and schedules a render, like a Lit element's `requestUpdate`.
   * Properties set in {@link View.willUpdate}, or by the host through {@link View.assign}, render
   * with the render in progress instead of scheduling another.
   */
  requestUpdate(name?: PropertyKey, oldValue?: unknown): void {
    if (name !== undefined && !this.#changed.has(name)) this.#changed.set(name, oldValue);
    if (!this.#rendering && !this.#assigning) this.#host?.requestUpdate();
  }

  /** Sets properties from a host that renders the view right after (no render is scheduled). */
  assign(properties: Partial<this>): void {
    this.#assigning = true;
    try {
      Object.assign(this, properties);
    } finally {
      this.#assigning = false;
    }
  }

  /** The host's render: runs {@link View.willUpdate} with what changed, then the template. */
  template(): TemplateResult {
    // Properties set in willUpdate join the changes of this render, as in Lit.
    this.#rendered = true;
    this.#rendering = true;
    const changed = this.#changed as PropertyValues;
    try {
      this.willUpdate(changed);
    } finally {
      this.#rendering = false;
      this.#changed = new Map();
    }
    return this.renderTemplate();
  }

  /** Renders the template once {@link View.willUpdate} ran; a subclass may wrap it. */
  protected renderTemplate(): TemplateResult {
    return this.render();
  }

  /** Before each render, with the properties changed since the last one and their old values. */
  protected willUpdate(_changed: PropertyValues): void {}

  /** The view's content. */
  protected abstract render(): TemplateResult;

  /** Sends an event from the host element. */
  dispatchEvent(event: Event): boolean {
    return this.#host?.element.dispatchEvent(event) ?? true;
  }
}

/**
 * Resolves once every view among `views` that has a render scheduled has rendered: for hosts of
 * many views (the form, the smoothing block), whose own update does not wait for theirs.
 */
export async function viewsRendered(views: Iterable<View>): Promise<void> {
  const pending: Promise<boolean>[] = [];
  for (const view of views) if (view.isUpdatePending) pending.push(view.updateComplete);
  if (pending.length > 0) await Promise.all(pending);
}

/** Whether a property changed: like Lit's default check, NaN counts as equal to itself. */
const changed = (value: unknown, old: unknown): boolean => !Object.is(value, old);

/**
 * Gives a view class properties like a Lit element's reactive properties: reading one gives its
 * value (`initial` until set), setting a different value records the change and schedules a
 * render. Declare them in the class (`declare name: string;`) for their types and docs.
 */
export function viewProperties(
  viewClass: abstract new (...args: never[]) => View,
  initial: Readonly<Record<string, unknown>>,
): void {
  for (const [name, value] of Object.entries(initial)) {
    const slot = Symbol(name);
    Object.defineProperty(viewClass.prototype, name, {
      configurable: true,
      get(this: View & Record<symbol, unknown>) {
        return slot in this ? this[slot] : value;
      },
      set(this: View & Record<PropertyKey, unknown>, next: unknown) {
        const old = this[name];
        this[slot] = next;
        if (changed(next, old)) this.requestUpdate(name, old);
      },
    });
  }
}
