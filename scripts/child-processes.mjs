// The child processes of this process, read from /proc: the tests that start children (effects,
// ffmpeg probes, grabbers) check that none is left behind. Shared by the engine's and the
// server's tests; a plain module beside its declarations (child-processes.d.mts), imported
// without a build.
import { readdirSync, readFileSync } from 'node:fs';

/** The pids whose parent is this process. */
export function childProcesses() {
  const found = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields after its last ')' are safe.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid) found.push(Number(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}
