import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
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

  it('toggles with the Space key once reached with Tab, and reports each change', async () => {
    const el = await mount<GkCheckbox>('gk-checkbox', {
      name: 'smoothing-custom-settings',
      schema: { type: 'boolean', title: 'edt_eff_smooth_custom', default: false },
      value: false,
      translator: await projectTranslator('en'),
    });
    const events: unknown[] = [];
    el.addEventListener('change', (e) => events.push((e as CustomEvent).detail));
    const input = shadow<HTMLInputElement>(el, 'input[type=checkbox]');
    await userEvent.tab();
    expect(el.shadowRoot?.activeElement).toBe(input);
    await userEvent.keyboard(' ');
    await settled(el);
    expect(input.checked).toBe(true);
    expect(el.value).toBe(true);
    await userEvent.keyboard(' ');
    await settled(el);
    expect(input.checked).toBe(false);
    expect(el.value).toBe(false);
    expect(events).toEqual([
      { name: 'smoothing-custom-settings', value: true },
      { name: 'smoothing-custom-settings', value: false },
    ]);
  });

  it('marks an invalid value with aria-invalid and links the visible message to the box', async () => {
    const el = await mount<GkCheckbox>('gk-checkbox', {
      name: 'x',
      schema: { type: 'boolean', title: 'edt_eff_smooth_custom', default: false },
      value: 'yes',
      translator: await projectTranslator('en'),
    });
    const input = shadow<HTMLInputElement>(el, 'input[type=checkbox]');
    expect(el.checkValidity()).toBe(false);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    const message = el.shadowRoot?.getElementById(describedBy as string);
    expect(message?.textContent).toBe('Expected a value of type boolean.');
    expect(message?.textContent).toBe(el.validationMessage);

    // Without a value the box is required, and says so.
    el.value = undefined;
    await settled(el);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(message?.textContent).toBe('This field is required.');

    // Ticking the box gives it a valid value: the mark and the message go.
    input.click();
    await settled(el);
    expect(el.checkValidity()).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(el.shadowRoot?.getElementById(describedBy as string)?.textContent).toBe('');
  });
});
