/**
 * Real schemas through the whole form: the project's bundled effects and, when GLOWKIT_CORPUS is
 * set, every option schema of Hyperion's corpus. Each is mounted without a value inside a real
 * `<form>`: the args must hold every property's literal `default`, every shown control must show
 * it, the `<form>` must submit exactly those args, and nothing is printed to the console as an error.
 */
import type { OptionSchema } from '@glowkit/effect-schema/values';
import { afterEach, describe, expect, it, vi } from 'vitest';
import './effect-form.js';
import { smoothingOptions } from '../smoothing/smoothing.js';
import { deepQuery } from '../test-support/deep.js';
import { projectTranslator, settled } from '../test-support/translator.js';
import type { GkEffectForm } from './effect-form.js';

const bundled = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>('../../../../effects/schema/*.schema.json', {
      eager: true,
      import: 'default',
    }),
  ).map(([path, schema]) => [path.split('/').pop() as string, schema]),
);
const corpus = __GLOWKIT_CORPUS_SCHEMAS__;

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** Waits until the form and every element inside it (nested ones included) have rendered. */
async function renderedDeep(root: Element): Promise<void> {
  await settled(root);
  for (const el of root.shadowRoot?.querySelectorAll('*') ?? []) {
    if (el.shadowRoot) await renderedDeep(el);
  }
}

/** Each property's `default` exactly as the schema file writes it, for the properties with one. */
function literalDefaults(properties: Record<string, OptionSchema>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([, o]) => 'default' in o)
      .map(([name, o]) => [name, structuredClone(o.default)]),
  );
}

/** Kinds of option whose controls {@link shownValue} does not read: lists of items. */
const unreadKinds = ['gk-array', 'gk-multiselect'];
/** What {@link shownValue} gives for an option of a kind it does not read. */
const UNREAD = Symbol('unread');

/**
 * What an option's control shows, read as a user would from the form's rendered DOM: a
 * checkbox's checked state, a number or text input's text, a select box's choice, a colour's
 * channel inputs. The smoothing block's options are read from the block's own elements.
 */
function shownValue(form: GkEffectForm, name: string, schema: OptionSchema): unknown {
  const root = form.renderRoot;
  const block = root.querySelector('[data-block="smoothing"]');
  let container: ParentNode | null | undefined;
  if (block && (smoothingOptions as readonly string[]).includes(name)) {
    const element = block.shadowRoot?.querySelector(`[data-name="${CSS.escape(name)}"]`);
    container = element?.shadowRoot;
  } else {
    const option = root.querySelector<HTMLElement>(`[data-option="${CSS.escape(name)}"]`);
    expect(option?.hidden, `${name} is hidden`).toBe(false);
    if (unreadKinds.includes(option?.localName ?? '')) return UNREAD;
    container = option?.shadowRoot;
  }
  if (!container) throw new Error(`option ${name} is not rendered`);
  if (container.querySelector('input[type=color]')) {
    const channels = container.querySelectorAll<HTMLInputElement>('input[part~="channel-input"]');
    return [...channels].map((input) => Number(input.value));
  }
  const control = container.querySelector<HTMLInputElement | HTMLSelectElement>('input, select');
  if (!control) throw new Error(`option ${name} has no control`);
  if (control instanceof HTMLSelectElement) {
    const values = Array.isArray(schema.enum) ? schema.enum : [];
    return values.find((v) => String(v) === control.value) ?? control.value;
  }
  if (control.type === 'checkbox') return control.checked;
  if (control.type === 'number') return control.value === '' ? undefined : Number(control.value);
  return control.value;
}

async function roundTrip(schema: Record<string, unknown>) {
  const errors = vi.spyOn(console, 'error');
  const properties = schema.properties as Record<string, OptionSchema>;
  const expected = literalDefaults(properties);
  const host = document.createElement('form');
  host.innerHTML = '<gk-effect-form name="args"></gk-effect-form>';
  const form = host.querySelector('gk-effect-form') as GkEffectForm;
  Object.assign(form, { schema, translator: await projectTranslator('en') });
  document.body.append(host);
  await renderedDeep(form);
  const rendered = [...(form.shadowRoot?.querySelectorAll<HTMLElement>('.option') ?? [])];
  expect(rendered.length).toBeGreaterThan(0);
  // Every shown option shows its label (a label, or a legend for groups of controls).
  for (const option of rendered.filter((o) => !o.hidden)) {
    expect(
      deepQuery(option, 'label, legend, [role=group]'),
      option.dataset.option ?? option.dataset.block,
    ).not.toBeNull();
  }
  const value = form.value;
  expect(Object.fromEntries(Object.keys(expected).map((k) => [k, value[k]]))).toEqual(expected);
  let read = 0;
  for (const name of form.visibleOptionNames.filter((n) => n in expected)) {
    const shown = shownValue(form, name, properties[name] as OptionSchema);
    if (shown === UNREAD) continue;
    expect(shown, name).toEqual(expected[name]);
    read++;
  }
  expect(read).toBeGreaterThan(0);
  expect(JSON.parse(String(new FormData(host).get('args')))).toEqual(value);
  // A list without a default starts empty; with minItems above 0 that is rightly invalid (Hyperion's
  // waves.colors, which the linter warns about); every other schema starts valid.
  const startsInvalid = Object.values(properties).some(
    (o) => !('default' in o) && typeof o.minItems === 'number' && o.minItems > 0,
  );
  expect(form.valid).toBe(!startsInvalid);
  expect(errors).not.toHaveBeenCalled();
  return form;
}

describe('gk-effect-form with the bundled effects', () => {
  it('finds the bundled effect schemas', () => {
    expect(Object.keys(bundled).length).toBeGreaterThanOrEqual(8);
  });
  it.each(Object.keys(bundled))('%s shows and submits each literal default', async (file) => {
    await roundTrip(bundled[file] as Record<string, unknown>);
  });
});

describe.skipIf(Object.keys(corpus).length === 0)('gk-effect-form with the Hyperion corpus', () => {
  it('has the 24 corpus schemas', () => {
    expect(Object.keys(corpus)).toHaveLength(24);
  });
  it.each(Object.keys(corpus))('%s shows and submits each literal default', async (file) => {
    await roundTrip(corpus[file] as Record<string, unknown>);
  });
});

describe('gk-effect-form and the smoothing block', () => {
  it('renders the three smoothing options as one block and folds its changes into the value', async () => {
    const schema = bundled['rainbow.schema.json'] as Record<string, unknown>;
    const form = await roundTrip(schema);
    const block = form.shadowRoot?.querySelector('[data-block="smoothing"]');
    expect(deepQuery(block, '[role=group]')).not.toBeNull();
    expect(form.shadowRoot?.querySelectorAll('[data-option="smoothing-time_ms"]')).toHaveLength(0);
    const seen: unknown[] = [];
    form.addEventListener('change', (e) => seen.push((e as CustomEvent).detail.value));
    const checkbox = deepQuery<HTMLInputElement>(
      deepQuery(block, '[data-name="smoothing-custom-settings"]')?.shadowRoot,
      'input',
    );
    checkbox?.click();
    await renderedDeep(form);
    expect(form.value['smoothing-custom-settings']).toBe(true);
    expect(seen.at(-1)).toMatchObject({
      'smoothing-custom-settings': true,
      'smoothing-time_ms': 200,
    });
  });
});
