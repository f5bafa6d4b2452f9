let counter = 0;

/** A document-unique id prefix for the controls of one element instance. */
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}
