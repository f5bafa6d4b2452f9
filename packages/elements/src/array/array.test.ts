import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import './array.js';
import '../color-picker/color-picker.js';
import '../integer/integer.js';
import '../string/string.js';
import type { OptionSchema } from '@glowkit/effect-schema/values';
import type { GkField } from '../shared/field.js';
import { documentedParts, renderedParts } from '../test-support/parts.js';
import { mount, projectTranslator, settled, shadow } from '../test-support/translator.js';
import { GkArray } from './array.js';
import '../effect-form/effect-form.js';
import type { GkEffectForm } from '../effect-form/effect-form.js';

afterEach(() => {
  document.body.replaceChildren();
});

const hours: OptionSchema = {
  type: 'array',
  title: 'edt_eff_markerHours',
  items: { type: 'integer', title: 'edt_eff_hour', minimum: 0, maximum: 11 },
};

/** The item elements, in order. */
const itemsOf = (el: Element) =>
  [...(el.shadowRoot?.querySelectorAll<GkField>('.item-control') ?? [])] as GkField[];
/** The buttons of one item (0-based), by class. */
const buttonOf = (el: Element, index: number, action: 'move-up' | 'move-down' | 'remove') =>
  shadow<HTMLButtonElement>(el, `li:nth-child(${index + 1}) button.${action}`);
/** What has focus, looking into shadow roots. */
function focused(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
/** Waits for the element and its items to render. */
async function rendered(el: Element): Promise<void> {
  await settled(el);
  await Promise.all(itemsOf(el).map(settled));
}

/** Records the events an element sends, and any input/change escaping past it. */
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

async function mountHours(value: unknown, extra: OptionSchema = {}, lng: 'en' | 'de' = 'en') {
  const translator = await projectTranslator(lng);
  const el = await mount<GkArray>('gk-array', {
    name: 'marker-hours',
    schema: { ...hours, ...extra },
    value,
    translator,
  });
  await rendered(el);
  return { el, translator };
}

describe('gk-array: rendering', () => {
  it('renders a legend and one labelled element per item, with the item schema and value', async () => {
    const { el, translator } = await mountHours([0, 3, 6]);
    expect(shadow(el, 'legend').textContent).toBe(translator.t('edt_eff_markerHours'));
    const items = itemsOf(el);
    expect(items.map((i) => i.tagName.toLowerCase())).toEqual([
      'gk-integer',
      'gk-integer',
      'gk-integer',
    ]);
    expect(items.map((i) => i.value)).toEqual([0, 3, 6]);
    expect(items.map((i) => i.name)).toEqual([
      'marker-hours[0]',
      'marker-hours[1]',
      'marker-hours[2]',
    ]);
    expect(items[1]?.schema).toEqual(hours.items);
    expect(items[1]?.translator).toBe(translator);
    const label = shadow(items[1] as Element, 'label');
    expect(label.textContent).toBe('Item 2');
    expect(shadow<HTMLInputElement>(items[1] as Element, 'input').labels?.[0]).toBe(label);
    // The list's name is the group's: every item sits in the fieldset its legend names.
    const group = shadow<HTMLFieldSetElement>(el, 'fieldset');
    expect(group.firstElementChild?.localName).toBe('legend');
    expect(items.every((item) => group.contains(item))).toBe(true);
  });

  it('names every button after its item, and disables moves past the ends', async () => {
    const { el } = await mountHours([0, 3, 6]);
    expect(buttonOf(el, 1, 'move-up').getAttribute('aria-label')).toBe('Move entry up (Item 2)');
    expect(buttonOf(el, 1, 'move-down').getAttribute('aria-label')).toBe(
      'Move entry down (Item 2)',
    );
    expect(buttonOf(el, 2, 'remove').getAttribute('aria-label')).toBe('Remove entry (Item 3)');
    expect(shadow(el, 'button.add').textContent?.trim()).toBe('+ Add entry');
    expect(buttonOf(el, 0, 'move-up').disabled).toBe(true);
    expect(buttonOf(el, 0, 'move-down').disabled).toBe(false);
    expect(buttonOf(el, 2, 'move-down').disabled).toBe(true);
    for (const button of el.shadowRoot?.querySelectorAll('button') ?? []) {
      expect(button.type).toBe('button');
    }
  });

  it('shows the empty-list phrase, and falls back to English without a translator', async () => {
    const { el } = await mountHours([], {}, 'de');
    expect(shadow(el, '.empty').textContent?.trim()).toBe('Die Liste ist leer.');
    expect(el.shadowRoot?.querySelector('ol')).toBeNull();
    const bare = await mount<GkArray>('gk-array', { name: 'colors', schema: hours, value: [] });
    expect(shadow(bare, '.empty').textContent?.trim()).toBe('The list is empty.');
    bare.value = [5];
    await rendered(bare);
    expect(shadow(itemsOf(bare)[0] as Element, 'label').textContent).toBe('Item 1');
    expect(buttonOf(bare, 0, 'remove').getAttribute('aria-label')).toBe('Remove entry (Item 1)');
  });

  it('passes axe with items, with an error, and empty', async () => {
    const { el } = await mountHours([1, 1], { uniqueItems: true, minItems: 1 });
    const check = async () => {
      const result = await axe.run(el);
      expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    };
    await check();
    el.value = [];
    await rendered(el);
    await check();
  });
});

describe('gk-array: editing', () => {
  it("re-emits an item's input and change with the whole array, and stops the item's events", async () => {
    const { el } = await mountHours([0, 3, 6]);
    const events = recordEvents(el);
    const before = el.value;
    const input = shadow<HTMLInputElement>(itemsOf(el)[1] as Element, 'input');
    input.focus();
    // Typing sends the item's input event, leaving the input its change event.
    await userEvent.keyboard('{Control>}a{/Control}4');
    await userEvent.tab();
    await rendered(el);
    expect(el.value).toEqual([0, 4, 6]);
    expect(el.value).not.toBe(before);
    expect(before).toEqual([0, 3, 6]);
    expect(events.own).toEqual([
      { type: 'input', detail: { name: 'marker-hours', value: [0, 4, 6] } },
      { type: 'change', detail: { name: 'marker-hours', value: [0, 4, 6] } },
    ]);
    expect(events.foreign).toEqual([]);
  });

  it("adds the items' default, else the kind's empty value, and focuses the new item", async () => {
    const { el } = await mountHours([0]);
    const events = recordEvents(el);
    shadow<HTMLButtonElement>(el, 'button.add').click();
    await rendered(el);
    expect(el.value).toEqual([0, 0]); // the items' minimum
    expect(events.own.map((e) => e.type)).toEqual(['input', 'change']);
    expect(events.own[1]?.detail).toEqual({ name: 'marker-hours', value: [0, 0] });
    await expect.poll(focused).toBe(shadow(itemsOf(el)[1] as Element, 'input'));

    el.schema = { ...hours, items: { ...(hours.items as object), default: 9 } };
    await rendered(el);
    shadow<HTMLButtonElement>(el, 'button.add').click();
    await rendered(el);
    expect(el.value).toEqual([0, 0, 9]);

    const words = await mount<GkArray>('gk-array', {
      name: 'words',
      schema: { type: 'array', items: { type: 'string' } },
      value: ['a'],
    });
    shadow<HTMLButtonElement>(words, 'button.add').click();
    await rendered(words);
    expect(words.value).toEqual(['a', '']);
  });

  it('keeps item identity when an item is removed', async () => {
    const { el } = await mountHours([1, 2, 3, 4]);
    const [first, , third] = itemsOf(el);
    const events = recordEvents(el);
    buttonOf(el, 1, 'remove').click();
    await rendered(el);
    expect(el.value).toEqual([1, 3, 4]);
    const after = itemsOf(el);
    expect(after[0]).toBe(first);
    expect(after[1]).toBe(third);
    expect(after[1]?.value).toBe(3);
    expect(shadow<HTMLInputElement>(after[1] as Element, 'input').value).toBe('3');
    expect(after[1]?.name).toBe('marker-hours[1]');
    expect(shadow(after[1] as Element, 'label').textContent).toBe('Item 2');
    expect(events.own).toEqual([
      { type: 'input', detail: { name: 'marker-hours', value: [1, 3, 4] } },
      { type: 'change', detail: { name: 'marker-hours', value: [1, 3, 4] } },
    ]);
  });

  it('keeps what is typed in another item when one is removed', async () => {
    const { el } = await mountHours([1, 2, 3]);
    const third = itemsOf(el)[2] as GkField;
    const input = shadow<HTMLInputElement>(third, 'input');
    input.focus();
    await userEvent.keyboard('{Control>}a{/Control}x');
    await rendered(el);
    expect(third.issues.map((i) => i.code)).toEqual(['required']);
    buttonOf(el, 0, 'remove').click();
    await rendered(el);
    expect(itemsOf(el)[1]).toBe(third);
    expect(el.valid).toBe(false);
    expect(el.issues.map((i) => `${i.code}@${i.pointer}`)).toEqual(['required@/1']);
  });

  it('moves items keeping their elements, and focus follows the moved item', async () => {
    const { el } = await mountHours([1, 2, 3]);
    const [a, b, c] = itemsOf(el);
    buttonOf(el, 2, 'move-up').click();
    await rendered(el);
    expect(el.value).toEqual([1, 3, 2]);
    expect(itemsOf(el)).toEqual([a, c, b]);
    expect(itemsOf(el)[1]).toBe(c);
    await expect.poll(focused).toBe(buttonOf(el, 1, 'move-up'));
    // At the top its move-up button is disabled: focus goes to its move-down button.
    buttonOf(el, 1, 'move-up').click();
    await rendered(el);
    expect(el.value).toEqual([3, 1, 2]);
    expect(itemsOf(el)).toEqual([c, a, b]);
    await expect.poll(focused).toBe(buttonOf(el, 0, 'move-down'));
    buttonOf(el, 0, 'move-down').click();
    await rendered(el);
    expect(el.value).toEqual([1, 3, 2]);
    await expect.poll(focused).toBe(buttonOf(el, 1, 'move-down'));
    expect(itemsOf(el).map((i) => i.name)).toEqual([
      'marker-hours[0]',
      'marker-hours[1]',
      'marker-hours[2]',
    ]);
  });

  it('sends focus after a removal to the next remove button, else to the add button', async () => {
    const { el } = await mountHours([1, 2, 3]);
    buttonOf(el, 1, 'remove').click();
    await rendered(el);
    await expect.poll(focused).toBe(buttonOf(el, 1, 'remove'));
    buttonOf(el, 1, 'remove').click();
    await rendered(el);
    await expect.poll(focused).toBe(shadow(el, 'button.add'));
    expect(el.value).toEqual([1]);
  });

  it('re-keys a value set from outside and reuses elements by position', async () => {
    const { el } = await mountHours([1, 2]);
    const [first] = itemsOf(el);
    el.value = [7, 8, 9];
    await rendered(el);
    expect(itemsOf(el)[0]).toBe(first);
    expect(itemsOf(el).map((i) => i.value)).toEqual([7, 8, 9]);
  });

  it('disables every control when disabled', async () => {
    const { el } = await mountHours([1, 2], {});
    el.disabled = true;
    await rendered(el);
    for (const button of el.shadowRoot?.querySelectorAll('button') ?? []) {
      expect(button.disabled).toBe(true);
    }
    expect(itemsOf(el).every((i) => i.disabled)).toBe(true);
  });
});

describe('gk-array: in a form', () => {
  it('follows a <fieldset disabled> around it', async () => {
    const host = document.createElement('form');
    host.innerHTML = '<fieldset disabled><gk-array name="marker-hours"></gk-array></fieldset>';
    document.body.append(host);
    const el = host.querySelector('gk-array') as GkArray;
    Object.assign(el, { schema: hours, value: [1, 2] });
    await rendered(el);
    const controls = () => [
      ...(el.shadowRoot?.querySelectorAll('button') ?? []),
      ...itemsOf(el).map((item) => shadow<HTMLInputElement>(item, 'input')),
    ];
    expect(controls().every((c) => (c as HTMLButtonElement | HTMLInputElement).disabled)).toBe(
      true,
    );
    host.querySelector('fieldset')?.removeAttribute('disabled');
    await rendered(el);
    expect(shadow<HTMLButtonElement>(el, 'button.add').disabled).toBe(false);
    expect(shadow<HTMLInputElement>(itemsOf(el)[1] as Element, 'input').disabled).toBe(false);
  });

  it("submits the list as JSON, and blocks submission with the invalid item's message", async () => {
    const host = document.createElement('form');
    host.innerHTML = '<gk-array name="marker-hours"></gk-array>';
    document.body.append(host);
    const el = host.querySelector('gk-array') as GkArray;
    Object.assign(el, { schema: hours, value: [1, 12], translator: await projectTranslator('en') });
    await rendered(el);
    expect(new FormData(host).get('marker-hours')).toBe('[1,12]');
    expect(host.checkValidity()).toBe(false);
    expect(el.validationMessage).toBe('Enter 11 or less.');
    const input = shadow<HTMLInputElement>(itemsOf(el)[1] as Element, 'input');
    input.focus();
    await userEvent.keyboard('{Control>}a{/Control}5');
    await rendered(el);
    expect(host.checkValidity()).toBe(true);
    expect(new FormData(host).get('marker-hours')).toBe('[1,5]');
  });
});

describe('gk-array: keyboard', () => {
  it('is operated with Tab, Enter and Space', async () => {
    const before = document.createElement('button');
    before.textContent = 'before';
    document.body.append(before);
    const { el } = await mountHours([1, 2]);
    before.focus();
    await userEvent.tab();
    expect(focused()).toBe(shadow(itemsOf(el)[0] as Element, 'input'));
    await userEvent.tab(); // move-up of item 1 is disabled: skipped
    expect(focused()).toBe(buttonOf(el, 0, 'move-down'));
    await userEvent.keyboard('{Enter}');
    await rendered(el);
    expect(el.value).toEqual([2, 1]);
    // Focus followed item "1" to the bottom, where move-down is disabled.
    await expect.poll(focused).toBe(buttonOf(el, 1, 'move-up'));
    await userEvent.tab();
    expect(focused()).toBe(buttonOf(el, 1, 'remove'));
    await userEvent.keyboard(' ');
    await rendered(el);
    expect(el.value).toEqual([2]);
    await expect.poll(focused).toBe(shadow(el, 'button.add'));
    await userEvent.keyboard('{Enter}');
    await rendered(el);
    expect(el.value).toEqual([2, 0]);
    await expect.poll(focused).toBe(shadow(itemsOf(el)[1] as Element, 'input'));
  });
});

describe('gk-array: validation', () => {
  it('allows removing below minItems and shows its message, linked to the group', async () => {
    const { el, translator } = await mountHours([1, 2], { minItems: 2 });
    const fieldset = shadow(el, 'fieldset');
    expect(fieldset.getAttribute('aria-invalid')).toBe('false');
    expect(buttonOf(el, 0, 'remove').disabled).toBe(false);
    buttonOf(el, 0, 'remove').click();
    await rendered(el);
    expect(el.value).toEqual([2]);
    expect(el.valid).toBe(false);
    expect(fieldset.getAttribute('aria-invalid')).toBe('true');
    const error = shadow(el, `#${fieldset.getAttribute('aria-describedby')}`);
    expect(error.textContent).toBe('Add at least 2 entries.');
    await translator.setLanguage('de');
    await rendered(el);
    expect(error.textContent).toBe('Mindestens 2 Einträge sind nötig.');
    // Down to an empty list: still allowed, still explained.
    buttonOf(el, 0, 'remove').click();
    await rendered(el);
    expect(el.value).toEqual([]);
    expect(shadow(el, '.empty').textContent?.trim()).toBe('Die Liste ist leer.');
    expect(error.textContent).toBe('Mindestens 2 Einträge sind nötig.');
  });

  it('disables the add button at maxItems, and reports a list over it', async () => {
    const { el } = await mountHours([1, 2], { maxItems: 2 });
    expect(shadow<HTMLButtonElement>(el, 'button.add').disabled).toBe(true);
    expect(el.valid).toBe(true);
    buttonOf(el, 0, 'remove').click();
    await rendered(el);
    expect(shadow<HTMLButtonElement>(el, 'button.add').disabled).toBe(false);

    const over = await mountHours([1, 2, 3], { maxItems: 2 });
    expect(shadow(over.el, '.error').textContent).toBe('Keep to at most 2 entries.');
    const de = await mountHours([1, 2, 3], { maxItems: 2 }, 'de');
    expect(shadow(de.el, '.error').textContent).toBe('Höchstens 2 Einträge sind erlaubt.');
    expect(shadow(de.el, 'fieldset').getAttribute('aria-invalid')).toBe('true');
  });

  it('reports repeated items with uniqueItems and marks the repeats', async () => {
    const { el, translator } = await mountHours([3, 6, 3], { uniqueItems: true });
    expect(el.issues.map((i) => `${i.code}@${i.pointer}`)).toEqual(['uniqueItems@/2']);
    expect(shadow(el, '.error').textContent).toBe('Each entry may appear only once.');
    const rows = [...(el.shadowRoot?.querySelectorAll('li') ?? [])];
    expect(rows.map((r) => r.hasAttribute('data-duplicate'))).toEqual([false, false, true]);
    expect(rows[2]?.part.contains('duplicate')).toBe(true);
    await translator.setLanguage('de');
    await rendered(el);
    expect(shadow(el, '.error').textContent).toBe('Jeder Eintrag darf nur einmal vorkommen.');
    buttonOf(el, 2, 'remove').click();
    await rendered(el);
    expect(el.valid).toBe(true);
    expect(shadow(el, '.error').textContent).toBe('');
  });

  it('is valid only when every item is: item messages stay with the items', async () => {
    const { el } = await mountHours([1, 12]);
    expect(el.valid).toBe(false);
    expect(el.checkValidity()).toBe(false);
    expect(el.issues.map((i) => `${i.code}@${i.pointer}`)).toEqual(['maximum@/1']);
    expect(shadow(el, 'fieldset').getAttribute('aria-invalid')).toBe('false');
    expect(shadow(el, '.error').textContent).toBe('');
    const second = itemsOf(el)[1] as GkField;
    expect(shadow(second, '.error').textContent).toBe('Enter 11 or less.');
    expect(el.reportValidity()).toBe(false);
    expect(focused()).toBe(shadow(second, 'input'));
  });

  it('requires a value', async () => {
    const { el } = await mountHours(undefined);
    expect(el.issues.map((i) => i.code)).toEqual(['required']);
    expect(shadow(el, '.error').textContent).toBe('This field is required.');
  });
});

describe('gk-array: translation', () => {
  it('re-renders its legend, item labels, buttons and notes when the language changes', async () => {
    const { el, translator } = await mountHours([1, 2]);
    await translator.setLanguage('de');
    await rendered(el);
    const title = translator.t('edt_eff_markerHours');
    expect(shadow(el, 'legend').textContent).toBe(title);
    expect(shadow(itemsOf(el)[1] as Element, 'label').textContent).toBe('Eintrag 2');
    expect(buttonOf(el, 1, 'move-up').getAttribute('aria-label')).toBe(
      'Eintrag nach oben verschieben (Eintrag 2)',
    );
    expect(buttonOf(el, 0, 'move-down').getAttribute('aria-label')).toBe(
      'Eintrag nach unten verschieben (Eintrag 1)',
    );
    expect(buttonOf(el, 0, 'remove').getAttribute('aria-label')).toBe(
      'Eintrag entfernen (Eintrag 1)',
    );
    expect(shadow(el, 'button.add').textContent?.trim()).toBe('+ Eintrag hinzufügen');
    await translator.setLanguage('en');
    await rendered(el);
    expect(shadow(el, 'button.add').textContent?.trim()).toBe('+ Add entry');
  });
});

describe('gk-array: nesting', () => {
  const grid: OptionSchema = {
    type: 'array',
    title: 'edt_eff_colors',
    minItems: 1,
    items: { type: 'array', maxItems: 2, items: { type: 'string', minLength: 1 } },
  };

  it('renders a list of lists of strings and reports edits as the whole outer array', async () => {
    const translator = await projectTranslator('en');
    const value = [['a', 'b'], ['c']];
    const el = await mount<GkArray>('gk-array', { name: 'grid', schema: grid, value, translator });
    await rendered(el);
    const inner = itemsOf(el) as GkArray[];
    expect(inner.map((i) => i.tagName.toLowerCase())).toEqual(['gk-array', 'gk-array']);
    expect(inner[1]?.translator).toBe(translator);
    await Promise.all(inner.map(rendered));
    expect(shadow(inner[1] as Element, 'legend').textContent).toBe('Item 2');
    const leaf = itemsOf(inner[1] as Element)[0] as GkField;
    expect(leaf.name).toBe('grid[1][0]');
    expect(shadow(leaf, 'label').textContent).toBe('Item 1');

    const events = recordEvents(el);
    const input = shadow<HTMLInputElement>(leaf, 'input');
    input.focus();
    await userEvent.keyboard('d');
    await rendered(el);
    expect(el.value).toEqual([['a', 'b'], ['cd']]);
    expect(value).toEqual([['a', 'b'], ['c']]);
    expect(events.own).toEqual([
      { type: 'input', detail: { name: 'grid', value: [['a', 'b'], ['cd']] } },
    ]);
    expect(events.foreign).toEqual([]);

    // The inner list's own add button, within its maxItems.
    shadow<HTMLButtonElement>(inner[1] as Element, 'button.add').click();
    await rendered(inner[1] as Element);
    await rendered(el);
    expect(el.value).toEqual([
      ['a', 'b'],
      ['cd', ''],
    ]);
    expect(shadow<HTMLButtonElement>(inner[1] as Element, 'button.add').disabled).toBe(true);
    // The new empty string breaks the leaf's minLength: so the outer list is invalid.
    expect(el.issues.map((i) => `${i.code}@${i.pointer}`)).toEqual(['minLength@/1/1']);
    expect(events.own.at(-1)).toEqual({
      type: 'change',
      detail: {
        name: 'grid',
        value: [
          ['a', 'b'],
          ['cd', ''],
        ],
      },
    });
  });

  it('translates nested labels on a language change', async () => {
    const translator = await projectTranslator('en');
    const el = await mount<GkArray>('gk-array', {
      name: 'grid',
      schema: grid,
      value: [['a']],
      translator,
    });
    await rendered(el);
    const inner = itemsOf(el)[0] as GkArray;
    await rendered(inner);
    await translator.setLanguage('de');
    await rendered(el);
    await rendered(inner);
    expect(shadow(inner, 'legend').textContent).toBe('Eintrag 1');
    expect(shadow(itemsOf(inner)[0] as Element, 'label').textContent).toBe('Eintrag 1');
  });

  it('renders a list of RGB colours with colour pickers', async () => {
    const translator = await projectTranslator('en');
    const schema: OptionSchema = {
      type: 'array',
      title: 'edt_eff_trailColors',
      minItems: 1,
      items: {
        type: 'array',
        title: 'edt_eff_color',
        format: 'colorpicker',
        default: [255, 255, 255],
        items: { type: 'integer', minimum: 0, maximum: 255 },
        minItems: 3,
        maxItems: 3,
      },
    };
    const el = await mount<GkArray>('gk-array', {
      name: 'trail-colors',
      schema,
      value: [
        [255, 170, 0],
        [200, 0, 80],
      ],
      translator,
    });
    await rendered(el);
    const pickers = itemsOf(el);
    expect(pickers.map((p) => p.tagName.toLowerCase())).toEqual([
      'gk-color-picker',
      'gk-color-picker',
    ]);
    expect(pickers.map((p) => p.value)).toEqual([
      [255, 170, 0],
      [200, 0, 80],
    ]);
    expect(shadow(pickers[1] as Element, 'legend').textContent).toBe('Item 2');
    const events = recordEvents(el);
    shadow<HTMLButtonElement>(el, 'button.add').click();
    await rendered(el);
    expect(el.value).toEqual([
      [255, 170, 0],
      [200, 0, 80],
      [255, 255, 255],
    ]);
    expect(events.own.at(-1)?.detail).toEqual({ name: 'trail-colors', value: el.value });
    const second = itemsOf(el)[1];
    buttonOf(el, 0, 'remove').click();
    await rendered(el);
    expect(itemsOf(el)[0]).toBe(second);
    expect(el.valid).toBe(true);
  });
});

describe('gk-array: layout', () => {
  /** An item kind, its value, and where its control is (in the item's shadow root). */
  const kinds: Array<[string, OptionSchema, unknown, string]> = [
    ['numbers', { type: 'integer', append: 'edt_append_s' }, 3, 'input'],
    ['text', { type: 'string' }, 'red', 'input'],
    ['choices', { type: 'string', enum: ['sine', 'triangle'] }, 'sine', 'select'],
    ['checkboxes', { type: 'boolean' }, true, 'input'],
    [
      'colours',
      { type: 'array', format: 'colorpicker', items: { type: 'integer' } },
      [255, 0, 0],
      '[part~=control]',
    ],
    ['lists', { type: 'array', items: { type: 'string' } }, ['a'], 'fieldset'],
  ];
  const box = (e: Element) => e.getBoundingClientRect();

  async function mountAt(width: number, items: OptionSchema, item: unknown) {
    const frame = document.createElement('div');
    frame.style.inlineSize = `${width}px`;
    document.body.append(frame);
    const el = document.createElement('gk-array') as GkArray;
    Object.assign(el, {
      name: 'list',
      schema: { type: 'array', title: 'edt_eff_colors', items },
      value: [item, item],
      translator: await projectTranslator('en'),
    });
    frame.append(el);
    await rendered(el);
    await Promise.all(itemsOf(el).map(rendered));
    return el;
  }

  it.each(kinds)(
    'puts the buttons of %s beside the control, on its row',
    async (_, items, item, control) => {
      const el = await mountAt(720, items, item);
      const element = itemsOf(el)[1] as Element;
      const target = box(shadow(element, control));
      for (const action of ['move-up', 'move-down', 'remove'] as const) {
        const button = box(buttonOf(el, 1, action));
        // After the control, not below or above it: the rows overlap, the button starts past it.
        expect(button.left).toBeGreaterThanOrEqual(target.right);
        expect(button.top).toBeLessThan(target.bottom);
        expect(button.bottom).toBeGreaterThan(target.top);
      }
      if (control !== 'fieldset') {
        // Level with the control: their middles within a few pixels.
        const button = box(buttonOf(el, 1, 'remove'));
        const middle = (r: DOMRect) => (r.top + r.bottom) / 2;
        expect(Math.abs(middle(button) - middle(target))).toBeLessThan(4);
        // And close to it: no gap wider than a button.
        expect(box(buttonOf(el, 1, 'move-up')).left - target.right).toBeLessThan(60);
      }
    },
  );

  it.each(kinds)(
    'keeps the buttons of %s on a phone-wide list, clear of the control',
    async (_, items, item, control) => {
      const el = await mountAt(320, items, item);
      const list = box(shadow(el, 'fieldset'));
      const element = itemsOf(el)[1] as Element;
      const target = box(shadow(element, control));
      for (const action of ['move-up', 'move-down', 'remove'] as const) {
        const button = box(buttonOf(el, 1, action));
        expect(button.right).toBeLessThanOrEqual(list.right);
        const overlaps =
          button.left < target.right &&
          target.left < button.right &&
          button.top < target.bottom &&
          target.top < button.bottom;
        expect(overlaps).toBe(false);
      }
      // The item's own row: below the item before it, above the item after the list's end.
      expect(box(buttonOf(el, 1, 'remove')).top).toBeGreaterThanOrEqual(
        box(itemsOf(el)[0] as Element).bottom,
      );
      expect(box(buttonOf(el, 1, 'remove')).bottom).toBeLessThanOrEqual(
        box(shadow(el, 'button.add')).top,
      );
    },
  );

  it('keeps the buttons where they are when an item shows a long message', async () => {
    const el = await mountAt(720, { type: 'string', minLength: 40 }, 'a long enough text');
    const before = box(buttonOf(el, 0, 'remove')).left;
    const input = shadow<HTMLInputElement>(itemsOf(el)[0] as Element, 'input');
    input.value = '';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await rendered(el);
    expect(shadow(itemsOf(el)[0] as Element, '.error').textContent).not.toBe('');
    expect(box(buttonOf(el, 0, 'remove')).left).toBe(before);
  });
});

describe('gk-array: parts', () => {
  /** Adds page styles for the test, removed afterwards. */
  function pageStyle(css: string): () => void {
    const style = document.createElement('style');
    style.textContent = css;
    document.head.append(style);
    return () => style.remove();
  }
  const outlineOf = (el: Element) => getComputedStyle(el).outlineColor;
  const marked = 'rgb(1, 2, 3)';

  it("exports each item's parts as item-*, for ::part() from the page", async () => {
    const remove = pageStyle(`
      gk-array::part(item-input) { outline-color: rgb(1, 2, 3); }
      gk-array::part(item-label) { outline-color: rgb(4, 5, 6); }
      gk-array::part(item-control-row) { outline-color: rgb(7, 8, 9); }
    `);
    try {
      const { el } = await mountHours([1, 2]);
      const item = itemsOf(el)[1] as Element;
      expect(outlineOf(shadow(item, 'input'))).toBe(marked);
      expect(outlineOf(shadow(item, 'label'))).toBe('rgb(4, 5, 6)');
      expect(outlineOf(shadow(item, '.control'))).toBe('rgb(7, 8, 9)');
      // The list's own parts keep their names: its legend is not an item's label.
      expect(outlineOf(shadow(el, 'legend'))).not.toBe('rgb(4, 5, 6)');
    } finally {
      remove();
    }
  });

  it('reaches the inputs of nested lists at any depth', async () => {
    const remove = pageStyle('gk-array::part(item-input) { outline-color: rgb(1, 2, 3); }');
    try {
      const translator = await projectTranslator('en');
      const el = await mount<GkArray>('gk-array', {
        name: 'grid',
        schema: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        value: [['a']],
        translator,
      });
      await rendered(el);
      const inner = itemsOf(el)[0] as Element;
      await rendered(inner);
      expect(outlineOf(shadow(itemsOf(inner)[0] as Element, 'input'))).toBe(marked);
    } finally {
      remove();
    }
  });

  it("exports the parts each item element declares, e.g. a colour item's swatch", async () => {
    const remove = pageStyle('gk-array::part(item-swatch) { outline-color: rgb(1, 2, 3); }');
    try {
      const el = await mount<GkArray>('gk-array', {
        name: 'colors',
        schema: { type: 'array', items: { type: 'array', format: 'colorpicker' } },
        value: [[255, 0, 0]],
      });
      await rendered(el);
      const picker = itemsOf(el)[0] as Element;
      await rendered(picker);
      expect(outlineOf(shadow(picker, '[part~=swatch]'))).toBe(marked);
      // The list passes on what it exports to a host, such as the form.
      expect(GkArray.parts).toEqual(expect.arrayContaining(['add', 'item-input', 'item-swatch']));
    } finally {
      remove();
    }
  });

  it('exports the same parts from a list option of gk-effect-form', async () => {
    const remove = pageStyle('gk-effect-form::part(item-input) { outline-color: rgb(1, 2, 3); }');
    try {
      const form = await mount<GkEffectForm>('gk-effect-form', {
        schema: {
          type: 'object',
          properties: { hours: { ...hours, default: [1, 2] } },
        },
      });
      await settled(form);
      const list = form.shadowRoot?.querySelector('gk-array');
      await settled(list as Element);
      const item = list?.shadowRoot?.querySelector('.item-control');
      expect(item?.tagName.toLowerCase()).toBe('gk-integer');
      await settled(item as Element);
      expect(outlineOf(shadow(item as Element, 'input'))).toBe(marked);
    } finally {
      remove();
    }
  });
});

describe('gk-array: every part an item renders is exported', () => {
  // One item of each kind, in a state that shows as many of its parts as it has: a unit, an
  // error, a duplicate, nested items. A part missing from the list's table fails here.
  const colour = { type: 'array', items: { type: 'integer', minimum: 0, maximum: 255 } };
  const kinds: Array<[string, OptionSchema, unknown]> = [
    ['gk-checkbox', { type: 'boolean' }, true],
    ['gk-string', { type: 'string', minLength: 2, append: 'edt_append_s' }, 'a'],
    ['gk-select', { type: 'string', enum: ['a', 'b'] }, 'a'],
    ['gk-integer', { type: 'integer', maximum: 5, append: 'edt_append_s' }, 9],
    ['gk-number', { type: 'number', maximum: 5, append: 'edt_append_s' }, 9.5],
    ['gk-color-picker', { ...colour, format: 'colorpicker' }, [1, 2, 3]],
    ['gk-color-picker-rgba', { type: 'array', format: 'colorpickerRGBA' }, [1, 2, 3, 0.5]],
    [
      'gk-multiselect',
      { type: 'array', uniqueItems: true, items: { type: 'string', enum: ['a', 'b'] } },
      ['a'],
    ],
    ['gk-array', { type: 'array', uniqueItems: true, items: { type: 'string' } }, ['a', 'a']],
  ];

  it.each(kinds)('%s', async (tag, items, item) => {
    await Promise.all(
      Object.entries(import.meta.glob('../*/*.ts'))
        .filter(([path]) => path.endsWith(`/${tag.slice(3)}.ts`))
        .map(([, load]) => load()),
    );
    const el = await mount<GkArray>('gk-array', {
      name: 'list',
      schema: { type: 'array', items },
      value: [item],
      translator: await projectTranslator('en'),
    });
    await rendered(el);
    const element = itemsOf(el)[0] as Element;
    expect(element.localName).toBe(tag);
    await rendered(element);
    const rendersParts = renderedParts(element.shadowRoot);
    const exported = (element.getAttribute('exportparts') ?? '')
      .split(',')
      .map((entry) => entry.trim().split(':')[0]);
    expect(rendersParts.length).toBeGreaterThan(3);
    expect(rendersParts.filter((part) => !exported.includes(part))).toEqual([]);
    // And each is documented: the manifest (built from the JSDoc) lists it for the element.
    const documented = await documentedParts(tag);
    expect(rendersParts.filter((part) => !documented.includes(part))).toEqual([]);
  });
});
