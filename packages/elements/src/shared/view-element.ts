import { LitElement, type TemplateResult } from 'lit';
import type { View } from './view.js';

/**
 * A custom element that shows one {@link View} in its shadow root: the view holds the state and
 * the template, the element gives it a tag, styles and a place in any page.
 */
export abstract class ViewElement<V extends View> extends LitElement {
  /** The view this element shows. */
  readonly view: V;

  constructor() {
    super();
    this.view = this.createView();
    const element = this;
    this.view.attach({
      element,
      get root() {
        return element.renderRoot;
      },
      requestUpdate: () => element.requestUpdate(),
      get updateComplete() {
        return element.updateComplete;
      },
      get isUpdatePending() {
        return element.isUpdatePending;
      },
    });
  }

  /** Creates the view, once, in the constructor. */
  protected abstract createView(): V;

  /**
   * Sets a property of the view and tells Lit, so that reflected attributes follow: the element's
   * properties are the view's.
   */
  protected setViewProperty<K extends keyof V>(name: K, value: V[K]): void {
    const old = this.view[name];
    this.view[name] = value;
    this.requestUpdate(name as PropertyKey, old);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.view.connected();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.view.disconnected();
  }

  protected override render(): TemplateResult {
    return this.view.template();
  }
}

/** A view that validates what it holds, like a form control. */
export interface ValidatingView extends View {
  readonly valid: boolean;
  readonly validationMessage: string;
  checkValidity(): boolean;
  reportValidity(): boolean;
  focus(options?: FocusOptions): void;
}

/** An element showing a {@link ValidatingView}, with a form control's validity API. */
export abstract class ValidatingViewElement<V extends ValidatingView> extends ViewElement<V> {
  /** Whether the value is valid (hidden parts never count). */
  get valid(): boolean {
    return this.view.valid;
  }

  /** The message for the first problem, in the current language; empty when valid. */
  get validationMessage(): string {
    return this.view.validationMessage;
  }

  /** Like a form control's `checkValidity()`: true when valid. */
  checkValidity(): boolean {
    return this.view.checkValidity();
  }

  /** Like a form control's `reportValidity()`: focuses the first invalid control when invalid. */
  reportValidity(): boolean {
    return this.view.reportValidity();
  }

  override focus(options?: FocusOptions): void {
    this.view.focus(options);
  }
}

/**
 * Makes properties of an element class stand for the same properties of its view: reading one
 * reads the view's, setting one sets the view's and tells Lit (reflected attributes follow).
 * Declare them in the class (`declare name: string;`) and list them in its `static properties`
 * with `noAccessor: true`.
 */
export function viewElementProperties(
  elementClass: abstract new (...args: never[]) => ViewElement<View>,
  names: readonly string[],
): void {
  for (const name of names) {
    Object.defineProperty(elementClass.prototype, name, {
      configurable: true,
      get(this: ViewElement<View>) {
        return (this.view as unknown as Record<string, unknown>)[name];
      },
      set(this: ViewElement<View>, value: unknown) {
        this.setViewProperty(name as keyof View, value as never);
      },
    });
  }
}
