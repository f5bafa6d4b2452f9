import { posix } from 'node:path';

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

/**
 * Drops Lit's internal reactive state (`static properties` entries with `state: true`, e.g. the
 * effect form's `_status`): the analyzer 0.11 lists every entry of `static properties` as a public
 * field and attribute, ignoring `state: true` and `@internal`, so Storybook showed it as a control.
 */
function litStatesHidden() {
  /** Names of internal states, by class name. */
  const states = new Map();
  return {
    name: 'glowkit-lit-states-hidden',
    analyzePhase({ ts, node }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      for (const member of node.members) {
        const isStatic = member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
        if (!isStatic || member.name?.getText() !== 'properties') continue;
        if (!member.initializer || !ts.isObjectLiteralExpression(member.initializer)) continue;
        for (const entry of member.initializer.properties) {
          if (!ts.isPropertyAssignment(entry)) continue;
          if (!ts.isObjectLiteralExpression(entry.initializer)) continue;
          const isState = entry.initializer.properties.some(
            (option) =>
              ts.isPropertyAssignment(option) &&
              option.name.getText() === 'state' &&
              option.initializer.kind === ts.SyntaxKind.TrueKeyword,
          );
          if (!isState) continue;
          const names = states.get(node.name.getText()) ?? new Set();
          names.add(entry.name.getText());
          states.set(node.name.getText(), names);
        }
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const declaration of mod.declarations ?? []) {
          const names = states.get(declaration.name);
          if (!names) continue;
          declaration.members = declaration.members?.filter((m) => !names.has(m.name));
          declaration.attributes = declaration.attributes?.filter(
            (a) => !names.has(a.fieldName ?? a.name),
          );
        }
      }
    },
  };
}

/**
 * Gives every element the theming custom properties documented once, on GkField (every colour,
 * the radius, spacing, font and focus ring come from the shared field styles): the form and the
 * smoothing block use them too but do not extend GkField, so the analyzer would not list them.
 */
function sharedThemingProperties() {
  return {
    name: 'glowkit-shared-theming-properties',
    packageLinkPhase({ customElementsManifest }) {
      const declarations = customElementsManifest.modules.flatMap((m) => m.declarations ?? []);
      const shared = declarations.find((d) => d.name === 'GkField')?.cssProperties ?? [];
      for (const declaration of declarations) {
        if (!declaration.customElement || !declaration.tagName) continue;
        const own = declaration.cssProperties ?? [];
        const missing = shared.filter((p) => !own.some((o) => o.name === p.name));
        if (missing.length > 0) declaration.cssProperties = [...missing, ...own];
      }
    },
  };
}

/**
 * Lists on <gk-effect-form> the parts it exports from its options' elements (`exportparts`), taken
 * from those elements' own `@csspart`s: the form's source documents only its own parts, so a part
 * of an option is written down once, on the element that renders it.
 */
function formExportsOptionParts() {
  const form = 'gk-effect-form';
  return {
    name: 'glowkit-form-exports-option-parts',
    packageLinkPhase({ customElementsManifest }) {
      const declarations = customElementsManifest.modules.flatMap((m) => m.declarations ?? []);
      const target = declarations.find((d) => d.tagName === form);
      if (!target) return;
      const parts = target.cssParts ?? [];
      const sources = declarations.filter(
        (d) => d.customElement && d.tagName && d.tagName !== form,
      );
      for (const d of sources) {
        for (const part of d.cssParts ?? []) {
          const known = parts.find((p) => p.name === part.name);
          if (known) {
            if (known.from) known.from.push(d.tagName);
            continue;
          }
          parts.push({ ...part, from: [d.tagName] });
        }
      }
      for (const part of parts) {
        if (!part.from) continue;
        const tags = part.from.map((t) => `<${t}>`).join(', ');
        part.description =
          part.from.length === 1
            ? `${part.description} (exported from ${tags})`
            : `the \`${part.name}\` part of every option element that has one: ${tags}`;
        delete part.from;
      }
      target.cssParts = parts;
    },
  };
}

/**
 * Lists each `gk-*` tag where it is really defined: the registration modules call
 * `defineElement('gk-x', GkX)`, and the analyzer sees only the helper's own
 * `customElements.define(tag, element)`, which it reported as an element named `tag` (issue 19).
 * Each registration module gets its definition, pointing at the module that declares the class;
 * the helper's bogus one goes. Re-exports (`export { GkX }`) are pointed at the class's module too,
 * and locals the analyzer hoists out of methods (`count`, `tag` in the list's render) are dropped.
 */
function registrationsAsDefinitions() {
  /** `defineElement` calls, by module path: [tag, class name]. */
  const registrations = new Map();
  return {
    name: 'glowkit-registrations-as-definitions',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
      if (node.expression.text !== 'defineElement') return;
      const [tag, element] = node.arguments;
      if (!tag || !element || !ts.isStringLiteral(tag) || !ts.isIdentifier(element)) return;
      const list = registrations.get(moduleDoc.path) ?? [];
      list.push([tag.text, element.text]);
      registrations.set(moduleDoc.path, list);
    },
    packageLinkPhase({ customElementsManifest }) {
      const modules = customElementsManifest.modules;
      const paths = new Set(modules.map((m) => m.path));
      // `./x.component.js` as written in an import, from `src/y/y.ts`: `src/y/x.component.ts`.
      const sourceOf = (from, specifier) => {
        const resolved = specifier.startsWith('.')
          ? posix.join(posix.dirname(from), specifier)
          : specifier;
        const ts = resolved.replace(/\.js$/, '.ts');
        return paths.has(ts) ? ts : resolved;
      };
      const declaringModule = (name) =>
        modules.find((m) => (m.declarations ?? []).some((d) => d.name === name))?.path;
      for (const mod of modules) {
        const exported = new Set((mod.exports ?? []).map((e) => e.declaration?.name));
        mod.declarations = (mod.declarations ?? []).filter(
          (d) => d.kind !== 'variable' || exported.has(d.name),
        );
        mod.exports = (mod.exports ?? []).filter((e) => e.kind !== 'custom-element-definition');
        for (const entry of mod.exports) {
          const target = entry.declaration;
          if (!target || (mod.declarations ?? []).some((d) => d.name === target.name)) continue;
          target.module = declaringModule(target.name) ?? sourceOf(mod.path, target.module);
        }
        for (const [tag, className] of registrations.get(mod.path) ?? []) {
          const module = declaringModule(className);
          if (!module)
            throw new Error(`${mod.path}: defineElement('${tag}', ${className}): no such class`);
          mod.exports.push({
            kind: 'custom-element-definition',
            name: tag,
            declaration: { name: className, module },
          });
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
  plugins: [
    documentedEventsOnly(),
    litStatesHidden(),
    sharedThemingProperties(),
    formExportsOptionParts(),
    registrationsAsDefinitions(),
  ],
};
