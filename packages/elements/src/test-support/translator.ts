/** Real translators for browser tests, built on the project's own phrase files. */
import { createResolver, type Resolver } from '@glowkit/i18n';
import de from '../../../../translations/de.json' with { type: 'json' };
import en from '../../../../translations/en.json' with { type: 'json' };

/** A resolver with the project's English and German phrases, in `language`. */
export function projectTranslator(language: 'en' | 'de' = 'en'): Promise<Resolver> {
  return createResolver({
    languages: { en: { phrases: en }, de: { phrases: de } },
    language,
  });
}

/** Waits for an element's pending render. */
export async function settled(element: Element): Promise<void> {
  await (element as Element & { updateComplete?: Promise<unknown> }).updateComplete;
}

/** Creates an element in the document with properties set, and waits for it to render. */
export async function mount<T extends HTMLElement>(
  tag: string,
  properties: Record<string, unknown> = {},
): Promise<T> {
  const element = document.createElement(tag) as T;
  Object.assign(element, properties);
  document.body.append(element);
  await settled(element);
  return element;
}

/** The shadow root's first match, or a clear failure. */
export function shadow<T extends Element = HTMLElement>(host: Element, selector: string): T {
  const found = host.shadowRoot?.querySelector<T>(selector);
  if (!found)
    throw new Error(`${host.tagName.toLowerCase()} has no ${selector} in its shadow root`);
  return found;
}
