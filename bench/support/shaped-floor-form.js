// A reference form for bench/elements-breakdown.mjs: the floor (floor-form.js) writing the markup
// <gk-effect-form> writes. Each option gets gk's elements, attributes, parts, nesting of templates
// and whitespace, in gk's runs of 8 option boxes, with gk's styles, for the kinds of the largest
// corpus schema (checkboxes, numbers, lists, the smoothing block; other kinds get a label only, so
// it stands for gk on that schema only). Values are written as the floor writes them: no views,
// validation, translation, messages, events with values or form association. What it takes over
// the floor is what gk's markup costs; what gk takes over it is what gk's code costs.
import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { effectFormStyles } from '../../packages/elements/src/effect-form/effect-form.styles.ts';
import { optionViewClasses } from '../../packages/elements/src/effect-form/option-views.ts';
import { scopedViewStyles } from '../../packages/elements/src/shared/scoped-styles.ts';
import { SmoothingView } from '../../packages/elements/src/smoothing/smoothing.ts';
import { ReferenceForm } from './reference-form.js';

const SMOOTHING = ['smoothing-custom-settings', 'smoothing-time_ms', 'smoothing-updateFrequency'];
/** gk's kind of view for each type the markup copies (its `data-view`). */
const kinds = { boolean: 'checkbox', integer: 'integer', number: 'number', array: 'array' };
let lastId = 0;

class BenchShapedFloorForm extends ReferenceForm {
  static styles = [scopedViewStyles([...optionViewClasses, SmoothingView]), effectFormStyles];

  willUpdate(changed) {
    super.willUpdate(changed);
    // Like gk, the options form a smoothing block only when all three are there.
    if (changed.has('schema')) {
      this.hasBlock = SMOOTHING.every((n) => this.options.some((o) => o.name === n));
    }
  }

  /** Options rendered so far: one hidden since the start stays an empty box until first shown. */
  rendered = new Set();

  error(id) {
    return html`<p class="error" part="error" id=${`${id}-error`} aria-live="polite">${''}</p>`;
  }

  checkbox(name, schema, id) {
    return html`<div class="field" part="field">
      <div class="control" part="control">
        ${html`<input
      id=${id}
      type="checkbox"
      part="input"
      .checked=${this.values[name] === true}
      ?disabled=${false}
      aria-invalid=${'false'}
      aria-describedby=${`${id}-error`}
      @input=${(e) => e.stopPropagation()}
      @change=${(e) => {
        this.values[name] = e.target.checked;
      }}
    />`}<label for=${id} part="label">${schema.title ?? name}</label>
      </div>
      ${this.error(id)}
    </div>`;
  }

  number(name, schema, id) {
    const read = (e) => {
      this.values[name] = e.target.valueAsNumber;
    };
    return html`<div class="field" part="field">
      <label for=${id} part="label">${schema.title ?? name}</label>
      <div class="control" part="control">${html`<input
      id=${id}
      type="number"
      part="input"
      inputmode=${schema.type === 'integer' ? 'numeric' : 'decimal'}
      step=${schema.step ?? 1}
      min=${schema.minimum ?? ''}
      max=${schema.maximum ?? ''}
      .value=${String(this.values[name] ?? '')}
      ?disabled=${false}
      aria-invalid=${'false'}
      aria-describedby=${`${id}-error`}
      @input=${read}
      @change=${read}
    />`}${nothing}</div>
      ${this.error(id)}
    </div>`;
  }

  list(name, schema, id) {
    const items = this.values[name] ?? [];
    return html`<fieldset
      class="field"
      part="field"
      aria-invalid=${'false'}
      aria-describedby=${`${id}-error`}
    >
      <legend part="label">${schema.title ?? name}</legend>
      ${
        items.length === 0
          ? html`<p class="note empty" part="empty">
        ${'The list is empty.'}
      </p>`
          : nothing
      }
      <button
        type="button"
        class="add"
        part="button add"
        ?disabled=${false}
        @click=${() => {}}
      ><span aria-hidden="true">+</span> ${'Add entry'}</button>
      <p class="error" part="error" id=${`${id}-error`} aria-live="polite">${''}</p>
    </fieldset>`;
  }

  smoothing() {
    const [custom] = SMOOTHING;
    lastId += 1;
    const id = `shaped-${lastId}`;
    return html`<div
      class="group"
      part="group"
      role="group"
      aria-label=${custom}
      @input=${() => {}}
      @change=${() => {}}
    >
      ${html`<div part=${'custom'} data-name=${custom} data-view=${'checkbox'}>${this.checkbox(custom, this.schema.properties[custom], id)}</div>`}
      ${nothing}
    </div>`;
  }

  field(name, schema) {
    lastId += 1;
    const id = `shaped-${lastId}`;
    if (schema.type === 'boolean') return this.checkbox(name, schema, id);
    if (schema.type === 'integer' || schema.type === 'number') return this.number(name, schema, id);
    if (schema.type === 'array' && !schema.format) return this.list(name, schema, id);
    return html`<div class="field"><label for=${id}>${schema.title ?? name}</label></div>`;
  }

  option({ name, schema }) {
    const block = this.hasBlock && SMOOTHING.includes(name);
    if (block && name !== SMOOTHING[0]) return nothing;
    const shown = this.visible(name);
    let content = nothing;
    if (shown || this.rendered.has(name)) {
      this.rendered.add(name);
      content = block ? this.smoothing() : this.field(name, schema);
    }
    return html`<div
      class="option"
      part="option-block"
      data-option=${block ? 'smoothing' : name}
      data-view=${block ? 'smoothing' : (kinds[schema.type] ?? schema.type)}
      ?hidden=${live(!shown)}
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

customElements.define('bench-shaped-floor-form', BenchShapedFloorForm);
