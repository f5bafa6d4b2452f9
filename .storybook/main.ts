import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/web-components-vite';

// The stories import the elements from source, and they import these workspace packages through
// their built entries: fail with advice rather than with a bundler error deep inside Vite.
const needed = [
  '../packages/effect-schema/dist/values/index.js',
  '../packages/i18n/dist/index.js',
  '../packages/elements/custom-elements.json',
];
const missing = needed.filter((path) => !existsSync(fileURLToPath(new URL(path, import.meta.url))));
if (missing.length > 0) {
  throw new Error(
    `Storybook needs ${missing.map((p) => p.slice(3)).join(', ')}: run \`npm run build\` first`,
  );
}

const config: StorybookConfig = {
  stories: ['../packages/elements/src/**/*.stories.ts'],
  addons: ['@storybook/addon-docs'],
  framework: { name: '@storybook/web-components-vite', options: {} },
  core: {
    // No network here, and nothing should phone home anyway.
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
  },
  // The `theme` toolbar sets the canvas background; the backgrounds tool would fight it.
  features: { backgrounds: false },
  viteFinal: (vite) => ({
    ...vite,
    // The renderer imports lit/directive-helpers.js, which Vite would otherwise serve unbundled in
    // dev, with a second copy of lit-html ("Multiple versions of Lit loaded").
    optimizeDeps: {
      ...vite.optimizeDeps,
      include: [...(vite.optimizeDeps?.include ?? []), 'lit/directive-helpers.js'],
    },
    // Storybook's own preview runtime is a ~1 MB chunk; Vite's warning about it is noise.
    build: { ...vite.build, chunkSizeWarningLimit: 1500 },
  }),
};

export default config;
