/**
 * What the elements need from a translation resolver: the part of `@glowkit/i18n`'s `Resolver`
 * they use, so that any resolver (or a test double built on real phrase files) fits.
 */
import {
  describeValueIssue,
  type OptionSchema,
  type ValueIssue,
} from '@glowkit/effect-schema/values';

/** The subset of `@glowkit/i18n`'s Resolver that the elements use. */
export interface Translator {
  readonly language: string;
  t(key: string, vars?: Record<string, unknown>): string;
  has(key: string, lng?: string): boolean;
  title(option: object): string | undefined;
  unit(option: object): string | undefined;
  enumLabels(option: object): string[];
  onLanguageChange(listener: () => void): () => void;
}

/** The label of an option: its translated title, or a readable form of its name. */
export function labelOf(option: OptionSchema, name: string, translator?: Translator): string {
  const title = translator?.title(option);
  if (title && title !== option.title) return title;
  if (typeof option.title === 'string' && translator?.has(option.title)) return title ?? name;
  return humanize(name);
}

/**
 * "rotation-time" → "Rotation time", "centerX" → "Center x": what people see when no phrase
 * exists. One pass over the characters rather than regular expressions: every option without a
 * translated title comes through here before a form first shows, and regular expressions were a
 * good part of that.
 */
export function humanize(name: string): string {
  let words = '';
  let gap = false; // a run of - or _ not written yet
  for (let i = 0; i < name.length; i++) {
    const c = name[i] as string;
    if (c === '-' || c === '_') {
      gap = true;
      continue;
    }
    const previous = name[i - 1];
    const camel = previous !== undefined && isLower(previous) && isUpper(c);
    if ((gap || camel) && words.length > 0) words += ' ';
    gap = false;
    words += c;
  }
  words = words.trim().toLowerCase();
  return words ? (words[0] as string).toUpperCase() + words.slice(1) : name;
}

const isLower = (c: string) => c >= 'a' && c <= 'z';
const isUpper = (c: string) => c >= 'A' && c <= 'Z';

/** Labels for the values of an `enum`: enum_titles translated, else the values themselves. */
export function enumLabelsOf(option: OptionSchema, translator?: Translator): string[] {
  if (translator) return translator.enumLabels(option);
  const values = Array.isArray(option.enum) ? option.enum : [];
  return values.map((v) => String(v));
}

/**
 * The message for a validation issue in the current language (`edt_msg_error_<code>` with the
 * issue's values), falling back to an English sentence when the phrase is missing.
 */
export function messageOf(
  issue: ValueIssue | { code: string; params: Record<string, unknown> },
  translator?: Translator,
): string {
  const key = `edt_msg_error_${issue.code}`;
  if (translator && hasPhrase(key, translator)) {
    // The bound is the count that decides singular or plural ("at least 1 entry", "2 entries"):
    // i18next then picks `<key>_one` where a language has it.
    const bound = issue.params[issue.code];
    return translator.t(
      key,
      typeof bound === 'number' ? { ...issue.params, count: bound } : { ...issue.params },
    );
  }
  if (issue.code === 'required') return 'A value is required.';
  if (issue.code === 'number') return 'Enter a number.';
  const text = describeValueIssue(issue as ValueIssue);
  return text[0] ? text[0].toUpperCase() + text.slice(1) : text;
}

/**
 * One of the elements' own phrases (button texts, notes) in the current language, else in the
 * translator's English, else `fallback` (English, already filled in).
 */
export function phraseOf(
  key: string,
  fallback: string,
  translator?: Translator,
  vars?: Record<string, unknown>,
): string {
  return translator && hasPhrase(key, translator) ? translator.t(key, vars) : fallback;
}

/** Whether a phrase exists in the current language or in English (which `t` falls back to). */
function hasPhrase(key: string, translator: Translator): boolean {
  return translator.has(key) || translator.has(key, 'en');
}
