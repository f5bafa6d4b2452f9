// A phone-size browser for the layout checks: the page must not scroll sideways, and the controls
// that matter must be on screen within its width and take a tap (nothing covers them).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A small phone, portrait. */
export const PHONE = { width: 360, height: 740 };

/**
 * How far the page reaches past the window's width (0 when it does not scroll sideways), and
 * the elements that stick out, shadow roots included, to say which in a failing test.
 */
export function overflow(page: Page): Promise<{ by: number; elements: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const elements: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.width > 0 && box.right > width + 0.5) {
          const id = element.id ? `#${element.id}` : '';
          const cls = element.classList.length > 0 ? `.${[...element.classList].join('.')}` : '';
          elements.push(`${element.localName}${id}${cls} (right edge ${Math.round(box.right)})`);
        }
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    return { by: document.documentElement.scrollWidth - width, elements };
  });
}

/** Expects the page not to scroll sideways, naming what sticks out when it does. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const found = await overflow(page);
  expect(found.by <= 0 ? [] : found.elements, 'elements wider than the window').toEqual([]);
  expect(found.by).toBeLessThanOrEqual(0);
}

/**
 * Expects a control to be reachable on the phone: scrolled to, inside the window's width, and
 * the element a tap there would reach (playwright's trial click checks that nothing covers it).
 */
export async function expectReachable(control: Locator, width = PHONE.width): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  expect(box, 'the control has a box on screen').not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  await control.click({ trial: true, timeout: 15_000 });
}
