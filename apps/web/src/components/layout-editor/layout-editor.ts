import { defineElement, TranslationController } from '@glowkit/elements/components';
import { html, LitElement, nothing, type PropertyValues, svg, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import type { AppContext } from '../../app/context.js';
import { pageStyles } from '../../app/page.styles.js';
import { setColour } from '../../data/calls.js';
import { ledStreams, StreamFollower } from '../../data/instance-streams.js';
import { errorLine } from '../error-message/error-message.js';
import '../layout-generator/layout-generator.js';
import { unsavedEvent } from '../../app/unsaved.js';
import type {
  GkLayoutGenerator,
  LayoutChangeDetail,
} from '../layout-generator/layout-generator.js';
import {
  CORNER_KEYS,
  CORNERS,
  generateLayout,
  type LayoutSpec,
  type LedArea,
} from '../layout-generator/layouts.js';
import {
  identifyColors,
  type LayoutState,
  LED_EDGES,
  type LedEdge,
  movedCorners,
  moveLed,
  resizeLed,
  setLedEdge,
  UndoHistory,
} from './edits.js';
import { layoutEditorStyles } from './layout-editor.styles.js';

/** The picture's units: a 16:9 frame is drawn 1600 × 900 (a matrix in its own proportions). */
const WIDTH = 1600;
/** Room round the screen, so that the handles on its corners and edges can be grabbed whole. */
const MARGIN = 40;

/** The priority identify lights an LED at: above everything a user or a capture sets. */
export const IDENTIFY_PRIORITY = 1;
/** How long an identified LED stays lit. */
export const IDENTIFY_MS = 3000;

/** The key of the editor's unsaved edits in the app's `gk-unsaved` set. */
export const UNSAVED_KEY = 'layout-editor';

/** What a keyboard step moves an LED or a handle: a hundredth of the picture (a percent). */
const STEP = 0.01;

/** The edges of a classic frame between its corners (indices into CORNER_KEYS), clockwise. */
const FRAME_EDGES = [
  ['top', 0, 1],
  ['right', 1, 2],
  ['bottom', 2, 3],
  ['left', 3, 0],
] as const;

type Drag = { x: number; y: number; before: LayoutState } & (
  | { kind: 'led'; index: number; start: LedArea[] }
  | { kind: 'resize'; index: number; start: LedArea[] }
  | { kind: 'handle'; corners: number[]; start: LayoutSpec & { kind: 'classic' } }
);

/**
 * The LED layout editor of the setup page: the generator (`<gk-layout-generator>`) and, below it,
 * the layout drawn to edit by hand. Each LED is drawn with its number and is a button named
 * "LED 7": choosing it lights that LED alone on the device for a moment (a `color` with a colour
 * for every LED, the others black, at priority {@link IDENTIFY_PRIORITY} for {@link IDENTIFY_MS})
 * and opens its area's four edges to type, or to drag it. A frame has handles on its corners
 * (keystone) and edges. Any layout can be edited LED by LED — a restored one the generator did not
 * make too —, which makes it a custom layout (the generator's inputs no longer apply). The LEDs
 * show the instance's live colours while it runs (`ledcolors` stream). Every change can be undone
 * (the Undo button, Ctrl+Z); while there are edits the editor says so with `gk-unsaved`.
 *
 * The page reads {@link GkLayoutEditor.layout}, {@link GkLayoutEditor.specInUse} and
 * {@link GkLayoutEditor.valid}; setting `leds` or `spec` starts afresh (after a load or a save).
 *
 * @fires layout-change - the layout changed (also the generator's, which passes through)
 * @fires gk-unsaved - `{ key: 'layout-editor', dirty }` when edits start or are gone
 */
export class GkLayoutEditor extends LitElement {
  static override styles = [pageStyles, layoutEditorStyles];

  /** The app's context: the connection (identify), the live stream and the translator. */
  @property({ attribute: false }) ctx: AppContext | undefined = undefined;
  /** The instance whose layout this is. */
  @property({ type: Number }) instance: number | undefined = undefined;
  /** The stored layout. Setting it (with `spec`) starts afresh, the undo history forgotten. */
  @property({ attribute: false }) leds: LedArea[] = [];
  /** The stored inputs that make `leds`, if the generator made them. */
  @property({ attribute: false }) spec: LayoutSpec | undefined = undefined;
  /** The device's LED count, for the generator's check and how many LEDs identify sets. */
  @property({ attribute: false }) deviceLedCount: number | undefined = undefined;

  /** The layout as it stands (undefined while the generator's inputs have problems). */
  @state() private _leds: LedArea[] | undefined = undefined;
  @state() private _spec: LayoutSpec | undefined = undefined;
  /** What the generator is given: changed by the editor's own edits and by undo. */
  @state() private _genLeds: LedArea[] = [];
  @state() private _genSpec: LayoutSpec | undefined = undefined;
  @state() private _selected: number | undefined = undefined;
  @state() private _identified: { number: number; error: string } | undefined = undefined;
  @state() private _undoable = 0;

  readonly #history = new UndoHistory();
  /** The last layout that could be drawn (shown while the generator's inputs have problems). */
  #shown: LedArea[] = [];
  /** Whether the generator's layout is still to be read after starting afresh. */
  #fresh = true;
  #dirty = false;
  #drag: Drag | undefined;
  #colors: ArrayLike<number> | undefined;
  #frame = 0;

  readonly #stream = new StreamFollower(
    this,
    ledStreams,
    () => ({ ctx: this.ctx, instance: this.instance }),
    {
      frame: (colors) => {
        this.#colors = colors;
        if (this.#frame === 0) this.#frame = requestAnimationFrame(() => this.#paint());
      },
      state: () => {},
    },
  );

  constructor() {
    super();
    new TranslationController(this, () => this.ctx?.translator);
    this.addEventListener('keydown', (event) => this.#onKey(event));
  }

  /** The layout to save; undefined while the generator's inputs have problems. */
  get layout(): LedArea[] | undefined {
    return this._leds;
  }

  /** The generator's inputs that make {@link GkLayoutEditor.layout}; undefined for a custom one. */
  get specInUse(): LayoutSpec | undefined {
    return this._spec;
  }

  /** Whether the layout can be saved. */
  get valid(): boolean {
    return this._leds !== undefined;
  }

  /** How many edits Undo can take back. */
  get undoable(): number {
    return this._undoable;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.#frame !== 0) cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    this.#setDirty(false);
  }

  #t(key: string, vars?: Record<string, unknown>): string {
    return this.ctx?.translator.t(key, vars) ?? key;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#stream.sync();
    if (changed.has('leds') || changed.has('spec')) {
      this._genLeds = this.leds;
      this._genSpec = this.spec;
      this._leds = this.leds;
      this._spec = this.spec;
      this._selected = undefined;
      this._identified = undefined;
      this.#history.clear();
      this._undoable = 0;
      this.#fresh = true;
      this.#setDirty(false);
    }
    if (this._leds) this.#shown = this._leds;
  }

  protected override async updated(): Promise<void> {
    if (this.#fresh) {
      // The generator makes a frame for an instance without a layout: that is the layout then.
      this.#fresh = false;
      const generator = this.#generator;
      if (generator) {
        await generator.updateComplete;
        this._leds = generator.layout;
        this._spec = generator.specInUse;
      }
    }
    this.#paint();
  }

  get #generator(): GkLayoutGenerator | null {
    return this.renderRoot.querySelector('gk-layout-generator');
  }

  #setDirty(dirty: boolean): void {
    if (dirty === this.#dirty) return;
    this.#dirty = dirty;
    this.dispatchEvent(unsavedEvent(UNSAVED_KEY, dirty));
  }

  /** Keeps the state before an edit for Undo. */
  #remember(): void {
    this.#history.push({ leds: this._leds ?? this.#shown, spec: this._spec });
    this._undoable = this.#history.size;
    this.#setDirty(true);
  }

  /** Makes `state` the layout, and the generator's too; tells the page. */
  #apply(state: LayoutState): void {
    // A state from while the generator's inputs had a problem (a field emptied while typing)
    // comes back with its problem: nothing to save until it is fixed.
    const made = state.spec ? generateLayout(state.spec) : undefined;
    this._leds = made && !made.ok ? undefined : state.leds;
    this._spec = state.spec;
    this._genLeds = state.leds;
    this._genSpec = state.spec;
    if (this._selected !== undefined && this._selected >= state.leds.length) {
      this._selected = undefined;
    }
    this.#changed();
  }

  #changed(): void {
    this.dispatchEvent(
      new CustomEvent<LayoutChangeDetail>('layout-change', {
        bubbles: true,
        composed: true,
        detail: { leds: this._leds, spec: this._spec },
      }),
    );
  }

  /** The generator changed the layout: remembered for Undo, then taken. */
  #onGenerated = (event: CustomEvent<LayoutChangeDetail>): void => {
    this.#remember();
    this._leds = event.detail.leds;
    this._spec = event.detail.spec;
  };

  /** Takes back the last edit. */
  undo(): void {
    const state = this.#history.pop();
    this._undoable = this.#history.size;
    if (!state) return;
    this.#apply(state);
    if (this.#history.size === 0) this.#setDirty(false);
  }

  #onKey(event: KeyboardEvent): void {
    if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey) {
      return;
    }
    // A text field undoes its own typing.
    const target = event.composedPath()[0];
    if (target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio')
      return;
    event.preventDefault();
    this.undo();
  }

  /** Chooses LED `index` and lights it alone on the device. */
  async #identify(index: number): Promise<void> {
    this._selected = index;
    const ctx = this.ctx;
    if (!ctx || this.instance === undefined) return;
    const count = Math.max(this.#shown.length, this.deviceLedCount ?? 0);
    const number = index + 1;
    try {
      await setColour(ctx.connection, identifyColors(count, index), {
        instance: this.instance,
        priority: IDENTIFY_PRIORITY,
        durationMs: IDENTIFY_MS,
      });
      this._identified = { number, error: '' };
    } catch (error) {
      this._identified = { number, error: errorLine(error) };
    }
  }

  /** Sets one edge of the chosen LED, as typed. */
  #setEdge(edge: LedEdge, value: number): void {
    const index = this._selected;
    if (index === undefined) return;
    this.#remember();
    this.#apply({ leds: setLedEdge(this.#shown, index, edge, value), spec: undefined });
  }

  // ---- dragging

  /** A pointer's place on the picture as fractions of it. */
  #at(event: PointerEvent): { x: number; y: number } {
    const screen = this.renderRoot.querySelector('.screen') as SVGRectElement;
    const box = screen.getBoundingClientRect();
    return { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
  }

  #startLedDrag(event: PointerEvent, index: number): void {
    if (event.button !== 0) return;
    const { x, y } = this.#at(event);
    if (this._selected !== index) {
      void this.#identify(index);
      return;
    }
    (event.currentTarget as Element).setPointerCapture(event.pointerId);
    this.#drag = {
      kind: 'led',
      index,
      x,
      y,
      start: this.#shown,
      before: { leds: this.#shown, spec: this._spec },
    };
  }

  #startResize(event: PointerEvent, index: number): void {
    if (event.button !== 0) return;
    (event.currentTarget as Element).setPointerCapture(event.pointerId);
    const { x, y } = this.#at(event);
    this.#drag = {
      kind: 'resize',
      index,
      x,
      y,
      start: this.#shown,
      before: { leds: this.#shown, spec: this._spec },
    };
  }

  /** Arrow keys on the size handle move the chosen LED's right and bottom edges. */
  #onResizeKey(event: KeyboardEvent, index: number): void {
    const step = arrowStep(event);
    if (!step) return;
    event.preventDefault();
    this.#remember();
    this.#apply({
      leds: resizeLed(this.#shown, index, step.x * STEP, step.y * STEP),
      spec: undefined,
    });
  }

  #startHandleDrag(event: PointerEvent, corners: number[]): void {
    const spec = this._spec;
    if (event.button !== 0 || spec?.kind !== 'classic') return;
    (event.currentTarget as Element).setPointerCapture(event.pointerId);
    const { x, y } = this.#at(event);
    this.#drag = {
      kind: 'handle',
      corners,
      x,
      y,
      start: spec,
      before: { leds: this.#shown, spec },
    };
  }

  #onPointerMove = (event: PointerEvent): void => {
    const drag = this.#drag;
    if (!drag) return;
    const { x, y } = this.#at(event);
    const dx = x - drag.x;
    const dy = y - drag.y;
    if (drag.kind === 'led') {
      this._leds = moveLed(drag.start, drag.index, dx, dy);
      this._spec = undefined;
    } else if (drag.kind === 'resize') {
      this._leds = resizeLed(drag.start, drag.index, dx, dy);
      this._spec = undefined;
    } else {
      const moved = movedCorners(drag.start, drag.corners, dx, dy);
      const made = generateLayout(moved);
      if (made.ok) {
        this._leds = made.leds;
        this._spec = moved;
      }
    }
  };

  #onPointerUp = (): void => {
    const drag = this.#drag;
    if (!drag) return;
    this.#drag = undefined;
    const leds = this._leds;
    if (!leds || leds === drag.before.leds) {
      // A click on the chosen LED, not a drag: it lights again.
      if (drag.kind === 'led') void this.#identify(drag.index);
      return;
    }
    // One drag is one edit: Undo goes back to before it.
    this.#history.push(drag.before);
    this._undoable = this.#history.size;
    this.#setDirty(true);
    this.#apply({ leds, spec: this._spec });
  };

  /** Arrow keys on a handle move its corners a percent. */
  #onHandleKey(event: KeyboardEvent, corners: number[]): void {
    const step = arrowStep(event);
    const spec = this._spec;
    if (!step || spec?.kind !== 'classic') return;
    event.preventDefault();
    const moved = movedCorners(spec, corners, step.x * STEP, step.y * STEP);
    const made = generateLayout(moved);
    if (!made.ok) return;
    this.#remember();
    this.#apply({ leds: made.leds, spec: moved });
  }

  /** Arrow keys go from LED to LED (with Shift they move the chosen one); Enter chooses. */
  #onLedKey(event: KeyboardEvent, index: number): void {
    const count = this.#shown.length;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      void this.#identify(index);
      return;
    }
    const step = arrowStep(event);
    if (step && event.shiftKey && this._selected === index) {
      event.preventDefault();
      this.#remember();
      this.#apply({
        leds: moveLed(this.#shown, index, step.x * STEP, step.y * STEP),
        spec: undefined,
      });
      return;
    }
    let next: number | undefined;
    if (step) next = index + (step.x + step.y > 0 ? 1 : -1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    if (next === undefined) return;
    event.preventDefault();
    const target = this.renderRoot.querySelector<SVGGElement>(
      `.led[data-index="${(next + count) % count}"]`,
    );
    target?.focus();
  }

  // ---- drawing

  /** Colours the LEDs with the live colours (painted at most once a frame). */
  #paint(): void {
    this.#frame = 0;
    const colors = this.#colors;
    const rects = this.renderRoot.querySelectorAll<SVGRectElement>('.led rect');
    rects.forEach((rect, i) => {
      const c = i * 3;
      if (colors && c + 2 < colors.length) {
        rect.style.fill = `rgb(${colors[c]} ${colors[c + 1]} ${colors[c + 2]})`;
      } else {
        rect.style.removeProperty('fill');
      }
    });
  }

  #height(): number {
    const spec = this._spec;
    return spec?.kind === 'matrix' ? (WIDTH * spec.height) / spec.width : (WIDTH * 9) / 16;
  }

  #renderLed(led: LedArea, i: number, height: number, focusable: number): TemplateResult {
    const x = led.hmin * WIDTH;
    const y = led.vmin * height;
    const w = Math.max(1, (led.hmax - led.hmin) * WIDTH);
    const h = Math.max(1, (led.vmax - led.vmin) * height);
    const size = Math.max(8, Math.min(w, h) * 0.45);
    const inset = Math.min(w, h) * 0.06;
    return svg`<g
      class="led"
      role="button"
      data-index=${i}
      tabindex=${i === focusable ? 0 : -1}
      aria-label=${this.#t('web_layout_led', { number: i + 1 })}
      aria-pressed=${this._selected === i ? 'true' : 'false'}
      @pointerdown=${(e: PointerEvent) => this.#startLedDrag(e, i)}
      @keydown=${(e: KeyboardEvent) => this.#onLedKey(e, i)}
    >
      <rect x=${x + inset} y=${y + inset} width=${w - 2 * inset} height=${h - 2 * inset} rx=${inset}></rect>
      <text x=${x + w / 2} y=${y + h / 2} style="font-size:${size}px" aria-hidden="true">${i + 1}</text>
    </g>`;
  }

  #renderHandles(height: number): TemplateResult | typeof nothing {
    const spec = this._spec;
    if (spec?.kind !== 'classic') return nothing;
    const points = CORNER_KEYS.map(([h, v]) => ({
      x: (spec[h] / 100) * WIDTH,
      y: (spec[v] / 100) * height,
    }));
    const r = WIDTH / 70;
    const handle = (cls: string, x: number, y: number, label: string, corners: number[]) =>
      svg`<circle
        class="handle ${cls}"
        role="button"
        tabindex="0"
        cx=${x}
        cy=${y}
        r=${r}
        aria-label=${label}
        @pointerdown=${(e: PointerEvent) => this.#startHandleDrag(e, corners)}
        @keydown=${(e: KeyboardEvent) => this.#onHandleKey(e, corners)}
      ></circle>`;
    return svg`<polygon
        class="frame-line"
        points=${points.map((p) => `${p.x},${p.y}`).join(' ')}
      ></polygon>
      ${FRAME_EDGES.map(([edge, a, b]) => {
        const p = points[a] as { x: number; y: number };
        const q = points[b] as { x: number; y: number };
        return handle(
          'edge',
          (p.x + q.x) / 2,
          (p.y + q.y) / 2,
          this.#t('web_layout_handle_edge', { edge: this.#t(`web_layout_${edge}`) }),
          [a, b],
        );
      })}
      ${points.map((p, i) =>
        handle(
          'corner',
          p.x,
          p.y,
          this.#t('web_layout_handle_corner', {
            corner: this.#t(`web_layout_corner_${(CORNERS[i] as string).replace('-', '_')}`),
          }),
          [i],
        ),
      )}`;
  }

  /** A square on the chosen LED's bottom right corner that resizes it. */
  #renderResize(height: number): TemplateResult | typeof nothing {
    const index = this._selected;
    const led = index === undefined ? undefined : this.#shown[index];
    if (index === undefined || !led) return nothing;
    const size = WIDTH / 60;
    return svg`<rect
      class="handle resize"
      role="button"
      tabindex="0"
      x=${led.hmax * WIDTH - size / 2}
      y=${led.vmax * height - size / 2}
      width=${size}
      height=${size}
      aria-label=${this.#t('web_layout_handle_resize', { number: index + 1 })}
      @pointerdown=${(e: PointerEvent) => this.#startResize(e, index)}
      @keydown=${(e: KeyboardEvent) => this.#onResizeKey(e, index)}
    ></rect>`;
  }

  #renderChosen(): TemplateResult | typeof nothing {
    const index = this._selected;
    const led = index === undefined ? undefined : this.#shown[index];
    if (index === undefined || !led) return nothing;
    return html`<fieldset>
      <legend>${this.#t('web_layout_led', { number: index + 1 })}</legend>
      <div class="fields">
        ${LED_EDGES.map(
          (edge) =>
            html`<div class="field">
              <label for=${`le-${edge}`}>${this.#t(`web_layout_led_${edge}`)}</label>
              <input
                id=${`le-${edge}`}
                type="number"
                inputmode="decimal"
                step="0.01"
                min="0"
                max="1"
                .value=${live(String(led[edge]))}
                @change=${(e: Event) =>
                  this.#setEdge(edge, Number((e.target as HTMLInputElement).value))}
              />
            </div>`,
        )}
      </div>
    </fieldset>`;
  }

  #renderIdentified(): TemplateResult {
    const shown = this._identified;
    const text = !shown
      ? ''
      : shown.error
        ? this.#t('web_layout_identify_failed', { number: shown.number, error: shown.error })
        : this.#t('web_layout_identify_sent', {
            number: shown.number,
            seconds: IDENTIFY_MS / 1000,
          });
    return html`<p role="status" class=${shown?.error ? 'message error' : 'muted'}>${text}</p>`;
  }

  protected override render(): TemplateResult {
    const leds = this.#shown;
    const height = this.#height();
    const focusable = this._selected ?? 0;
    return html`<gk-layout-generator
        .translator=${this.ctx?.translator}
        .leds=${this._genLeds}
        .spec=${this._genSpec}
        .deviceLedCount=${this.deviceLedCount}
        ?edited=${this._genLeds !== this.leds}
        @layout-change=${this.#onGenerated}
      ></gk-layout-generator>
      <h3>${this.#t('web_layout_editor_heading')}</h3>
      <p class="muted">${this.#t('web_layout_editor_hint')}</p>
      <div class="tools">
        <button type="button" ?disabled=${this._undoable === 0} @click=${() => this.undo()}>
          ${this.#t('web_layout_undo')}
        </button>
        ${this.#renderIdentified()}
      </div>
      <div class="picture">
        <svg
          viewBox="${-MARGIN} ${-MARGIN} ${WIDTH + 2 * MARGIN} ${height + 2 * MARGIN}"
          role="group"
          aria-label=${this.#t('web_layout_editor_label', { count: leds.length })}
          @pointermove=${this.#onPointerMove}
          @pointerup=${this.#onPointerUp}
          @pointercancel=${this.#onPointerUp}
        >
          <rect class="screen" x="0" y="0" width=${WIDTH} height=${height}></rect>
          ${leds.map((led, i) => this.#renderLed(led, i, height, focusable))}
          ${this.#renderHandles(height)} ${this.#renderResize(height)}
        </svg>
      </div>
      ${this.#renderChosen()}`;
  }
}

/** The way an arrow key points, or undefined for another key. */
function arrowStep(event: KeyboardEvent): { x: number; y: number } | undefined {
  switch (event.key) {
    case 'ArrowLeft':
      return { x: -1, y: 0 };
    case 'ArrowRight':
      return { x: 1, y: 0 };
    case 'ArrowUp':
      return { x: 0, y: -1 };
    case 'ArrowDown':
      return { x: 0, y: 1 };
    default:
      return undefined;
  }
}

defineElement('gk-layout-editor', GkLayoutEditor);

declare global {
  interface HTMLElementTagNameMap {
    'gk-layout-editor': GkLayoutEditor;
  }
}
