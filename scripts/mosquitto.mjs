// A real MQTT broker for the tests and the MQTT bench: Debian's `mosquitto`, on a free loopback
// port, with a password file and a configuration written to a temp dir, no anonymous access and
// no persistence (a restart keeps no retained message). It can be stopped and started again on
// the same port (a broker restarted mid-test). A plain module beside its declarations
// (mosquitto.d.mts), imported without a build.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

/** The broker's program: where Debian puts it (sbin is not always on PATH), else on PATH. */
const MOSQUITTO = existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : 'mosquitto';

const portOpen = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Starts mosquitto with one user (`glowkit` and a password); with `tls`, its listener speaks
 * TLS with a self-signed certificate for localhost made by openssl.
 */
export async function startBroker({ tls = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'glowkit-broker-'));
  const port = await freePort();
  const username = 'glowkit';
  const password = 'broker-secret-Xq7';
  const passwords = join(dir, 'passwords');
  writeFileSync(passwords, '');
  execFileSync('mosquitto_passwd', ['-b', passwords, username, password]);
  const tlsLines = [];
  if (tls) {
    const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ].concat(['-keyout', key, '-out', cert]),
      { stdio: 'ignore' },
    );
    tlsLines.push(`certfile ${cert}`, `keyfile ${key}`);
  }
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      ...tlsLines,
      // Run as root, mosquitto would become user `mosquitto`, who cannot read this private dir.
      `user ${userInfo().username}`,
      'allow_anonymous false',
      `password_file ${passwords}`,
      'persistence false',
      // stderr is not buffered: each line is there when it happens.
      'log_dest stderr',
      '',
    ].join('\n'),
  );
  let log = '';
  let child;
  const start = async () => {
    const running = spawn(MOSQUITTO, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = running;
    running.stderr.on('data', (d) => {
      log += String(d);
    });
    // Bounded by count (10 s at 20 ms), as the tests wait.
    for (let i = 0; i < 500; i++) {
      if (running.exitCode !== null) throw new Error(`mosquitto exited: ${log.trim()}`);
      if (await portOpen(port)) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`mosquitto did not listen on 127.0.0.1:${port}: ${log.trim()}`);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    port,
    username,
    password,
    // What a server's network.mqtt holds to use this broker.
    clientSettings: () => ({ enable: true, host: '127.0.0.1', port, username, password }),
    output: () => log,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
