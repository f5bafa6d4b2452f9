// The CSS parts elements render and the ones their JSDoc documents, for tests that hold the two
// together.

/** Every part name given by a `part` attribute under `root`, once each. */
export function renderedParts(root: ParentNode | null | undefined): string[] {
  const names = [...(root?.querySelectorAll('[part]') ?? [])].flatMap((e) =>
    (e.getAttribute('part') ?? '').split(/\s+/),
  );
  return [...new Set(names)].filter(Boolean);
}

let manifestParts: Promise<Record<string, string[]>> | undefined;

/** The `@csspart`s of an element, by tag, from the built custom-elements manifest. */
export async function documentedParts(tag: string): Promise<string[]> {
  manifestParts ??= (async () => {
    const response = await fetch(new URL('../../custom-elements.json', import.meta.url));
    if (!response.ok) throw new Error('custom-elements.json is missing: run `npm run build` first');
    const manifest = (await response.json()) as {
      modules: Array<{
        declarations?: Array<{ tagName?: string; cssParts?: Array<{ name: string }> }>;
      }>;
    };
    const parts: Record<string, string[]> = {};
    for (const d of manifest.modules.flatMap((m) => m.declarations ?? [])) {
      if (d.tagName) parts[d.tagName] = (d.cssParts ?? []).map((p) => p.name);
    }
    return parts;
  })();
  return (await manifestParts)[tag] ?? [];
}

/**
 * Every part name a page can style on `host` with `::part()`: the parts in its shadow root, and the
 * parts its elements there export (`exportparts`), under the exported names, at any depth.
 */
export function exposedParts(host: Element): string[] {
  const root = host.shadowRoot;
  if (!root) return [];
  const names = new Set(renderedParts(root));
  for (const inner of root.querySelectorAll('[exportparts]')) {
    const theirs = new Set(exposedParts(inner));
    for (const mapping of (inner.getAttribute('exportparts') ?? '').split(',')) {
      const [from, to] = mapping.split(':').map((s) => s.trim());
      if (from && theirs.has(from)) names.add(to || from);
    }
  }
  return [...names];
}
