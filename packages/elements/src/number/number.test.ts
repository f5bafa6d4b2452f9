import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import './number.js';
import { mount, projectTranslator, settled, shadow } from '../test-support/translator.js';
import type { GkNumber } from './number.js';

afterEach(() => {
  document.body.replaceChildren();
});

const period = {
  type: 'number',
  title: 'edt_eff_period',
  default: 2,
  minimum: 0.2,
  maximum: 20,
  step: 0.1,
  append: 'edt_append_s',
};

describe('gk-number', () => {
  it('accepts decimals, steps by 0.1 with the arrow keys, and accepts values off the step', async () => {
    const el = await mount<GkNumber>('gk-number', { name: 'period', schema: period, value: 2 });
    const input = shadow<HTMLInputElement>(el, 'input');
    input.focus();
    await userEvent.keyboard('{ArrowUp}');
    await settled(el);
    expect(el.value).toBeCloseTo(2.1, 10);
    await userEvent.fill(input, '2.345');
    await settled(el);
    expect(el.value).toBe(2.345);
    expect(el.valid).toBe(true);
  });

  it('reports the bounds with translated messages and shows the unit only when its phrase exists', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkNumber>('gk-number', {
      name: 'period',
      schema: period,
      value: 30,
      translator,
    });
    expect(el.validationMessage).toBe(translator.t('edt_msg_error_maximum', { maximum: 20 }));
    expect(shadow(el, '.unit').textContent).toBe(translator.t('edt_append_s'));
    const unknownUnit = await mount<GkNumber>('gk-number', {
      name: 'x',
      schema: { ...period, append: 'edt_append_no_such_unit' },
      value: 2,
      translator,
    });
    expect(unknownUnit.shadowRoot?.querySelector('.unit')).toBeNull();
  });

  it('reports text that is not a number without changing the value', async () => {
    const el = await mount<GkNumber>('gk-number', { name: 'period', schema: period, value: 2 });
    const input = shadow<HTMLInputElement>(el, 'input');
    input.focus();
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.keyboard('e');
    await settled(el);
    expect(el.valid).toBe(false);
    expect(el.validationMessage).toMatch(/number/i);
    expect(el.value).toBe(2);
    // What people see: the message beside the field, and the input marked invalid.
    expect(shadow(el, '.error').textContent).toBe(el.validationMessage);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
