import { html, type TemplateResult } from 'lit';

/** A template tag like Lit's `html`. */
export type HtmlTag = (strings: TemplateStringsArray, ...values: unknown[]) => TemplateResult;

/** A static `part="…"` attribute of a template: the names are the second group. */
const PART_ATTRIBUTE = /(\spart=")([^"]*)(")/g;

const tags = new Map<string, HtmlTag>([['', html]]);

/**
 * Lit's `html`, with every static `part` name of its templates prefixed: `part="label"` renders
 * as `part="time-label"` with the prefix `time-`. It lets one view's template serve where its
 * parts need other names, e.g. the options of the smoothing block (`time-input`), which are
 * views rendered in the block's own shadow root rather than elements that could rename their
 * parts with `exportparts`.
 *
 * The renamed template strings are made once per template and prefix, so each prefix has its own
 * Lit template, prepared once, as any other; a render costs a map lookup more. Part names given by
 * a binding (`part=${…}`) are not renamed.
 */
export function partPrefixedHtml(prefix: string): HtmlTag {
  let tag = tags.get(prefix);
  if (tag) return tag;
  const renamed = new WeakMap<TemplateStringsArray, TemplateStringsArray>();
  const rename = (names: string) =>
    names
      .split(/\s+/)
      .filter(Boolean)
      .map((name) => prefix + name)
      .join(' ');
  tag = (strings, ...values) => {
    let own = renamed.get(strings);
    if (!own) {
      const list = strings.map((s) =>
        s.replace(PART_ATTRIBUTE, (_all, start: string, names: string, end: string) => {
          return start + rename(names) + end;
        }),
      );
      // Lit only takes template strings arrays (an own `raw`), as a guard against injected HTML.
      own = Object.assign(list, { raw: list }) as unknown as TemplateStringsArray;
      renamed.set(strings, own);
    }
    return html(own, ...values);
  };
  tags.set(prefix, tag);
  return tag;
}
