// The built custom-elements manifest, as editors and Storybook read it, against the elements the
// package really registers.
import { describe, expect, it } from 'vitest';
import * as components from '../components.js';
import '../index.js';

interface ManifestExport {
  kind: string;
  name: string;
  declaration?: { name: string; module: string };
}

interface Manifest {
  modules: Array<{
    path: string;
    declarations?: Array<{ kind: string; name: string; tagName?: string }>;
    exports?: ManifestExport[];
  }>;
}

async function manifest(): Promise<Manifest> {
  const response = await fetch(new URL('../../custom-elements.json', import.meta.url));
  if (!response.ok) throw new Error('custom-elements.json is missing: run `npm run build` first');
  return (await response.json()) as Manifest;
}

describe('custom-elements.json', () => {
  it('defines every gk-* tag in its registration module, with the class that is registered', async () => {
    const { modules } = await manifest();
    const definitions = modules.flatMap((mod) =>
      (mod.exports ?? [])
        .filter((e) => e.kind === 'custom-element-definition')
        .map((e) => ({ module: mod.path, tag: e.name, declaration: e.declaration })),
    );
    const tagged = modules.flatMap((mod) =>
      (mod.declarations ?? [])
        .filter((d) => d.tagName !== undefined)
        .map((d) => ({ tag: d.tagName, name: d.name, module: mod.path })),
    );

    expect(tagged.length).toBeGreaterThan(10);
    // One definition per documented element, and nothing else (no helper's parameter name).
    expect(definitions.map((d) => d.tag).sort()).toEqual(tagged.map((t) => t.tag).sort());
    for (const definition of definitions) {
      const element = tagged.find((t) => t.tag === definition.tag);
      expect(definition.declaration, definition.tag).toEqual({
        name: element?.name,
        module: element?.module,
      });
      // `gk-integer` is registered by src/integer/integer.ts, next to its component module.
      const folder = definition.module.split('/').at(-2);
      expect(definition.module, definition.tag).toBe(`src/${folder}/${folder}.ts`);
      expect(element?.module, definition.tag).toBe(`src/${folder}/${folder}.component.ts`);
      // And the page really has that class under that tag.
      const exported = (components as Record<string, unknown>)[element?.name ?? ''];
      expect(exported, definition.tag).toBeTypeOf('function');
      expect(customElements.get(definition.tag), definition.tag).toBe(exported);
    }
  });

  it('points every export at a module of the manifest, and lists no function locals', async () => {
    const { modules } = await manifest();
    const paths = new Set(modules.map((m) => m.path));
    for (const mod of modules) {
      for (const entry of mod.exports ?? []) {
        if (entry.declaration)
          expect(paths, `${mod.path}: ${entry.name}`).toContain(entry.declaration.module);
      }
      const exported = new Set((mod.exports ?? []).map((e) => e.declaration?.name));
      const variables = (mod.declarations ?? []).filter((d) => d.kind === 'variable');
      for (const variable of variables)
        expect(exported, `${mod.path}: ${variable.name}`).toContain(variable.name);
    }
  });
});
