import { smoothingBlock } from '@glowkit/effect-schema/values';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import './smoothing.js';
import { documentedParts, exposedParts } from '../test-support/parts.js';
import { mount, projectTranslator, settled, shadow } from '../test-support/translator.js';
import type { GkSmoothing } from './smoothing.js';

afterEach(() => {
  document.body.replaceChildren();
});

const CUSTOM = 'smoothing-custom-settings';
const TIME = 'smoothing-time_ms';
const FREQUENCY = 'smoothing-updateFrequency';

/** The element of option `name` once the block has rendered, or null when it is not shown. */
async function field(el: GkSmoothing, name: string): Promise<HTMLElement | null> {
  await settled(el);
  return el.shadowRoot?.querySelector<HTMLElement>(`[data-name="${name}"]`) ?? null;
}

/** The first match inside an option's element, or a clear failure. */
function inside<T extends Element = HTMLElement>(box: HTMLElement | null, selector: string): T {
  const found = box?.shadowRoot?.querySelector<T>(selector);
  if (!found) throw new Error(`${box?.dataset.name ?? 'the option'} has no ${selector}`);
  return found;
}

function record(target: EventTarget): { input: unknown[]; change: unknown[] } {
  const seen = { input: [] as unknown[], change: [] as unknown[] };
  target.addEventListener('input', (e) => seen.input.push((e as CustomEvent).detail));
  target.addEventListener('change', (e) => seen.change.push((e as CustomEvent).detail));
  return seen;
}

/** Types into the numeric input of a block's option and leaves it. */
async function typeInto(el: GkSmoothing, name: string, text: string): Promise<void> {
  const input = inside<HTMLInputElement>(await field(el, name), 'input');
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  await settled(el);
}

describe('gk-smoothing', () => {
  it('shows only the checkbox while custom smoothing is off, and is valid', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkSmoothing>('gk-smoothing', { translator });
    expect(el.schemas).toBe(smoothingBlock);
    const custom = await field(el, CUSTOM);
    expect(custom?.localName).toBe('gk-checkbox');
    expect(inside<HTMLInputElement>(custom, 'input').checked).toBe(false);
    expect(await field(el, TIME)).toBeNull();
    expect(await field(el, FREQUENCY)).toBeNull();
    expect(el.valid).toBe(true);
    expect(el.value).toEqual({ [CUSTOM]: false, [TIME]: 200, [FREQUENCY]: 25 });
    await expect
      .element(page.getByRole('group', { name: 'Use custom smoothing' }))
      .toBeInTheDocument();
    await expect
      .element(page.getByRole('checkbox', { name: 'Use custom smoothing' }))
      .toBeInTheDocument();
  });

  it('shows time and frequency with their units from the values while it is on', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkSmoothing>('gk-smoothing', {
      values: { [CUSTOM]: true, [TIME]: 300, [FREQUENCY]: 50.5 },
      translator,
    });
    const time = await field(el, TIME);
    const frequency = await field(el, FREQUENCY);
    expect(time?.localName).toBe('gk-integer');
    expect(frequency?.localName).toBe('gk-number');
    expect(inside<HTMLInputElement>(time, 'input').value).toBe('300');
    expect(inside<HTMLInputElement>(frequency, 'input').value).toBe('50.5');
    expect(inside(time, '.unit').textContent).toBe('ms');
    expect(inside(frequency, '.unit').textContent).toBe('Hz');
    await expect
      .element(page.getByRole('spinbutton', { name: 'Smoothing duration' }))
      .toBeVisible();
    await expect
      .element(page.getByRole('spinbutton', { name: 'Smoothing update rate' }))
      .toBeVisible();
    const results = await axe.run(el, { runOnly: ['wcag2a', 'wcag2aa'] });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('shows the fields when the checkbox is checked and sends all three values as smoothing', async () => {
    const el = await mount<GkSmoothing>('gk-smoothing', {
      values: { [CUSTOM]: false, [TIME]: 100, [FREQUENCY]: 10 },
      translator: await projectTranslator('en'),
    });
    const seen = record(el);
    // Only the block's own events leave it.
    const outside = record(document);
    await page.getByRole('checkbox', { name: 'Use custom smoothing' }).click();
    expect(await field(el, TIME)).not.toBeNull();
    expect(await field(el, FREQUENCY)).not.toBeNull();
    const detail = { name: 'smoothing', value: { [CUSTOM]: true, [TIME]: 100, [FREQUENCY]: 10 } };
    expect(seen.input).toEqual([detail]);
    expect(seen.change).toEqual([detail]);
    expect(outside.input).toEqual([detail]);
    expect(outside.change).toEqual([detail]);
    expect(el.values).toEqual(detail.value);

    await typeInto(el, FREQUENCY, '12.5');
    expect(seen.change.at(-1)).toEqual({
      name: 'smoothing',
      value: { [CUSTOM]: true, [TIME]: 100, [FREQUENCY]: 12.5 },
    });
    const sent = (seen.change.at(-1) as { value: Record<string, unknown> }).value;
    expect(Object.values(sent).map((v) => typeof v)).toEqual(['boolean', 'number', 'number']);
  });

  it('is invalid only while an invalid field is shown; hidden fields keep their value', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkSmoothing>('gk-smoothing', {
      values: { [CUSTOM]: true },
      translator,
    });
    const seen = record(el);
    await typeInto(el, TIME, '20');
    const time = await field(el, TIME);
    expect(el.valid).toBe(false);
    expect(el.checkValidity()).toBe(false);
    expect(el.invalidOptions).toEqual([TIME]);
    expect(inside(time, '.error').textContent).toBe('Enter 25 or more.');
    const input = inside<HTMLInputElement>(time, 'input');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(inside(time, '.error').id);
    expect(el.reportValidity()).toBe(false);
    expect(time?.shadowRoot?.activeElement).toBe(input);

    inside<HTMLInputElement>(await field(el, CUSTOM), 'input').click();
    expect(await field(el, TIME)).toBeNull();
    expect(el.valid).toBe(true);
    expect(seen.change.at(-1)).toEqual({
      name: 'smoothing',
      value: { [CUSTOM]: false, [TIME]: 20, [FREQUENCY]: 25 },
    });

    el.values = { ...el.values, [CUSTOM]: true };
    expect(inside<HTMLInputElement>(await field(el, TIME), 'input').value).toBe('20');
    expect(el.valid).toBe(false);
  });

  it('counts text that is no number in a shown field as invalid', async () => {
    const el = await mount<GkSmoothing>('gk-smoothing', {
      values: { [CUSTOM]: true, [TIME]: 200, [FREQUENCY]: 25 },
    });
    await typeInto(el, FREQUENCY, '');
    expect(el.values[FREQUENCY]).toBeUndefined();
    expect(el.invalidOptions).toEqual([FREQUENCY]);
  });

  it('translates the messages and re-renders when the language changes', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkSmoothing>('gk-smoothing', {
      values: { [CUSTOM]: true, [TIME]: 200, [FREQUENCY]: 250 },
      translator,
    });
    const frequency = await field(el, FREQUENCY);
    expect(inside(frequency, '.error').textContent).toBe('Enter 100 or less.');
    await translator.setLanguage('de');
    await settled(el);
    expect(inside(frequency, '.error').textContent).toBe('Der Wert darf höchstens 100 betragen.');
    expect(shadow(el, '.group').getAttribute('aria-label')).toBe('Eigene Glättung verwenden');
    expect(inside(await field(el, TIME), 'label').textContent).toBe('Glättungsdauer');
    expect(inside(await field(el, CUSTOM), 'label').textContent).toBe('Eigene Glättung verwenden');
  });

  it('takes the schemas from the effect schema, ignoring other options', async () => {
    const el = await mount<GkSmoothing>('gk-smoothing', {
      schemas: {
        speed: { type: 'number', title: 'edt_eff_speed', default: 1 },
        ...smoothingBlock,
        [TIME]: { ...smoothingBlock[TIME], maximum: 1000, default: 500 },
      },
      values: { [CUSTOM]: true },
    });
    expect(el.value).toEqual({ [CUSTOM]: true, [TIME]: 500, [FREQUENCY]: 25 });
    await typeInto(el, TIME, '900');
    expect(el.valid).toBe(true);
  });

  it('is operable with the keyboard', async () => {
    const el = await mount<GkSmoothing>('gk-smoothing', {
      translator: await projectTranslator('en'),
    });
    const seen = record(el);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(await field(el, TIME)).not.toBeNull();
    expect(seen.change.at(-1)).toMatchObject({ value: { [CUSTOM]: true } });
    await userEvent.tab();
    const time = await field(el, TIME);
    const input = inside<HTMLInputElement>(time, 'input');
    expect(time?.shadowRoot?.activeElement).toBe(input);
    expect(getComputedStyle(input).outlineStyle).toBe('solid');
    await userEvent.keyboard('{ArrowUp}');
    await settled(el);
    expect(seen.input.at(-1)).toMatchObject({ value: { [TIME]: 201 } });
  });

  it('disables every control', async () => {
    const el = await mount<GkSmoothing>('gk-smoothing', {
      values: { [CUSTOM]: true },
      disabled: true,
    });
    for (const name of [CUSTOM, TIME, FREQUENCY]) {
      expect(inside<HTMLInputElement>(await field(el, name), 'input').disabled).toBe(true);
    }
  });

  it('documents every part it renders', async () => {
    const el = await mount<GkSmoothing>('gk-smoothing', {
      values: { [CUSTOM]: true },
      translator: await projectTranslator('en'),
    });
    const rendered = exposedParts(el);
    expect(rendered).toEqual(
      expect.arrayContaining(['custom-input', 'time-unit', 'frequency-error']),
    );
    const documented = await documentedParts('gk-smoothing');
    expect(rendered.filter((part) => !documented.includes(part)).sort()).toEqual([]);
  });

  it('exposes the parts of its fields', async () => {
    const style = document.createElement('style');
    style.textContent = 'gk-smoothing::part(time-unit) { color: rgb(1, 2, 3); }';
    document.head.append(style);
    try {
      const el = await mount<GkSmoothing>('gk-smoothing', {
        values: { [CUSTOM]: true },
        translator: await projectTranslator('en'),
      });
      expect(getComputedStyle(inside(await field(el, TIME), '.unit')).color).toBe('rgb(1, 2, 3)');
    } finally {
      style.remove();
    }
  });
});
