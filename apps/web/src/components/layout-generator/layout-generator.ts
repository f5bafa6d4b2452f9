import { defineElement, TranslationController } from '@glowkit/elements/components';
import type { Resolver } from '@glowkit/i18n';
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import { pageStyles } from '../../app/page.styles.js';
import '../led-picture/led-picture.js';
import { type Choice, numberField, radioGroup, selectField } from './fields.js';
import { layoutGeneratorStyles } from './layout-generator.styles.js';
import {
  type ClassicFrame,
  CORNER_KEYS,
  CORNERS,
  type Corner,
  DEFAULT_CLASSIC,
  DEFAULT_MATRIX,
  type Direction,
  generateLayout,
  type LayoutProblem,
  type LayoutSpec,
  type LedArea,
  MAX_LEDS,
  type Matrix,
  type MatrixOrder,
} from './layouts.js';
import { orderColors } from './order-colors.js';

/** What the generator makes: the stored layout as it is, a classic frame, or a matrix. */
export type LayoutMode = 'current' | 'classic' | 'matrix';

/** What `layout-change` carries. */
export interface LayoutChangeDetail {
  /** The layout to save; undefined while the inputs have problems. */
  leds: LedArea[] | undefined;
  /** The inputs that made it; undefined for the stored layout kept as it is. */
  spec: LayoutSpec | undefined;
}

/** What `led-count-request` carries: the LED count the device should get. */
export interface LedCountRequestDetail {
  count: number;
}

type NumberField<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T];

/** The edges of a frame, in the order their inputs are shown. */
const EDGES = ['top', 'right', 'bottom', 'left'] as const;
/** The flip input of each edge. */
const FLIPS = {
  top: 'flipTop',
  right: 'flipRight',
  bottom: 'flipBottom',
  left: 'flipLeft',
} as const;
const DIRECTIONS: readonly Direction[] = ['clockwise', 'counterclockwise'];
const MATRIX_ORDERS: readonly MatrixOrder[] = ['rows', 'columns'];

/**
 * The LED layout generator: keeps the stored layout, or makes a classic frame around a screen
 * (LEDs per edge, start corner, direction, offset, gaps, depth) or a matrix (width × height, start
 * corner, rows or columns, serpentine), and previews it as it is typed, coloured from the first
 * LED to the last so the order shows. When the device's LED count differs from the layout's, it
 * says so and offers to set it (`led-count-request`: the page owns the device).
 *
 * @fires layout-change - the layout changed; {@link LayoutChangeDetail}
 * @fires led-count-request - the person asked to give the device the layout's LED count
 */
export class GkLayoutGenerator extends LitElement {
  static override styles = [pageStyles, layoutGeneratorStyles];

  /** The UI's translator. */
  @property({ attribute: false }) translator!: Resolver | undefined;
  /** The stored layout. Setting it (with `spec`) starts the generator afresh. */
  @property({ attribute: false }) leds: LedArea[] = [];
  /** The stored inputs that make `leds`, if the generator made them. */
  @property({ attribute: false }) spec: LayoutSpec | undefined = undefined;
  /** The device's LED count (`hardwareLedCount`), to compare with the layout's. */
  @property({ attribute: false }) deviceLedCount: number | undefined = undefined;
  /** Whether `leds` is a layout edited by hand since it was stored (the layout editor's), not the stored one. */
  @property({ type: Boolean }) edited = false;
  @state() private _mode: LayoutMode = 'current';
  @state() private _classic: ClassicFrame = { ...DEFAULT_CLASSIC };
  @state() private _matrix: Matrix = { ...DEFAULT_MATRIX };

  /** The last layout the inputs made, shown while they have problems. */
  #lastGood: LedArea[] = [];

  constructor() {
    super();
    new TranslationController(this, () => this.translator);
  }

  /** The layout as it stands: the stored one, or the generated one (undefined while invalid). */
  get layout(): LedArea[] | undefined {
    if (this._mode === 'current') return this.leds;
    const made = generateLayout(this.#spec as LayoutSpec);
    return made.ok ? made.leds : undefined;
  }

  /** The inputs that make {@link GkLayoutGenerator.layout}; undefined when the stored layout is kept. */
  get specInUse(): LayoutSpec | undefined {
    return this.#spec;
  }

  get #spec(): LayoutSpec | undefined {
    if (this._mode === 'classic') return { kind: 'classic', ...this._classic };
    if (this._mode === 'matrix') return { kind: 'matrix', ...this._matrix };
    return undefined;
  }

  /** Whether the layout can be saved. */
  get valid(): boolean {
    return this.layout !== undefined;
  }

  #t(key: string, vars?: Record<string, unknown>): string {
    return this.translator ? this.translator.t(key, vars) : key;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('leds') || changed.has('spec')) {
      // A stored layout the generator made opens in the generator with its inputs; any other
      // is kept as it is until the person chooses a frame or a matrix.
      const spec = this.spec;
      if (spec?.kind === 'classic') {
        const { kind: _, ...frame } = spec;
        this._classic = frame;
      } else if (spec?.kind === 'matrix') {
        const { kind: _, ...matrix } = spec;
        this._matrix = matrix;
      } else {
        this.#guessFromCount(this.leds.length);
      }
      this._mode = spec?.kind ?? (this.leds.length > 0 ? 'current' : 'classic');
      this.#lastGood = this.layout ?? this.leds;
    }
  }

  /** Starting values for a new frame that has about as many LEDs as the stored layout. */
  #guessFromCount(count: number): void {
    if (count < 4) return;
    // 16:9 proportions: long edges 16 parts, short edges 9, of 50 in all.
    const long = Math.max(1, Math.round((count * 16) / 50));
    const short = Math.max(0, Math.round((count - 2 * long) / 2));
    const frame = { ...DEFAULT_CLASSIC, top: long, bottom: long, left: short, right: short };
    // Whatever rounding left over goes to the bottom edge, so the count is the stored one.
    frame.bottom += count - (frame.top + frame.bottom + frame.left + frame.right);
    if (frame.bottom >= 0) this._classic = frame;
  }

  #changed(): void {
    const leds = this.layout;
    if (leds) this.#lastGood = leds;
    this.dispatchEvent(
      new CustomEvent<LayoutChangeDetail>('layout-change', {
        bubbles: true,
        composed: true,
        detail: { leds, spec: this.#spec },
      }),
    );
  }

  #setMode(mode: LayoutMode): void {
    this._mode = mode;
    this.#changed();
  }

  #setClassic(change: Partial<ClassicFrame>): void {
    this._classic = { ...this._classic, ...change };
    this.#changed();
  }

  #setMatrix(change: Partial<Matrix>): void {
    this._matrix = { ...this._matrix, ...change };
    this.#changed();
  }

  #problems(): LayoutProblem[] {
    const spec = this.#spec;
    if (!spec) return [];
    const made = generateLayout(spec);
    return made.ok ? [] : made.problems;
  }

  #message(problem: LayoutProblem): string {
    switch (problem.kind) {
      case 'integer':
        return this.#t(
          this._mode === 'matrix' ? 'web_layout_problem_positive' : 'web_layout_problem_integer',
        );
      case 'depth':
        return this.#t('web_layout_problem_depth');
      case 'percent':
        return this.#t('web_layout_problem_percent');
      case 'too-many':
        return this.#t('web_layout_problem_too_many', { max: MAX_LEDS });
      case 'empty':
        return this.#t('web_layout_problem_empty');
      case 'gaps': {
        if (problem.field !== 'gapPosition') return this.#t('web_layout_problem_gaps');
        const c = this._classic;
        return this.#t('web_layout_problem_gap_position', {
          places: c.top + c.right + c.bottom + c.left,
        });
      }
      case 'offset': {
        const c = this._classic;
        return this.#t('web_layout_problem_offset', {
          places: c.top + c.right + c.bottom + c.left,
        });
      }
    }
  }

  /** The message of the problem with input `field`, if it has one. */
  #problemOf(problems: LayoutProblem[], field: string): string | undefined {
    const problem = problems.find((p) => p.field === field);
    return problem ? this.#message(problem) : undefined;
  }

  #corners(): Array<Choice<Corner>> {
    return CORNERS.map((corner) => ({
      value: corner,
      label: this.#t(`web_layout_corner_${corner.replace('-', '_')}`),
    }));
  }

  #renderClassic(problems: LayoutProblem[]): TemplateResult {
    const c = this._classic;
    const field = (name: NumberField<ClassicFrame>, min: number, max: number, label: string) =>
      numberField({
        id: `lg-${name}`,
        label,
        value: c[name],
        min,
        max,
        problem: this.#problemOf(problems, name),
        onInput: (value) => this.#setClassic({ [name]: value }),
      });
    return html`<fieldset>
        <legend>${this.#t('web_layout_edges')}</legend>
        <div class="fields">
          ${EDGES.map((edge) => field(edge, 0, MAX_LEDS, this.#t(`web_layout_${edge}`)))}
        </div>
        <div class="modes">
          ${EDGES.map((edge) => {
            const key = FLIPS[edge];
            return html`<label class="choice">
              <input
                type="checkbox"
                .checked=${live(c[key])}
                @change=${(e: Event) =>
                  this.#setClassic({ [key]: (e.target as HTMLInputElement).checked })}
              />${this.#t(`web_layout_flip_${edge}`)}
            </label>`;
          })}
        </div>
      </fieldset>
      <fieldset>
        <legend>${this.#t('web_layout_strip')}</legend>
        <div class="fields">
          ${selectField({
            id: 'lg-start',
            label: this.#t('web_layout_start'),
            value: c.start,
            choices: this.#corners(),
            onChange: (start) => this.#setClassic({ start }),
          })}
          ${selectField({
            id: 'lg-direction',
            label: this.#t('web_layout_direction'),
            value: c.direction,
            choices: DIRECTIONS.map((d) => ({ value: d, label: this.#t(`web_layout_${d}`) })),
            onChange: (direction) => this.#setClassic({ direction }),
          })}
          ${field('offset', 0, MAX_LEDS, this.#t('web_layout_offset'))}
          ${field('gapStart', 0, MAX_LEDS, this.#t('web_layout_gap_start'))}
          ${field('gapEnd', 0, MAX_LEDS, this.#t('web_layout_gap_end'))}
          ${field('gapLength', 0, MAX_LEDS, this.#t('web_layout_gap_length'))}
          ${field('gapPosition', 0, MAX_LEDS, this.#t('web_layout_gap_position'))}
          ${field('overlap', 0, 100, this.#t('web_layout_overlap'))}
        </div>
      </fieldset>
      <fieldset>
        <legend>${this.#t('web_layout_depth')}</legend>
        <div class="fields">
          ${field('horizontalDepth', 1, 100, this.#t('web_layout_hdepth'))}
          ${field('verticalDepth', 1, 100, this.#t('web_layout_vdepth'))}
        </div>
      </fieldset>
      <fieldset>
        <legend>${this.#t('web_layout_corners')}</legend>
        <p class="muted">${this.#t('web_layout_corners_hint')}</p>
        <div class="fields">
          ${CORNER_KEYS.map(([h, v], i) => {
            const corner = (CORNERS[i] as Corner).replace('-', '_');
            return html`${field(h, 0, 100, this.#t(`web_layout_corner_${corner}_h`))}
            ${field(v, 0, 100, this.#t(`web_layout_corner_${corner}_v`))}`;
          })}
        </div>
      </fieldset>`;
  }

  #renderMatrix(problems: LayoutProblem[]): TemplateResult {
    const m = this._matrix;
    const field = (name: 'width' | 'height') =>
      numberField({
        id: `lg-${name}`,
        label: this.#t(`web_layout_${name}`),
        value: m[name],
        min: 1,
        max: MAX_LEDS,
        problem: this.#problemOf(problems, name),
        onInput: (value) => this.#setMatrix({ [name]: value }),
      });
    return html`<fieldset>
        <legend>${this.#t('web_layout_size')}</legend>
        <div class="fields">${field('width')} ${field('height')}</div>
      </fieldset>
      <fieldset>
        <legend>${this.#t('web_layout_strip')}</legend>
        <div class="fields">
          ${selectField({
            id: 'lg-start',
            label: this.#t('web_layout_start'),
            value: m.start,
            choices: this.#corners(),
            onChange: (start) => this.#setMatrix({ start }),
          })}
          ${selectField({
            id: 'lg-order',
            label: this.#t('web_layout_order'),
            value: m.order,
            choices: MATRIX_ORDERS.map((o) => ({
              value: o,
              label: this.#t(`web_layout_order_${o}`),
            })),
            onChange: (order) => this.#setMatrix({ order }),
          })}
        </div>
        <label class="choice">
          <input
            type="checkbox"
            .checked=${live(m.serpentine)}
            @change=${(e: Event) =>
              this.#setMatrix({ serpentine: (e.target as HTMLInputElement).checked })}
          />${this.#t('web_layout_serpentine')}
        </label>
      </fieldset>`;
  }

  #renderPreview(leds: LedArea[] | undefined, problems: LayoutProblem[]): TemplateResult {
    const shown = leds ?? this.#lastGood;
    const count = leds?.length;
    const m = this._matrix;
    // A matrix is drawn in its own proportions, a frame as the 16:9 screen it goes round.
    const aspect = this._mode === 'matrix' && leds ? m.width / m.height : 16 / 9;
    return html`<figure>
      <gk-led-picture
        .layout=${shown}
        .aspect=${aspect}
        .markStart=${true}
        .translator=${this.translator}
        label=${this.#t('web_layout_preview_label', { count: shown.length })}
      ></gk-led-picture>
      <figcaption>
        <p role="status">
          ${
            count === undefined
              ? this.#t('web_layout_count_invalid', { problems: problems.length })
              : this.#t('web_layout_count', { count })
          }
        </p>
        <p class="muted">
          ${this.#t('web_layout_key_start')}
          ${this.#t('web_layout_key_order')}<span class="ramp" aria-hidden="true"></span>
        </p>
      </figcaption>
    </figure>`;
  }

  protected override updated(): void {
    // The preview is coloured along the LED order (red first, blue last): drawn after each
    // render, so the colours always match the layout shown.
    const picture = this.renderRoot.querySelector('gk-led-picture');
    if (picture)
      void picture.updateComplete.then(() => picture.draw(orderColors(picture.layout.length)));
  }

  #renderMismatch(leds: LedArea[] | undefined): TemplateResult | typeof nothing {
    const device = this.deviceLedCount;
    if (!leds || device === undefined || leds.length === device || leds.length === 0) {
      return nothing;
    }
    const count = leds.length;
    return html`<div class="warning" role="status">
      <p>${this.#t('web_layout_mismatch', { layout: count, device })}</p>
      <button
        type="button"
        @click=${() =>
          this.dispatchEvent(
            new CustomEvent<LedCountRequestDetail>('led-count-request', {
              bubbles: true,
              composed: true,
              detail: { count },
            }),
          )}
      >
        ${this.#t('web_layout_set_count', { count })}
      </button>
    </div>`;
  }

  protected override render(): TemplateResult {
    const problems = this.#problems();
    const leds = this.layout;
    const modes: Array<Choice<LayoutMode>> = [
      { value: 'classic', label: this.#t('web_layout_mode_classic') },
      { value: 'matrix', label: this.#t('web_layout_mode_matrix') },
    ];
    if (this.leds.length > 0 && !this.spec) {
      modes.unshift({
        value: 'current',
        label: this.#t(this.edited ? 'web_layout_mode_edited' : 'web_layout_mode_current'),
      });
    }
    return html`${radioGroup({
      name: 'lg-mode',
      legend: this.#t('web_layout_mode'),
      value: this._mode,
      choices: modes,
      onChange: (mode) => this.#setMode(mode),
    })}
      <div class="editor">
        <div>
          ${
            this._mode === 'classic'
              ? this.#renderClassic(problems)
              : this._mode === 'matrix'
                ? this.#renderMatrix(problems)
                : html`<p class="muted">
                    ${this.#t(this.edited ? 'web_layout_edited_hint' : 'web_layout_current_hint', {
                      count: this.leds.length,
                    })}
                  </p>`
          }
        </div>
        ${this.#renderPreview(leds, problems)}
      </div>
      ${this.#renderMismatch(leds)}`;
  }
}

defineElement('gk-layout-generator', GkLayoutGenerator);

declare global {
  interface HTMLElementTagNameMap {
    'gk-layout-generator': GkLayoutGenerator;
  }
}
