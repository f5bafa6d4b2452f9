import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import './integer.js';
import { mount, projectTranslator, settled, shadow } from '../test-support/translator.js';
import type { GkInteger } from './integer.js';

afterEach(() => {
  document.body.replaceChildren();
});

const brightness = {
  type: 'integer',
  title: 'edt_eff_brightness',
  default: 80,
  minimum: 0,
  maximum: 100,
  step: 5,
  append: 'edt_append_percent',
};

describe('gk-integer', () => {
  it('renders a labelled numeric input with its unit', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkInteger>('gk-integer', {
      name: 'brightness',
      schema: brightness,
      value: 80,
      translator,
    });
    const input = shadow<HTMLInputElement>(el, 'input');
    expect(input.type).toBe('number');
    expect(input.value).toBe('80');
    expect(shadow(el, '.unit').textContent).toBe(translator.t('edt_append_percent'));
    expect(shadow<HTMLLabelElement>(el, 'label').htmlFor).toBe(input.id);
  });

  it('steps by `step` with the arrow keys, and a value off the step is still valid', async () => {
    const el = await mount<GkInteger>('gk-integer', {
      name: 'brightness',
      schema: brightness,
      value: 80,
    });
    const input = shadow<HTMLInputElement>(el, 'input');
    input.focus();
    await userEvent.keyboard('{ArrowUp}');
    await settled(el);
    expect(el.value).toBe(85);
    await userEvent.fill(input, '83');
    await settled(el);
    expect(el.value).toBe(83);
    expect(el.valid).toBe(true);
  });

  it('rejects fractions and values out of range with translated messages', async () => {
    const translator = await projectTranslator('de');
    const el = await mount<GkInteger>('gk-integer', {
      name: 'brightness',
      schema: brightness,
      value: 80,
      translator,
    });
    const input = shadow<HTMLInputElement>(el, 'input');
    const error = () => shadow(el, `#${input.getAttribute('aria-describedby')}`).textContent;
    await userEvent.fill(input, '2.5');
    await settled(el);
    expect(el.value).toBe(2.5);
    expect(error()).toBe(translator.t('edt_msg_error_integer'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await userEvent.fill(input, '120');
    await settled(el);
    expect(error()).toBe(translator.t('edt_msg_error_maximum', { maximum: 100 }));
    await userEvent.fill(input, '-1');
    await settled(el);
    expect(error()).toBe(translator.t('edt_msg_error_minimum', { minimum: 0 }));
    await userEvent.clear(input);
    await settled(el);
    expect(el.value).toBeUndefined();
    expect(error()).toBe(translator.t('edt_msg_error_required'));
  });

  it('sends input while typing and change when committed, with a number value', async () => {
    const el = await mount<GkInteger>('gk-integer', {
      name: 'brightness',
      schema: brightness,
      value: 80,
    });
    const events: Array<[string, unknown]> = [];
    el.addEventListener('input', (e) => events.push(['input', (e as CustomEvent).detail.value]));
    el.addEventListener('change', (e) => events.push(['change', (e as CustomEvent).detail.value]));
    const input = shadow<HTMLInputElement>(el, 'input');
    await userEvent.fill(input, '42');
    input.blur();
    await settled(el);
    expect(events.at(-1)).toEqual(['change', 42]);
    expect(events.filter(([t]) => t === 'input').at(-1)).toEqual(['input', 42]);
  });

  it('counts arrow key steps from the default, not from the minimum, and stops at the bounds', async () => {
    const el = await mount<GkInteger>('gk-integer', {
      name: 'speed',
      schema: { type: 'integer', minimum: 1, maximum: 22, default: 10, step: 5 },
      value: 10,
    });
    const input = shadow<HTMLInputElement>(el, 'input');
    input.focus();
    const seen: number[] = [];
    for (const key of [
      'ArrowUp',
      'ArrowUp',
      'ArrowUp',
      'ArrowDown',
      'ArrowDown',
      'ArrowDown',
      'ArrowDown',
      'ArrowDown',
    ]) {
      await userEvent.keyboard(`{${key}}`);
      await settled(el);
      seen.push(el.value as number);
    }
    // 10 → 15 → 20 → 22 (the maximum) → 20 → 15 → 10 → 5 → 1 (the minimum)
    expect(seen).toEqual([15, 20, 22, 20, 15, 10, 5, 1]);
    expect(input.value).toBe('1');
    // A value between steps goes to the next step up from the default.
    await userEvent.fill(input, '12');
    await userEvent.keyboard('{ArrowUp}');
    await settled(el);
    expect(el.value).toBe(15);
    // An empty input starts from the default.
    await userEvent.fill(input, '');
    await userEvent.keyboard('{ArrowDown}');
    await settled(el);
    expect(el.value).toBe(10);
  });
});
