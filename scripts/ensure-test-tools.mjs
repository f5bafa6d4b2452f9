// Makes sure the programs the tests drive are here, installing Debian's packages when this is a
// Debian machine and we are root (nothing can be downloaded here otherwise): Chromium for the
// browser tests, socat for the pseudo-terminal pairs serial LED devices are tested on, python3
// for the effects, ffmpeg for screen capture, Xvfb (painted with xsetroot) as the screen,
// dbus-daemon with gdbus for the system-sleep (logind) events, mosquitto (with its clients, and
// openssl for its certificate) as the MQTT broker, and python3-zeroconf with iproute2 for the
// SSDP/mDNS test in a network namespace, and systemd's systemd-analyze for the service unit.
// Prints what the tests use; exits 1 with one line of advice when it cannot.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumCandidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].filter(Boolean);
const chromium = () => chromiumCandidates.find((p) => existsSync(p));
const onPath = (name) =>
  spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

/** Debian package → whether what the tests need of it is here. */
const needs = {
  chromium: () => chromium() !== undefined,
  socat: () => onPath('socat'),
  python3: () => onPath('python3'),
  ffmpeg: () => onPath('ffmpeg'),
  xvfb: () => onPath('Xvfb'),
  'x11-xserver-utils': () => onPath('xsetroot'),
  // A private bus for the system-sleep tests (dbus-daemon), and a stranger on it (gdbus).
  dbus: () => onPath('dbus-daemon'),
  'libglib2.0-bin': () => onPath('gdbus'),
  mosquitto: () => onPath('mosquitto') || existsSync('/usr/sbin/mosquitto'),
  'mosquitto-clients': () => onPath('mosquitto_sub'),
  // The TLS broker's certificate (scripts/mosquitto.mjs).
  openssl: () => onPath('openssl'),
  // The mDNS client of the announcement test, run as /usr/bin/python3 (not a pyenv's).
  'python3-zeroconf': () =>
    spawnSync('/usr/bin/python3', ['-c', 'import zeroconf'], { stdio: 'ignore' }).status === 0,
  // `ip`, to bring up loopback with a multicast route in the announcement test's namespace.
  iproute2: () => onPath('ip') || existsSync('/usr/sbin/ip') || existsSync('/sbin/ip'),
  // `setpriv`, to run an effect's python3 as an unprivileged server would (effect confinement).
  'util-linux': () => onPath('setpriv'),
  // `systemd-analyze verify` and `security` of the unit `glowkit service unit` prints.
  systemd: () => onPath('systemd-analyze'),
};
const missing = Object.keys(needs).filter((name) => !needs[name]());

if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !onPath('apt-get')) {
    console.error(
      `The tests need ${missing.join(', ')}: install ${missing.length > 1 ? 'them' : 'it'} (Debian: sudo apt-get install ${missing.join(' ')})${missing.includes('chromium') ? ', or set CHROMIUM_PATH to a Chromium executable' : ''}.`,
    );
    process.exit(1);
  }
  console.error(`Installing Debian's ${missing.join(', ')} for the tests (about 30 s)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const still = missing.filter((name) => !needs[name]());
  if (still.length > 0) {
    console.error(
      `apt-get installed ${still.join(', ')}, but the tests still cannot find ${still.length > 1 ? 'them' : 'it'}; set CHROMIUM_PATH or PATH.`,
    );
    process.exit(1);
  }
}
console.error(
  `Browser tests use ${chromium()}; serial tests use socat; effects run on python3; capture tests use ffmpeg on Xvfb; sleep events use dbus-daemon; MQTT tests use mosquitto`,
);
