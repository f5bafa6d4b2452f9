import { afterEach, describe, expect, it } from 'vitest';
import './effect-form.js';
import { deepQuery, deepQueryAll } from '../test-support/deep.js';
import { documentedParts, exposedParts } from '../test-support/parts.js';
import { mount, projectTranslator, settled, shadow } from '../test-support/translator.js';
import type { GkEffectForm } from './effect-form.js';

afterEach(() => {
  document.body.replaceChildren();
});

const schema = {
  type: 'object',
  script: 'demo.py',
  title: 'edt_eff_comet_header',
  required: true,
  properties: {
    late: { type: 'boolean', title: 'edt_eff_reverse', default: false },
    brightness: {
      type: 'integer',
      title: 'edt_eff_brightness',
      default: 80,
      minimum: 0,
      maximum: 100,
      append: 'edt_append_percent',
      propertyOrder: 2,
    },
    mode: {
      type: 'string',
      title: 'edt_eff_sparkleMode',
      enum: ['trail', 'random', 'custom'],
      default: 'trail',
      options: {
        enum_titles: ['edt_eff_enum_trail', 'edt_eff_enum_random', 'edt_eff_enum_custom'],
      },
      propertyOrder: 1,
    },
    sparkle: { type: 'boolean', title: 'edt_eff_sparkle', default: false, propertyOrder: 3 },
    chance: {
      type: 'number',
      title: 'edt_eff_sparkleChance',
      default: 0.5,
      minimum: 0,
      maximum: 1,
      step: 0.1,
      append: 'edt_append_nonexistent_unit',
      options: { dependencies: { sparkle: true } },
      propertyOrder: 4,
    },
    label: {
      type: 'string',
      title: 'edt_eff_message',
      default: 'SOS',
      maxLength: 5,
      options: { dependencies: { chance: 0.5 } },
      propertyOrder: 4,
    },
  },
  additionalProperties: false,
};

/** The block of one option in the form. */
const option = (form: GkEffectForm, name: string) =>
  shadow<HTMLElement>(form, `[data-option="${name}"]`);
/** An option's control (its input or select box), as a user finds it. */
function control<T extends HTMLInputElement | HTMLSelectElement = HTMLInputElement>(
  form: GkEffectForm,
  name: string,
): T {
  const found = deepQuery<T>(option(form, name), 'input, select');
  if (!found) throw new Error(`option ${name} has no control`);
  return found;
}
const shownNames = (form: GkEffectForm) =>
  [...(form.shadowRoot?.querySelectorAll<HTMLElement>('[data-option]') ?? [])]
    .filter((el) => !el.hidden)
    .map((el) => el.dataset.option);

/** Changes an option the way a user does: ticks its checkbox, or types into it and leaves it. */
async function change(form: GkEffectForm, name: string, value: boolean | number | string) {
  const input = control(form, name);
  if (typeof value === 'boolean') {
    if (input.checked !== value) input.click();
  } else {
    input.value = String(value);
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }
  await settled(form);
}

describe('gk-effect-form', () => {
  it('orders options by propertyOrder, ties in schema order, options without one last', async () => {
    // Every option shown, so that every option is rendered.
    const form = await mount<GkEffectForm>('gk-effect-form', { schema, value: { sparkle: true } });
    const order = [...(form.shadowRoot?.querySelectorAll<HTMLElement>('[data-option]') ?? [])].map(
      (el) => el.dataset.option,
    );
    expect(order).toEqual(['mode', 'brightness', 'sparkle', 'chance', 'label', 'late']);
  });

  it('starts from the defaults, then the given value, with JS types', async () => {
    const form = await mount<GkEffectForm>('gk-effect-form', { schema, value: { brightness: 40 } });
    expect(form.value).toEqual({
      late: false,
      brightness: 40,
      mode: 'trail',
      sparkle: false,
      chance: 0.5,
      label: 'SOS',
    });
    expect(control(form, 'brightness').value).toBe('40');
  });

  it('translates the heading, titles, units (only when the phrase exists) and enum labels', async () => {
    const translator = await projectTranslator('en');
    const form = await mount<GkEffectForm>('gk-effect-form', {
      schema,
      translator,
      value: { sparkle: true },
    });
    expect(shadow(form, 'legend').textContent).toBe(translator.t('edt_eff_comet_header'));
    const brightness = option(form, 'brightness');
    expect(deepQuery(brightness, 'label')?.textContent).toBe(translator.t('edt_eff_brightness'));
    expect(deepQuery(brightness, '.unit')?.textContent).toBe(translator.t('edt_append_percent'));
    expect(deepQuery(option(form, 'chance'), '.unit')).toBeNull();
    const options = deepQueryAll(option(form, 'mode'), 'option');
    expect(options.map((o) => o.textContent)).toEqual([
      translator.t('edt_eff_enum_trail'),
      translator.t('edt_eff_enum_random'),
      translator.t('edt_eff_enum_custom'),
    ]);
  });

  it('re-renders titles, units, enum labels and shown messages when the language changes', async () => {
    const translator = await projectTranslator('en');
    const form = await mount<GkEffectForm>('gk-effect-form', {
      schema: {
        ...schema,
        properties: {
          mode: schema.properties.mode,
          fps: {
            type: 'integer',
            title: 'edt_eff_frameRate',
            default: 30,
            minimum: 1,
            maximum: 60,
            append: 'edt_append_fps',
          },
        },
      },
      translator,
    });
    await change(form, 'fps', 75);
    const fps = option(form, 'fps');
    const seen = () => ({
      heading: shadow(form, 'legend').textContent,
      title: deepQuery(fps, 'label')?.textContent,
      unit: deepQuery(fps, '.unit')?.textContent,
      message: deepQuery(fps, '.error')?.textContent,
      modeTitle: deepQuery(option(form, 'mode'), 'label')?.textContent,
      enumLabels: deepQueryAll(option(form, 'mode'), 'option').map((o) => o.textContent),
    });
    expect(seen()).toEqual({
      heading: 'Comet',
      title: 'Frame rate',
      unit: 'fps',
      message: 'Enter 60 or less.',
      modeTitle: 'Sparkle color source',
      enumLabels: ['Taken from the trail', 'Random', 'Custom'],
    });
    await translator.setLanguage('de');
    await settled(form);
    expect(seen()).toEqual({
      heading: 'Komet',
      title: 'Bildrate',
      unit: 'Bilder/s',
      message: 'Der Wert darf höchstens 60 betragen.',
      modeTitle: 'Herkunft der Funkenfarbe',
      enumLabels: ['Aus dem Schweif', 'Zufällig', 'Benutzerdefiniert'],
    });
    // What the user typed and chose stays.
    expect(control(form, 'fps').value).toBe('75');
    expect(control(form, 'fps').getAttribute('aria-invalid')).toBe('true');
    expect(control<HTMLSelectElement>(form, 'mode').value).toBe('trail');
  });

  it('shows an option only while its dependencies hold, chains included; hidden options keep their value', async () => {
    const form = await mount<GkEffectForm>('gk-effect-form', { schema });
    expect(shownNames(form)).toEqual(['mode', 'brightness', 'sparkle', 'late']);
    // An option hidden from the start is rendered when it is first shown.
    expect(form.shadowRoot?.querySelector('[data-option="chance"]')).toBeNull();
    await change(form, 'sparkle', true);
    expect(shownNames(form)).toEqual(['mode', 'brightness', 'sparkle', 'chance', 'label', 'late']);
    expect(control(form, 'chance').value).toBe('0.5');
    await change(form, 'chance', 0.7);
    expect(shownNames(form)).toEqual(['mode', 'brightness', 'sparkle', 'chance', 'late']);
    await change(form, 'chance', 0.5);
    await change(form, 'sparkle', false);
    // label depends on chance, which is hidden: label is hidden too, and both keep their values.
    expect(shownNames(form)).toEqual(['mode', 'brightness', 'sparkle', 'late']);
    expect(form.value).toMatchObject({ chance: 0.5, label: 'SOS' });
  });

  it('never reports hidden options invalid', async () => {
    const form = await mount<GkEffectForm>('gk-effect-form', {
      schema,
      value: { label: 'far too long' },
    });
    expect(form.valid).toBe(true);
    await change(form, 'sparkle', true);
    expect(form.valid).toBe(false);
    expect(form.checkValidity()).toBe(false);
  });

  it('refuses a key of the group’s `required` list empty, at the field, though its default is', async () => {
    const group = {
      type: 'object',
      title: 'edt_dev_general_heading_title',
      required: ['host'],
      properties: {
        host: { type: 'string', title: 'edt_dev_spec_targetIpHost_title', default: '' },
        name: { type: 'string', title: 'edt_eff_message', default: '' },
      },
    };
    const form = await mount<GkEffectForm>('gk-effect-form', { schema: group });
    expect(form.valid).toBe(false);
    const host = form.shadowRoot?.querySelector<HTMLElement & { validationMessage: string }>(
      '[data-option="host"]',
    );
    expect(host?.validationMessage).toBe('A value is required.');
    const input = control(form, 'host');
    input.value = '10.0.0.2';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await settled(form);
    expect(form.valid).toBe(true);
    expect(form.value).toEqual({ host: '10.0.0.2', name: '' });
  });

  it('sends input and change events carrying the whole value', async () => {
    const form = await mount<GkEffectForm>('gk-effect-form', { schema });
    const seen: Array<[string, unknown]> = [];
    form.addEventListener('input', (e) => seen.push(['input', (e as CustomEvent).detail]));
    form.addEventListener('change', (e) => seen.push(['change', (e as CustomEvent).detail]));
    const input = control(form, 'brightness');
    input.value = '55';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await settled(form);
    expect(seen.map(([type]) => type)).toEqual(['input', 'change']);
    expect(seen[1]?.[1]).toMatchObject({
      name: 'brightness',
      value: { brightness: 55, mode: 'trail' },
    });
    expect(form.value.brightness).toBe(55);
  });

  it('loads its schema from src, and says so clearly when it cannot', async () => {
    const url = URL.createObjectURL(
      new Blob([JSON.stringify(schema)], { type: 'application/json' }),
    );
    const form = document.createElement('gk-effect-form') as GkEffectForm;
    const loaded = new Promise((resolve) => form.addEventListener('load', resolve, { once: true }));
    form.src = url;
    document.body.append(form);
    await loaded;
    await settled(form);
    expect(form.visibleOptionNames).toEqual(['mode', 'brightness', 'sparkle', 'late']);

    const broken = document.createElement('gk-effect-form') as GkEffectForm;
    const failed = new Promise<CustomEvent>((resolve) =>
      broken.addEventListener('error', (e) => resolve(e as unknown as CustomEvent), { once: true }),
    );
    broken.src = `${location.origin}/no-such-schema.json`;
    document.body.append(broken);
    const error = await failed;
    await settled(broken);
    expect(error.detail.message).toContain('Could not load the effect schema');
    expect(shadow(broken, '[role=alert]').textContent).toContain('no-such-schema.json');
  });
});

/** A form inside a real `<form>` with a submit button; `submitted` collects what each submit sent. */
async function inForm(properties: Partial<GkEffectForm> = {}) {
  const host = document.createElement('form');
  host.innerHTML =
    '<gk-effect-form name="args"></gk-effect-form><button type="submit">Apply</button>';
  const submitted: unknown[] = [];
  host.addEventListener('submit', (e) => {
    e.preventDefault();
    submitted.push(JSON.parse(String(new FormData(host).get('args'))));
  });
  document.body.append(host);
  const form = host.querySelector('gk-effect-form') as GkEffectForm;
  Object.assign(form, { schema, ...properties });
  await settled(form);
  return { host, form, submitted };
}

const defaults = {
  late: false,
  brightness: 80,
  mode: 'trail',
  sparkle: false,
  chance: 0.5,
  label: 'SOS',
};

describe('gk-effect-form inside a <form>', () => {
  it('is submitted with the args as JSON under its name', async () => {
    const { host, form, submitted } = await inForm();
    expect(form.form).toBe(host);
    await change(form, 'brightness', 55);
    host.requestSubmit();
    expect(submitted).toEqual([{ ...defaults, brightness: 55 }]);
    expect(submitted[0]).toEqual(form.value);
  });

  it('blocks submission while a visible option is invalid, not while a hidden one is', async () => {
    const { host, form, submitted } = await inForm({ value: { label: 'far too long' } });
    host.requestSubmit();
    expect(submitted).toHaveLength(1);
    await change(form, 'sparkle', true);
    await change(form, 'brightness', 150);
    let invalidEvents = 0;
    form.addEventListener('invalid', () => invalidEvents++);
    host.requestSubmit();
    expect(submitted).toHaveLength(1);
    expect(invalidEvents).toBe(1);
    expect(host.checkValidity()).toBe(false);
    expect(form.reportValidity()).toBe(false);
    await change(form, 'brightness', 90);
    await change(form, 'label', 'OK');
    host.requestSubmit();
    expect(submitted).toHaveLength(2);
    expect(submitted[1]).toMatchObject({ brightness: 90, sparkle: true, label: 'OK' });
  });

  it('goes back to the defaults and the given value when the <form> is reset', async () => {
    const { host, form } = await inForm({ value: { brightness: 40 } });
    await change(form, 'brightness', 70);
    await change(form, 'sparkle', true);
    await change(form, 'mode', 'random');
    host.reset();
    await settled(form);
    expect(form.value).toEqual({ ...defaults, brightness: 40 });
    expect(control(form, 'brightness').value).toBe('40');
    expect(control(form, 'sparkle').checked).toBe(false);
    expect(control<HTMLSelectElement>(form, 'mode').value).toBe('trail');
    expect(form.visibleOptionNames).toEqual(['mode', 'brightness', 'sparkle', 'late']);
    expect(JSON.parse(String(new FormData(host).get('args')))).toEqual(form.value);
  });

  // A change shows and hides options by hand, outside the render: the next render must still
  // put back what it decides (a binding that compared with its last render would not).
  it('hides again on reset the options that a change had shown', async () => {
    const { host, form } = await inForm();
    await change(form, 'sparkle', true);
    expect(shownNames(form)).toEqual(['mode', 'brightness', 'sparkle', 'chance', 'label', 'late']);
    host.reset();
    await settled(form);
    expect(shownNames(form)).toEqual(['mode', 'brightness', 'sparkle', 'late']);
  });

  it('loads its own phrase files from `language` and `translations`, and follows `language`', async () => {
    // The project's phrase files, as Vite serves them; `{lng}` stands for the language.
    // (a literal path, so that Vite serves the file; a URL with `{lng}` in it names no file).
    const template = new URL('../../../../translations/en.json', import.meta.url).href.replace(
      /en\.json$/,
      '{lng}.json',
    );
    const host = document.createElement('form');
    host.innerHTML = `<gk-effect-form name="args" language="en" translations="${template}"></gk-effect-form>`;
    const form = host.querySelector('gk-effect-form') as GkEffectForm;
    const errors: string[] = [];
    form.addEventListener('error', (e) =>
      errors.push((e as unknown as CustomEvent).detail.message),
    );
    form.schema = schema;
    document.body.append(host);
    const seen = () => ({
      heading: form.shadowRoot?.querySelector('legend')?.textContent,
      title: deepQuery(option(form, 'brightness'), 'label')?.textContent,
      firstEnumLabel: deepQuery(option(form, 'mode'), 'option')?.textContent,
    });
    await expect
      .poll(seen, { timeout: 5000 })
      .toEqual({ heading: 'Comet', title: 'Brightness', firstEnumLabel: 'Taken from the trail' });
    form.setAttribute('language', 'de');
    await expect
      .poll(seen, { timeout: 5000 })
      .toEqual({ heading: 'Komet', title: 'Helligkeit', firstEnumLabel: 'Aus dem Schweif' });
    expect(errors).toEqual([]);
  });

  it('is disabled with a disabled fieldset, and restores a submitted state', async () => {
    const host = document.createElement('form');
    host.innerHTML = '<fieldset disabled><gk-effect-form name="args"></gk-effect-form></fieldset>';
    document.body.append(host);
    const form = host.querySelector('gk-effect-form') as GkEffectForm;
    form.schema = schema;
    await settled(form);
    expect(control(form, 'brightness').disabled).toBe(true);
    (host.querySelector('fieldset') as HTMLFieldSetElement).disabled = false;
    await settled(form);
    expect(control(form, 'brightness').disabled).toBe(false);

    form.formStateRestoreCallback(JSON.stringify({ ...form.value, brightness: 12 }));
    await settled(form);
    expect(form.value.brightness).toBe(12);
    form.formStateRestoreCallback('not json');
    expect(form.value.brightness).toBe(12);
  });
});

describe('gk-effect-form: parts', () => {
  it('documents every part its options render', async () => {
    const colour = { type: 'array', items: { type: 'integer', minimum: 0, maximum: 255 } };
    const form = await mount<GkEffectForm>('gk-effect-form', {
      translator: await projectTranslator('en'),
      schema: {
        type: 'object',
        title: 'edt_eff_comet_header',
        properties: {
          flag: { type: 'boolean', default: true },
          text: { type: 'string', minLength: 3, default: 'a', append: 'edt_append_s' },
          choice: { type: 'string', enum: ['a', 'b'], default: 'a' },
          count: { type: 'integer', default: 1, append: 'edt_append_s' },
          speed: { type: 'number', default: 1 },
          rgb: { ...colour, format: 'colorpicker', default: [1, 2, 3] },
          rgba: { type: 'array', format: 'colorpickerRGBA', default: [1, 2, 3, 0.5] },
          several: {
            type: 'array',
            uniqueItems: true,
            items: { type: 'string', enum: ['a', 'b'] },
            default: ['a'],
          },
          list: { type: 'array', items: { type: 'integer' }, default: [1] },
          empty: { type: 'array', items: { type: 'integer' }, default: [] },
          'smoothing-custom-settings': { type: 'boolean', default: true },
          'smoothing-time_ms': { type: 'integer', default: 200 },
          'smoothing-updateFrequency': { type: 'number', default: 25 },
        },
      },
    });
    await settled(form);
    const rendered = exposedParts(form);
    const documented = await documentedParts('gk-effect-form');
    expect(rendered.length).toBeGreaterThan(20);
    expect(rendered.filter((part) => !documented.includes(part)).sort()).toEqual([]);
  });
});

describe('gk-effect-form: awkward option names', () => {
  // Parsed from text, as a schema file is: `__proto__` is then an option like any other.
  const awkward = JSON.parse(`{
    "type": "object",
    "properties": {
      "smoothing": { "type": "integer", "title": "Smoothing", "default": 3, "propertyOrder": 1 },
      "__proto__": { "type": "string", "title": "Prototype", "default": "proto", "propertyOrder": 2 },
      "constructor": { "type": "boolean", "title": "Constructor", "default": true, "propertyOrder": 3 },
      "speed.max value": { "type": "number", "title": "Max speed", "default": 1.5, "propertyOrder": 4 },
      "smoothing-custom-settings": { "type": "boolean", "default": true, "propertyOrder": 5 },
      "smoothing-time_ms": { "type": "integer", "default": 200, "propertyOrder": 6 },
      "smoothing-updateFrequency": { "type": "number", "default": 25, "propertyOrder": 7 }
    }
  }`);

  it('shows each option and the smoothing block apart, and keeps their values apart', async () => {
    const form = await mount<GkEffectForm>('gk-effect-form', { schema: awkward });
    expect(shownNames(form)).toEqual(['smoothing', '__proto__', 'constructor', 'speed.max value']);
    expect(control(form, 'smoothing').value).toBe('3');
    expect(control(form, '__proto__').value).toBe('proto');
    expect(control(form, 'constructor').checked).toBe(true);
    expect(control(form, 'speed.max value').value).toBe('1.5');
    const block = shadow(form, '[data-block="smoothing"]');
    expect(deepQuery<HTMLInputElement>(block, 'input[type=checkbox]')?.checked).toBe(true);
    expect(
      deepQueryAll(block, 'input[type=number]').map((i) => (i as HTMLInputElement).value),
    ).toEqual(['200', '25']);

    const expected = JSON.parse(`{
      "smoothing": 3, "__proto__": "proto", "constructor": true, "speed.max value": 1.5,
      "smoothing-custom-settings": true, "smoothing-time_ms": 200, "smoothing-updateFrequency": 25
    }`);
    expect(form.value).toEqual(expected);
    expect(Object.getPrototypeOf(form.value)).toBe(Object.prototype);
    expect(Object.hasOwn(form.value, '__proto__')).toBe(true);

    await change(form, 'smoothing', 5);
    await change(form, '__proto__', 'changed');
    await change(form, 'speed.max value', 2.5);
    expect(form.value).toMatchObject({ smoothing: 5, 'speed.max value': 2.5 });
    expect(Object.getOwnPropertyDescriptor(form.value, '__proto__')?.value).toBe('changed');
    expect(form.value['smoothing-custom-settings']).toBe(true);

    const box = deepQuery<HTMLInputElement>(block, 'input[type=checkbox]') as HTMLInputElement;
    box.click();
    await settled(form);
    expect(form.value).toMatchObject({ smoothing: 5, 'smoothing-custom-settings': false });
    expect(control(form, 'smoothing').value).toBe('5');
  });

  it('submits every awkward name as its own key', async () => {
    const host = document.createElement('form');
    host.innerHTML = '<gk-effect-form name="args"></gk-effect-form>';
    document.body.append(host);
    const form = host.querySelector('gk-effect-form') as GkEffectForm;
    form.schema = awkward;
    form.value = JSON.parse(
      '{ "__proto__": "given", "constructor": false, "toString": "ignored" }',
    );
    await settled(form);
    const sent = JSON.parse(String(new FormData(host).get('args')));
    expect(Object.keys(sent).sort()).toEqual(
      [
        '__proto__',
        'constructor',
        'smoothing',
        'smoothing-custom-settings',
        'smoothing-time_ms',
        'smoothing-updateFrequency',
        'speed.max value',
      ].sort(),
    );
    expect(Object.getOwnPropertyDescriptor(sent, '__proto__')?.value).toBe('given');
    expect(sent.constructor).toBe(false);
    expect(control(form, 'constructor').checked).toBe(false);
  });
});
