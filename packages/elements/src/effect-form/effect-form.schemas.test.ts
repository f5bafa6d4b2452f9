/**
 * Real schemas through the whole form: the project's bundled effects and, when GLOWKIT_CORPUS is
 * set, every option schema of Hyperion's corpus. Each renders with its defaults, its default value
 * round-trips unchanged, and nothing is printed to the console as an error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import './effect-form.js';
import { initialValue } from '../shared/registry.js';
import { mount, projectTranslator, settled } from '../test-support/translator.js';
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

function defaultsOf(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = schema.properties as Record<string, Record<string, unknown>>;
  return Object.fromEntries(Object.entries(properties).map(([k, o]) => [k, initialValue(o)]));
}

async function roundTrip(schema: Record<string, unknown>) {
  const errors = vi.spyOn(console, 'error');
  const translator = await projectTranslator('en');
  const defaults = defaultsOf(schema);
  const form = await mount<GkEffectForm>('gk-effect-form', {
    schema,
    value: structuredClone(defaults),
    translator,
  });
  await renderedDeep(form);
  const rendered = [...(form.shadowRoot?.querySelectorAll<HTMLElement>('[data-option]') ?? [])];
  expect(rendered.length).toBeGreaterThan(0);
  // Every shown option shows its label (a label, or a legend for groups of controls).
  for (const option of rendered.filter((o) => !o.hidden)) {
    expect(
      option.querySelector('label, legend, [role=group]'),
      option.dataset.option,
    ).not.toBeNull();
  }
  expect(form.value).toEqual(defaults);
  // A list without a default starts empty; with minItems above 0 that is rightly invalid (Hyperion's
  // waves.colors, which the linter warns about); every other schema starts valid.
  const properties = schema.properties as Record<string, Record<string, unknown>>;
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
  it.each(Object.keys(bundled))(
    '%s renders with its defaults, which round-trip unchanged',
    async (file) => {
      await roundTrip(bundled[file] as Record<string, unknown>);
    },
  );
});

describe.skipIf(Object.keys(corpus).length === 0)('gk-effect-form with the Hyperion corpus', () => {
  it('has the 24 corpus schemas', () => {
    expect(Object.keys(corpus)).toHaveLength(24);
  });
  it.each(Object.keys(corpus))(
    '%s renders with its defaults, which round-trip unchanged',
    async (file) => {
      await roundTrip(corpus[file] as Record<string, unknown>);
    },
  );
});

describe('gk-effect-form and the smoothing block', () => {
  it('renders the three smoothing options as one block and folds its changes into the value', async () => {
    const schema = bundled['rainbow.schema.json'] as Record<string, unknown>;
    const form = await roundTrip(schema);
    const block = form.shadowRoot?.querySelector('[data-option="smoothing"]');
    expect(block?.querySelector('[role=group]')).not.toBeNull();
    expect(form.shadowRoot?.querySelectorAll('[data-option="smoothing-time_ms"]')).toHaveLength(0);
    const seen: unknown[] = [];
    form.addEventListener('change', (e) => seen.push((e as CustomEvent).detail.value));
    const checkbox = block
      ?.querySelector('gk-checkbox')
      ?.shadowRoot?.querySelector<HTMLInputElement>('input');
    checkbox?.click();
    await renderedDeep(form);
    expect(form.value['smoothing-custom-settings']).toBe(true);
    expect(seen.at(-1)).toMatchObject({
      'smoothing-custom-settings': true,
      'smoothing-time_ms': 200,
    });
  });
});
