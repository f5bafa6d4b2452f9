import {
  defineElement,
  TranslationController,
  type Translator,
} from '@glowkit/elements/components';
import { html, LitElement, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { styleMap } from 'lit/directives/style-map.js';
import { ColorStyles } from './color-styles.js';
import { type LedArea, ledRects, RECT_STRIDE } from './led-geometry.js';
import { ledPictureStyles } from './led-picture.styles.js';

export type { LedArea } from './led-geometry.js';

/** `live`: LEDs take the colours given to `draw()`; `static`: every LED in a neutral colour. */
export type LedPictureMode = 'live' | 'static';

/** One table for every picture: the colours of one stream are those of the others. */
const styles = new ColorStyles();

/**
 * A picture of an LED layout (Hyperion's `leds`: one area of the picture per LED) drawn as the
 * screen edge or strip it is, each LED a small rectangle with cut corners at its area, in a
 * `<canvas>` that fills the element's width at the layout's aspect (16:9 unless `aspect` says
 * otherwise), sharp on every display (device pixels).
 *
 * Live colours come through {@link GkLedPicture.draw} (RGB bytes, 3 per LED, in layout order).
 * Drawing is coalesced to one per animation frame (none while the tab is hidden) and costs one or
 * two `fillRect` per LED with a cached `fillStyle`: the rectangles are computed when the layout or
 * size changes, so a frame allocates nothing. LEDs without a colour (before the first frame, or
 * beyond a frame's length) and every LED in `mode="static"` show in the neutral colour.
 *
 * Accessible as an image: `role="img"` with `label` as its name (else "Picture of N LEDs" from the
 * translator). The colours carry no information a text does not give elsewhere.
 *
 * @tag gk-led-picture
 * @csspart canvas - the canvas
 * @cssprop --gk-led-screen - the picture's background (the screen)
 * @cssprop --gk-led-neutral - the colour of LEDs without a live colour
 * @cssprop --gk-led-marker - the start marker (`mark-start`)
 */
export class GkLedPicture extends LitElement {
  static override styles = [ledPictureStyles];

  /** The LED areas, in LED order. */
  @property({ attribute: false }) layout: readonly LedArea[] = [];
  /** Width divided by height of the picture (default 16 / 9). */
  @property({ type: Number }) aspect: number = 16 / 9;
  /** Live colours or the static neutral picture (a layout preview). */
  @property({ type: String, reflect: true }) mode: LedPictureMode = 'live';
  /** The accessible name, e.g. "Live picture of 60 LEDs of Instance 0". */
  @property({ type: String }) label: string = '';
  /** Marks the first LED (a frame and "1") and an arrow towards the second: the LED order. */
  @property({ type: Boolean, attribute: 'mark-start' }) markStart: boolean = false;
  /** Translates the default label. */
  @property({ attribute: false }) translator: Translator | undefined = undefined;

  #canvas: HTMLCanvasElement | undefined;
  #context: CanvasRenderingContext2D | null = null;
  #observer: ResizeObserver | undefined;
  #themeObserver: MutationObserver | undefined;
  #systemTheme: MediaQueryList | undefined;
  readonly #onSystemTheme = (): void => this.#restyle();
  #width = 0;
  #height = 0;
  #rects: Int32Array = new Int32Array(0);
  #colors: ArrayLike<number> | undefined;
  #neutral = '#808080';
  #marker = '#000000';
  #screen = '#ffffff';
  #frame = 0;
  #frames = 0;
  /** Whether colours came since the last paint. */
  #pending = false;
  /**
   * Made once: requestAnimationFrame gets the same function every frame (no allocation). While
   * colours keep coming, the callback stays booked for the next frame, booked from inside this one:
   * colours given from another frame callback (an animation in the page) then arrive before it in
   * the same frame and are painted at once; booking anew from each `draw()` would put them a frame
   * behind and paint only every other frame. One idle frame ends the loop.
   */
  readonly #onFrame = (): void => {
    if (!this.#pending) {
      this.#frame = 0;
      return;
    }
    this.#pending = false;
    this.#paint();
    this.#frame = requestAnimationFrame(this.#onFrame);
  };

  constructor() {
    super();
    new TranslationController(this, () => this.translator);
  }

  /** How many frames were painted so far (for benchmarks and tests). */
  get framesDrawn(): number {
    return this.#frames;
  }

  /**
   * Shows new LED colours: RGB bytes, 3 per LED in layout order. Painted at the next animation
   * frame; colours given meanwhile replace these (only the newest is drawn). The array is read at
   * that frame, not copied: do not change it afterwards.
   */
  draw(colors: ArrayLike<number>): void {
    this.#colors = colors;
    this.#pending = true;
    if (this.#frame === 0 && this.#context) this.#frame = requestAnimationFrame(this.#onFrame);
  }

  /** Forgets the live colours: every LED shows the neutral colour until the next `draw()`. */
  clear(): void {
    this.#colors = undefined;
    this.#paint();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Colours are read from CSS (light-dark()), so a change of theme repaints: the app's
    // choice (on the root element) or the system's.
    this.#themeObserver = new MutationObserver(() => this.#restyle());
    this.#themeObserver.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['style', 'class', 'data-theme'],
    });
    this.#systemTheme = window.matchMedia('(prefers-color-scheme: dark)');
    this.#systemTheme.addEventListener('change', this.#onSystemTheme);
    if (this.#canvas) this.#observe(this.#canvas);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#themeObserver?.disconnect();
    this.#systemTheme?.removeEventListener('change', this.#onSystemTheme);
    if (this.#frame !== 0) cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  }

  protected override firstUpdated(): void {
    const canvas = this.renderRoot.querySelector('canvas') as HTMLCanvasElement;
    this.#canvas = canvas;
    this.#context = canvas.getContext('2d');
    this.#observe(canvas);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('layout')) this.#relayout();
    else if (changed.has('mode') || changed.has('markStart')) this.#paint();
  }

  #observe(canvas: HTMLCanvasElement): void {
    this.#observer?.disconnect();
    this.#observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const ratio = window.devicePixelRatio || 1;
      const width = entry.contentRect.width * ratio;
      const height = entry.contentRect.height * ratio;
      // Device pixels as the browser counts them where it can (exact under fractional scaling),
      // unless they disagree with CSS pixels × ratio by more than rounding: emulated screens
      // (headless browsers) report CSS pixels there.
      const exact = entry.devicePixelContentBoxSize?.[0];
      const trusted =
        exact && Math.abs(exact.inlineSize - width) <= 1 && Math.abs(exact.blockSize - height) <= 1;
      this.#resize(
        trusted ? exact.inlineSize : Math.round(width),
        trusted ? exact.blockSize : Math.round(height),
      );
    });
    try {
      this.#observer.observe(canvas, { box: 'device-pixel-content-box' });
    } catch {
      this.#observer.observe(canvas);
    }
  }

  #resize(width: number, height: number): void {
    if (width === this.#width && height === this.#height) return;
    const canvas = this.#canvas;
    if (!canvas) return;
    this.#width = width;
    this.#height = height;
    canvas.width = width;
    canvas.height = height;
    // Painted now, inside the observer's callback: before the browser shows the cleared canvas.
    this.#relayout();
  }

  #relayout(): void {
    this.#rects = ledRects(this.layout, this.#width, this.#height, window.devicePixelRatio || 1);
    this.#restyle();
  }

  /** Reads the CSS colours of the neutral LED and the marker, then repaints. */
  #restyle(): void {
    const canvas = this.#canvas;
    if (!canvas || !this.isConnected) return;
    const style = getComputedStyle(canvas);
    this.#neutral = style.color || this.#neutral;
    this.#marker = style.caretColor || this.#marker;
    this.#screen = style.backgroundColor || this.#screen;
    this.#context?.clearRect(0, 0, this.#width, this.#height);
    this.#paint();
  }

  /** One frame: O(LEDs), no allocation. */
  #paint(): void {
    const context = this.#context;
    if (!context || this.#width === 0) return;
    const rects = this.#rects;
    const count = rects.length / RECT_STRIDE;
    // The marker's text and arrow are anti-aliased: painted again over themselves they would
    // thicken, so a marked picture starts each frame from a clear canvas.
    if (this.markStart) context.clearRect(0, 0, this.#width, this.#height);
    const colors = this.mode === 'live' ? this.#colors : undefined;
    const lit = colors ? Math.min(count, Math.floor(colors.length / 3)) : 0;
    let last = -1;
    for (let i = 0; i < lit; i++) {
      const c = i * 3;
      const key = styles.key(
        (colors as ArrayLike<number>)[c] as number,
        (colors as ArrayLike<number>)[c + 1] as number,
        (colors as ArrayLike<number>)[c + 2] as number,
      );
      // Neighbours often share a colour: the style is set only when it changes.
      if (key !== last) {
        context.fillStyle = styles.style(key);
        last = key;
      }
      this.#fill(context, rects, i * RECT_STRIDE);
    }
    if (lit < count) {
      context.fillStyle = this.#neutral;
      for (let i = lit; i < count; i++) this.#fill(context, rects, i * RECT_STRIDE);
    }
    if (this.markStart && count > 0) this.#paintMarker(context);
    this.#frames += 1;
  }

  #fill(context: CanvasRenderingContext2D, rects: Int32Array, o: number): void {
    context.fillRect(
      rects[o] as number,
      rects[o + 1] as number,
      rects[o + 2] as number,
      rects[o + 3] as number,
    );
    const w2 = rects[o + 6] as number;
    if (w2 > 0) {
      context.fillRect(rects[o + 4] as number, rects[o + 5] as number, w2, rects[o + 7] as number);
    }
  }

  /**
   * A frame around the first LED, and "1 →" beside it towards the picture's middle (where no LED
   * of an edge layout is), the arrow pointing the way from the first LED to the second.
   */
  #paintMarker(context: CanvasRenderingContext2D): void {
    const first = this.#centre(0);
    const r = this.#rects;
    const unit = Math.max(2, Math.round(Math.min(this.#width, this.#height) / 120));
    context.save();
    context.strokeStyle = this.#marker;
    context.fillStyle = this.#marker;
    context.lineWidth = unit;
    // The LED's bounds: a notched LED's second bar is the full width, its first the full height.
    const notched = (r[6] as number) > 0;
    const x = (notched ? r[4] : r[0]) as number;
    const y = r[1] as number;
    const w = (notched ? r[6] : r[2]) as number;
    const h = r[3] as number;
    context.strokeRect(x - unit, y - unit, w + 2 * unit, h + 2 * unit);
    const inX = this.#width / 2 - first.x;
    const inY = this.#height / 2 - first.y;
    const inLength = Math.hypot(inX, inY) || 1;
    const size = unit * 7;
    const reach = Math.max(w, h) / 2 + size * 1.6;
    const px = first.x + (inX / inLength) * reach;
    const py = first.y + (inY / inLength) * reach;
    context.font = `600 ${size}px system-ui, sans-serif`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.lineJoin = 'round';
    // A halo of the screen's colour keeps the marker readable over lit LEDs.
    const halo = (draw: () => void) => {
      context.strokeStyle = this.#screen;
      context.lineWidth = unit * 3;
      draw();
      context.strokeStyle = this.#marker;
      context.lineWidth = unit;
    };
    halo(() => context.strokeText('1', px, py));
    context.fillText('1', px, py);
    if (r.length >= 2 * RECT_STRIDE) {
      const second = this.#centre(1);
      const dx = second.x - first.x;
      const dy = second.y - first.y;
      const d = Math.hypot(dx, dy);
      if (d > 0) {
        const ux = dx / d;
        const uy = dy / d;
        const sx = px + ux * size * 0.8;
        const sy = py + uy * size * 0.8;
        const ex = sx + ux * size * 1.6;
        const ey = sy + uy * size * 1.6;
        const head = unit * 2.5;
        const line = () => {
          context.beginPath();
          context.moveTo(sx, sy);
          context.lineTo(ex, ey);
          context.stroke();
        };
        const arrowhead = () => {
          context.beginPath();
          context.moveTo(ex + ux * head, ey + uy * head);
          context.lineTo(ex - uy * head, ey + ux * head);
          context.lineTo(ex + uy * head, ey - ux * head);
          context.closePath();
        };
        halo(() => {
          line();
          arrowhead();
          context.stroke();
        });
        line();
        arrowhead();
        context.fill();
      }
    }
    context.restore();
  }

  /** The centre of LED `i` on the canvas. */
  #centre(i: number): { x: number; y: number } {
    const r = this.#rects;
    const o = i * RECT_STRIDE;
    return {
      x: (r[o] as number) + (r[o + 2] as number) / 2,
      y: (r[o + 1] as number) + (r[o + 3] as number) / 2,
    };
  }

  #label(): string {
    if (this.label) return this.label;
    const count = this.layout.length;
    return this.translator?.t('web_led_picture_label', { count }) ?? `${count} LEDs`;
  }

  protected override render(): TemplateResult {
    const aspect = this.aspect > 0 && Number.isFinite(this.aspect) ? this.aspect : 16 / 9;
    return html`<canvas
      part="canvas"
      role="img"
      aria-label=${this.#label()}
      style=${styleMap({ aspectRatio: String(aspect) })}
    ></canvas>`;
  }
}

defineElement('gk-led-picture', GkLedPicture);

declare global {
  interface HTMLElementTagNameMap {
    'gk-led-picture': GkLedPicture;
  }
}
