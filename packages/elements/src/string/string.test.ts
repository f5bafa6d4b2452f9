import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import './string.js';
import { mount, projectTranslator, settled, shadow } from '../test-support/translator.js';
import type { GkString } from './string.js';

afterEach(() => {
  document.body.replaceChildren();
});

const message = {
  type: 'string',
  title: 'edt_eff_message',
  default: 'SOS',
  minLength: 1,
  maxLength: 5,
};

describe('gk-string', () => {
  it('renders a labelled text input with the value', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkString>('gk-string', {
      name: 'message',
      schema: message,
      value: 'SOS',
      translator,
    });
    const input = shadow<HTMLInputElement>(el, 'input');
    expect(input.type).toBe('text');
    expect(input.value).toBe('SOS');
    expect(shadow<HTMLLabelElement>(el, 'label').htmlFor).toBe(input.id);
    expect(shadow(el, 'label').textContent).toBe(translator.t('edt_eff_message'));
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('validates maxLength and minLength while typing, with translated messages linked to the input', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkString>('gk-string', {
      name: 'message',
      schema: message,
      value: 'SOS',
      translator,
    });
    const input = shadow<HTMLInputElement>(el, 'input');
    const values: unknown[] = [];
    el.addEventListener('input', (e) => values.push((e as CustomEvent).detail.value));
    await userEvent.fill(input, 'HELLO WORLD');
    await settled(el);
    expect(values.at(-1)).toBe('HELLO WORLD');
    expect(el.valid).toBe(false);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = shadow(el, `#${input.getAttribute('aria-describedby')}`);
    expect(error.textContent).toBe(
      translator.t('edt_msg_error_maxLength', { maxLength: 5, count: 5 }),
    );
    await userEvent.clear(input);
    await settled(el);
    expect(error.textContent).toBe(translator.t('edt_msg_error_minLength_one'));
    await translator.setLanguage('de');
    await settled(el);
    expect(error.textContent).toBe(translator.t('edt_msg_error_minLength_one'));
    await userEvent.fill(input, 'OK');
    await settled(el);
    expect(el.valid).toBe(true);
    expect(error.textContent).toBe('');
  });

  it('becomes a select box when the schema has an enum, labelled from enum_titles', async () => {
    const translator = await projectTranslator('en');
    const schema = {
      type: 'string',
      title: 'edt_eff_waveform',
      enum: ['sine', 'triangle'],
      default: 'sine',
      options: { enum_titles: ['edt_eff_enum_sine', 'edt_eff_enum_triangle'] },
    };
    const el = await mount<GkString>('gk-string', {
      name: 'waveform',
      schema,
      value: 'sine',
      translator,
    });
    const select = shadow<HTMLSelectElement>(el, 'select');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      translator.t('edt_eff_enum_sine'),
      translator.t('edt_eff_enum_triangle'),
    ]);
    const changes: unknown[] = [];
    el.addEventListener('change', (e) => changes.push((e as CustomEvent).detail.value));
    await userEvent.selectOptions(select, 'triangle');
    expect(changes).toEqual(['triangle']);
    expect(el.value).toBe('triangle');
  });

  it('reports a value outside its enum', async () => {
    const el = await mount<GkString>('gk-string', {
      name: 'waveform',
      schema: { type: 'string', enum: ['sine', 'triangle'], default: 'sine' },
      value: 'square',
    });
    expect(el.valid).toBe(false);
    expect(el.validationMessage).toContain('"square" is not one of');
  });

  it('keeps page styles out and its own styles in (shadow DOM)', async () => {
    const style = document.createElement('style');
    style.textContent = 'input { color: rgb(255, 0, 0) !important; } .error { display: none; }';
    document.head.append(style);
    try {
      const el = await mount<GkString>('gk-string', {
        name: 'm',
        schema: message,
        value: 'far too long',
      });
      expect(getComputedStyle(shadow(el, 'input')).color).not.toBe('rgb(255, 0, 0)');
      expect(getComputedStyle(shadow(el, '.error')).display).not.toBe('none');
      const outside = document.createElement('p');
      outside.className = 'error';
      document.body.append(outside);
      expect(getComputedStyle(outside).display).toBe('none');
    } finally {
      style.remove();
    }
  });
});
