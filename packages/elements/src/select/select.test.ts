import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import './select.js';
import { mount, projectTranslator, settled, shadow } from '../test-support/translator.js';
import type { GkSelect } from './select.js';

afterEach(() => {
  document.body.replaceChildren();
});

const palette = {
  type: 'string',
  title: 'edt_eff_palette',
  enum: ['ember', 'gas', 'custom'],
  default: 'ember',
  options: { enum_titles: ['edt_eff_enum_ember', 'edt_eff_enum_gas', 'edt_eff_enum_custom'] },
};

describe('gk-select', () => {
  it('offers the enum values with translated labels and follows the language', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkSelect>('gk-select', {
      name: 'palette',
      schema: palette,
      value: 'gas',
      translator,
    });
    const select = shadow<HTMLSelectElement>(el, 'select');
    expect(select.value).toBe('gas');
    expect(shadow<HTMLLabelElement>(el, 'label').htmlFor).toBe(select.id);
    const english = [...select.options].map((o) => o.textContent);
    expect(english).toEqual(palette.options.enum_titles.map((k) => translator.t(k)));
    await translator.setLanguage('de');
    await settled(el);
    const german = [...shadow<HTMLSelectElement>(el, 'select').options].map((o) => o.textContent);
    expect(german).toEqual(palette.options.enum_titles.map((k) => translator.t(k)));
    expect(shadow(el, 'label').textContent).toBe(translator.t('edt_eff_palette'));
  });

  it('is operable from the keyboard and reports the chosen value', async () => {
    const el = await mount<GkSelect>('gk-select', {
      name: 'palette',
      schema: palette,
      value: 'ember',
    });
    const changes: unknown[] = [];
    el.addEventListener('change', (e) => changes.push((e as CustomEvent).detail));
    const select = shadow<HTMLSelectElement>(el, 'select');
    select.focus();
    await userEvent.keyboard('{ArrowDown}');
    await settled(el);
    expect(el.value).toBe('gas');
    expect(changes).toEqual([{ name: 'palette', value: 'gas' }]);
  });

  it('shows the raw values when there are no enum_titles', async () => {
    const el = await mount<GkSelect>('gk-select', {
      name: 'mode',
      schema: { type: 'string', enum: ['all', 'list'], default: 'all' },
      value: 'all',
    });
    expect([...shadow<HTMLSelectElement>(el, 'select').options].map((o) => o.textContent)).toEqual([
      'all',
      'list',
    ]);
  });
});
