import { type CSSResult, unsafeCSS } from 'lit';

/** A kind of view and the styles it brings, written for a shadow root (`:host` is its host). */
export interface ViewStyles {
  readonly kind: string;
  readonly styles: readonly CSSResult[];
}

/** `:host(…)` with one level of nested parentheses inside, e.g. `:host(:not([hidden]))`. */
const HOST_FUNCTION = /:host\(((?:[^()]|\([^()]*\))*)\)/g;
const HOST = /:host(?![-\w(])/g;
const UNSUPPORTED = /:host-context|::slotted/;

/** One stylesheet's rules, with the view's host element (`:scope`) standing for `:host`. */
function forScope(css: string): string {
  if (UNSUPPORTED.test(css)) {
    throw new Error('views cannot be styled with :host-context() or ::slotted(): use :host');
  }
  return css.replace(HOST_FUNCTION, ':scope:is($1)').replace(HOST, ':scope');
}

/**
 * The styles of many kinds of views shown side by side in one shadow root (the options of a
 * form), each kept to its own views as a shadow root would keep it: every stylesheet becomes an
 * `@scope` rule rooted at the host elements of the views that use it (`[data-view="<kind>"]`, the
 * element a view is rendered into). Sheets that several kinds share (the common field styles) are
 * written once, in the order the kinds list them, so that a kind's own rules still come after the
 * shared ones and win ties. A view inside another (an option of the smoothing block) is in both
 * scopes: the nearer root wins (scope proximity), as its own shadow root's styles would. Lists
 * show their items with elements, which have shadow roots of their own.
 */
export function scopedViewStyles(views: readonly ViewStyles[]): CSSResult {
  const kindsBySheet = new Map<CSSResult, string[]>();
  for (const { kind, styles } of views) {
    for (const sheet of styles) {
      const kinds = kindsBySheet.get(sheet);
      if (kinds) kinds.push(kind);
      else kindsBySheet.set(sheet, [kind]);
    }
  }
  const rules = [...kindsBySheet].map(([sheet, kinds]) => {
    const roots = kinds.map((kind) => `[data-view="${kind}"]`).join(', ');
    return `@scope (${roots}) {\n${forScope(sheet.cssText)}\n}`;
  });
  return unsafeCSS(rules.join('\n'));
}
