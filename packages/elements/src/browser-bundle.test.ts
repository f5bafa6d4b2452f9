// The ready-to-serve bundle (dist/browser/, built by scripts/build-browser-bundle.mjs) in a page
// of its own, as plain HTML uses it: no bundler, no import map, nothing else loaded.
import { afterEach, expect, inject, test } from 'vitest';
import type { GkEffectForm } from './effect-form/effect-form.js';
import { deepQuery } from './test-support/deep.js';

/** Served by a plain static server (test-support/browser-bundle-server.ts), not through Vite. */
const BUNDLE = `${inject('browserBundleOrigin')}/glowkit-elements.js`;

let frame: HTMLIFrameElement | undefined;
afterEach(() => {
  frame?.remove();
  frame = undefined;
});

/** A page holding only the bundle's script tag and `body`; resolves once gk-effect-form exists. */
async function plainPage(body: string): Promise<Window & typeof globalThis> {
  frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html><html lang="en"><head><script type="module" src="${BUNDLE}"></script></head><body>${body}</body></html>`;
  const loaded = new Promise((resolve) => frame?.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as Window & typeof globalThis;
  await win.customElements.whenDefined('gk-effect-form');
  return win;
}

const schema = {
  type: 'object',
  title: 'edt_eff_demo_header',
  properties: {
    period: {
      type: 'number',
      title: 'edt_eff_period',
      default: 2,
      minimum: 0.2,
      append: 'edt_append_s',
      propertyOrder: 1,
    },
    enabled: { type: 'boolean', title: 'edt_eff_enabled', default: true, propertyOrder: 2 },
  },
};

test('the bundle defines every element in a page without a bundler', async () => {
  const win = await plainPage('');
  for (const tag of [
    'gk-effect-form',
    'gk-checkbox',
    'gk-string',
    'gk-integer',
    'gk-number',
    'gk-select',
    'gk-array',
    'gk-multiselect',
    'gk-color-picker',
    'gk-color-picker-rgba',
    'gk-smoothing',
  ]) {
    expect(win.customElements.get(tag), tag).toBeDefined();
  }
});

test('a form from the bundle renders a schema and reports its value', async () => {
  const win = await plainPage('<gk-effect-form></gk-effect-form>');
  const form = win.document.querySelector('gk-effect-form') as GkEffectForm;
  form.schema = schema;
  await form.updateComplete;
  const input = deepQuery<HTMLInputElement>(
    form.renderRoot.querySelector('[data-option="period"]'),
    'input[type="number"]',
  );
  expect(input?.value).toBe('2');
  expect(form.value).toEqual({ period: 2, enabled: true });
});

test('the form of the bundle loads its phrase files on demand, with the resolver chunk', async () => {
  const win = await plainPage('');
  const form = win.document.createElement('gk-effect-form');
  // One phrase file per language, told apart by `{lng}` inside it.
  form.setAttribute('translations', 'data:application/json,{"edt_eff_period":"Period ({lng})"}');
  form.setAttribute('language', 'de');
  form.schema = schema;
  const errors: string[] = [];
  form.addEventListener('error', (e: Event) =>
    errors.push((e as CustomEvent<{ message: string }>).detail.message),
  );
  win.document.body.append(form);
  const label = () =>
    deepQuery(
      form.renderRoot.querySelector('[data-option="period"]'),
      'label',
    )?.textContent?.trim();
  await expect.poll(() => errors.join() || label()).toBe('Period (de)');
  form.setAttribute('language', 'en');
  await expect.poll(label).toBe('Period (en)');
});
