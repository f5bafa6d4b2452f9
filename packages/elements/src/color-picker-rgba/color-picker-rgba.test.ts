import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import './color-picker-rgba.js';
import { renderedParts } from '../test-support/parts.js';
import { paintedColours } from '../test-support/pixels.js';
import { mount, projectTranslator, settled, shadow } from '../test-support/translator.js';
import { GkColorPickerRGBA } from './color-picker-rgba.js';

const schema = {
  type: 'array',
  title: 'edt_eff_starColor',
  format: 'colorpickerRGBA',
  minItems: 4,
  maxItems: 4,
  default: [255, 255, 255, 1],
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

function controls(el: Element) {
  return {
    picker: shadow<HTMLInputElement>(el, 'input[type=color]'),
    channels: [
      ...(el.shadowRoot?.querySelectorAll<HTMLInputElement>('.channel input') ?? []),
    ] as HTMLInputElement[],
    slider: shadow<HTMLInputElement>(el, 'input[type=range]'),
    alpha: shadow<HTMLInputElement>(el, '.alpha input[type=number]'),
    error: shadow(el, '.error'),
  };
}

/** Whether a painted colour is within a step or two of the expected one. */
function near(painted: readonly number[], expected: readonly number[]): boolean {
  return painted.every((c, i) => Math.abs(c - (expected[i] as number)) <= 2);
}

function record(el: Element): { input: unknown[]; change: unknown[] } {
  const seen = { input: [] as unknown[], change: [] as unknown[] };
  el.addEventListener('input', (e) => seen.input.push((e as CustomEvent).detail));
  el.addEventListener('change', (e) => seen.change.push((e as CustomEvent).detail));
  return seen;
}

describe('gk-color-picker-rgba', () => {
  it('renders a half-transparent colour over a checkerboard, with slider and alpha input', async () => {
    const el = await mount<GkColorPickerRGBA>('gk-color-picker-rgba', {
      name: 'star',
      schema,
      value: [255, 0, 0, 0.5],
    });
    const c = controls(el);
    expect(c.channels.map((i) => i.value)).toEqual(['255', '0', '0']);
    expect(c.picker.value).toBe('#ff0000');
    expect(c.slider.value).toBe('0.5');
    expect([c.slider.min, c.slider.max, c.slider.step]).toEqual(['0', '1', '0.01']);
    expect(c.alpha.value).toBe('0.5');
    expect(getComputedStyle(shadow(el, '.swatch')).color).toBe('rgba(255, 0, 0, 0.5)');
    expect(getComputedStyle(shadow(el, '.swatch')).backgroundImage).toContain('conic-gradient');
    expect(el.valid).toBe(true);
  });

  it('starts from the default, else from opaque black', async () => {
    const el = await mount<GkColorPickerRGBA>('gk-color-picker-rgba', { name: 's', schema });
    expect(el.value).toEqual([255, 255, 255, 1]);
    expect(controls(el).alpha.value).toBe('1');
    const bare = await mount<GkColorPickerRGBA>('gk-color-picker-rgba', { name: 'bare' });
    expect(bare.value).toEqual([0, 0, 0, 1]);
  });

  it('labels every control, the group included', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkColorPickerRGBA>('gk-color-picker-rgba', {
      name: 'star',
      schema,
      value: [1, 2, 3, 0.4],
      translator,
    });
    await expect
      .element(page.getByRole('group', { name: 'Star color and strength' }))
      .toBeInTheDocument();
    for (const name of ['Red', 'Green', 'Blue', 'Alpha (opacity)']) {
      await expect.element(page.getByRole('spinbutton', { name })).toBeInTheDocument();
    }
    await expect.element(page.getByRole('slider', { name: 'Alpha (opacity)' })).toBeInTheDocument();
    const c = controls(el);
    for (const input of [c.picker, ...c.channels, c.slider, c.alpha]) {
      expect(input.getAttribute('aria-describedby')).toBe(c.error.id);
    }
    const results = await axe.run(el, { runOnly: ['wcag2a', 'wcag2aa'] });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('keeps slider and alpha input in sync and sends [r, g, b, a] numbers', async () => {
    const el = await mount<GkColorPickerRGBA>('gk-color-picker-rgba', {
      name: 'star',
      schema,
      value: [10, 20, 30, 1],
    });
    const seen = record(el);
    let c = controls(el);
    type(c.slider, '0.25', true);
    await settled(el);
    c = controls(el);
    expect(c.alpha.value).toBe('0.25');
    expect(getComputedStyle(shadow(el, '.swatch')).color).toBe('rgba(10, 20, 30, 0.25)');
    expect(seen.input).toEqual([{ name: 'star', value: [10, 20, 30, 0.25] }]);
    expect(seen.change).toEqual([{ name: 'star', value: [10, 20, 30, 0.25] }]);
    type(c.alpha, '0.75', true);
    await settled(el);
    expect(controls(el).slider.value).toBe('0.75');
    expect(el.value).toEqual([10, 20, 30, 0.75]);
    const value = (seen.change.at(-1) as { value: unknown[] }).value;
    expect(value.map((n) => typeof n)).toEqual(['number', 'number', 'number', 'number']);
  });

  it('keeps alpha when a colour is picked, and updates the picker when a channel is typed', async () => {
    const el = await mount<GkColorPickerRGBA>('gk-color-picker-rgba', {
      name: 'star',
      schema,
      value: [0, 0, 0, 0.3],
    });
    const seen = record(el);
    type(controls(el).picker, '#336699');
    await settled(el);
    expect(controls(el).channels.map((i) => i.value)).toEqual(['51', '102', '153']);
    expect(seen.input).toEqual([{ name: 'star', value: [51, 102, 153, 0.3] }]);
    type(controls(el).channels[0] as HTMLInputElement, '255');
    await settled(el);
    expect(controls(el).picker.value).toBe('#ff6699');
    expect(el.value).toEqual([255, 102, 153, 0.3]);
  });

  it.each([
    ['above 1', '1.5', [1, 2, 3, 1.5]],
    ['below 0', '-0.1', [1, 2, 3, -0.1]],
    ['empty', '', [1, 2, 3, 0.5]],
  ])('shows the alpha message for an alpha %s, in English and German', async (_, text, value) => {
    const translator = await projectTranslator('en');
    const el = await mount<GkColorPickerRGBA>('gk-color-picker-rgba', {
      name: 'star',
      schema,
      value: [1, 2, 3, 0.5],
      translator,
    });
    type(controls(el).alpha, text);
    await settled(el);
    const c = controls(el);
    expect(el.valid).toBe(false);
    expect(el.value).toEqual(value);
    expect(c.alpha.value).toBe(text);
    expect(c.alpha.getAttribute('aria-invalid')).toBe('true');
    expect(c.slider.getAttribute('aria-invalid')).toBe('true');
    expect(c.channels.map((i) => i.getAttribute('aria-invalid'))).toEqual([
      'false',
      'false',
      'false',
    ]);
    expect(c.error.textContent).toBe('Opacity (alpha) must be between 0 and 1.');
    await translator.setLanguage('de');
    await settled(el);
    expect(controls(el).error.textContent).toBe(
      'Die Deckkraft (Alpha) muss zwischen 0 und 1 liegen.',
    );
    expect(shadow(el, '.alpha label').textContent).toBe('Alpha (Deckkraft)');
    expect(controls(el).alpha.value).toBe(text);
  });

  it('shows both messages when a channel and alpha are wrong', async () => {
    const translator = await projectTranslator('de');
    const el = await mount<GkColorPickerRGBA>('gk-color-picker-rgba', {
      name: 'star',
      schema,
      value: [0, 0, 300, 2],
      translator,
    });
    expect(el.issues.map((i) => `${i.code}@${i.pointer}`)).toEqual([
      'color_channel@/2',
      'alpha@/3',
    ]);
    expect(controls(el).error.textContent).toBe(
      `Blau: ${translator.t('edt_msg_error_maximum', { maximum: 255 })} ${translator.t('edt_msg_error_alpha')}`,
    );
    expect(controls(el).error.textContent).toBe(
      'Blau: Der Wert darf höchstens 255 betragen. Die Deckkraft (Alpha) muss zwischen 0 und 1 liegen.',
    );
  });

  it('moves alpha with the arrow keys on the slider', async () => {
    const el = await mount<GkColorPickerRGBA>('gk-color-picker-rgba', {
      name: 'star',
      schema,
      value: [0, 0, 0, 0.5],
    });
    const seen = record(el);
    controls(el).slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    await settled(el);
    expect(el.value).toEqual([0, 0, 0, 0.51]);
    expect(controls(el).alpha.value).toBe('0.51');
    expect(seen.input.at(-1)).toEqual({ name: 'star', value: [0, 0, 0, 0.51] });
  });
  it('paints the colour once, over a checkerboard that shows through its transparency', async () => {
    document.body.style.cssText = 'color-scheme: light';
    try {
      const el = await mount<GkColorPickerRGBA>('gk-color-picker-rgba', {
        name: 'star',
        schema,
        value: [255, 0, 0, 0.5],
      });
      expect(el.shadowRoot?.querySelectorAll('input[type=color]').length).toBe(1);
      const swatch = shadow(el, '.swatch');
      expect(swatch.getAttribute('part')).toBe('swatch');
      // Half red over the light squares (#ffffff) and over the dark ones (#c8ccd4).
      const half = await paintedColours(swatch);
      expect(half.some((c) => near(c, [255, 128, 128]))).toBe(true);
      expect(half.some((c) => near(c, [228, 102, 106]))).toBe(true);
      expect(half.some((c) => near(c, [255, 0, 0]))).toBe(false);
      // Opaque: red alone, no checkerboard.
      el.value = [255, 0, 0, 1];
      await settled(el);
      const opaque = await paintedColours(swatch);
      expect(opaque.every((c) => near(c, [255, 0, 0]))).toBe(true);
      // Fully transparent: the checkerboard alone.
      el.value = [255, 0, 0, 0];
      await settled(el);
      const clear = await paintedColours(swatch);
      expect(clear.some((c) => near(c, [255, 255, 255]))).toBe(true);
      expect(clear.some((c) => near(c, [200, 204, 212]))).toBe(true);
    } finally {
      document.body.style.cssText = '';
    }
  });

  it('renders the parts it lists for hosts to export', async () => {
    const el = await mount<GkColorPickerRGBA>('gk-color-picker-rgba', {
      name: 'star',
      schema,
      value: [0, 0, 0, 2],
    });
    expect(renderedParts(el.shadowRoot).sort()).toEqual([...GkColorPickerRGBA.parts].sort());
  });
});
