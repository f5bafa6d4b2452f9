// Finding what a user sees through shadow roots: an option of the form is an element with a shadow
// root of its own, a list's item another one inside it.

/** Every element matching `selector` under `root`, shadow roots included, in document order. */
export function deepQueryAll<T extends Element = HTMLElement>(
  root: ParentNode | null | undefined,
  selector: string,
): T[] {
  const found: T[] = [];
  const visit = (node: ParentNode) => {
    for (const child of node.children) {
      if (child.matches(selector)) found.push(child as T);
      if (child.shadowRoot) visit(child.shadowRoot);
      visit(child);
    }
  };
  // Duck-typed: the root may come from another window (a test's iframe), where instanceof fails.
  const shadowRoot = (root as Partial<Element> | null | undefined)?.shadowRoot;
  if (shadowRoot) visit(shadowRoot);
  if (root) visit(root);
  return found;
}

/** The first element matching `selector` under `root`, shadow roots included; null if none. */
export function deepQuery<T extends Element = HTMLElement>(
  root: ParentNode | null | undefined,
  selector: string,
): T | null {
  return deepQueryAll<T>(root, selector)[0] ?? null;
}
