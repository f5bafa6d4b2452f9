import { describe, expect, it } from 'vitest';
import { Progress } from '../src/cli/terminal.js';

function fakeStream(isTTY: boolean) {
  const chunks: string[] = [];
  return {
    chunks,
    stream: Object.assign(
      {
        write(chunk: string) {
          chunks.push(chunk);
          return true;
        },
      } as unknown as NodeJS.WritableStream,
      { isTTY, columns: 40 },
    ),
  };
}

describe('Progress', () => {
  it('redraws one line on a terminal and erases it when done', () => {
    const { stream, chunks } = fakeStream(true);
    const progress = new Progress(stream, 3, 'Linting', {});
    progress.tick(1, 'a.schema.json');
    progress.tick(3, 'c.schema.json');
    progress.done();
    expect(chunks[0]).toBe(`\r${'Linting 1/3 a.schema.json'.padEnd(39)}`);
    expect(chunks.at(-2)).toContain('Linting 3/3 c.schema.json');
    expect(chunks.at(-1)).toBe(`\r${' '.repeat(39)}\r`);
  });

  it('stays silent when not on a terminal, in CI, or for a single file', () => {
    for (const [tty, total, env] of [
      [false, 5, {}],
      [true, 5, { CI: 'true' }],
      [true, 1, {}],
    ] as const) {
      const { stream, chunks } = fakeStream(tty);
      const progress = new Progress(stream, total, 'Linting', env);
      progress.tick(1, 'x');
      progress.done();
      expect(chunks).toEqual([]);
    }
  });
});
