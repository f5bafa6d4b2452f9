import { defineElement } from '@glowkit/elements/components';
import type { ComponentName } from '@glowkit/protocol';
import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Action } from '../../app/action.js';
import { GkPage } from '../../app/page.js';
import { setBrightness, switchComponent } from '../../data/calls.js';
import { switchedOn } from '../../pages/overview/instance-state.js';
import { renderError } from '../error-message/error-message.js';
import { instanceControlsStyles } from './instance-controls.styles.js';

/** The switches: the whole instance, and its LED output. */
const SWITCHES: ReadonlyArray<{ component: ComponentName; phrase: string }> = [
  { component: 'ALL', phrase: 'web_overview_switch_all' },
  { component: 'LEDDEVICE', phrase: 'web_overview_switch_leddevice' },
];

/** Brightness requests while the slider moves: at most one per this many ms. */
const BRIGHTNESS_EVERY_MS = 120;

/**
 * An instance's on/off switches (ALL, LEDDEVICE) and brightness: on the overview's cards, and at
 * the top of the Colour page (where a phone shows them first). Reads the instance's state from the store; disabled while the
 * connection is down.
 */
export class GkInstanceControls extends GkPage {
  static override styles = [...GkPage.styles, instanceControlsStyles];

  /** The instance the controls act on. */
  @property({ type: Number }) instance = 0;
  /** Whether the switches' legend ("Switches") shows, as on the overview's card; else for screen readers only. */
  @property({ type: Boolean, attribute: 'show-legend' }) showLegend = false;
  /** Components whose switch waits for the server. */
  @state() private _pending = new Set<ComponentName>();
  /** The brightness while the user moves the slider (the server's value shows otherwise). */
  @state() private _brightness: number | undefined = undefined;

  readonly #request = new Action(this, (send: () => Promise<void>) => send());
  #brightnessTimer = 0;
  #brightnessSent: number | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.clearTimeout(this.#brightnessTimer);
  }

  async #switch(component: ComponentName, event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    const on = input.checked;
    this._pending = new Set([...this._pending, component]);
    const done = await this.#request.run(() =>
      switchComponent(this.ctx.connection, this.instance, component, on),
    );
    const pending = new Set(this._pending);
    pending.delete(component);
    this._pending = pending;
    // Refused: the switch goes back to what the server has.
    if (!done) input.checked = !on;
  }

  /** The slider moved: send now, then at most every {@link BRIGHTNESS_EVERY_MS} while it moves. */
  #brightnessInput(event: Event): void {
    this._brightness = Number((event.target as HTMLInputElement).value);
    if (this.#brightnessTimer !== 0) return;
    void this.#sendBrightness();
    this.#brightnessTimer = window.setTimeout(() => {
      this.#brightnessTimer = 0;
      if (this._brightness !== this.#brightnessSent) void this.#sendBrightness();
    }, BRIGHTNESS_EVERY_MS);
  }

  /** The slider was let go: send the final value, then show the server's again. */
  async #brightnessChange(event: Event): Promise<void> {
    window.clearTimeout(this.#brightnessTimer);
    this.#brightnessTimer = 0;
    this._brightness = Number((event.target as HTMLInputElement).value);
    await this.#sendBrightness();
    if (this.#brightnessTimer === 0) this._brightness = undefined;
  }

  async #sendBrightness(): Promise<void> {
    const brightness = this._brightness;
    if (brightness === undefined) return;
    this.#brightnessSent = brightness;
    await this.#request.run(() => setBrightness(this.ctx.connection, this.instance, brightness));
  }

  protected override render(): TemplateResult | typeof nothing {
    const state = this.ctx?.store.state(this.instance);
    if (!state) return nothing;
    const offline = this.ctx.connection.state !== 'open';
    const brightness = this._brightness ?? state.brightness;
    return html`<div class="controls">
        <fieldset>
          <legend class=${this.showLegend ? '' : 'visually-hidden'}>
            ${this.t('web_overview_switches')}
          </legend>
          ${SWITCHES.map(
            ({ component, phrase }) => html`<label class="switch">
              <input
                type="checkbox"
                role="switch"
                data-component=${component}
                .checked=${switchedOn(state, component)}
                ?disabled=${offline || this._pending.has(component) || !(component in state.components)}
                @change=${(e: Event) => void this.#switch(component, e)}
              />
              <span>${this.t(phrase)}</span>
            </label>`,
          )}
        </fieldset>
        ${
          brightness === undefined
            ? nothing
            : html`<div class="brightness">
                <label for="brightness">${this.t('web_overview_brightness')}</label>
                <input
                  id="brightness"
                  type="range"
                  min="0"
                  max="100"
                  step="1"
                  ?disabled=${offline}
                  .value=${String(brightness)}
                  aria-valuetext=${`${brightness} %`}
                  @input=${this.#brightnessInput}
                  @change=${this.#brightnessChange}
                />
                <output for="brightness" aria-hidden="true">${brightness} %</output>
              </div>`
        }
      </div>
      ${renderError(this.#request.error)}`;
  }
}

defineElement('gk-instance-controls', GkInstanceControls);

declare global {
  interface HTMLElementTagNameMap {
    'gk-instance-controls': GkInstanceControls;
  }
}
