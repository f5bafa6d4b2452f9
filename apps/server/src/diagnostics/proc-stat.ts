/**
 * CPU time and resident memory of a process, read from Linux's `/proc/<pid>/stat` and
 * `/proc/<pid>/status`: what the System page shows of each effect child. Elsewhere (not Linux,
 * or the process is gone) the reading is undefined and the figures stay empty.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/** One reading of a process. */
export interface ProcReading {
  /** User plus system CPU time since the process started, seconds. */
  cpuS: number;
  /** How long the process had run when read, seconds. */
  ageS: number;
  /** Resident memory, bytes (`VmRSS`); undefined when the status file has none. */
  rssBytes: number | undefined;
}

let clockTicks: Promise<number> | undefined;

/**
 * The kernel's clock ticks per second (`getconf CLK_TCK`), which `/proc/<pid>/stat` counts CPU
 * time in; asked once. 100 when getconf cannot say: the value of every mainstream Linux ABI.
 */
export function clockTicksPerSecond(): Promise<number> {
  clockTicks ??= new Promise((resolve) => {
    execFile('getconf', ['CLK_TCK'], { timeout: 2000 }, (error, stdout) => {
      const ticks = Number.parseInt(String(stdout).trim(), 10);
      resolve(!error && ticks > 0 ? ticks : 100);
    });
  });
  return clockTicks;
}

/**
 * The fields of a `/proc/<pid>/stat` line after the command name, which may itself hold spaces
 * and parentheses: everything after the last `)`. Field 3 of proc(5) (`state`) is index 0.
 */
function fieldsAfterName(stat: string): string[] {
  const end = stat.lastIndexOf(')');
  return end < 0 ? [] : stat.slice(end + 2).split(' ');
}

/** `VmRSS:   12345 kB` of a status file, in bytes. */
function rssOf(status: string): number | undefined {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match?.[1] === undefined ? undefined : Number(match[1]) * 1024;
}

/**
 * Reads process `pid`'s CPU time, age and resident memory; undefined when it is gone or
 * `/proc` cannot be read.
 *
 * @param pid - the process.
 * @param procDir - where proc(5) is mounted (for tests); default `/proc`.
 */
export async function readProc(pid: number, procDir = '/proc'): Promise<ProcReading | undefined> {
  try {
    const [stat, status, uptime, ticks] = await Promise.all([
      readFile(`${procDir}/${pid}/stat`, 'latin1'),
      readFile(`${procDir}/${pid}/status`, 'latin1'),
      readFile(`${procDir}/uptime`, 'latin1'),
      clockTicksPerSecond(),
    ]);
    const fields = fieldsAfterName(stat);
    // proc(5): utime is field 14, stime 15, starttime 22 (ticks after boot); index = field - 3.
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    const start = Number(fields[19]);
    const upS = Number.parseFloat(uptime);
    if (![utime, stime, start, upS].every(Number.isFinite)) return undefined;
    return {
      cpuS: (utime + stime) / ticks,
      ageS: Math.max(0, upS - start / ticks),
      rssBytes: rssOf(status),
    };
  } catch {
    return undefined;
  }
}
