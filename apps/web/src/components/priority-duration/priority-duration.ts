import { defineElement, TranslationController } from '@glowkit/elements/components';
import type { Resolver } from '@glowkit/i18n';
import { MAX_PRIORITY, MIN_PRIORITY } from '@glowkit/protocol';
import { html, LitElement, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { pageStyles } from '../../app/page.styles.js';
import { priorityDurationStyles } from './priority-duration.styles.js';
import {
  DEFAULT_PRIORITY,
  DURATION_STEP_S,
  MAX_DURATION_S,
  type PriorityDuration,
  priorityDurationOf,
  priorityOf,
} from './rules.js';

/**
 * The priority and duration fields of every page that shows a colour or runs an effect, with one
 * set of rules (see rules.ts): a priority from 1 to 253, and a duration in seconds to the tenth,
 * empty for until cleared. The browser checks the fields as it checks any (its own messages);
 * `value` reads them, `reportValidity()` shows what is wrong. Enter in a field submits the form
 * the element is in, as in any field of it. Events: `input` as a field is typed in, `change`
 * when one is committed (both bubble out of the element).
 *
 * Usage: `<gk-priority-duration .translator=${t} .durationHint=${'Leave empty…'}></gk-priority-duration>`.
 *
 * @tag gk-priority-duration
 */
export class GkPriorityDuration extends LitElement {
  static override styles = [pageStyles, priorityDurationStyles];

  /** The UI's translator (the labels are phrases). */
  @property({ attribute: false }) translator: Resolver | undefined = undefined;
  /** The priority field, as typed. */
  @property() priority = String(DEFAULT_PRIORITY);
  /** The duration field in seconds, as typed; empty: until cleared. */
  @property() seconds = '';
  /** What an empty duration means on this page, said under the field. */
  @property({ attribute: 'duration-hint' }) durationHint = '';
  /** Whether the fields take no input now. */
  @property({ type: Boolean }) disabled = false;

  constructor() {
    super();
    new TranslationController(this, () => this.translator);
  }

  /** Where and for how long, as the fields say it; undefined while either is invalid. */
  get value(): PriorityDuration | undefined {
    return priorityDurationOf(this.priority, this.seconds);
  }

  /** Whether both fields are valid; shows the browser's message at the first that is not. */
  reportValidity(): boolean {
    const inputs = [...this.renderRoot.querySelectorAll('input')];
    return inputs.every((input) => input.reportValidity()) && this.value !== undefined;
  }

  /**
   * The priority alone (what Clear needs), or undefined with the browser's message shown when it
   * is invalid.
   */
  reportPriority(): number | undefined {
    const input = this.renderRoot.querySelector<HTMLInputElement>('#priority');
    return input?.reportValidity() ? priorityOf(this.priority) : undefined;
  }

  #t(key: string, vars?: Record<string, unknown>): string {
    return this.translator ? this.translator.t(key, vars) : key;
  }

  #input(event: Event): void {
    const input = event.target as HTMLInputElement;
    if (input.name === 'priority') this.priority = input.value;
    else this.seconds = input.value;
  }

  #change(): void {
    // A field's own change event stays in the shadow root.
    this.dispatchEvent(new Event('change', { bubbles: true }));
  }

  #keydown(event: KeyboardEvent): void {
    if (event.key !== 'Enter') return;
    // The form is outside the shadow root: Enter would not reach it by itself.
    event.preventDefault();
    this.closest('form')?.requestSubmit();
  }

  protected override render(): TemplateResult {
    return html`<div class="fields" @keydown=${this.#keydown}>
      <div class="field">
        <label for="priority">
          ${this.#t('web_priority_label', { min: MIN_PRIORITY, max: MAX_PRIORITY })}
        </label>
        <input
          id="priority"
          name="priority"
          type="number"
          inputmode="numeric"
          required
          min=${MIN_PRIORITY}
          max=${MAX_PRIORITY}
          step="1"
          .value=${this.priority}
          ?disabled=${this.disabled}
          @input=${this.#input}
          @change=${this.#change}
        />
      </div>
      <div class="field">
        <label for="duration">${this.#t('web_duration_label')}</label>
        <input
          id="duration"
          name="duration"
          type="number"
          inputmode="decimal"
          min=${DURATION_STEP_S}
          max=${MAX_DURATION_S}
          step=${DURATION_STEP_S}
          aria-describedby="duration-hint"
          .value=${this.seconds}
          ?disabled=${this.disabled}
          @input=${this.#input}
          @change=${this.#change}
        />
        <p id="duration-hint" class="hint muted">${this.durationHint}</p>
      </div>
    </div>`;
  }
}

defineElement('gk-priority-duration', GkPriorityDuration);

declare global {
  interface HTMLElementTagNameMap {
    'gk-priority-duration': GkPriorityDuration;
  }
}
