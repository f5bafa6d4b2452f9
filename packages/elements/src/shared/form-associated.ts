import type { LitElement } from 'lit';

// biome-ignore lint/suspicious/noExplicitAny: a mixin's constructor takes whatever its base takes.
type Constructor<T> = abstract new (...args: any[]) => T;

/** What a form-associated element reports to its `<form>`. */
export interface FormState {
  /** What is submitted under the element's `name`; null submits nothing. */
  value: string | null;
  /** Why the element blocks submission, in the current language; '' when it does not. */
  message: string;
  /** The control the browser points at when it reports `message`. */
  anchor?: HTMLElement | undefined;
}

/**
 * What {@link FormAssociated} adds to a class. Declared apart from the mixin's class so that the
 * mixin's type names only public members (TypeScript cannot describe an anonymous class that
 * extends one with private members, as LitElement has).
 */
export declare abstract class FormAssociatedElement {
  static formAssociated: boolean;
  /** The `<form>` the element belongs to, like a native control's. */
  get form(): HTMLFormElement | null;
  /** Whether an ancestor `<fieldset disabled>` disables the element. */
  get disabledByForm(): boolean;
  /** What the element reports to its form now. */
  abstract formState(): FormState;
  /** Back to the initial value (the form was reset). */
  abstract formReset(): void;
  /** Takes back a value this element submitted earlier (`formState().value`). */
  abstract formRestore(state: string): void;
  /** Tells the owning form the current value and validity, when either changed. */
  syncFormState(): void;
  formAssociatedCallback(form: HTMLFormElement | null): void;
  formDisabledCallback(disabled: boolean): void;
  formResetCallback(): void;
  formStateRestoreCallback(state: string | File | FormData | null): void;
}

/**
 * Makes an element a form control, like a native one: inside a `<form>` it submits what
 * {@link FormAssociatedElement.formState} says under its `name` and blocks submission while invalid,
 * follows a `<fieldset disabled>` around it, takes part in form reset and in the browser's restore
 * of form state (back/forward, autofill). Outside a form it costs nothing: its `ElementInternals`
 * is made when a form first owns it, and the state is reported only while one does.
 */
export function FormAssociated<T extends Constructor<LitElement>>(
  Base: T,
): T & Constructor<FormAssociatedElement> {
  abstract class Mixed extends Base {
    static formAssociated = true;

    /**
     * Made when a form first owns the element: most elements never join one (the options of a
     * `<gk-effect-form>` live in its shadow root), and they need none.
     */
    #internals: ElementInternals | undefined;
    #disabledByForm = false;
    #reported: FormState | undefined;

    /** The `<form>` the element belongs to, like a native control's. */
    get form(): HTMLFormElement | null {
      return this.#internals?.form ?? null;
    }

    /** Whether an ancestor `<fieldset disabled>` disables the element. */
    get disabledByForm(): boolean {
      return this.#disabledByForm;
    }

    /** What the element reports to its form now. */
    abstract formState(): FormState;
    /** Back to the initial value (the form was reset). */
    abstract formReset(): void;
    /** Takes back a value this element submitted earlier (`formState().value`). */
    abstract formRestore(state: string): void;

    /** Tells the owning form the current value and validity, when either changed. */
    syncFormState(): void {
      const internals = this.#internals;
      if (!internals?.form) return;
      const state = this.formState();
      const last = this.#reported;
      if (last?.value !== state.value) internals.setFormValue(state.value);
      if (last?.message === state.message && last.anchor === state.anchor) {
        this.#reported = state;
        return;
      }
      this.#reported = state;
      if (state.message) internals.setValidity({ customError: true }, state.message, state.anchor);
      else internals.setValidity({});
    }

    /** Called when the element joins or leaves a form. */
    formAssociatedCallback(form: HTMLFormElement | null): void {
      if (form !== null) this.#internals ??= this.attachInternals();
      this.#reported = undefined;
      this.syncFormState();
    }

    /** Called when an ancestor `<fieldset disabled>` disables or re-enables the element. */
    formDisabledCallback(disabled: boolean): void {
      // The browser calls this for the element's own `disabled` attribute too: that case is the
      // element's `disabled` property already, and counting it here would take a second render.
      const byForm = disabled && !this.hasAttribute('disabled');
      if (byForm === this.#disabledByForm) return;
      this.#disabledByForm = byForm;
      this.requestUpdate();
    }

    /** Called by the owning `<form>` on reset. */
    formResetCallback(): void {
      this.formReset();
    }

    /** Called when the browser restores the form's state. */
    formStateRestoreCallback(state: string | File | FormData | null): void {
      if (typeof state === 'string') this.formRestore(state);
    }
  }
  return Mixed as unknown as T & Constructor<FormAssociatedElement>;
}
