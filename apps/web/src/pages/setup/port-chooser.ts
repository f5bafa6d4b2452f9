import { defineElement, TranslationController } from '@glowkit/elements/components';
import type { Resolver } from '@glowkit/i18n';
import type { DiscoveredSerialPort } from '@glowkit/protocol';
import { css, html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import type { ServerConnection } from '../../api/connection.js';
import { Action } from '../../app/action.js';
import { pageStyles } from '../../app/page.styles.js';
import { renderError } from '../../components/error-message/error-message.js';
import { discoverDevices } from '../../data/calls.js';

/** What `port-change` carries: the new value of the device's `output` key. */
export interface PortChangeDetail {
  value: string;
}

/** The `output` value that asks the device to find its USB serial port itself. */
export const AUTO_PORT = 'auto';
/** The select's value for "a path typed by hand" (no port path starts with a space). */
const OTHER = ' other';

/** A port's line in the list: its path, then what is known of the device. */
function describePort(port: DiscoveredSerialPort): string {
  const ids = port.vendorId && port.productId ? `${port.vendorId}:${port.productId}` : '';
  const about = [port.manufacturer, ids, port.serialNumber].filter(Boolean).join(', ');
  return about ? `${port.portName} (${about})` : port.portName;
}

/**
 * The serial port of a serial LED device: the ports the server sees (`leddevice discover`), with
 * Refresh, "find it automatically", and a path typed by hand for ports the list cannot show
 * (a pseudo-terminal, a port plugged in under another name).
 *
 * @fires port-change - the port changed; {@link PortChangeDetail}
 */
export class GkPortChooser extends LitElement {
  static override styles = [
    pageStyles,
    css`
      .field {
        display: grid;
        /* A long port name wraps or shrinks its select: never wider than a phone. */
        grid-template-columns: minmax(0, 1fr);
        gap: calc(var(--_space) / 3);
        margin-block-end: var(--_space);
      }
      select,
      input {
        inline-size: 100%;
      }
      .row select {
        flex: 1 1 14rem;
        inline-size: auto;
        min-inline-size: 0;
      }
      p {
        margin: 0;
      }
    `,
  ];

  /** The server connection the ports are listed over. */
  @property({ attribute: false }) connection: ServerConnection | undefined = undefined;
  @property({ attribute: false }) translator: Resolver | undefined = undefined;
  /** The device type whose ports are listed (`adalight`). */
  @property({ attribute: false }) deviceType: string = '';
  /** The device's `output`: a port path, or `auto`. */
  @property({ attribute: false }) value: string = AUTO_PORT;
  @state() private _ports: DiscoveredSerialPort[] | undefined = undefined;
  /** Whether the person chose to type a path. */
  @state() private _typing: boolean = false;

  constructor() {
    super();
    new TranslationController(this, () => this.translator);
  }

  #t(key: string, vars?: Record<string, unknown>): string {
    return this.translator ? this.translator.t(key, vars) : key;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('deviceType') || changed.has('connection')) && this.deviceType) {
      void this.refresh();
    }
  }

  /** Lists the ports the server sees. */
  readonly #list = new Action(this, async (connection: ServerConnection) => {
    this._ports = (await discoverDevices(connection, this.deviceType)).devices;
  });

  /** Lists the ports the server sees again. */
  async refresh(): Promise<void> {
    if (this.connection) await this.#list.run(this.connection);
  }

  #set(value: string): void {
    this.value = value;
    this.dispatchEvent(
      new CustomEvent<PortChangeDetail>('port-change', {
        bubbles: true,
        composed: true,
        detail: { value },
      }),
    );
  }

  #onSelect(event: Event): void {
    const chosen = (event.target as HTMLSelectElement).value;
    if (chosen === OTHER) {
      this._typing = true;
      // A listed port stays as the path to edit; "automatically" is no path: start empty, so
      // the device cannot be saved until a path is typed.
      if (this.value === AUTO_PORT) this.#set('');
      return;
    }
    this._typing = false;
    this.#set(chosen);
  }

  protected override render(): TemplateResult {
    const ports = this._ports ?? [];
    const listed = this.value === AUTO_PORT || ports.some((p) => p.portName === this.value);
    // A stored path the list does not show (a pty, an unplugged device) is a typed one.
    const typing = this._typing || !listed;
    const selected = typing ? OTHER : this.value;
    return html`<div class="field">
        <label for="port">${this.#t('web_setup_port')}</label>
        <div class="row">
          <select id="port" aria-describedby="port-status" @change=${this.#onSelect}>
            <option value=${AUTO_PORT} ?selected=${selected === AUTO_PORT}>
              ${this.#t('web_setup_port_auto')}
            </option>
            ${ports.map(
              (port) =>
                html`<option value=${port.portName} ?selected=${selected === port.portName}>
                  ${describePort(port)}
                </option>`,
            )}
            <option value=${OTHER} ?selected=${selected === OTHER}>
              ${this.#t('web_setup_port_other')}
            </option>
          </select>
          <button type="button" ?disabled=${this.#list.pending} @click=${() => void this.refresh()}>
            ${this.#t('web_setup_port_refresh')}
          </button>
        </div>
        <p id="port-status" class="muted" role="status">
          ${
            this.#list.pending
              ? this.#t('web_setup_port_listing')
              : this._ports === undefined
                ? nothing
                : ports.length === 0
                  ? this.#t('web_setup_port_none')
                  : this.#t('web_setup_port_found', { count: ports.length })
          }
        </p>
        ${renderError(this.#list.error)}
      </div>
      ${typing ? this.#renderPath() : nothing}`;
  }

  /** The path typed by hand; an empty one is marked (the device cannot be saved without). */
  #renderPath(): TemplateResult {
    const missing = this.value.trim() === '';
    return html`<div class="field">
      <label for="port-path">${this.#t('web_setup_port_path')}</label>
      <input
        id="port-path"
        type="text"
        spellcheck="false"
        autocomplete="off"
        required
        placeholder="/dev/ttyUSB0"
        aria-invalid=${missing ? 'true' : 'false'}
        aria-describedby=${missing ? 'port-path-missing' : nothing}
        .value=${live(this.value === AUTO_PORT ? '' : this.value)}
        @input=${(e: Event) => this.#set((e.target as HTMLInputElement).value.trim())}
      />
      ${
        missing
          ? html`<p class="error" id="port-path-missing">${this.#t('web_setup_port_path_missing')}</p>`
          : nothing
      }
    </div>`;
  }
}

defineElement('gk-port-chooser', GkPortChooser);

declare global {
  interface HTMLElementTagNameMap {
    'gk-port-chooser': GkPortChooser;
  }
}
