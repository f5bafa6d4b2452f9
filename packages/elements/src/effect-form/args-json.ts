/**
 * The effect's args as JSON text, kept up to date option by option: what the form submits with a
 * `<form>`. Stringifying every option's value again on each keystroke or toggle took a tenth of a
 * millisecond at 300 options, a good part of a dependency toggle; re-stringifying only the options
 * that changed and joining the pieces gives the same text for a fraction of that.
 */
export class ArgsJson {
  /** Each key's piece: in the order JSON.stringify writes them (own-property order). */
  #index = new Map<string, number>();
  /** Per key: `"key":value`, or '' when the value is not written (undefined, a function). */
  #pieces: string[] = [];
  #text: string | undefined = '{}';

  /** Takes every value anew: after a new schema, a new value or a form reset. */
  reset(values: Readonly<Record<string, unknown>>): void {
    const keys = Object.keys(values);
    this.#index = new Map(keys.map((key, i) => [key, i]));
    this.#pieces = keys.map((key) => piece(key, values[key]));
    this.#text = undefined;
  }

  /** Takes the new values of the keys named in `changed`; a key not seen before resets. */
  update(values: Readonly<Record<string, unknown>>, changed: Iterable<string>): void {
    for (const key of changed) {
      const i = this.#index.get(key);
      if (i === undefined) {
        this.reset(values);
        return;
      }
      this.#pieces[i] = piece(key, values[key]);
    }
    this.#text = undefined;
  }

  /** The JSON text: what `JSON.stringify(values)` gives. */
  get text(): string {
    this.#text ??= `{${this.#pieces.filter((p) => p !== '').join(',')}}`;
    return this.#text;
  }
}

/** One member of an object as JSON.stringify writes it; '' when it leaves the member out. */
function piece(key: string, value: unknown): string {
  const json = JSON.stringify(value) as string | undefined;
  return json === undefined ? '' : `${JSON.stringify(key)}:${json}`;
}
