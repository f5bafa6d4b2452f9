/**
 * `sysinfo`: the host and the server, in Hyperion.ng's shape (`info.system`, `info.hyperion`).
 * Home Assistant reads `info.hyperion.id` as the server's unique id and `info.hyperion.version`
 * to warn about old servers; Hyperion.ng's web UI shows the rest.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { arch, cpus, hostname, platform, release } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SysinfoRequest, successReply } from '@glowkit/protocol';
import type { ConfigStore } from '../store/config-store.js';
import type { CommandContext } from './command.js';
import type { Outcome } from './outcome.js';

/**
 * The Hyperion.ng version whose JSON API Glowkit follows (hyperion.ng at 9818abe2), reported as
 * `info.hyperion.version`: clients compare it with Hyperion.ng's releases (Home Assistant warns
 * below 2.0.0-alpha.9). Glowkit's own version is `info.hyperion.glowkitVersion`.
 */
export const HYPERION_API_VERSION = '2.2.2-beta.1';

const SERVER_PACKAGE = new URL('../../package.json', import.meta.url);

/** The version of @glowkit/server (its package.json), the same from `src/` and from `dist/`. */
export const GLOWKIT_VERSION: string = (() => {
  try {
    const { version } = JSON.parse(readFileSync(SERVER_PACKAGE, 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
})();

/**
 * The server's identity, the same in `sysinfo`, `/description.xml` and across restarts and
 * restores: the configuration's UUID (the `meta` table; a restore keeps it). A Hyperion.ng
 * database without a `meta` row gets a UUID derived from the database's path instead, so that
 * it is still stable.
 */
export function serverId(
  store: ConfigStore,
  uuid: string | undefined = store.read().global.uuid,
): string {
  if (uuid !== undefined && uuid !== '') return uuid;
  const hex = createHash('sha1').update(`glowkit:${store.file}`).digest('hex');
  // Shaped as a name-based (version 5) UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Node's architecture names as Qt's `QSysInfo::currentCpuArchitecture` spells them. */
const ARCHITECTURES: Readonly<Record<string, string>> = {
  x64: 'x86_64',
  ia32: 'i386',
  arm64: 'arm64',
  arm: 'arm',
  ppc64: 'power64',
  riscv64: 'riscv64',
};

/** Node's platform names as Qt's `QSysInfo::kernelType` spells them. */
const KERNELS: Readonly<Record<string, string>> = { win32: 'winnt', sunos: 'solaris' };

/** `KEY=value` lines (`/etc/os-release`) or `key : value` lines (`/proc/cpuinfo`), first wins. */
function fieldsOf(file: string, separator: RegExp): Map<string, string> {
  const fields = new Map<string, string>();
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return fields; // Not Linux, or not readable: those fields stay empty.
  }
  for (const line of text.split('\n')) {
    const match = separator.exec(line);
    if (!match?.[1] || fields.has(match[1])) continue;
    fields.set(match[1], (match[2] ?? '').trim().replace(/^"(.*)"$/, '$1'));
  }
  return fields;
}

let systemFacts: Record<string, unknown> | undefined;

/** What does not change while the process runs, read once. */
function staticSystem(): Record<string, unknown> {
  if (systemFacts) return systemFacts;
  const os = fieldsOf('/etc/os-release', /^([A-Z_]+)=(.*)$/);
  const cpu = fieldsOf('/proc/cpuinfo', /^([^:\t]+?)\s*:\s*(.*)$/);
  systemFacts = {
    kernelType: KERNELS[platform()] ?? platform(),
    kernelVersion: release(),
    architecture: ARCHITECTURES[arch()] ?? arch(),
    cpuModelName: cpu.get('model name') ?? cpus()[0]?.model ?? '',
    cpuModelType: cpu.get('model') ?? '',
    cpuHardware: cpu.get('Hardware') ?? '',
    cpuRevision: cpu.get('Revision') ?? '',
    wordSize: /64/.test(arch()) ? '64' : '32',
    productType: os.get('ID') ?? platform(),
    productVersion: os.get('VERSION_ID') ?? '',
    prettyName: os.get('PRETTY_NAME') ?? `${platform()} ${release()}`,
    // Glowkit has no Qt: the field is kept for clients that read it.
    qtVersion: '',
    nodeVersion: process.versions.node,
  };
  return systemFacts;
}

const pythonVersions = new Map<string, Promise<string>>();

/** The version of the effects' interpreter (`3.11.2`), asked once; "" when it does not run. */
function pythonVersion(python: string): Promise<string> {
  let version = pythonVersions.get(python);
  if (!version) {
    version = new Promise((resolve) => {
      execFile(python, ['--version'], { timeout: 2000 }, (error, stdout, stderr) => {
        const match = /Python\s+(\S+)/.exec(`${stdout} ${stderr}`);
        resolve(error || !match?.[1] ? '' : match[1]);
      });
    });
    pythonVersions.set(python, version);
  }
  return version;
}

/** Whether the server runs as root, as Hyperion.ng's `isUserAdmin` says. */
const isUserAdmin = (): boolean => process.getuid?.() === 0;

/** Build facts: whether this is the compiled package and when it was built. */
const MODULE_FILE = fileURLToPath(import.meta.url);
const BUILD_TYPE = /[/\\]dist[/\\]/.test(MODULE_FILE) ? 'release' : 'development';
/** When the running code was built: its file's modification time (ISO-8601 UTC). */
const BUILD_TIME: string = (() => {
  try {
    return statSync(MODULE_FILE).mtime.toISOString();
  } catch {
    return '';
  }
})();

/** What `sysinfo` needs. */
export interface SysinfoDeps {
  store: ConfigStore;
  /** The effects' Python interpreter (default `python3`). */
  python?: string | undefined;
}

/** The `info` of a `sysinfo` reply. */
export async function sysinfoInfo(deps: SysinfoDeps): Promise<Record<string, unknown>> {
  const pyVersion = await pythonVersion(deps.python ?? 'python3');
  const { store } = deps;
  return {
    hyperion: {
      build: `glowkit ${GLOWKIT_VERSION}`,
      buildType: BUILD_TYPE,
      configDatabaseFile: store.file,
      gitremote: '',
      glowkitVersion: GLOWKIT_VERSION,
      id: serverId(store),
      isGuiMode: false,
      readOnlyMode: false,
      rootPath: dirname(store.file),
      time: BUILD_TIME,
      // Glowkit's own: whole seconds since the server's process started (a service restart, as
      // after a restore, does not reset it), for the web UI's About line.
      uptime: Math.floor(process.uptime()),
      version: HYPERION_API_VERSION,
    },
    system: {
      ...staticSystem(),
      domainName: '',
      hostName: hostname(),
      isUserAdmin: isUserAdmin(),
      pyVersion,
    },
  };
}

/** `sysinfo`: always succeeds. */
export async function sysinfoCommand({
  name,
  tan,
  deps,
}: CommandContext<SysinfoRequest, SysinfoDeps>): Promise<Outcome> {
  return { reply: successReply(name, tan, await sysinfoInfo(deps)) };
}
