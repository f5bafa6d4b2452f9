// A reference form for bench/elements-breakdown.mjs: the floor (floor-form.js) writing the markup
// <gk-effect-form> writes. Each option is an element of its own — a bare Lit element with its own
// shadow root, gk's styles for its kind and gk's markup inside (field, label, control, error) —
// in gk's option blocks, runs of 8 of them, with the form's styles. It copies gk for the kinds of
// the largest corpus schema (checkboxes, numbers, empty lists, the smoothing block as an element
// holding its checkbox's); other kinds get a label only, so it stands for gk on that schema only.
// Values are written as the floor writes them: no validation, translation, messages, events with
// values or form association. What it takes over the floor is what gk's markup costs, an element
// and a shadow root per option included; what gk takes over it is what gk's code costs.
import { html, LitElement, nothing } from 'lit';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { arrayStyles } from '../../packages/elements/src/array/array.styles.ts';
import { checkboxStyles } from '../../packages/elements/src/checkbox/checkbox.styles.ts';
import { effectFormStyles } from '../../packages/elements/src/effect-form/effect-form.styles.ts';
import { exportpartsOf } from '../../packages/elements/src/effect-form/option-parts.ts';
import { numberStyles } from '../../packages/elements/src/number/number.styles.ts';
import { fieldStyles, groupStyles } from '../../packages/elements/src/shared/field.styles.ts';
import { smoothingParts } from '../../packages/elements/src/smoothing/smoothing.component.ts';
import { smoothingStyles } from '../../packages/elements/src/smoothing/smoothing.styles.ts';
import { ReferenceForm } from './reference-form.js';

const SMOOTHING = ['smoothing-custom-settings', 'smoothing-time_ms', 'smoothing-updateFrequency'];
let lastId = 0;

/** An option's element: its schema, name and value, with gk's properties, and no behaviour. */
class BareField extends LitElement {
  static properties = {
    schema: { attribute: false },
    value: { attribute: false },
    name: { type: String, reflect: true },
    disabled: { type: Boolean, reflect: true },
  };

  constructor() {
    super();
    lastId += 1;
    this.controlId = `shaped-${lastId}`;
    this.errorId = `${this.controlId}-error`;
    this.schema = {};
    this.name = '';
    this.disabled = false;
  }

  get label() {
    return this.schema.title ?? this.name;
  }

  error() {
    return html`<p class="error" part="error" id=${this.errorId} aria-live="polite">${''}</p>`;
  }
}

class ShapedCheckbox extends BareField {
  static styles = [fieldStyles, checkboxStyles];

  render() {
    return html`<div class="field" part="field">
      <div class="control" part="control">
        ${html`<input
      id=${this.controlId}
      type="checkbox"
      part="input"
      .checked=${this.value === true}
      ?disabled=${this.disabled}
      aria-invalid=${'false'}
      aria-describedby=${this.errorId}
      @input=${(e) => e.stopPropagation()}
      @change=${(e) => {
        this.value = e.target.checked;
      }}
    />`}<label for=${this.controlId} part="label">${this.label}</label>
      </div>
      ${this.error()}
    </div>`;
  }
}

class ShapedNumber extends BareField {
  static styles = [fieldStyles, numberStyles];

  render() {
    const read = (e) => {
      e.stopPropagation();
      this.value = e.target.valueAsNumber;
    };
    return html`<div class="field" part="field">
      <label for=${this.controlId} part="label">${this.label}</label>
      <div class="control" part="control">${html`<input
      id=${this.controlId}
      type="number"
      part="input"
      inputmode=${this.schema.type === 'integer' ? 'numeric' : 'decimal'}
      step=${this.schema.step ?? 1}
      min=${this.schema.minimum ?? ''}
      max=${this.schema.maximum ?? ''}
      .value=${typeof this.value === 'number' ? String(this.value) : ''}
      ?disabled=${this.disabled}
      aria-invalid=${'false'}
      aria-describedby=${this.errorId}
      @input=${read}
      @change=${read}
    />`}${nothing}</div>
      ${this.error()}
    </div>`;
  }
}

/** A list as gk shows an empty one (the largest corpus schema's lists start empty). */
class ShapedArray extends BareField {
  static styles = [fieldStyles, groupStyles, arrayStyles];

  render() {
    return html`<fieldset
      class="field"
      part="field"
      aria-invalid=${'false'}
      aria-describedby=${this.errorId}
    >
      <legend part="label">${this.label}</legend>
      ${html`<p class="note empty" part="empty">
        ${'The list is empty.'}
      </p>`}
      <button
        type="button"
        class="add"
        part="button add"
        ?disabled=${this.disabled}
        @click=${() => {}}
      ><span aria-hidden="true">+</span> ${'Add entry'}</button>
      ${this.error()}
    </fieldset>`;
  }
}

/** The checkbox's parts under the smoothing block's names, as gk-smoothing exports them. */
const customExportparts = ['field', 'control', 'input', 'label', 'error']
  .map((p) => `${p}:custom-${p}`)
  .join(', ');

/** The smoothing block with its checkbox; the time and frequency are hidden until it is checked. */
class ShapedSmoothing extends LitElement {
  static styles = [fieldStyles, smoothingStyles];
  static properties = {
    schemas: { attribute: false },
    values: { attribute: false },
    name: { type: String, reflect: true },
    disabled: { type: Boolean, reflect: true },
  };

  constructor() {
    super();
    this.schemas = {};
    this.values = {};
    this.name = 'smoothing';
    this.disabled = false;
  }

  render() {
    const [custom] = SMOOTHING;
    const schema = this.schemas[custom];
    return html`<div
      class="group"
      part="group"
      role="group"
      aria-label=${schema?.title ?? custom}
      @input=${() => {}}
      @change=${() => {}}
    >
      ${html`<bench-shaped-checkbox part=${'custom'} exportparts=${customExportparts} data-name=${custom}
        .name=${custom} .schema=${schema} .value=${this.values[custom]}
        .disabled=${this.disabled}></bench-shaped-checkbox>`}
      ${nothing}
    </div>`;
  }
}

/** The bare element standing for each gk element the markup copies, by type. */
const shapedTags = {
  boolean: ['bench-shaped-checkbox', 'gk-checkbox'],
  integer: ['bench-shaped-number', 'gk-integer'],
  number: ['bench-shaped-number', 'gk-number'],
  array: ['bench-shaped-array', 'gk-array'],
};
const staticTags = new Map(Object.values(shapedTags).map(([tag]) => [tag, unsafeStatic(tag)]));
const smoothingExportparts = smoothingParts.join(', ');

class BenchShapedFloorForm extends ReferenceForm {
  static styles = [effectFormStyles];

  willUpdate(changed) {
    super.willUpdate(changed);
    // Like gk, the options form a smoothing block only when all three are there.
    if (changed.has('schema')) {
      this.hasBlock = SMOOTHING.every((n) => this.options.some((o) => o.name === n));
    }
  }

  /** Options rendered so far: one hidden since the start stays an empty block until first shown. */
  rendered = new Set();

  smoothing() {
    const values = Object.fromEntries(SMOOTHING.map((n) => [n, this.values[n]]));
    return html`<bench-shaped-smoothing
        exportparts=${smoothingExportparts}
        .schemas=${this.schema.properties}
        .values=${values}
        .disabled=${false}
      ></bench-shaped-smoothing>`;
  }

  element(name, schema) {
    const [tag, gkTag] =
      schema.type === 'array' && schema.format ? [] : (shapedTags[schema.type] ?? []);
    if (!tag) return html`<div class="field"><label>${schema.title ?? name}</label></div>`;
    const element = staticTags.get(tag);
    return staticHtml`<${element}
      exportparts=${exportpartsOf(gkTag)}
      .name=${name}
      .schema=${schema}
      .value=${this.values[name]}
      .disabled=${false}
    ></${element}>`;
  }

  option({ name, schema }) {
    const block = this.hasBlock && SMOOTHING.includes(name);
    if (block && name !== SMOOTHING[0]) return nothing;
    const shown = this.visible(name);
    let content = nothing;
    if (shown || this.rendered.has(name)) {
      this.rendered.add(name);
      content = block ? this.smoothing() : this.element(name, schema);
    }
    return html`<div
      class="option"
      part="option-block"
      data-option=${block ? nothing : name}
      data-block=${block ? 'smoothing' : nothing}
      ?hidden=${!shown}
    >${content}</div>`;
  }

  render() {
    // No heading: gk shows the effect's title only translated, and the benchmarks pass no translator.
    return html`<fieldset class="form" part="form">
      ${nothing}
      ${this.optionList((o) => this.option(o))}
    </fieldset>`;
  }
}

customElements.define('bench-shaped-checkbox', ShapedCheckbox);
customElements.define('bench-shaped-number', ShapedNumber);
customElements.define('bench-shaped-array', ShapedArray);
customElements.define('bench-shaped-smoothing', ShapedSmoothing);
customElements.define('bench-shaped-floor-form', BenchShapedFloorForm);
