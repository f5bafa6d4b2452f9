import { afterEach, describe, expect, it } from 'vitest';
import '../index.js';
import { mount } from '../test-support/translator.js';
import type { GkEffectForm } from './effect-form.js';

afterEach(() => {
  document.body.replaceChildren();
});

/** One option of every kind, with values that show every part (a unit, an error, list items). */
const schema = {
  type: 'object',
  properties: {
    on: { type: 'boolean', title: 'on', default: true },
    speed: { type: 'number', title: 'speed', default: 1.5, minimum: 0 },
    count: { type: 'integer', title: 'count', default: 3, maximum: 2 },
    text: { type: 'string', title: 'text', default: 'hi' },
    mode: { type: 'string', title: 'mode', enum: ['a', 'b'], default: 'a' },
    color: {
      type: 'array',
      format: 'colorpicker',
      title: 'color',
      default: [255, 0, 0],
      items: { type: 'integer' },
    },
    rgba: {
      type: 'array',
      format: 'colorpickerRGBA',
      title: 'rgba',
      default: [0, 0, 255, 0.5],
      items: { type: 'number' },
    },
    list: {
      type: 'array',
      title: 'list',
      items: { type: 'string' },
      default: ['x', 'y'],
    },
    multi: {
      type: 'array',
      title: 'multi',
      uniqueItems: true,
      items: { type: 'string', enum: ['x', 'y', 'z'] },
      default: ['x'],
    },
  },
};

const tagOf: Record<string, string> = {
  on: 'gk-checkbox',
  speed: 'gk-number',
  count: 'gk-integer',
  text: 'gk-string',
  mode: 'gk-select',
  color: 'gk-color-picker',
  rgba: 'gk-color-picker-rgba',
  list: 'gk-array',
  multi: 'gk-multiselect',
};

const PROPERTIES = [
  'display',
  'font-weight',
  'font-size',
  'color',
  'background-color',
  'border-top-width',
  'border-top-style',
  'border-top-color',
  'border-top-left-radius',
  'padding-top',
  'padding-left',
  'margin-top',
  'margin-bottom',
  'min-height',
  'gap',
  'width',
  'height',
] as const;

/** What a user sees of every element inside a root: tag, part and the main computed styles. */
function looks(root: ParentNode): string[] {
  return [...root.querySelectorAll('*')]
    .filter((el) => !el.localName.includes('-'))
    .map((el) => {
      const style = getComputedStyle(el);
      const values = PROPERTIES.map((p) => `${p}:${style.getPropertyValue(p)}`).join(' ');
      return `${el.localName}[${el.getAttribute('part') ?? ''}] ${values}`;
    });
}

describe('gk-effect-form styles', () => {
  it('shows every kind of option exactly as its standalone element looks, light and dark', async () => {
    for (const scheme of ['light', 'dark']) {
      document.body.replaceChildren();
      document.documentElement.style.colorScheme = scheme;
      const width = 'width: 560px; display: block';
      const form = await mount<GkEffectForm>('gk-effect-form', { schema, style: width });
      form.setAttribute('style', width);
      for (const [name, option] of Object.entries(schema.properties)) {
        const element = document.createElement(tagOf[name] as string) as HTMLElement & {
          schema: unknown;
          name: string;
          value: unknown;
          updateComplete: Promise<unknown>;
        };
        Object.assign(element, { schema: option, name, value: option.default });
        element.setAttribute('style', width);
        document.body.append(element);
        await element.updateComplete;
        const block = form.shadowRoot?.querySelector(`[data-option="${name}"]`) as HTMLElement;
        expect(looks(block), `${name} (${scheme})`).toEqual(
          looks(element.shadowRoot as ShadowRoot),
        );
      }
    }
    document.documentElement.style.colorScheme = '';
  });
});
