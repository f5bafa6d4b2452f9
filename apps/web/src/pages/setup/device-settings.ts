import '@glowkit/elements/effect-form';
import {
  defineElement,
  type GkEffectForm,
  TranslationController,
} from '@glowkit/elements/components';
import type { Resolver } from '@glowkit/i18n';
import type { GroupFormSchema } from '@glowkit/protocol';
import { css, html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import type { ServerConnection } from '../../api/connection.js';
import { pageStyles } from '../../app/page.styles.js';
import { AUTO_PORT } from './port-chooser.js';
import './port-chooser.js';
import { deviceFormSchema, type Json, SERIAL_TYPES, switchDeviceType } from './setup-data.js';

/** The type a device group without one runs as (the engine's default). */
const DEFAULT_TYPE = 'virtual';

/**
 * The instance's LED device: its type, the serial port for serial types, and the type's own keys
 * in `<gk-effect-form>` from the server's form of that type. Switching the type swaps the form,
 * keeping the values of the keys both types have, except the old type's defaults the user did not
 * type, which become the new type's. Keys the form does not show (another version's,
 * Hyperion.ng's legacy keys) are kept as they were.
 *
 * @fires device-change - the device's value or validity changed (read `value` and `valid`)
 */
export class GkDeviceSettings extends LitElement {
  static override styles = [
    pageStyles,
    css`
      .field {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: calc(var(--_space) / 3);
        margin-block-end: var(--_space);
        max-inline-size: 30rem;
      }
      .notice {
        padding: var(--_space) calc(var(--_space) * 1.5);
        border-inline-start: 4px solid var(--_error);
        background: color-mix(in srgb, var(--_error) 10%, transparent);
      }
      gk-port-chooser {
        max-inline-size: 30rem;
      }
    `,
  ];

  @property({ attribute: false }) translator: Resolver | undefined = undefined;
  /** Lists the serial ports. */
  @property({ attribute: false }) connection: ServerConnection | undefined = undefined;
  /** The server's `device` forms, by type (`config getschema` → `devices`). */
  @property({ attribute: false }) schemas: Record<string, GroupFormSchema> = {};
  /** The stored device group; setting it starts afresh from it. */
  @property({ attribute: false }) device: Json = {};
  @property({ type: Boolean }) disabled: boolean = false;
  @state() private _type: string = DEFAULT_TYPE;

  /** Every key of the device the form does not edit: the type, the port, unknown keys. */
  #base: Json = {};
  /**
   * What the form is given: a new object only when the form must start from it. (The form takes
   * any value it is set to as a fresh start, and Lit sets object bindings on every render: the
   * binding is guarded by this object's identity.)
   */
  #formValue: Json = {};
  /**
   * The form's schema, made once per type: a new schema object would make the form start
   * again from its given value, losing what was typed.
   */
  #formSchema: { for: GroupFormSchema; type: string; schema: GroupFormSchema } | undefined;
  /** The keys the user set since the device was given: a switch of type keeps their values. */
  #typed = new Set<string>();

  constructor() {
    super();
    new TranslationController(this, () => this.translator);
  }

  #t(key: string, vars?: Record<string, unknown>): string {
    return this.translator ? this.translator.t(key, vars) : key;
  }

  get #form(): GkEffectForm | null {
    return this.renderRoot.querySelector('gk-effect-form');
  }

  /** The device group as edited: the stored keys, then the form's values, the type and port. */
  get value(): Json {
    return { ...this.#base, ...(this.#form?.value ?? {}), type: this._type };
  }

  /** Whether the device can be saved: every shown option valid, and a port for serial types. */
  get valid(): boolean {
    if (this.#form && !this.#form.valid) return false;
    if (SERIAL_TYPES.has(this._type)) return String(this.#base.output ?? '').trim() !== '';
    return true;
  }

  /** The LED count set now (`hardwareLedCount`), if any. */
  get ledCount(): number | undefined {
    const count = this.value.hardwareLedCount;
    return typeof count === 'number' ? count : undefined;
  }

  /** Sets the LED count (the layout generator offers it when the counts differ). */
  setLedCount(count: number): void {
    this.#formValue = { ...this.value, hardwareLedCount: count };
    this.requestUpdate();
    void this.#changed();
  }

  /** Resolves once the device and its form have rendered. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await this.#form?.updateComplete;
    return done;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('device')) {
      const device = this.device;
      const type = typeof device.type === 'string' && device.type ? device.type : DEFAULT_TYPE;
      this._type = type.toLowerCase();
      this.#base = { ...device, type: this._type };
      this.#formValue = { ...device };
      this.#typed = new Set();
    }
  }

  /** Notes the key the user set, then tells the page. */
  #onFormEdit = (event: Event): void => {
    const name = (event as CustomEvent<{ name?: unknown }>).detail?.name;
    if (typeof name === 'string') this.#typed.add(name);
    void this.#changed();
  };

  /** Tells the page, once the form shows the change. */
  async #changed(): Promise<void> {
    await this.updateComplete;
    this.dispatchEvent(new Event('device-change', { bubbles: true, composed: true }));
  }

  #switchType(type: string): void {
    const next = switchDeviceType(this.value, type, this.schemas[type], {
      previous: this.schemas[this._type],
      typed: this.#typed,
    });
    // A serial device without a port looks for its USB serial port itself.
    if (SERIAL_TYPES.has(type) && typeof next.output !== 'string') next.output = AUTO_PORT;
    this._type = type;
    this.#base = next;
    this.#formValue = next;
    void this.#changed();
  }

  #schemaFor(schema: GroupFormSchema, type: string): GroupFormSchema {
    const cached = this.#formSchema;
    if (cached?.for === schema && cached.type === type) return cached.schema;
    const made = deviceFormSchema(schema, type);
    this.#formSchema = { for: schema, type, schema: made };
    return made;
  }

  #typeLabel(type: string): string {
    const key = `web_setup_type_${type}`;
    return this.translator?.has(key) || this.translator?.has(key, 'en') ? this.#t(key) : type;
  }

  protected override render(): TemplateResult {
    const types = Object.keys(this.schemas).sort();
    const known = types.includes(this._type);
    const schema = this.schemas[this._type];
    const serial = SERIAL_TYPES.has(this._type);
    return html`<div class="field">
        <label for="type">${this.#t('web_setup_device_type')}</label>
        <select
          id="type"
          ?disabled=${this.disabled}
          @change=${(e: Event) => this.#switchType((e.target as HTMLSelectElement).value)}
        >
          ${known ? nothing : html`<option value=${this._type} selected>${this._type}</option>`}
          ${types.map(
            (type) =>
              html`<option value=${type} ?selected=${type === this._type}>
                ${this.#typeLabel(type)}
              </option>`,
          )}
        </select>
      </div>
      ${
        known
          ? nothing
          : html`<p class="notice" role="status">
              ${this.#t('web_setup_type_unknown', { type: this._type })}
            </p>`
      }
      ${
        serial
          ? html`<gk-port-chooser
              .connection=${this.connection}
              .translator=${this.translator}
              .deviceType=${this._type}
              .value=${String(this.#base.output ?? AUTO_PORT)}
              @port-change=${(e: CustomEvent<{ value: string }>) => {
                this.#base = { ...this.#base, output: e.detail.value };
                void this.#changed();
              }}
            ></gk-port-chooser>`
          : nothing
      }
      ${
        schema
          ? html`<gk-effect-form
              .schema=${this.#schemaFor(schema, this._type)}
              .value=${guard([this.#formValue], () => this.#formValue)}
              .translator=${this.translator}
              .heading=${false}
              ?disabled=${this.disabled}
              @input=${this.#onFormEdit}
              @change=${this.#onFormEdit}
            ></gk-effect-form>`
          : nothing
      }`;
  }
}

defineElement('gk-device-settings', GkDeviceSettings);

declare global {
  interface HTMLElementTagNameMap {
    'gk-device-settings': GkDeviceSettings;
  }
}
