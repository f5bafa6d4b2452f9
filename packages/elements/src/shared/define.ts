/**
 * Registers a custom element unless its tag is taken: loading the package twice (the browser bundle
 * and an npm copy in one page, or two versions) must not throw on the second `define`. A second
 * class for a taken tag is left unregistered, with a warning that says which copy won.
 */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  const existing = customElements.get(tag);
  if (existing === undefined) {
    customElements.define(tag, element);
    return;
  }
  if (existing !== element && !warned.has(tag)) {
    warned.add(tag);
    console.warn(
      `@glowkit/elements: <${tag}> is already defined by another copy of the package; this copy's class is not used. Load the elements once.`,
    );
  }
}

const warned = new Set<string>();
