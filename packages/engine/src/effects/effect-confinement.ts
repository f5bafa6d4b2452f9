/**
 * What confines an effect's `python3` child beyond the pipe: the settings its launcher
 * (python/glowkit_confine.py) applies before the script runs, and its CPU cap, a cgroup of its own
 * that the server makes, joins the child to, and removes after it.
 */
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** How an effect is confined, beyond its {@link EffectLimits}. */
export interface EffectConfinement {
  /** False runs the script unconfined, as the server's user (default true). */
  enabled?: boolean;
  /** The effect may use the network (its definition's `"network": true`). Default false. */
  network?: boolean;
  /** Whom the script runs as when the server runs as root: a name or a uid. Default `nobody`. */
  user?: string;
  /** Folders the script must not see (the server's data directory): empty in its namespace. */
  hiddenPaths?: readonly string[];
  /**
   * How the CPU share is held: `auto` (default) a cgroup where one can be made, else the
   * launcher stopping the script's namespace whenever it is over its share; `signals` always
   * the latter.
   */
  cpuCap?: 'auto' | 'signals';
}

/** The numbers the launcher turns into rlimits. */
export interface ConfinementLimits {
  /** Resident memory limit of the engine, bytes; the address space is capped well above it. */
  maxMemoryBytes: number;
  maxOpenFiles: number;
  maxProcesses: number;
}

/** The launcher's settings, as its command-line argument (glowkit_confine.confine). */
export function launcherSettings(
  confinement: EffectConfinement,
  limits: ConfinementLimits,
  /** The share the launcher throttles to, when there is no cgroup for it; else null. */
  cpuShare: number | null,
  missing: readonly string[],
): string {
  return JSON.stringify({
    network: confinement.network === true,
    user: confinement.user ?? 'nobody',
    hide: confinement.hiddenPaths ?? [],
    limits: {
      addressSpace: addressSpaceFor(limits.maxMemoryBytes),
      openFiles: finiteOrNull(limits.maxOpenFiles),
      processes: finiteOrNull(limits.maxProcesses),
    },
    cpuShare,
    missing,
  });
}

/**
 * The address space allowed: a backstop far above the resident limit (which the engine polls and
 * kills at, with a message), since Python maps much more than it touches.
 */
export function addressSpaceFor(maxMemoryBytes: number): number | null {
  return Number.isFinite(maxMemoryBytes) ? 4 * maxMemoryBytes + 256 * 1024 * 1024 : null;
}

function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? Math.floor(value) : null;
}

const CFS_PERIOD_US = 100_000;
const CGROUP_ROOT = '/sys/fs/cgroup';
const EFFECTS_GROUP = 'glowkit-effects';

/** Where effect cgroups go, and which interface the cpu controller has there. */
interface CpuHierarchy {
  dir: string;
  version: 1 | 2;
}

let hierarchy: CpuHierarchy | string | undefined;

/**
 * The folder effect cgroups are made in, found (and emptied of groups left by a server that was
 * killed) on first use; a string says why there is none.
 */
function cpuHierarchy(): CpuHierarchy | string {
  hierarchy ??= findCpuHierarchy();
  return hierarchy;
}

function findCpuHierarchy(): CpuHierarchy | string {
  const reasons: string[] = [];
  // cgroup v2: a group beside the server's own, where its parent delegates the cpu controller.
  try {
    const controllers = readFileSync(join(CGROUP_ROOT, 'cgroup.controllers'), 'utf8');
    if (!controllers.split(/\s+/).includes('cpu')) throw new Error('no cpu controller');
    const own = /^0::(.*)$/m.exec(readFileSync('/proc/self/cgroup', 'utf8'))?.[1] ?? '/';
    const parent = own === '/' ? CGROUP_ROOT : dirname(join(CGROUP_ROOT, own));
    const dir = join(parent, EFFECTS_GROUP);
    mkdirSync(dir, { recursive: true });
    if (!readFileSync(join(parent, 'cgroup.subtree_control'), 'utf8').includes('cpu'))
      writeFileSync(join(parent, 'cgroup.subtree_control'), '+cpu');
    writeFileSync(join(dir, 'cgroup.subtree_control'), '+cpu');
    return removeStale({ dir, version: 2 });
  } catch (error) {
    reasons.push(
      `cgroup v2 (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  // cgroup v1: the cpu hierarchy, where it is mounted and writable.
  try {
    const mount = readFileSync('/proc/self/mountinfo', 'utf8')
      .split('\n')
      .map((line) => line.split(' '))
      .find((f) => f.includes('cgroup') && /(^|,)cpu(,|$)/.test(f.at(-1) ?? ''));
    if (!mount?.[4]) throw new Error('not mounted');
    const dir = join(mount[4], EFFECTS_GROUP);
    mkdirSync(dir, { recursive: true });
    return removeStale({ dir, version: 1 });
  } catch (error) {
    reasons.push(
      `cgroup v1 (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  return `CPU cap (no writable cpu cgroup: ${reasons.join(', ')})`;
}

function removeStale(found: CpuHierarchy): CpuHierarchy {
  for (const entry of readdirSync(found.dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith('effect-')) continue;
    try {
      rmdirSync(join(found.dir, entry.name));
    } catch {
      // Still in use by another server's effect: not ours to remove.
    }
  }
  return found;
}

/** Why an effect would get no CPU cap (no cgroup to make one in), or undefined. */
export function cpuCapProblem(share: number): string | undefined {
  if (!Number.isFinite(share)) return undefined;
  const found = cpuHierarchy();
  return typeof found === 'string' ? found : undefined;
}

/** A CPU cap for one effect child: a cgroup it is moved into before its script starts. */
export class CpuCap {
  readonly #dir: string | undefined;
  /** Why there is no cap, when there is none (for the confinement log line). */
  readonly missing: string | undefined;

  private constructor(dir: string | undefined, missing: string | undefined) {
    this.#dir = dir;
    this.missing = missing;
  }

  /**
   * Makes the group and moves `pid` into it. The caller writes the child's INIT only once this
   * resolves: the child forks the script's process after reading it, so the script and all it
   * starts are in the group. Asynchronous because cgroup writes can take milliseconds each (the
   * kernel synchronises with every CPU), and an effect starting must not stall the server's loop.
   * @param share the part of one core the effect may use, e.g. 0.5; Infinity: no cap.
   */
  static async create(pid: number, share: number): Promise<CpuCap> {
    if (!Number.isFinite(share)) return new CpuCap(undefined, undefined);
    const found = cpuHierarchy();
    if (typeof found === 'string') return new CpuCap(undefined, found);
    const dir = join(found.dir, `effect-${pid}`);
    const quota = Math.max(1000, Math.round(share * CFS_PERIOD_US));
    try {
      await mkdir(dir);
      if (found.version === 2) {
        await writeFile(join(dir, 'cpu.max'), `${quota} ${CFS_PERIOD_US}`);
      } else {
        await writeFile(join(dir, 'cpu.cfs_period_us'), String(CFS_PERIOD_US));
        await writeFile(join(dir, 'cpu.cfs_quota_us'), String(quota));
      }
      await writeFile(join(dir, 'cgroup.procs'), String(pid));
      return new CpuCap(dir, undefined);
    } catch (error) {
      await removeGroup(dir);
      return new CpuCap(
        undefined,
        `CPU cap (${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
  }

  /** Removes the group once its processes are gone; retried briefly while they are reaped. */
  release(): void {
    const dir = this.#dir;
    if (dir === undefined) return;
    let tries = 0;
    const attempt = (): void => {
      void removeGroup(dir).then((removed) => {
        if (!removed && ++tries < 20) setTimeout(attempt, 50).unref();
      });
    };
    attempt();
  }
}

/** Removes an effect's group; false while processes are still in it. */
async function removeGroup(dir: string): Promise<boolean> {
  try {
    await rmdir(dir);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/**
 * The process that runs the script: the launcher's child that is PID 1 of a new PID namespace,
 * found by its parent and its NSpid; the launcher itself when it made none.
 */
export async function scriptPidOf(launcher: number): Promise<number> {
  const isInit = async (pid: number): Promise<boolean> => {
    try {
      const status = await readFile(`/proc/${pid}/status`, 'latin1');
      const ppid = /^PPid:\s+(\d+)/m.exec(status)?.[1];
      const nspid = /^NSpid:\s+([\d\s]+)$/m.exec(status)?.[1]?.trim().split(/\s+/);
      return Number(ppid) === launcher && nspid !== undefined && nspid.at(-1) === '1';
    } catch {
      return false;
    }
  };
  // Process ids are handed out in turn: it is nearly always one of the next few.
  for (let pid = launcher + 1; pid <= launcher + 8; pid++) if (await isInit(pid)) return pid;
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid > 0 && (await isInit(pid))) return pid;
  }
  return launcher;
}
