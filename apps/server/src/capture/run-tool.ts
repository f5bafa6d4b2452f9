import { execFile } from 'node:child_process';

/** How a short run of a command-line tool went. */
export interface ToolRun {
  /** Whether it exited with status 0. */
  ok: boolean;
  /** Whether the command was not found (not installed, or a wrong path). */
  missing: boolean;
  stdout: string;
  stderr: string;
}

/**
 * Runs a tool that answers and exits (`v4l2-ctl --list-…`, an `ffmpeg` probe) and collects what it
 * printed, whatever its exit status: ffmpeg prints what it found and then fails for want of an
 * output. Killed (SIGKILL) once `timeoutMs` has passed, so a hung device or display never keeps a
 * process behind; never rejects.
 */
export function runTool(
  command: string,
  args: readonly string[],
  timeoutMs: number,
  /** Ends the run early (SIGKILL), e.g. when a grabber that probes stops meanwhile. */
  signal?: AbortSignal,
): Promise<ToolRun> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 1024 * 1024,
        encoding: 'utf8',
        ...(signal ? { signal } : {}),
      },
      (error, stdout, stderr) => {
        const missing = (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
        resolve({ ok: error === null, missing, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

/** The first line of a tool's message that says something, for a one-line status. */
export function firstLine(text: string): string | undefined {
  return text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');
}
