import { createInstance, type i18n as I18next } from 'i18next';
import { loadPhrases, type PhraseSource, type Phrases } from './phrases.js';
import {
  findMissingPhrases,
  type MissingPhraseReport,
  type TranslatableOption,
} from './placeholders.js';

/** The i18next namespace that holds the phrases; Hyperion files have no namespaces. */
const NAMESPACE = 'translation';

/** Name of the event a {@link Resolver} dispatches when its language changes. */
export const LANGUAGE_CHANGE_EVENT = 'languagechange';

/**
 * Dispatched on a {@link Resolver} (type `'languagechange'`) after its language changed;
 * `resolver.title()` and friends already answer in the new language when it fires.
 */
export class LanguageChangeEvent extends Event {
  /** The language now in use. */
  readonly language: string;
  /** The language in use before. */
  readonly previousLanguage: string;

  /**
   * @param language - the language now in use.
   * @param previousLanguage - the language in use before.
   */
  constructor(language: string, previousLanguage: string) {
    super(LANGUAGE_CHANGE_EVENT);
    this.language = language;
    this.previousLanguage = previousLanguage;
  }
}

/** Options of {@link createResolver}. */
export interface ResolverOptions {
  /**
   * Phrase sources by language code, e.g. `{ en: { file: 'translations/en.json' } }`.
   * All of them are loaded before `createResolver` resolves.
   */
  readonly languages?: Readonly<Record<string, PhraseSource>>;
  /** The language to start with. Default: `fallbackLanguage`. */
  readonly language?: string;
  /** The language used when a phrase is missing in the current one. Default: `'en'`. */
  readonly fallbackLanguage?: string;
  /**
   * Where to find a language that is not loaded yet, consulted by `setLanguage(lng)` when
   * it is given no source; e.g. `(lng) => ({ url: `/i18n/${lng}.json` })` loads languages on
   * first use. Return `undefined` for a language that does not exist.
   */
  readonly sourceFor?: (language: string) => PhraseSource | undefined;
}

/**
 * Translates phrases and the placeholders of effect option schemas, in one current language
 * with a fallback language (`en` unless configured). Create one with {@link createResolver}.
 *
 * It is an `EventTarget`: it dispatches a {@link LanguageChangeEvent} named `'languagechange'`
 * whenever its language changes (see also {@link Resolver.onLanguageChange}).
 */
export interface Resolver extends EventTarget {
  /** The current language code. */
  readonly language: string;
  /** The fallback language code. */
  readonly fallbackLanguage: string;
  /** The loaded languages, in the order they were first loaded. */
  readonly languages: readonly string[];
  /**
   * The underlying i18next instance, for i18next plugins and formatters. Changing its language
   * directly also dispatches `'languagechange'`.
   */
  readonly i18next: I18next;

  /**
   * Translates a phrase, with i18next `{{var}}` interpolation. Values are not HTML-escaped.
   *
   * @param key - the phrase key.
   * @param vars - interpolation values (and i18next options such as `count`).
   * @returns the phrase in the current language, else in the fallback language, else `key`.
   */
  t(key: string, vars?: Readonly<Record<string, unknown>>): string;

  /**
   * Whether a language itself has a phrase for a key; the fallback language is not consulted.
   *
   * @param key - the phrase key.
   * @param lng - the language to look in. Default: the current language.
   */
  has(key: string, lng?: string): boolean;

  /**
   * The translated label of an option.
   *
   * @param option - a schema entry (or a whole schema, for its heading).
   * @returns the `title` phrase in the current language, else in the fallback language, else
   *   the placeholder itself; `undefined` when the option has no `title`.
   */
  title(option: TranslatableOption & { readonly title: string }): string;
  title(option: TranslatableOption): string | undefined;

  /**
   * The translated unit shown after an option's input (its `append` placeholder).
   *
   * @param option - a schema entry.
   * @returns the phrase, or `undefined` when there is no `append` or when neither the current
   *   nor the fallback language has the phrase (only placeholders that exist display a unit).
   */
  unit(option: TranslatableOption): string | undefined;

  /**
   * Labels for the values of an option's `enum` (or its `items.enum`, for a multiselect).
   *
   * @param option - a schema entry.
   * @returns one label per enum value: the translated `options.enum_titles` entry at the same
   *   index, or the raw value as a string where there is none; `[]` when there is no `enum`.
   */
  enumLabels(option: TranslatableOption): string[];

  /**
   * Switches the current language, loading it first when needed (from `source`, else from
   * `sourceFor`). Dispatches `'languagechange'` when the language actually changes. When calls
   * overlap, the last one wins.
   *
   * @param lng - the language code.
   * @param source - where to load it from, if not loaded yet; a given source is always (re)loaded.
   * @throws Error when the language is not loaded and no source is known, or loading fails; the
   *   current language then stays as it was.
   */
  setLanguage(lng: string, source?: PhraseSource): Promise<void>;

  /**
   * Loads (or reloads, replacing all its phrases) a language without switching to it.
   *
   * @param lng - the language code.
   * @param source - where to read the phrases from.
   */
  load(lng: string, source: PhraseSource): Promise<void>;

  /**
   * Adds phrases to a language, keeping the ones it has (a phrase of the same key is replaced):
   * for an application that ships its phrases in parts, the rest loaded with the pages that need
   * them.
   *
   * @param lng - the language code; it need not be loaded yet.
   * @param phrases - the phrases to add.
   */
  addPhrases(lng: string, phrases: Phrases): void;

  /**
   * Calls `listener` after every language change.
   *
   * @param listener - receives the {@link LanguageChangeEvent}.
   * @returns a function that removes the listener.
   */
  onLanguageChange(listener: (event: LanguageChangeEvent) => void): () => void;

  /**
   * Reports, per language, the placeholders of the given schemas that have no phrase in that
   * language itself (titles, units, enum titles, nested `items` and the schema's own title).
   *
   * @param schemas - schemas by name, or a list of schemas (named by index).
   * @param languages - languages to report on. Default: all loaded languages.
   * @throws Error when a requested language is not loaded.
   */
  missingPhrases(
    schemas: Readonly<Record<string, object>> | readonly object[],
    languages?: readonly string[],
  ): MissingPhraseReport;
}

/**
 * Creates a resolver and loads its languages.
 *
 * @param options - phrase sources, starting language and fallback language.
 * @returns the ready resolver.
 * @throws Error when a source cannot be loaded, or the starting language has no source.
 *
 * @example
 * ```ts
 * const resolver = await createResolver({
 *   languages: { en: { file: 'translations/en.json' }, de: { url: 'https://example.org/de.json' } },
 *   language: 'de',
 * });
 * resolver.title({ title: 'edt_eff_speed' }); // 'Geschwindigkeit'
 * ```
 */
export async function createResolver(options: ResolverOptions = {}): Promise<Resolver> {
  const fallbackLanguage = options.fallbackLanguage ?? 'en';
  const language = options.language ?? fallbackLanguage;
  const sources = options.languages ?? {};
  const loaded = await Promise.all(
    Object.entries(sources).map(
      async ([lng, source]): Promise<[string, Phrases]> => [lng, await loadPhrases(source)],
    ),
  );
  const resources: Record<string, Record<string, Phrases>> = {};
  for (const [lng, phrases] of loaded) resources[lng] = { [NAMESPACE]: phrases };

  for (const lng of new Set([language, fallbackLanguage])) {
    if (lng in resources) continue;
    const source = options.sourceFor?.(lng);
    if (source !== undefined) resources[lng] = { [NAMESPACE]: await loadPhrases(source) };
  }
  if (!(language in resources)) {
    throw new Error(
      `language '${language}' has no phrases: add it to options.languages or to options.sourceFor`,
    );
  }

  const instance = createInstance();
  await instance.init({
    resources,
    lng: language,
    fallbackLng: fallbackLanguage,
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    // Hyperion keys are flat and some contain dots, colons or spaces.
    keySeparator: false,
    nsSeparator: false,
    // The components escape; escaping here would double-escape.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return new I18nextResolver(instance, fallbackLanguage, options.sourceFor);
}

class I18nextResolver extends EventTarget implements Resolver {
  readonly i18next: I18next;
  readonly fallbackLanguage: string;
  readonly #sourceFor: ((language: string) => PhraseSource | undefined) | undefined;
  #language: string;
  #switches = 0;

  constructor(
    instance: I18next,
    fallbackLanguage: string,
    sourceFor: ((language: string) => PhraseSource | undefined) | undefined,
  ) {
    super();
    this.i18next = instance;
    this.fallbackLanguage = fallbackLanguage;
    this.#sourceFor = sourceFor;
    this.#language = instance.language;
    // Listening to i18next rather than to setLanguage keeps the event right when someone
    // changes the language on the i18next instance directly.
    instance.on('languageChanged', (lng: string) => {
      const previous = this.#language;
      if (lng === previous) return;
      this.#language = lng;
      this.dispatchEvent(new LanguageChangeEvent(lng, previous));
    });
  }

  get language(): string {
    return this.#language;
  }

  get languages(): readonly string[] {
    return Object.keys(this.i18next.store.data);
  }

  t(key: string, vars?: Readonly<Record<string, unknown>>): string {
    return String(this.i18next.t(key, { ...vars, lng: this.#language }));
  }

  has(key: string, lng: string = this.#language): boolean {
    return typeof this.i18next.getResource(lng, NAMESPACE, key) === 'string';
  }

  title(option: TranslatableOption & { readonly title: string }): string;
  title(option: TranslatableOption): string | undefined;
  title(option: TranslatableOption): string | undefined {
    return typeof option.title === 'string' ? this.t(option.title) : undefined;
  }

  unit(option: TranslatableOption): string | undefined {
    const key = option.append;
    if (typeof key !== 'string') return undefined;
    if (!this.i18next.exists(key, { lng: this.#language })) return undefined;
    return this.t(key);
  }

  enumLabels(option: TranslatableOption): string[] {
    const items = option.items as TranslatableOption | undefined;
    const source = Array.isArray(option.enum)
      ? option
      : typeof items === 'object' && items !== null && Array.isArray(items.enum)
        ? items
        : undefined;
    const values = source?.enum;
    if (source === undefined || values === undefined) return [];
    const titles = source.options?.enum_titles ?? option.options?.enum_titles;
    return values.map((value, index) => {
      const title = Array.isArray(titles) ? titles[index] : undefined;
      if (typeof title === 'string') return this.t(title);
      return typeof value === 'string' ? value : JSON.stringify(value);
    });
  }

  async setLanguage(lng: string, source?: PhraseSource): Promise<void> {
    const ticket = ++this.#switches;
    const from = source ?? (this.#isLoaded(lng) ? undefined : this.#sourceFor?.(lng));
    if (from !== undefined) await this.load(lng, from);
    else if (!this.#isLoaded(lng)) {
      throw new Error(
        `language '${lng}' is not loaded: pass a source to setLanguage('${lng}', source) or options.sourceFor`,
      );
    }
    if (ticket !== this.#switches) return;
    await this.i18next.changeLanguage(lng);
  }

  async load(lng: string, source: PhraseSource): Promise<void> {
    const phrases = await loadPhrases(source);
    this.i18next.removeResourceBundle(lng, NAMESPACE);
    this.i18next.addResourceBundle(lng, NAMESPACE, phrases, false, true);
  }

  addPhrases(lng: string, phrases: Phrases): void {
    this.i18next.addResourceBundle(lng, NAMESPACE, phrases, true, true);
  }

  onLanguageChange(listener: (event: LanguageChangeEvent) => void): () => void {
    const handler = (event: Event): void => {
      if (event instanceof LanguageChangeEvent) listener(event);
    };
    this.addEventListener(LANGUAGE_CHANGE_EVENT, handler);
    return () => this.removeEventListener(LANGUAGE_CHANGE_EVENT, handler);
  }

  missingPhrases(
    schemas: Readonly<Record<string, object>> | readonly object[],
    languages: readonly string[] = this.languages,
  ): MissingPhraseReport {
    for (const lng of languages) {
      if (!this.#isLoaded(lng)) {
        throw new Error(
          `missingPhrases: language '${lng}' is not loaded; await resolver.load('${lng}', source) first`,
        );
      }
    }
    return findMissingPhrases(schemas, languages, (key, lng) => this.has(key, lng));
  }

  #isLoaded(lng: string): boolean {
    return this.i18next.hasResourceBundle(lng, NAMESPACE);
  }
}
