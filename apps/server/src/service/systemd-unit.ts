/**
 * The systemd unit that runs the installed server as a service: its own unprivileged user, its
 * data in /var/lib/glowkit, and the hardening a reviewer expects — each line says why it is there,
 * or why a stricter one is not.
 */

/** The service's name, user and group. */
export const SERVICE_USER = 'glowkit';

/** The data directory of the service (systemd's StateDirectory=glowkit). */
export const SERVICE_DATA_DIR = '/var/lib/glowkit';

/** Where `glowkit service install` writes the unit. */
export const UNIT_FILE = '/etc/systemd/system/glowkit.service';

/** What the unit runs. */
export interface UnitPaths {
  /** The Node.js executable, absolute (systemd's PATH may not hold the one glowkit runs on). */
  node: string;
  /** The installed `glowkit` bin script, absolute. */
  bin: string;
}

/** systemd's quoting for one word of a command line. */
function word(value: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : `"${value.replace(/(["\\])/g, '\\$1')}"`;
}

/** The unit file's text for the given executables. */
export function systemdUnit({ node, bin }: UnitPaths): string {
  return `# Glowkit LED server, written by \`glowkit service unit\`.
[Unit]
Description=Glowkit LED server
# The web UI, the JSON API and the LED devices on the network need an address.
Wants=network-online.target
After=network-online.target

[Service]
Type=simple
User=${SERVICE_USER}
Group=${SERVICE_USER}
# dialout: serial LED controllers (/dev/ttyUSB*, /dev/ttyACM*); video: USB capture (/dev/video*).
SupplementaryGroups=dialout video
# /var/lib/glowkit, created for the service's user: the database, the admin token, the TLS key.
StateDirectory=glowkit
StateDirectoryMode=0750
Environment=GLOWKIT_DATA=${SERVICE_DATA_DIR}
# Two malloc arenas instead of glibc's eight per core: under a busy home's load (bench/soak.mjs,
# 30 min) the server held about 10 MB less and grew more slowly; at start it changes nothing.
Environment=MALLOC_ARENA_MAX=2
UMask=0077
ExecStart=${word(node)} ${word(bin)} start --data-dir ${SERVICE_DATA_DIR}
# SIGHUP reloads the configuration from the store, in-process, keeping the connections.
ExecReload=/bin/kill -HUP $MAINPID
# SIGTERM to the server alone: it switches the LEDs off, hands WLED back and stops its effect
# children itself; what is left after TimeoutStopSec is killed.
KillMode=mixed
TimeoutStopSec=10
Restart=on-failure
RestartSec=2

# Hardening.
NoNewPrivileges=yes
CapabilityBoundingSet=
ProtectSystem=strict
ReadWritePaths=${SERVICE_DATA_DIR}
ProtectHome=yes
PrivateTmp=yes
# Other users' processes are hidden; the server's own effect children stay visible to it.
ProtectProc=invisible
# Not PrivateDevices: serial ports and capture devices live in /dev.
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectClock=yes
ProtectHostname=yes
LockPersonality=yes
RestrictRealtime=yes
RestrictSUIDSGID=yes
SystemCallArchitectures=native
# AF_UNIX: D-Bus (sleep and wake events), the X server of screen capture; AF_INET/AF_INET6: HTTP,
# WebSocket, TCP JSON, picture inputs, SSDP and mDNS (UDP multicast), MQTT, network LED devices;
# AF_NETLINK: the list of network interfaces. Serial ports and V4L2 are device files, not sockets.
RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK
# Not MemoryDenyWriteExecute: Node's JIT writes code. Not RestrictNamespaces nor
# ProtectControlGroups: the effects' confinement may use namespaces and cgroups of its own.

[Install]
WantedBy=multi-user.target
`;
}
