import { type Preview, setCustomElementsManifest } from '@storybook/web-components-vite';
import { withActions } from 'storybook/actions/decorator';
import manifest from '../packages/elements/custom-elements.json' with { type: 'json' };
import { storyPreview } from '../packages/elements/src/stories-support/preview.js';

type Manifest = { modules?: { declarations?: { members?: Member[] }[] }[] };
type Member = { name: string; privacy?: string; static?: boolean };

/**
 * The manifest for Storybook's controls and docs: each element's public properties, events and
 * parts. Storybook lists every member it finds, so protected, private and static ones (styles,
 * render helpers) are left out here; the manifest itself stays complete.
 */
function publicApiOf(full: Manifest): Manifest {
  const copy = structuredClone(full);
  for (const mod of copy.modules ?? []) {
    for (const declaration of mod.declarations ?? []) {
      declaration.members = declaration.members?.filter(
        (m) => !m.static && !m.name.startsWith('#') && (m.privacy ?? 'public') === 'public',
      );
    }
  }
  return copy;
}

setCustomElementsManifest(publicApiOf(manifest as Manifest));

/** Parts, events and slots from the manifest are documentation, not something to edit. */
const noControlFor = new Set(['css shadow parts', 'css custom properties', 'events', 'slots']);

const preview: Preview = {
  ...storyPreview,
  tags: ['autodocs'],
  argTypesEnhancers: [
    ({ argTypes }) =>
      Object.fromEntries(
        Object.entries(argTypes).map(([name, argType]) => [
          name,
          noControlFor.has(String(argType.table?.category))
            ? { ...argType, control: false }
            : argType,
        ]),
      ),
  ],
  // Every element sends `input` and `change` with `{ name, value }`: log them in Actions.
  decorators: [...(storyPreview.decorators as []), withActions],
  parameters: {
    actions: { handles: ['input', 'change'] },
    controls: { expanded: true, sort: 'requiredFirst' },
  },
};

export default preview;
