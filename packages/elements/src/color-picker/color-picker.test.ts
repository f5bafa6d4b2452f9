import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import './color-picker.js';
import { renderedParts } from '../test-support/parts.js';
import { pixelsOf } from '../test-support/pixels.js';
import { mount, projectTranslator, settled, shadow } from '../test-support/translator.js';
import { GkColorPicker } from './color-picker.js';

const schema = {
  type: 'array',
  title: 'edt_eff_color',
  format: 'colorpicker',
  items: { type: 'integer', minimum: 0, maximum: 255 },
  minItems: 3,
  maxItems: 3,
  default: [255, 0, 0],
};

afterEach(() => {
  document.body.replaceChildren();
});

/** Sets an input's text as typing would and sends its `input` (and, when final, `change`). */
function type(input: HTMLInputElement, text: string, final = false): void {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  if (final) input.dispatchEvent(new Event('change', { bubbles: true }));
}

function channels(el: Element): HTMLInputElement[] {
  return [...(el.shadowRoot?.querySelectorAll<HTMLInputElement>('input[type=number]') ?? [])];
}

/** The colour painted in the middle of the swatch, as CSS writes it. */
async function swatchColor(el: Element): Promise<string> {
  const pixels = await pixelsOf(shadow(el, '.swatch'));
  const [r, g, b] = pixels.at(pixels.width >> 1, pixels.height >> 1);
  return `rgb(${r}, ${g}, ${b})`;
}

function record(el: Element): { input: unknown[]; change: unknown[] } {
  const seen = { input: [] as unknown[], change: [] as unknown[] };
  el.addEventListener('input', (e) => seen.input.push((e as CustomEvent).detail));
  el.addEventListener('change', (e) => seen.change.push((e as CustomEvent).detail));
  return seen;
}

describe('gk-color-picker', () => {
  it('renders the value in the swatch, the colour input and the R, G, B inputs', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkColorPicker>('gk-color-picker', {
      name: 'color',
      schema,
      value: [255, 128, 0],
      translator,
    });
    expect(channels(el).map((i) => i.value)).toEqual(['255', '128', '0']);
    expect(shadow<HTMLInputElement>(el, 'input[type=color]').value).toBe('#ff8000');
    expect(await swatchColor(el)).toBe('rgb(255, 128, 0)');
    expect(shadow(el, 'legend').textContent).toBe('Color');
    expect(el.valid).toBe(true);
    expect(shadow(el, '.error').textContent).toBe('');
  });

  it('starts from the schema default without a value, else from black', async () => {
    const el = await mount<GkColorPicker>('gk-color-picker', {
      name: 'color',
      schema: { ...schema, default: [0, 0, 255] },
    });
    expect(el.value).toEqual([0, 0, 255]);
    expect(channels(el).map((i) => i.value)).toEqual(['0', '0', '255']);
    expect(shadow<HTMLInputElement>(el, 'input[type=color]').value).toBe('#0000ff');
    const bare = await mount<GkColorPicker>('gk-color-picker', { name: 'bare' });
    expect(bare.value).toEqual([0, 0, 0]);
    // A schema given later brings its default, until the user picks a colour.
    bare.schema = schema;
    await settled(bare);
    expect(bare.value).toEqual([255, 0, 0]);
    type(channels(bare)[2] as HTMLInputElement, '9');
    bare.schema = { ...schema, default: [1, 1, 1] };
    await settled(bare);
    expect(bare.value).toEqual([255, 0, 9]);
  });

  it('labels the group and every control, and links the message to them', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkColorPicker>('gk-color-picker', {
      name: 'color',
      schema,
      value: [1, 2, 3],
      translator,
    });
    await expect.element(page.getByRole('group', { name: 'Color' })).toBeInTheDocument();
    for (const name of ['Red', 'Green', 'Blue']) {
      await expect.element(page.getByRole('spinbutton', { name })).toBeInTheDocument();
    }
    const picker = shadow<HTMLInputElement>(el, 'input[type=color]');
    expect(picker.getAttribute('aria-label')).toBe('Pick a color');
    const errorId = shadow(el, '.error').id;
    for (const input of [picker, ...channels(el)]) {
      expect(input.getAttribute('aria-describedby')).toBe(errorId);
    }
    const results = await axe.run(el, { runOnly: ['wcag2a', 'wcag2aa'] });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('updates swatch and colour input when a channel is typed, and sends [r, g, b] numbers', async () => {
    const el = await mount<GkColorPicker>('gk-color-picker', {
      name: 'color',
      schema,
      value: [0, 16, 32],
    });
    const seen = record(el);
    const [red] = channels(el);
    type(red as HTMLInputElement, '255', true);
    await settled(el);
    expect(shadow<HTMLInputElement>(el, 'input[type=color]').value).toBe('#ff1020');
    expect(await swatchColor(el)).toBe('rgb(255, 16, 32)');
    expect(seen.input).toEqual([{ name: 'color', value: [255, 16, 32] }]);
    expect(seen.change).toEqual([{ name: 'color', value: [255, 16, 32] }]);
    const value = (seen.change[0] as { value: unknown[] }).value;
    expect(value.every((n) => typeof n === 'number' && Number.isInteger(n))).toBe(true);
    expect(el.value).toEqual([255, 16, 32]);
  });

  it('updates R, G and B when a colour is picked in the native input', async () => {
    const el = await mount<GkColorPicker>('gk-color-picker', {
      name: 'color',
      schema,
      value: [1, 2, 3],
    });
    const seen = record(el);
    const picker = shadow<HTMLInputElement>(el, 'input[type=color]');
    type(picker, '#00ff80');
    await settled(el);
    expect(channels(el).map((i) => i.value)).toEqual(['0', '255', '128']);
    expect(await swatchColor(el)).toBe('rgb(0, 255, 128)');
    expect(seen.input).toEqual([{ name: 'color', value: [0, 255, 128] }]);
    expect(seen.change).toEqual([]);
    picker.dispatchEvent(new Event('change', { bubbles: true }));
    expect(seen.change).toEqual([{ name: 'color', value: [0, 255, 128] }]);
  });

  it('replaces channel text being edited when a colour is picked', async () => {
    const el = await mount<GkColorPicker>('gk-color-picker', {
      name: 'c',
      schema,
      value: [1, 2, 3],
    });
    type(channels(el)[1] as HTMLInputElement, '');
    await settled(el);
    expect(el.valid).toBe(false);
    type(shadow<HTMLInputElement>(el, 'input[type=color]'), '#102030');
    await settled(el);
    expect(channels(el).map((i) => i.value)).toEqual(['16', '32', '48']);
    expect(el.valid).toBe(true);
  });

  it.each([
    ['out of range', '300', [10, 300, 30], 'Green: Enter 255 or less.'],
    ['a fraction', '1.5', [10, 1.5, 30], 'Green: Enter a whole number.'],
    ['empty', '', [10, 20, 30], 'Green: This field is required.'],
  ])(
    'shows the translated message for a channel that is %s, naming it, the others untouched',
    async (_, text, value, message) => {
      const translator = await projectTranslator('en');
      const el = await mount<GkColorPicker>('gk-color-picker', {
        name: 'color',
        schema,
        value: [10, 20, 30],
        translator,
      });
      const seen = record(el);
      const [red, green, blue] = channels(el) as [
        HTMLInputElement,
        HTMLInputElement,
        HTMLInputElement,
      ];
      type(green, text);
      await settled(el);
      expect(el.valid).toBe(false);
      expect(el.value).toEqual(value);
      expect(seen.input).toEqual([{ name: 'color', value }]);
      expect(green.value).toBe(text);
      expect([red.value, blue.value]).toEqual(['10', '30']);
      expect(green.getAttribute('aria-invalid')).toBe('true');
      expect(red.getAttribute('aria-invalid')).toBe('false');
      expect(blue.getAttribute('aria-invalid')).toBe('false');
      expect(shadow(el, '.error').textContent).toBe(message);
      // The preview stays a colour: the channel is shown clamped.
      expect(shadow<HTMLInputElement>(el, 'input[type=color]').value).toMatch(/^#0a[0-9a-f]{2}1e$/);
      type(green, '40');
      await settled(el);
      expect(el.valid).toBe(true);
      expect(el.value).toEqual([10, 40, 30]);
      expect(shadow(el, '.error').textContent).toBe('');
    },
  );

  it('shows messages in German, and re-renders labels and messages when the language changes', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkColorPicker>('gk-color-picker', {
      name: 'color',
      schema,
      value: [0, 0, 0],
      translator,
    });
    type(channels(el)[2] as HTMLInputElement, '256');
    await settled(el);
    expect(shadow(el, '.error').textContent).toBe('Blue: Enter 255 or less.');
    await translator.setLanguage('de');
    await settled(el);
    expect(shadow(el, '.error').textContent).toBe('Blau: Der Wert darf höchstens 255 betragen.');
    expect(shadow(el, 'legend').textContent).toBe(translator.t('edt_eff_color'));
    expect(
      [...(el.shadowRoot?.querySelectorAll('.channel label') ?? [])].map((l) => l.textContent),
    ).toEqual(['Rot', 'Grün', 'Blau']);
    expect(shadow(el, 'input[type=color]').getAttribute('aria-label')).toBe('Farbe auswählen');
    // The text being edited survives the re-render.
    expect(channels(el)[2]?.value).toBe('256');
  });

  it('reports an invalid value given from outside', async () => {
    const translator = await projectTranslator('de');
    const el = await mount<GkColorPicker>('gk-color-picker', {
      name: 'color',
      schema,
      value: [0, -1, 0],
      translator,
    });
    expect(el.valid).toBe(false);
    expect(channels(el)[1]?.getAttribute('aria-invalid')).toBe('true');
    expect(shadow(el, '.error').textContent).toBe('Grün: Der Wert muss mindestens 0 betragen.');
    el.value = [0, 0];
    await settled(el);
    expect(el.issues.map((i) => i.code)).toEqual(['minItems']);
    expect(channels(el).map((i) => i.getAttribute('aria-invalid'))).toEqual([
      'true',
      'true',
      'true',
    ]);
    el.value = [9, 8, 7];
    await settled(el);
    expect(el.valid).toBe(true);
    expect(channels(el).map((i) => i.value)).toEqual(['9', '8', '7']);
  });

  it('is operable with the keyboard', async () => {
    const el = await mount<GkColorPicker>('gk-color-picker', {
      name: 'color',
      schema,
      value: [10, 20, 30],
    });
    const seen = record(el);
    await userEvent.tab(); // the native colour input
    await userEvent.tab(); // red
    const red = channels(el)[0] as HTMLInputElement;
    expect(el.shadowRoot?.activeElement).toBe(red);
    expect(getComputedStyle(red).outlineStyle).toBe('solid');
    await userEvent.keyboard('{ArrowUp}');
    await settled(el);
    expect(el.value).toEqual([11, 20, 30]);
    expect(seen.input.at(-1)).toEqual({ name: 'color', value: [11, 20, 30] });
    await userEvent.keyboard('{Backspace}{Backspace}{Backspace}');
    await userEvent.keyboard('200');
    await userEvent.tab();
    await settled(el);
    expect(el.value).toEqual([200, 20, 30]);
    expect(seen.change.at(-1)).toEqual({ name: 'color', value: [200, 20, 30] });
    expect(el.shadowRoot?.activeElement).toBe(channels(el)[1]);
  });

  it('focuses the first invalid channel on reportValidity and disables every control', async () => {
    const el = await mount<GkColorPicker>('gk-color-picker', {
      name: 'color',
      schema,
      value: [0, 0, 999],
    });
    expect(el.reportValidity()).toBe(false);
    expect(el.shadowRoot?.activeElement).toBe(channels(el)[2]);
    el.disabled = true;
    await settled(el);
    expect(shadow<HTMLFieldSetElement>(el, 'fieldset').disabled).toBe(true);
    expect(channels(el).every((i) => i.matches(':disabled'))).toBe(true);
  });

  it('is themed through the shared custom properties and its parts', async () => {
    const style = document.createElement('style');
    style.textContent = `
      gk-color-picker { --gk-color-error: rgb(200, 0, 100); --gk-swatch-size: 50px; }
      gk-color-picker::part(channel-label) { color: rgb(1, 2, 3); }
    `;
    document.head.append(style);
    try {
      const el = await mount<GkColorPicker>('gk-color-picker', {
        name: 'color',
        schema,
        value: [0, 0, 256],
      });
      expect(getComputedStyle(shadow(el, '.error')).color).toBe('rgb(200, 0, 100)');
      expect(getComputedStyle(shadow(el, '.swatch')).width).toBe('50px');
      expect(getComputedStyle(shadow(el, '.channel label')).color).toBe('rgb(1, 2, 3)');
    } finally {
      style.remove();
    }
  });
  it('shows the colour once: the native colour input is the square swatch', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkColorPicker>('gk-color-picker', {
      name: 'color',
      schema,
      value: [255, 128, 0],
      translator,
    });
    const swatches = el.shadowRoot?.querySelectorAll('input[type=color]') ?? [];
    expect(swatches.length).toBe(1);
    const swatch = swatches[0] as HTMLInputElement;
    expect(swatch.getAttribute('part')).toBe('swatch');
    expect(el.shadowRoot?.querySelector('[part~="swatch-color"], [part~="picker"]')).toBeNull();
    const { width, height } = swatch.getBoundingClientRect();
    expect(width).toBeGreaterThan(20);
    expect(width).toBe(height);
    // The colour fills the square up to its frame: no button face, no inner border.
    const pixels = await pixelsOf(swatch);
    const inset = Math.ceil(pixels.width / 6);
    for (const [x, y] of [
      [inset, inset],
      [pixels.width - 1 - inset, pixels.height - 1 - inset],
      [pixels.width >> 1, pixels.height >> 1],
    ] as const) {
      expect(pixels.at(x, y)).toEqual([255, 128, 0]);
    }
    // Clicking it opens the browser's picker: it is the control people reach first.
    await userEvent.tab();
    expect(el.shadowRoot?.activeElement).toBe(swatch);
    expect(swatch.getAttribute('aria-label')).toBe('Pick a color');
  });

  it.each([
    ['white on a white page', 'light', '#ffffff', [255, 255, 255]],
    ['black on a black page', 'dark', '#000000', [0, 0, 0]],
  ] as const)('frames a swatch that matches the page: %s', async (_, scheme, page, value) => {
    document.body.style.cssText = `background: ${page}; color-scheme: ${scheme}`;
    try {
      const el = await mount<GkColorPicker>('gk-color-picker', {
        name: 'color',
        schema,
        value: [...value],
      });
      const pixels = await pixelsOf(shadow(el, '.swatch'));
      const middle = pixels.height >> 1;
      const background = value[0];
      // The swatch itself is the page's colour...
      expect(pixels.at(pixels.width >> 1, middle)[0]).toBe(background);
      // ...and its frame stands out from it on every side. The test page may be scaled, which
      // spreads the 1px frame over neighbouring pixels: what counts is how much of it shows in
      // the three outermost ones.
      const centre = pixels.width >> 1;
      const last = { x: pixels.width - 1, y: pixels.height - 1 };
      const sides = {
        left: [0, 1, 2].map((d) => pixels.at(d, middle)),
        right: [0, 1, 2].map((d) => pixels.at(last.x - d, middle)),
        top: [0, 1, 2].map((d) => pixels.at(centre, d)),
        bottom: [0, 1, 2].map((d) => pixels.at(centre, last.y - d)),
      };
      for (const [side, edge] of Object.entries(sides)) {
        const frame = edge.reduce((sum, [r]) => sum + Math.abs(r - background), 0);
        expect(frame, side).toBeGreaterThan(60);
      }
    } finally {
      document.body.style.cssText = '';
    }
  });

  it('names every wrong channel in its message, in English and German', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkColorPicker>('gk-color-picker', {
      name: 'color',
      schema,
      value: [-5, 20, 300],
      translator,
    });
    expect(shadow(el, '.error').textContent).toBe('Red: Enter 0 or more. Blue: Enter 255 or less.');
    expect(el.validationMessage).toBe('Red: Enter 0 or more. Blue: Enter 255 or less.');
    await translator.setLanguage('de');
    await settled(el);
    expect(shadow(el, '.error').textContent).toBe(
      'Rot: Der Wert muss mindestens 0 betragen. Blau: Der Wert darf höchstens 255 betragen.',
    );
    // Without a translator, the channel is named in English all the same.
    const bare = await mount<GkColorPicker>('gk-color-picker', {
      name: 'c',
      schema,
      value: [0, 2.5, 0],
    });
    expect(shadow(bare, '.error').textContent).toMatch(/^Green: /);
  });

  it('renders the parts it lists for hosts to export', async () => {
    const el = await mount<GkColorPicker>('gk-color-picker', {
      name: 'color',
      schema,
      value: [0, 0, 300],
    });
    expect(renderedParts(el.shadowRoot).sort()).toEqual([...GkColorPicker.parts].sort());
  });

  it('takes part in a form: submits JSON, blocks while a channel is wrong, follows fieldset and reset', async () => {
    const translator = await projectTranslator('en');
    const form = document.createElement('form');
    const fieldset = document.createElement('fieldset');
    form.append(fieldset);
    document.body.append(form);
    const el = document.createElement('gk-color-picker');
    Object.assign(el, { name: 'color', schema, value: [1, 2, 3], translator });
    fieldset.append(el);
    await settled(el);
    expect(new FormData(form).get('color')).toBe('[1,2,3]');
    expect(form.checkValidity()).toBe(true);
    type(channels(el)[1] as HTMLInputElement, '300', true);
    await settled(el);
    expect(form.checkValidity()).toBe(false);
    expect(el.validationMessage).toBe('Green: Enter 255 or less.');
    expect(el.reportValidity()).toBe(false);
    expect(el.shadowRoot?.activeElement).toBe(channels(el)[1]);
    fieldset.disabled = true;
    await settled(el);
    expect(channels(el).every((i) => i.matches(':disabled'))).toBe(true);
    expect(shadow<HTMLInputElement>(el, '.swatch').matches(':disabled')).toBe(true);
    fieldset.disabled = false;
    form.reset();
    await settled(el);
    expect(el.value).toEqual([255, 0, 0]);
    expect(channels(el).map((i) => i.value)).toEqual(['255', '0', '0']);
    expect(form.checkValidity()).toBe(true);
  });
});
