// Generates custom-elements.json (the "customElements" entry of package.json) from the elements'
// JSDoc: @tag, @fires, @csspart and public properties. Storybook reads it for controls and docs.

/**
 * Keeps only the events documented with `@fires`: the analyzer also lists every
 * `dispatchEvent(new CustomEvent(name))` whose name is computed (e.g. the field base's `#emit(type)`),
 * under the variable's name or none at all, which would show up as bogus events in Storybook.
 */
function documentedEventsOnly() {
  return {
    name: 'glowkit-documented-events-only',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const declaration of mod.declarations ?? []) {
          if (!Array.isArray(declaration.events)) continue;
          declaration.events = declaration.events.filter(
            (event) => event.name && event.description,
          );
        }
      }
    },
  };
}

export default {
  globs: ['src/**/*.ts'],
  exclude: [
    'src/**/*.test.ts',
    'src/**/*.stories.ts',
    'src/test-support/**',
    'src/stories-support/**',
  ],
  outdir: '.',
  litelement: true,
  // package.json already points "customElements" at the manifest; leave it alone.
  packagejson: false,
  dependencies: false,
  plugins: [documentedEventsOnly()],
};
