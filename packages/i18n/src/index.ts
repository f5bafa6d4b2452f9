/**
 * `@glowkit/i18n`: a translation resolver on i18next for Hyperion-style flat phrase files and
 * the placeholders of effect option schemas, for Node and browsers.
 *
 * @packageDocumentation
 */
export { escapePointerToken, loadPhrases, type PhraseSource, type Phrases } from './phrases.js';
export {
  collectPlaceholders,
  findMissingPhrases,
  type MissingPhrase,
  type MissingPhraseReport,
  type Placeholder,
  type PlaceholderKind,
  type TranslatableOption,
} from './placeholders.js';
export {
  createResolver,
  LANGUAGE_CHANGE_EVENT,
  LanguageChangeEvent,
  type Resolver,
  type ResolverOptions,
} from './resolver.js';
