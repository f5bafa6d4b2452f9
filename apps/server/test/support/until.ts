/**
 * Polls `check` every 20 ms until it returns (or resolves to) something truthy, and resolves with
 * it; rejects after `timeoutMs`. An async check is awaited each time, never taken as truthy.
 */
export async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
