import { defineElement, TranslationController } from '@glowkit/elements/components';
import { css, html, LitElement, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { styleMap } from 'lit/directives/style-map.js';
import type { AppContext } from '../../app/context.js';
import {
  type InputPictureFrame,
  imageStreams,
  StreamFollower,
  type StreamState,
} from '../../data/instance-streams.js';
import { liveLedsStyles } from '../live-leds/live-leds.styles.js';
import { borderText, fitOf, pngSize } from './picture-geometry.js';

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
      /* The picture's own area inside the box: the border and the slotted handles lie on it. */
      .fit {
        position: absolute;
      }
      img {
        position: absolute;
        inset: 0;
        inline-size: 100%;
        block-size: 100%;
      }
      /* The black bars the LEDs leave out, dimmed and hatched: seen on a black bar too. */
      .bar {
        position: absolute;
        background: repeating-linear-gradient(
          45deg,
          rgb(255 255 255 / 0.28) 0 2px,
          rgb(0 0 0 / 0.45) 2px 7px
        );
      }
      /* The area the LEDs are computed from. */
      .used {
        position: absolute;
        box-sizing: border-box;
        border: 2px dashed #ffd23f;
        outline: 1px solid #000;
      }
      .border-text {
        margin: 0.25rem 0 0;
        font-size: 0.9rem;
        color: var(--_muted);
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
  @state() private _frame: InputPictureFrame | undefined = undefined;
  @state() private _stream: StreamState = 'starting';
  @state() private _error = '';

  /** The pictures of the instance given. */
  readonly #stream = new StreamFollower(
    this,
    imageStreams,
    () => ({ ctx: this.ctx, instance: this.instance }),
    {
      frame: (frame) => {
        this._frame = frame;
        this.#size = pngSize(frame.image) ?? this.#size;
      },
      state: (stream, error) => {
        this._stream = stream;
        this._error = error;
      },
    },
    () => {
      this._frame = undefined;
    },
  );
  /** The pushed picture's size in pixels (read from its PNG header). */
  #size: { width: number; height: number } | undefined;

  /**
   * The picture's size in pixels as pushed, and the black bars in those pixels; undefined before
   * the first picture. For a page that draws on the picture (slotted content lies on its area).
   */
  get picture():
    | { width: number; height: number; border: InputPictureFrame['border'] }
    | undefined {
    return this._frame && this.#size ? { ...this.#size, border: this._frame.border } : undefined;
  }

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
    const frame = this._frame;
    const size = this.#size;
    const text = frame?.border ? borderText(frame.border, (k, v) => this.#t(k, v)) : '';
    // A picture kept from before a pause still shows what came last.
    return html`<div class="frame" part="frame" style=${styleMap({ aspectRatio: String(aspect) })}>
        ${
          frame && size
            ? html`<div class="fit" style=${styleMap(fitOf(size, aspect))}>
                <img
                  part="picture"
                  src=${frame.image}
                  alt=${this.#t('web_input_picture_alt', { source: this.source })}
                />
                ${frame.border ? this.#renderBorder(frame.border, size) : nothing}
                <slot></slot>
              </div>`
            : nothing
        }
      </div>
      <p class="state ${state.kind}" part="state" role="status" data-state=${state.kind}>
        <span class="dot" aria-hidden="true"></span>
        <span>${state.text}</span>
      </p>
      ${text ? html`<p class="border-text" part="border-text" data-border>${text}</p>` : nothing}`;
  }

  /** The bars as translucent hatching, and a dashed outline round the part that is used. */
  #renderBorder(
    border: NonNullable<InputPictureFrame['border']>,
    size: { width: number; height: number },
  ): TemplateResult {
    const pct = (part: number, whole: number) => `${(100 * part) / whole}%`;
    const top = pct(border.top, size.height);
    const bottom = pct(border.bottom, size.height);
    const left = pct(border.left, size.width);
    const right = pct(border.right, size.width);
    const bars = [
      { insetBlockStart: '0', insetInline: '0', blockSize: top },
      { insetBlockEnd: '0', insetInline: '0', blockSize: bottom },
      { insetBlock: `${top} ${bottom}`, insetInlineStart: '0', inlineSize: left },
      { insetBlock: `${top} ${bottom}`, insetInlineEnd: '0', inlineSize: right },
    ];
    return html`<div aria-hidden="true" part="border">
      ${bars.map((bar) => html`<div class="bar" style=${styleMap(bar)}></div>`)}
      <div
        class="used"
        style=${styleMap({ insetBlock: `${top} ${bottom}`, insetInline: `${left} ${right}` })}
      ></div>
    </div>`;
  }
}

defineElement('gk-input-picture', GkInputPicture);

declare global {
  interface HTMLElementTagNameMap {
    'gk-input-picture': GkInputPicture;
  }
}
