import { defineElement } from '@glowkit/elements/components';
import type { DiagnosticsInfo, InstanceFigures } from '@glowkit/protocol';
import { html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { Action } from '../../app/action.js';
import { GkPage } from '../../app/page.js';
import { renderError } from '../../components/error-message/error-message.js';
import { fetchDiagnostics, fetchDiagnosticsBundle } from '../../data/calls.js';
import {
  bundleFileName,
  formatBytes,
  formatMs,
  formatPercent,
  formatUptime,
  REFRESH_MS,
} from './system-figures.js';
import { systemStyles } from './system-page.styles.js';

/**
 * The System page (`/system`): the server's version, uptime, CPU and memory, the event loop's
 * delay, each effect's child process (CPU, memory), each instance's frames per second reaching
 * its device and the frames dropped, each device's state and write time, the database's size
 * and snapshots (`diagnostics getInfo`), read again every few seconds while the page is shown
 * and the browser tab visible. "Download diagnostics" saves the bundle for a bug report
 * (`diagnostics getBundle`: the configuration without its secrets, the recent log, these
 * figures) as one JSON file.
 */
export class GkSystemPage extends GkPage {
  static override styles = [...GkPage.styles, systemStyles];

  @state() private _figures: DiagnosticsInfo | undefined = undefined;
  @state() private _error: unknown;
  /** What the last download did. */
  @state() private _status = '';

  #timer: ReturnType<typeof setInterval> | undefined;
  #reading = false;
  readonly #onVisibility = () => this.#follow();

  readonly #download = new Action(this, async () => {
    this._status = '';
    const bundle = await fetchDiagnosticsBundle(this.ctx.connection);
    const text = `${JSON.stringify(bundle, null, 2)}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = bundleFileName(new Date());
    document.body.append(link);
    link.click();
    link.remove();
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this._status = this.t('web_system_downloaded', { file: link.download });
  });

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('visibilitychange', this.#onVisibility);
    this.#follow();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.#stop();
  }

  /** Reads the figures every few seconds while the tab is visible; not while it is hidden. */
  #follow(): void {
    if (document.visibilityState === 'hidden') {
      this.#stop();
      return;
    }
    if (this.#timer !== undefined) return;
    void this.#read();
    this.#timer = setInterval(() => void this.#read(), REFRESH_MS);
  }

  #stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #read(): Promise<void> {
    // One request at a time: a slow server is not asked again before it answered.
    if (this.#reading) return;
    this.#reading = true;
    try {
      this._figures = await fetchDiagnostics(this.ctx.connection);
      this._error = undefined;
    } catch (error) {
      this._error = error;
    } finally {
      this.#reading = false;
    }
  }

  #renderServer(f: DiagnosticsInfo): TemplateResult {
    const { server, eventLoop } = f;
    return html`<section class="card" aria-labelledby="server">
      <h2 id="server">${this.t('web_system_server')}</h2>
      <dl>
        <dt>${this.t('web_system_version')}</dt>
        <dd data-testid="system-version">${f.version}</dd>
        <dt>${this.t('web_system_uptime')}</dt>
        <dd>${formatUptime(f.uptimeS)}</dd>
        <dt>${this.t('web_system_cpu')}</dt>
        <dd>${formatPercent(server.cpuPercent)}</dd>
        <dt>${this.t('web_system_memory')}</dt>
        <dd>${formatBytes(server.rssBytes)}</dd>
        <dt>${this.t('web_system_heap')}</dt>
        <dd>
          ${this.t('web_system_heap_value', {
            used: formatBytes(server.heapUsedBytes),
            total: formatBytes(server.heapTotalBytes),
          })}
        </dd>
        <dt>${this.t('web_system_event_loop')}</dt>
        <dd>
          ${this.t('web_system_event_loop_value', {
            p50: formatMs(eventLoop.p50Ms),
            p99: formatMs(eventLoop.p99Ms),
            max: formatMs(eventLoop.maxMs),
          })}
        </dd>
        <dt>${this.t('web_system_database')}</dt>
        <dd>
          ${this.t('web_system_database_value', {
            size: formatBytes(f.database.sizeBytes),
            count: f.database.snapshots,
          })}
        </dd>
        <dt>${this.t('web_system_versions')}</dt>
        <dd>${this.t('web_system_versions_value', { api: f.apiVersion, node: f.nodeVersion })}</dd>
      </dl>
    </section>`;
  }

  #renderEffects(f: DiagnosticsInfo): TemplateResult {
    return html`<section class="card">
      <h2 id="effects">${this.t('web_system_effects')}</h2>
      ${
        f.effects.length === 0
          ? html`<p class="muted">${this.t('web_system_effects_none')}</p>`
          : html`<div class="table" tabindex="0" role="region" aria-labelledby="effects">
              <table>
                <thead>
                  <tr>
                    <th scope="col">${this.t('web_system_effect')}</th>
                    <th scope="col" class="number">${this.t('web_system_instance')}</th>
                    <th scope="col" class="number">${this.t('web_system_priority')}</th>
                    <th scope="col" class="number">${this.t('web_system_pid')}</th>
                    <th scope="col" class="number">${this.t('web_system_cpu')}</th>
                    <th scope="col" class="number">${this.t('web_system_memory')}</th>
                  </tr>
                </thead>
                <tbody>
                  ${f.effects.map(
                    (e) => html`<tr data-testid="system-effect">
                      <td>${e.name}</td>
                      <td class="number">${e.instance}</td>
                      <td class="number">${e.priority}</td>
                      <td class="number">${e.pid}</td>
                      <td class="number">${formatPercent(e.cpuPercent)}</td>
                      <td class="number">${formatBytes(e.rssBytes)}</td>
                    </tr>`,
                  )}
                </tbody>
              </table>
            </div>`
      }
    </section>`;
  }

  #renderInstance(i: InstanceFigures): TemplateResult {
    const device = i.device;
    return html`<tr data-testid="system-instance">
      <td>${i.name}</td>
      <td>${this.t(i.running ? 'web_system_running' : 'web_system_stopped')}</td>
      <td class="number" data-testid="system-fps">${i.fps.toFixed(1)}</td>
      <td class="number">${i.framesDropped}</td>
      <td>
        ${
          device
            ? html`${device.type}: ${this.t(`web_overview_device_${device.state}`)}
              ${device.error ? html`<div class="error">${device.error}</div>` : nothing}`
            : '—'
        }
      </td>
      <td class="number">
        ${
          device
            ? this.t('web_system_write_value', {
                mean: formatMs(device.writeMsMean),
                max: formatMs(device.writeMsMax),
              })
            : '—'
        }
      </td>
    </tr>`;
  }

  #renderInstances(f: DiagnosticsInfo): TemplateResult {
    return html`<section class="card">
      <h2 id="instances">${this.t('web_system_instances')}</h2>
      <div class="table" tabindex="0" role="region" aria-labelledby="instances">
        <table>
          <thead>
            <tr>
              <th scope="col">${this.t('web_system_instance')}</th>
              <th scope="col">${this.t('web_system_state')}</th>
              <th scope="col" class="number">${this.t('web_system_fps')}</th>
              <th scope="col" class="number">${this.t('web_system_dropped')}</th>
              <th scope="col">${this.t('web_system_device')}</th>
              <th scope="col" class="number">${this.t('web_system_write')}</th>
            </tr>
          </thead>
          <tbody>
            ${f.instances.map((i) => this.#renderInstance(i))}
          </tbody>
        </table>
      </div>
    </section>`;
  }

  protected override render(): TemplateResult {
    const f = this._figures;
    return html`<h1>${this.t('web_system_title')}</h1>
      <p class="muted intro">${this.t('web_system_intro', { seconds: REFRESH_MS / 1000 })}</p>
      ${renderError(this._error)}
      ${
        f
          ? html`${this.#renderServer(f)} ${this.#renderInstances(f)} ${this.#renderEffects(f)}`
          : html`<p class="muted" role="status">${this.t('web_system_loading')}</p>`
      }
      <section class="card" aria-labelledby="report">
        <h2 id="report">${this.t('web_system_report')}</h2>
        <p class="muted">${this.t('web_system_report_intro')}</p>
        <button
          type="button"
          ?disabled=${this.#download.pending}
          @click=${() => this.#download.run()}
        >
          ${this.t('web_system_download')}
        </button>
        ${renderError(this.#download.error)}
        <p class="status" role="status" data-testid="system-status">${this._status}</p>
      </section>`;
  }
}

defineElement('gk-system-page', GkSystemPage);

declare global {
  interface HTMLElementTagNameMap {
    'gk-system-page': GkSystemPage;
  }
}
