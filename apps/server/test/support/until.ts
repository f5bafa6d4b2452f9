/** Polls `check` every 20 ms until it returns something truthy, and resolves with it; rejects after `timeoutMs`. */
export async function until<T>(check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
