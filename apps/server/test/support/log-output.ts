import { Writable } from 'node:stream';

/** A logger destination that keeps what was written (standard output's stand-in in a test). */
export function memoryOutput(): { destination: Writable; text(): string } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  return { destination, text: () => chunks.join('') };
}
