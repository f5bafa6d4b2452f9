import { afterEach, describe, expect, it } from 'vitest';
import '../integer/integer.js';
import '../string/string.js';
import '../smoothing/smoothing.js';
import '../effect-form/effect-form.js';
import type { GkInteger } from '../integer/integer.js';
import type { GkString } from '../string/string.js';
import { settled, shadow } from '../test-support/translator.js';

afterEach(() => {
  document.body.replaceChildren();
});

/** A `<form>` around `inner`, collecting what each submit sends. */
async function formWith(inner: string) {
  const host = document.createElement('form');
  host.innerHTML = `${inner}<button type="submit">Save</button>`;
  const submitted: Array<Record<string, FormDataEntryValue>> = [];
  host.addEventListener('submit', (e) => {
    e.preventDefault();
    submitted.push(Object.fromEntries(new FormData(host)));
  });
  document.body.append(host);
  return { host, submitted };
}

/** Types into an element's input and leaves it, as a user does. */
async function type(el: HTMLElement & { updateComplete: Promise<unknown> }, text: string) {
  const input = shadow<HTMLInputElement>(el, 'input');
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  await settled(el);
}

describe('option elements in a <form>', () => {
  it('submit their values under their names: text as typed, numbers and more as JSON', async () => {
    const { host, submitted } = await formWith(
      '<gk-string name="message"></gk-string><gk-integer name="count"></gk-integer><gk-smoothing></gk-smoothing>',
    );
    const message = host.querySelector('gk-string') as GkString;
    const count = host.querySelector('gk-integer') as GkInteger;
    message.schema = { type: 'string', default: 'SOS' };
    message.value = 'SOS';
    count.schema = { type: 'integer', minimum: 1, maximum: 10, default: 3 };
    count.value = 3;
    await settled(message);
    await settled(count);
    await type(message, 'He said "hi"');
    host.requestSubmit();
    expect(submitted).toEqual([
      {
        message: 'He said "hi"',
        count: '3',
        smoothing: JSON.stringify({
          'smoothing-custom-settings': false,
          'smoothing-time_ms': 200,
          'smoothing-updateFrequency': 25,
        }),
      },
    ]);
  });

  it('block submission while invalid, and go back to the default on reset', async () => {
    const { host, submitted } = await formWith('<gk-integer name="count"></gk-integer>');
    const count = host.querySelector('gk-integer') as GkInteger;
    count.schema = { type: 'integer', minimum: 1, maximum: 10, default: 3 };
    count.value = 3;
    await settled(count);
    await type(count, '40');
    host.requestSubmit();
    expect(submitted).toEqual([]);
    expect(host.checkValidity()).toBe(false);
    host.reset();
    await settled(count);
    expect(count.value).toBe(3);
    expect(shadow<HTMLInputElement>(count, 'input').value).toBe('3');
    host.requestSubmit();
    expect(submitted).toEqual([{ count: '3' }]);
  });

  it('follow a disabled fieldset around them', async () => {
    const { host } = await formWith(
      '<fieldset disabled><gk-integer name="count"></gk-integer></fieldset>',
    );
    const count = host.querySelector('gk-integer') as GkInteger;
    count.schema = { type: 'integer', default: 3 };
    count.value = 3;
    await settled(count);
    expect(shadow<HTMLInputElement>(count, 'input').disabled).toBe(true);
    (host.querySelector('fieldset') as HTMLFieldSetElement).disabled = false;
    await settled(count);
    expect(shadow<HTMLInputElement>(count, 'input').disabled).toBe(false);
  });

  it('of every kind can be written inside a form in HTML, before any has rendered', async () => {
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    try {
      const tags = ['gk-checkbox', 'gk-string', 'gk-select', 'gk-integer', 'gk-number', 'gk-array']
        .concat(['gk-multiselect', 'gk-color-picker', 'gk-color-picker-rgba', 'gk-smoothing'])
        .concat(['gk-effect-form']);
      const { host, submitted } = await formWith(
        tags.map((tag, i) => `<${tag} name="option${i}"></${tag}>`).join(''),
      );
      for (const element of host.querySelectorAll('*')) await settled(element);
      expect(errors).toEqual([]);
      // Without a schema or a value most of them have nothing valid to send, and say so; a colour
      // holds its default black.
      host.requestSubmit();
      expect(submitted).toEqual([]);
      expect(new FormData(host).get('option7')).toBe('[0,0,0]');
    } finally {
      window.removeEventListener('error', onError);
    }
  });
});
