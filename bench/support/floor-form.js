// The floor of bench/elements.mjs: the least a Lit form can do for an effect option schema — one
// shadow root, one template, per option a label and its bare control (a checkbox, a number or text
// input, a select, three number inputs for a colour, nothing but a legend for a list), the elements'
// own field styles, and dependencies decided on every change; an option hidden from the start is
// an empty box until first shown, as in <gk-effect-form>. No validation, translation, messages,
// units, ARIA wiring, events with values, form association or list editing. It is not a product:
// it shows how fast any Lit-rendered form of these schemas can be on this machine, so that the
// targets can be read against it.
import { css, html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { fieldStyles } from '../../packages/elements/src/shared/field.styles.ts';
import { ReferenceForm } from './reference-form.js';

let lastId = 0;

class BenchFloorForm extends ReferenceForm {
  static styles = [
    fieldStyles,
    css`
      .option {
        display: block;
        margin-block: 0 1rem;
        contain: layout style;
        content-visibility: auto;
        contain-intrinsic-size: auto 3.5rem;
      }
      .option[hidden] {
        display: block;
        content-visibility: hidden;
        block-size: 0;
        margin: 0;
      }
    `,
  ];

  /** Options rendered so far: one hidden since the start stays an empty box until first shown. */
  rendered = new Set();

  /** Sets a value and shows or hides the options that depend on it. */
  set(name, value) {
    this.values[name] = value;
    for (const el of this.renderRoot.querySelectorAll('.option')) {
      const shown = this.visible(el.dataset.option);
      el.hidden = !shown;
      if (shown && !this.rendered.has(el.dataset.option)) this.requestUpdate();
    }
  }

  control(name, schema, id) {
    const value = this.values[name];
    if (schema.type === 'boolean') {
      return html`<input id=${id} type="checkbox" .checked=${value === true}
        @change=${(e) => this.set(name, e.target.checked)} />`;
    }
    if (schema.type === 'integer' || schema.type === 'number') {
      return html`<input id=${id} type="number" step=${schema.step ?? 1} min=${schema.minimum ?? ''}
        max=${schema.maximum ?? ''} .value=${String(value ?? '')}
        @input=${(e) => this.set(name, e.target.valueAsNumber)} />`;
    }
    if (schema.type === 'string' && Array.isArray(schema.enum)) {
      return html`<select id=${id} @change=${(e) => this.set(name, e.target.value)}>
        ${schema.enum.map((v) => html`<option ?selected=${v === value}>${v}</option>`)}
      </select>`;
    }
    if (schema.type === 'string') {
      return html`<input id=${id} type="text" .value=${value ?? ''}
        @input=${(e) => this.set(name, e.target.value)} />`;
    }
    if (schema.format === 'colorpicker' || schema.format === 'colorpickerRGBA') {
      return [0, 1, 2].map(
        (i) => html`<input id=${`${id}-${i}`} type="number" min="0" max="255"
          .value=${String(value?.[i] ?? 0)} />`,
      );
    }
    return nothing;
  }

  render() {
    return html`<fieldset>${repeat(
      this.options,
      (o) => o.name,
      ({ name, schema }) => {
        const shown = this.visible(name);
        if (!shown && !this.rendered.has(name)) {
          return html`<div class="option" data-option=${name} hidden></div>`;
        }
        this.rendered.add(name);
        lastId += 1;
        const id = `floor-${lastId}`;
        return html`<div class="option" data-option=${name} ?hidden=${!shown}>
          <div class="field"><label for=${id}>${schema.title ?? name}</label>
          <div class="control">${this.control(name, schema, id)}</div></div>
        </div>`;
      },
    )}</fieldset>`;
  }
}

customElements.define('bench-floor-form', BenchFloorForm);
