/** A store operation failed. The message is one line, meant for people. */
export class StoreError extends Error {
  override name = 'StoreError';
}

/** The message of any thrown value, squeezed onto one line. */
export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim();
}

/** Runs `fn`; turns anything it throws into a StoreError whose message starts with `what`. */
export function guard<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw new StoreError(`${what}: ${messageOf(error)}`, { cause: error });
  }
}
