import { afterEach, describe, expect, it, vi } from 'vitest';
import * as components from '../components.js';
import { defineElement } from './define.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('registration', () => {
  it('registers nothing when the classes are imported to extend them', () => {
    expect(components.GkCheckbox).toBeTypeOf('function');
    expect(components.GkEffectForm).toBeTypeOf('function');
    for (const tag of ['gk-checkbox', 'gk-integer', 'gk-effect-form', 'gk-array', 'gk-smoothing']) {
      expect(customElements.get(tag), tag).toBeUndefined();
    }
  });

  it('does not throw when the package is loaded twice, and tells which copy is used', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await import('../checkbox/checkbox.js');
    const first = customElements.get('gk-checkbox');
    expect(first).toBeDefined();
    // Another copy of the module: a class of its own for the same tag, as a second bundle has.
    // @ts-expect-error a query string makes Vite load a second instance of the module
    await import('../checkbox/checkbox.component.js?second-copy').then(({ GkCheckbox }) => {
      expect(GkCheckbox).not.toBe(first);
      expect(() => defineElement('gk-checkbox', GkCheckbox)).not.toThrow();
      defineElement('gk-checkbox', GkCheckbox);
    });
    expect(customElements.get('gk-checkbox')).toBe(first);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('<gk-checkbox> is already defined');
    // The same class again is no second copy: nothing to say.
    defineElement('gk-checkbox', first as CustomElementConstructor);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('lets a subclass be registered under a tag of its own', async () => {
    class LoudCheckbox extends components.GkCheckbox {}
    defineElement('loud-checkbox', LoudCheckbox);
    const el = document.createElement('loud-checkbox') as InstanceType<typeof LoudCheckbox>;
    el.schema = { type: 'boolean', default: true };
    el.value = true;
    document.body.append(el);
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector<HTMLInputElement>('input')?.checked).toBe(true);
    el.remove();
  });
});
