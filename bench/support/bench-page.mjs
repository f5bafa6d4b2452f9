// How the elements benchmarks open a page of their page script (support/elements-page.js).

/**
 * Opens `url` in a page of its own: playwright's `browser.newPage()` gives every page a browser
 * context, so a renderer process, of its own, and what one side's code leaves behind (its heap, its
 * compiled code, the engine's caches) never slows or speeds another. Waits for the page script,
 * hands it the schemas of `cases` by key, and opens a CDP session for garbage collection and
 * metrics.
 *
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {ReadonlyArray<{ key: string, schema: object }>} cases
 * @param {(message: string) => void} onError - called with each uncaught error of the page
 */
export async function openBenchPage(browser, url, cases, onError) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (error) => onError(error.message));
  await page.goto(url);
  await page.evaluate(() => window.bench.ready);
  await page.evaluate(
    (schemas) => window.bench.setSchemas(schemas),
    Object.fromEntries(cases.map((c) => [c.key, c.schema])),
  );
  return { page, cdp: await page.context().newCDPSession(page) };
}
