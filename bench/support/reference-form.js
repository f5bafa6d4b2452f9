// What the reference forms of the elements benchmarks (floor-form.js and the breakdown's forms)
// share: a Lit element taking a schema, its options in display order with their defaults, the
// dependency check, and gk's list of option boxes, all written as plainly as a hand-made form.
import { html, LitElement } from 'lit';
import { repeat } from 'lit/directives/repeat.js';

/** Whether option `name` is shown: every option it depends on has its value and is shown. */
function visibleIn(schema, values, name, seen = new Set()) {
  if (seen.has(name)) return false;
  const deps = schema.properties[name]?.options?.dependencies ?? {};
  return Object.entries(deps).every(
    ([target, required]) =>
      values[target] === required && visibleIn(schema, values, target, new Set(seen).add(name)),
  );
}

/** A form of `schema`'s options: `options` in display order, `values` starting at the defaults. */
export class ReferenceForm extends LitElement {
  static properties = { schema: { attribute: false } };

  values = {};
  options = [];

  willUpdate(changed) {
    if (!changed.has('schema')) return;
    this.options = Object.entries(this.schema?.properties ?? {})
      .map(([name, schema], index) => ({ name, schema, index }))
      .sort(
        (a, b) =>
          (a.schema.propertyOrder ?? Number.POSITIVE_INFINITY) -
            (b.schema.propertyOrder ?? Number.POSITIVE_INFINITY) || a.index - b.index,
      );
    this.values = Object.fromEntries(this.options.map((o) => [o.name, o.schema.default]));
  }

  /** Whether option `name` is shown with the current values. */
  visible(name) {
    return visibleIn(this.schema, this.values, name);
  }

  /** gk's option list: the options in runs of 8, each run a `.option-chunk`, keyed as gk keys. */
  optionList(box) {
    const runs = [];
    for (let i = 0; i < this.options.length; i += 8) runs.push(this.options.slice(i, i + 8));
    return html`<div class="option-list">
        ${repeat(
          runs,
          (run) => run[0]?.name,
          (run) =>
            html`<div class="option-chunk">${repeat(
              run,
              (o) => o.name,
              (o) => box(o),
            )}</div>`,
        )}
      </div>`;
  }
}
