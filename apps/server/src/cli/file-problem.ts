/** A file a command could not read or write, said in one line. */
import { dirname, resolve } from 'node:path';

/** A file that could not be read or written, in one line: which, and what to do. */
export function fileProblem(error: unknown, path: string, doing: 'read' | 'write'): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const where = resolve(path);
  const text =
    code === 'ENOENT' && doing === 'read'
      ? `${where}: no such file`
      : code === 'ENOENT'
        ? `cannot write ${where}: there is no directory ${dirname(where)}; create it first`
        : code === 'EISDIR'
          ? `${where} is a directory; name a file`
          : code === 'ENOTDIR'
            ? `cannot ${doing} ${where}: a part of the path is not a directory`
            : code === 'EACCES' || code === 'EPERM'
              ? `cannot ${doing} ${where}: permission denied`
              : `cannot ${doing} ${where}: ${error instanceof Error ? error.message : String(error)}`;
  return new Error(text);
}
