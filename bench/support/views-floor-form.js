// A reference form for bench/elements-breakdown.mjs: the shaped floor (shaped-floor-form.js, gk's
// markup around each option) showing each option with <gk-effect-form>'s own view of it — the view
// holds the option's state, validation, translation, ARIA wiring and events, and renders its
// template — put into the option's box with Lit's render(). The smoothing block's options are shown
// one by one. What it takes over the shaped floor is what the views cost; what gk takes over it is
// what the form's own machinery costs (dependency rules, a directive per option, form validity).
import { html, nothing, render } from 'lit';
import { live } from 'lit/directives/live.js';
import { effectFormStyles } from '../../packages/elements/src/effect-form/effect-form.styles.ts';
import {
  optionViewClasses,
  optionViewFor,
} from '../../packages/elements/src/effect-form/option-views.ts';
import { scopedViewStyles } from '../../packages/elements/src/shared/scoped-styles.ts';
import { ReferenceForm } from './reference-form.js';

class BenchViewsFloorForm extends ReferenceForm {
  static styles = [scopedViewStyles(optionViewClasses), effectFormStyles];

  views = new Map();

  willUpdate(changed) {
    super.willUpdate(changed);
    if (changed.has('schema')) this.views = new Map();
  }

  render() {
    return html`<fieldset class="form" part="form">
      ${nothing}
      ${this.optionList(
        ({ name }) =>
          html`<div
            class="option"
            part="option-block"
            data-option=${name}
            ?hidden=${live(!this.visible(name))}
          ></div>`,
      )}
    </fieldset>`;
  }

  /** Each shown option's view, rendered into its box (hidden ones wait, as in gk). */
  updated() {
    for (const box of this.renderRoot.querySelectorAll('.option')) {
      if (box.hidden) continue;
      const name = box.dataset.option;
      const schema = this.schema.properties[name];
      let view = this.views.get(name);
      if (!view) {
        view = optionViewFor(schema);
        if (!view) continue;
        this.views.set(name, view);
        box.dataset.view = view.kind;
        view.attach({
          element: box,
          root: box,
          requestUpdate: () => render(view.template(), box),
          updateComplete: Promise.resolve(true),
          isUpdatePending: false,
        });
      }
      view.assign({ name, schema, value: this.values[name], disabled: false });
      render(view.template(), box);
    }
  }
}

customElements.define('bench-views-floor-form', BenchViewsFloorForm);
