import { afterEach, describe, expect, it } from 'vitest';
import './checkbox.js';
import { mount, projectTranslator, settled, shadow } from '../test-support/translator.js';
import type { GkCheckbox } from './checkbox.js';

afterEach(() => {
  document.body.replaceChildren();
});

describe('gk-checkbox', () => {
  it('renders a labelled checkbox with the translated title and reports its value on change', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkCheckbox>('gk-checkbox', {
      name: 'smoothing-custom-settings',
      schema: { type: 'boolean', title: 'edt_eff_smooth_custom', default: false },
      value: false,
      translator,
    });
    const input = shadow<HTMLInputElement>(el, 'input[type=checkbox]');
    const label = shadow<HTMLLabelElement>(el, 'label');
    expect(label.htmlFor).toBe(input.id);
    expect(label.textContent).toBe(translator.t('edt_eff_smooth_custom'));
    const events: unknown[] = [];
    el.addEventListener('change', (e) => events.push((e as CustomEvent).detail));
    input.click();
    await settled(el);
    expect(el.value).toBe(true);
    expect(events).toEqual([{ name: 'smoothing-custom-settings', value: true }]);
    expect(el.checkValidity()).toBe(true);
  });

  it('re-renders its label when the language changes', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkCheckbox>('gk-checkbox', {
      name: 'x',
      schema: { type: 'boolean', title: 'edt_eff_smooth_custom', default: false },
      value: false,
      translator,
    });
    const english = shadow(el, 'label').textContent;
    await translator.setLanguage('de');
    await settled(el);
    expect(shadow(el, 'label').textContent).not.toBe(english);
    expect(shadow(el, 'label').textContent).toBe(translator.t('edt_eff_smooth_custom'));
  });
});
