import { defineElement, TranslationController } from '@glowkit/elements/components';
import { css, html, LitElement, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { styleMap } from 'lit/directives/style-map.js';
import type { AppContext } from '../../app/context.js';
import { imageStreams, StreamFollower, type StreamState } from '../../data/instance-streams.js';
import { liveLedsStyles } from '../live-leds/live-leds.styles.js';

/**
 * The picture an instance's visible picture source shows (a grabber's frames, a JSON image), as
 * the server streams it (`ledcolors imagestream-start` with the instance: PNG data URLs, at most
 * 25 a second), in a box of the LED picture's aspect, so that it sits beside `<gk-live-leds>` at
 * its size and nothing moves when the first picture arrives or a picture of another size follows.
 * The stream runs only while the element is on the page and the tab is shown (the server encodes
 * pictures only while someone streams them): put it on the page only while a picture source is
 * visible. A line below says whether pictures arrive, in words.
 *
 * Usage: `<gk-input-picture .ctx=${ctx} .instance=${0} source="grabber@192.168.1.20">`.
 *
 * @tag gk-input-picture
 */
export class GkInputPicture extends LitElement {
  static override styles = [
    liveLedsStyles,
    css`
      .frame {
        position: relative;
        border-radius: var(--gk-radius, 6px);
        overflow: hidden;
        /* The letterbox around a picture of another aspect, dark as a screen's. */
        background: #000;
      }
      img {
        position: absolute;
        inset: 0;
        inline-size: 100%;
        block-size: 100%;
        object-fit: contain;
      }
    `,
  ];

  /** The app's context: the connection, the session and the translator. */
  @property({ attribute: false }) ctx: AppContext | undefined = undefined;
  /** The instance whose picture to show. */
  @property({ type: Number }) instance: number | undefined = undefined;
  /** Who sends the picture, for its text alternative (an origin, an image's name). */
  @property({ type: String }) source = '';
  /** Width divided by height of the box (the LED picture's: 16 / 9 by default). */
  @property({ type: Number }) aspect = 16 / 9;
  @state() private _url = '';
  @state() private _stream: StreamState = 'starting';
  @state() private _error = '';

  /** The pictures of the instance given. */
  readonly #stream = new StreamFollower(
    this,
    imageStreams,
    () => ({ ctx: this.ctx, instance: this.instance }),
    {
      frame: (url) => {
        this._url = url;
      },
      state: (stream, error) => {
        this._stream = stream;
        this._error = error;
      },
    },
    () => {
      this._url = '';
    },
  );

  constructor() {
    super();
    new TranslationController(this, () => this.ctx?.translator);
  }

  protected override willUpdate(): void {
    this.#stream.sync();
  }

  #t(key: string, vars?: Record<string, unknown>): string {
    return this.ctx?.translator.t(key, vars) ?? key;
  }

  /** The line under the picture, and its kind (as the LED picture's). */
  #stateText(): { text: string; kind: string } {
    switch (this._stream) {
      case 'live':
        return { text: this.#t('web_input_picture_live'), kind: 'live' };
      case 'paused':
        return { text: this.#t('web_live_paused'), kind: 'paused' };
      case 'failed':
        return { text: this._error, kind: 'failed' };
      default:
        return { text: this.#t('web_input_picture_waiting'), kind: 'starting' };
    }
  }

  protected override render(): TemplateResult {
    const state = this.#stateText();
    const aspect = this.aspect > 0 && Number.isFinite(this.aspect) ? this.aspect : 16 / 9;
    // A picture kept from before a pause still shows what came last.
    return html`<div class="frame" part="frame" style=${styleMap({ aspectRatio: String(aspect) })}>
        ${
          this._url
            ? html`<img
                part="picture"
                src=${this._url}
                alt=${this.#t('web_input_picture_alt', { source: this.source })}
              />`
            : nothing
        }
      </div>
      <p class="state ${state.kind}" part="state" role="status" data-state=${state.kind}>
        <span class="dot" aria-hidden="true"></span>
        <span>${state.text}</span>
      </p>`;
  }
}

defineElement('gk-input-picture', GkInputPicture);

declare global {
  interface HTMLElementTagNameMap {
    'gk-input-picture': GkInputPicture;
  }
}
