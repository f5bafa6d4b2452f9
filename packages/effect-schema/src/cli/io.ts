/** The streams and working directory a command runs with (real ones in the CLI, others in tests). */
export interface CommandIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  cwd: string;
}

/** Exit codes: 0 clean (warnings allowed), 1 problems found, 2 usage error or unreadable input. */
export const exitCodes = { ok: 0, problems: 1, usage: 2 } as const;
