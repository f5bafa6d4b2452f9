import {
  defineElement,
  TranslationController,
  type Translator,
} from '@glowkit/elements/components';
import { css, html, LitElement, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { styleMap } from 'lit/directives/style-map.js';

/** An edge of the picture. */
export type CropEdge = 'top' | 'bottom' | 'left' | 'right';

/** The `crop-move` event's detail: where an edge's handle is now, as a fraction of the picture. */
export interface CropMoveDetail {
  edge: CropEdge;
  /** 0 at the edge, up to 1 across the picture. */
  fraction: number;
}

const EDGES: readonly CropEdge[] = ['top', 'bottom', 'left', 'right'];

/** A keyboard step: 1 % of the picture, 10 % with Page Up/Down. */
const STEP = 0.01;

/**
 * Four edge handles over a picture (put it in `<gk-input-picture>`, whose slot lies on the
 * picture's area): each is a slider (`role="slider"`, arrow keys, Page Up/Down, Home) and can be
 * dragged with a pointer; moving one fires `crop-move` with the edge and where it is, as a
 * fraction of the picture from that edge. The page turns that into a crop in the grabber's pixels
 * and sets the handles' positions back (`positions`), so that the handles show what is edited.
 *
 * @tag gk-crop-handles
 * @fires crop-move - an edge's handle moved; `detail` is {@link CropMoveDetail}
 */
export class GkCropHandles extends LitElement {
  static override styles = css`
    :host {
      position: absolute;
      inset: 0;
      display: block;
      touch-action: none;
    }
    .handle {
      position: absolute;
      box-sizing: border-box;
      background: rgb(255 210 63 / 0.9);
      border: 2px solid #000;
      border-radius: 4px;
    }
    .handle:focus-visible {
      outline: 3px solid #fff;
      outline-offset: 1px;
    }
    .handle.top,
    .handle.bottom {
      inline-size: 3rem;
      block-size: 0.9rem;
      translate: -50% -50%;
      cursor: ns-resize;
    }
    .handle.left,
    .handle.right {
      inline-size: 0.9rem;
      block-size: 3rem;
      translate: -50% -50%;
      cursor: ew-resize;
    }
    .line {
      position: absolute;
      pointer-events: none;
      border: 0 dashed #ffd23f;
    }
    .line.top,
    .line.bottom {
      inset-inline: 0;
      border-block-start-width: 2px;
    }
    .line.left,
    .line.right {
      inset-block: 0;
      border-inline-start-width: 2px;
    }
  `;

  /** Where each handle is, as a fraction of the picture from its edge. */
  @property({ attribute: false }) positions: Record<CropEdge, number> = {
    top: 0,
    bottom: 0,
    left: 0,
    right: 0,
  };
  /** Each handle's value in words, for assistive technology ("Top crop: 40 px"). */
  @property({ attribute: false }) labels: Partial<Record<CropEdge, string>> = {};
  @property({ attribute: false }) translator: Translator | undefined = undefined;
  @property({ type: Boolean, reflect: true }) disabled = false;

  #dragging: CropEdge | undefined;

  constructor() {
    super();
    new TranslationController(this, () => this.translator);
  }

  #t(key: string): string {
    return this.translator?.t(key) ?? key;
  }

  #move(edge: CropEdge, fraction: number): void {
    const clamped = Math.min(1, Math.max(0, fraction));
    this.dispatchEvent(
      new CustomEvent<CropMoveDetail>('crop-move', {
        detail: { edge, fraction: clamped },
        bubbles: true,
        composed: true,
      }),
    );
  }

  #onKey(edge: CropEdge, event: KeyboardEvent): void {
    if (this.disabled) return;
    const at = this.positions[edge];
    // "Up"/"Right" move the handle into the picture (a larger crop), as a slider's value rises.
    const steps: Record<string, number> = {
      ArrowUp: STEP,
      ArrowRight: STEP,
      ArrowDown: -STEP,
      ArrowLeft: -STEP,
      PageUp: 10 * STEP,
      PageDown: -10 * STEP,
    };
    if (event.key === 'Home') this.#move(edge, 0);
    else if (event.key in steps) this.#move(edge, at + (steps[event.key] as number));
    else return;
    event.preventDefault();
  }

  #onPointerDown(edge: CropEdge, event: PointerEvent): void {
    if (this.disabled) return;
    this.#dragging = edge;
    (event.target as Element).setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  #onPointerMove(event: PointerEvent): void {
    const edge = this.#dragging;
    if (!edge) return;
    const box = this.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return;
    const x = (event.clientX - box.left) / box.width;
    const y = (event.clientY - box.top) / box.height;
    const fraction = { top: y, bottom: 1 - y, left: x, right: 1 - x }[edge];
    this.#move(edge, fraction);
  }

  #onPointerUp = (): void => {
    this.#dragging = undefined;
  };

  #place(edge: CropEdge): { handle: Record<string, string>; line: Record<string, string> } {
    const at = `${(this.positions[edge] * 100).toFixed(2)}%`;
    const from = `${(100 - this.positions[edge] * 100).toFixed(2)}%`;
    switch (edge) {
      case 'top':
        return { handle: { top: at, left: '50%' }, line: { top: at } };
      case 'bottom':
        return { handle: { top: from, left: '50%' }, line: { top: from } };
      case 'left':
        return { handle: { left: at, top: '50%' }, line: { left: at } };
      default:
        return { handle: { left: from, top: '50%' }, line: { left: from } };
    }
  }

  protected override render(): TemplateResult {
    return html`${EDGES.map((edge) => {
      const place = this.#place(edge);
      return html`<div class="line ${edge}" style=${styleMap(place.line)}></div>
        <div
          class="handle ${edge}"
          part="handle"
          role="slider"
          tabindex=${this.disabled ? -1 : 0}
          aria-label=${this.#t(`web_capture_crop_${edge}`)}
          aria-orientation=${edge === 'top' || edge === 'bottom' ? 'vertical' : 'horizontal'}
          aria-valuemin="0"
          aria-valuemax="100"
          aria-valuenow=${Math.round(this.positions[edge] * 100)}
          aria-valuetext=${this.labels[edge] ?? ''}
          aria-disabled=${this.disabled ? 'true' : 'false'}
          data-edge=${edge}
          style=${styleMap(place.handle)}
          @keydown=${(e: KeyboardEvent) => this.#onKey(edge, e)}
          @pointerdown=${(e: PointerEvent) => this.#onPointerDown(edge, e)}
          @pointermove=${(e: PointerEvent) => this.#onPointerMove(e)}
          @pointerup=${this.#onPointerUp}
          @pointercancel=${this.#onPointerUp}
        ></div>`;
    })}`;
  }
}

defineElement('gk-crop-handles', GkCropHandles);

declare global {
  interface HTMLElementTagNameMap {
    'gk-crop-handles': GkCropHandles;
  }
}
