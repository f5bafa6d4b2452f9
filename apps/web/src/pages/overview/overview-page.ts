import { defineElement } from '@glowkit/elements/components';
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { GkPage } from '../../app/page.js';
import { renderError } from '../../components/error-message/error-message.js';
import './instance-card.js';
import { overviewStyles } from './overview-page.styles.js';

/**
 * The overview (`/`): every instance as a card (`<gk-instance-card>`) with its device, what it
 * shows, its switches, brightness and live picture. Everything comes from the store, which read
 * each running instance once and follows its pushes (the device's state included): the page
 * reads nothing itself.
 */
export class GkOverviewPage extends GkPage {
  static override styles = [...GkPage.styles, overviewStyles];

  protected override render(): TemplateResult {
    const { store } = this.ctx;
    const instances = store.instances;
    return html`<h1>${this.t('web_nav_overview')}</h1>
      ${renderError(store.error)}
      ${
        !store.loaded
          ? html`<p class="muted" role="status">${this.t('web_loading')}</p>`
          : instances.length === 0 && !store.error
            ? html`<p class="muted">${this.t('web_instances_none')}</p>`
            : nothing
      }
      <ul class="cards" aria-label=${this.t('web_overview_instances')}>
        ${repeat(
          instances,
          (i) => i.instance,
          (i) => html`<li>
            <gk-instance-card
              .ctx=${this.ctx}
              .info=${i}
              .state=${store.state(i.instance)}
              .inputSources=${store.inputSources}
              .latency=${store.latency(i.instance)}
              ?offline=${this.ctx.connection.state === 'reconnecting'}
            ></gk-instance-card>
          </li>`,
        )}
      </ul>`;
  }
}

defineElement('gk-overview-page', GkOverviewPage);

declare global {
  interface HTMLElementTagNameMap {
    'gk-overview-page': GkOverviewPage;
  }
}
