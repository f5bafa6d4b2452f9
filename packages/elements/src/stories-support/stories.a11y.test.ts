/**
 * Every story, in both themes and both languages, rendered as Storybook renders it (its meta and
 * story args, loaders, decorators, and the preview's translator and theme), then checked by axe.
 * Stories are found by glob, so stories added later are covered without touching this file.
 */
import type { Preview } from '@storybook/web-components-vite';
import axe from 'axe-core';
import { render as litRender } from 'lit';
import { composeStories } from 'storybook/preview-api';
import { afterEach, describe, expect, it } from 'vitest';
import { storyPreview, storyThemes } from './preview.js';
import { storyLocales, storyTranslator } from './translator.js';

type StoryModule = Parameters<typeof composeStories>[0];
/** What the test uses of a composed story: run its loaders, then render it with its decorators. */
type ComposedStory = (() => unknown) & {
  load(): Promise<void>;
  parameters: { axe?: axe.RunOptions };
};

const modules = import.meta.glob<StoryModule>('../**/*.stories.ts', { eager: true });

/** Storybook's web-components fallback for stories without a render: the component, args as properties. */
const defaultRender: Preview['render'] = (args, { component }) => {
  if (typeof component !== 'string') throw new Error('the story has neither render nor component');
  const element = document.createElement(component);
  Object.assign(element, args);
  return element;
};

/** Waits until every Lit element under `root` (shadow roots included) has rendered. */
async function settle(root: Element): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const pending = [root, ...root.querySelectorAll('*')].flatMap((el) => {
      const inner = el.shadowRoot ? [...el.shadowRoot.querySelectorAll('*')] : [];
      return [el, ...inner]
        .map((e) => (e as Element & { updateComplete?: Promise<unknown> }).updateComplete)
        .filter((p): p is Promise<unknown> => p !== undefined);
    });
    const results = await Promise.all(pending);
    if (results.every((done) => done !== false)) break;
  }
  await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
}

function describeViolations(violations: axe.Result[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n    at ${JSON.stringify(node.target)}\n    ${node.failureSummary?.replaceAll('\n', '\n    ') ?? ''}`,
      ),
    )
    .join('\n');
}

const canvas = document.createElement('div');
canvas.id = 'storybook-root';

afterEach(() => {
  litRender(null, canvas);
  canvas.remove();
});

it('finds the stories', () => {
  expect(Object.keys(modules).length).toBeGreaterThan(0);
});

for (const [path, mod] of Object.entries(modules)) {
  const title = String((mod.default as { title?: string } | undefined)?.title ?? path);
  describe(title, () => {
    for (const theme of storyThemes) {
      for (const locale of storyLocales) {
        const stories = composeStories(mod, {
          ...storyPreview,
          render: defaultRender,
          initialGlobals: { theme, locale },
        }) as unknown as Record<string, ComposedStory>;
        for (const [name, Story] of Object.entries(stories)) {
          it(`${name} (${theme}, ${locale}) has no axe violations`, async () => {
            await Story.load();
            document.body.append(canvas);
            litRender(Story(), canvas);
            await settle(canvas);
            expect(canvas.querySelector('.gk-story')?.childElementCount).toBeGreaterThan(0);
            const translator = await storyTranslator;
            expect(translator.language).toBe(locale);
            // A story may pass axe options (`parameters.axe`), e.g. to turn off a rule with a reason.
            const result = await axe.run(canvas, {
              ...Story.parameters.axe,
              resultTypes: ['violations'],
            });
            expect(result.violations, describeViolations(result.violations)).toEqual([]);
          });
        }
      }
    }
  });
}
