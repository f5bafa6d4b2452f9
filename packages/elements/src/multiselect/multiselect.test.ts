import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import './multiselect.js';
import type { OptionSchema } from '@glowkit/effect-schema/values';
import { mount, projectTranslator, settled, shadow } from '../test-support/translator.js';
import type { GkMultiselect } from './multiselect.js';

afterEach(() => {
  document.body.replaceChildren();
});

/** The palettes option of the project's palettes effect: enum_titles on the items. */
const palettes: OptionSchema = {
  type: 'array',
  title: 'edt_eff_palettes',
  uniqueItems: true,
  items: {
    type: 'string',
    enum: ['sunset', 'ocean', 'forest', 'lava'],
    options: {
      enum_titles: [
        'edt_eff_enum_sunset',
        'edt_eff_enum_ocean',
        'edt_eff_enum_forest',
        'edt_eff_enum_lava',
      ],
    },
  },
};

const boxes = (el: Element) => [
  ...(el.shadowRoot?.querySelectorAll<HTMLInputElement>('input[type=checkbox]') ?? []),
];
const labels = (el: Element) => boxes(el).map((b) => b.closest('label')?.textContent?.trim());
function focused(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

async function mountPalettes(value: unknown, extra: OptionSchema = {}, lng: 'en' | 'de' = 'en') {
  const translator = await projectTranslator(lng);
  const el = await mount<GkMultiselect>('gk-multiselect', {
    name: 'palettes',
    schema: { ...palettes, ...extra },
    value,
    translator,
  });
  return { el, translator };
}

function recordEvents(el: HTMLElement) {
  const own: Array<{ type: string; detail: unknown }> = [];
  const foreign: EventTarget[] = [];
  for (const type of ['input', 'change']) {
    el.addEventListener(type, (e) => own.push({ type, detail: (e as CustomEvent).detail }));
    document.addEventListener(type, (e) => {
      if (e.target !== el) foreign.push(e.target as EventTarget);
    });
  }
  return { own, foreign };
}

describe('gk-multiselect: rendering', () => {
  it('renders a fieldset with the label as legend and one checkbox per enum value, in order', async () => {
    const { el, translator } = await mountPalettes(['ocean']);
    expect(shadow(el, 'fieldset legend').textContent).toBe(translator.t('edt_eff_palettes'));
    expect(labels(el)).toEqual(['Sunset', 'Ocean', 'Forest', 'Lava']);
    expect(boxes(el).map((b) => b.checked)).toEqual([false, true, false, false]);
    expect(el.shadowRoot?.querySelector('.none')).toBeNull();
    expect(el.valid).toBe(true);
  });

  it('takes enum_titles from the option when the items have none', async () => {
    const translator = await projectTranslator('de');
    const { options, ...items } = palettes.items as OptionSchema;
    const el = await mount<GkMultiselect>('gk-multiselect', {
      name: 'palettes',
      schema: { ...palettes, items, options },
      value: [],
      translator,
    });
    expect(labels(el)).toEqual(['Sonnenuntergang', 'Ozean', 'Wald', 'Lava']);
  });

  it('shows the enum values without a translator', async () => {
    const el = await mount<GkMultiselect>('gk-multiselect', {
      name: 'palettes',
      schema: palettes,
    });
    expect(labels(el)).toEqual(['sunset', 'ocean', 'forest', 'lava']);
    expect(shadow(el, 'legend').textContent).toBe('Palettes');
    expect(shadow(el, '.none').textContent?.trim()).toBe('Nothing selected');
  });

  it('treats no value as nothing chosen: valid, never "required", with a subtle note', async () => {
    const { el } = await mountPalettes(undefined);
    expect(boxes(el).every((b) => !b.checked)).toBe(true);
    expect(el.issues).toEqual([]);
    expect(el.valid).toBe(true);
    expect(shadow(el, '.error').textContent).toBe('');
    const note = shadow(el, '.none');
    expect(note.textContent?.trim()).toBe('Nothing selected');
    expect(shadow(el, 'fieldset').getAttribute('aria-describedby')?.split(' ')).toContain(note.id);
    const de = await mountPalettes([], {}, 'de');
    expect(shadow(de.el, '.none').textContent?.trim()).toBe('Nichts ausgewählt');
  });

  it('passes axe, chosen, empty and invalid', async () => {
    const { el } = await mountPalettes(['ocean'], { maxItems: 1 });
    const check = async () => {
      const result = await axe.run(el);
      expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    };
    await check();
    el.value = [];
    await settled(el);
    await check();
    el.value = ['ocean', 'lava'];
    await settled(el);
    await check();
  });
});

describe('gk-multiselect: choosing', () => {
  it('keeps the value in enum order without duplicates, and sends the whole array', async () => {
    const { el } = await mountPalettes(undefined);
    const events = recordEvents(el);
    boxes(el)[3]?.click();
    await settled(el);
    boxes(el)[0]?.click();
    await settled(el);
    expect(el.value).toEqual(['sunset', 'lava']);
    boxes(el)[3]?.click();
    await settled(el);
    expect(el.value).toEqual(['sunset']);
    expect(events.own).toEqual([
      { type: 'input', detail: { name: 'palettes', value: ['lava'] } },
      { type: 'change', detail: { name: 'palettes', value: ['lava'] } },
      { type: 'input', detail: { name: 'palettes', value: ['sunset', 'lava'] } },
      { type: 'change', detail: { name: 'palettes', value: ['sunset', 'lava'] } },
      { type: 'input', detail: { name: 'palettes', value: ['sunset'] } },
      { type: 'change', detail: { name: 'palettes', value: ['sunset'] } },
    ]);
    expect(events.foreign).toEqual([]);
    boxes(el)[0]?.click();
    await settled(el);
    expect(el.value).toEqual([]);
    expect(shadow(el, '.none').textContent?.trim()).toBe('Nothing selected');
  });

  it('gives a fresh array each time and leaves the given one alone', async () => {
    const given = ['lava', 'ocean'];
    const { el } = await mountPalettes(given);
    boxes(el)[2]?.click();
    await settled(el);
    expect(el.value).toEqual(['ocean', 'forest', 'lava']);
    expect(el.value).not.toBe(given);
    expect(given).toEqual(['lava', 'ocean']);
  });

  it('is operated with Tab and Space', async () => {
    const before = document.createElement('button');
    before.textContent = 'before';
    document.body.append(before);
    const { el } = await mountPalettes([]);
    before.focus();
    await userEvent.tab();
    expect(focused()).toBe(boxes(el)[0]);
    await userEvent.keyboard(' ');
    await settled(el);
    await userEvent.tab();
    await userEvent.tab();
    expect(focused()).toBe(boxes(el)[2]);
    await userEvent.keyboard(' ');
    await settled(el);
    expect(el.value).toEqual(['sunset', 'forest']);
    await userEvent.keyboard(' ');
    await settled(el);
    expect(el.value).toEqual(['sunset']);
  });

  it('focuses its first checkbox', async () => {
    const { el } = await mountPalettes([]);
    el.focus();
    expect(focused()).toBe(boxes(el)[0]);
  });

  it('disables every checkbox when disabled', async () => {
    const { el } = await mountPalettes(['ocean']);
    el.disabled = true;
    await settled(el);
    expect(boxes(el).every((b) => b.disabled)).toBe(true);
  });
});

describe('gk-multiselect: in a form', () => {
  it('submits the chosen values as JSON and follows a <fieldset disabled> around it', async () => {
    const host = document.createElement('form');
    document.body.append(host);
    host.innerHTML =
      '<fieldset disabled><gk-multiselect name="palettes"></gk-multiselect></fieldset>';
    const el = host.querySelector('gk-multiselect') as GkMultiselect;
    Object.assign(el, { schema: palettes, value: ['ocean'] });
    await settled(el);
    expect(boxes(el).every((b) => b.disabled)).toBe(true);
    expect(new FormData(host).get('palettes')).toBeNull(); // a disabled control submits nothing
    (host.querySelector('fieldset') as HTMLFieldSetElement).disabled = false;
    await settled(el);
    expect(boxes(el).some((b) => b.disabled)).toBe(false);
    boxes(el)[3]?.click();
    await settled(el);
    expect(new FormData(host).get('palettes')).toBe('["ocean","lava"]');
  });
});

describe('gk-multiselect: validation', () => {
  it('reports minItems in English and German, linked with aria-describedby and aria-invalid', async () => {
    const { el, translator } = await mountPalettes(undefined, { minItems: 2 });
    expect(el.issues.map((i) => i.code)).toEqual(['minItems']);
    const fieldset = shadow(el, 'fieldset');
    expect(fieldset.getAttribute('aria-invalid')).toBe('true');
    expect(boxes(el).every((b) => b.getAttribute('aria-invalid') === 'true')).toBe(true);
    const error = shadow(el, '.error');
    expect(fieldset.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(boxes(el)[0]?.getAttribute('aria-describedby')).toBe(error.id);
    expect(error.textContent).toBe('Add at least 2 entries.');
    await translator.setLanguage('de');
    await settled(el);
    expect(error.textContent).toBe('Mindestens 2 Einträge sind nötig.');
    boxes(el)[0]?.click();
    boxes(el)[1]?.click();
    await settled(el);
    expect(el.valid).toBe(true);
    expect(error.textContent).toBe('');
    expect(fieldset.getAttribute('aria-invalid')).toBe('false');
  });

  it('reports maxItems in English and German', async () => {
    const { el } = await mountPalettes(['sunset', 'ocean'], { maxItems: 1 });
    expect(shadow(el, '.error').textContent).toBe('Keep to at most 1 entry.');
    const de = await mountPalettes(['sunset', 'ocean'], { maxItems: 1 }, 'de');
    expect(shadow(de.el, '.error').textContent).toBe('Höchstens 1 Eintrag ist erlaubt.');
    boxes(de.el)[0]?.click();
    await settled(de.el);
    expect(de.el.value).toEqual(['ocean']);
    expect(de.el.valid).toBe(true);
  });

  it('reports a value repeating or outside the enum, and cleans it at the next change', async () => {
    const { el } = await mountPalettes(['ocean', 'ocean', 'mud']);
    expect(el.issues.map((i) => `${i.code}@${i.pointer}`)).toEqual(['uniqueItems@/1', 'enum@/2']);
    expect(shadow(el, '.error').textContent).toBe('Each entry may appear only once.');
    boxes(el)[0]?.click();
    await settled(el);
    expect(el.value).toEqual(['sunset', 'ocean']);
    expect(el.valid).toBe(true);
  });
});

describe('gk-multiselect: translation', () => {
  it('re-renders legend, checkbox labels and the note when the language changes', async () => {
    const { el, translator } = await mountPalettes([]);
    await translator.setLanguage('de');
    await settled(el);
    expect(shadow(el, 'legend').textContent).toBe('Paletten');
    expect(labels(el)).toEqual(['Sonnenuntergang', 'Ozean', 'Wald', 'Lava']);
    expect(shadow(el, '.none').textContent?.trim()).toBe('Nichts ausgewählt');
    await translator.setLanguage('en');
    await settled(el);
    expect(labels(el)[2]).toBe('Forest');
  });
});
