/** Errors the CLI reports as one line and exit code 2 (bad usage or unreadable input). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A file that could not be read or used; reported as one line, exit code 2. */
export class InputError extends Error {
  override name = 'InputError';
}

/** A short reason for a file system error, for people (no stack, no errno numbers). */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory, not a file';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
