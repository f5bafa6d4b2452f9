/**
 * A server that runs out of file descriptors (issue 19, point 1): it keeps running, answers an
 * effect it cannot start with a clear reason, and serves as before once descriptors are free.
 * The server is a real `glowkit start` child whose limit is lowered with prlimit, filled by idle
 * TCP clients of its JSON port.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { type Message, tcpClient } from './support/inbox.js';
import { exited, type ServerProcess, startProcess } from './support/process.js';
import { until } from './support/until.js';

const run = promisify(execFile);

/**
 * Descriptors left to the server above those it has open once ready: room for a few clients,
 * not for an effect's child (its four pipes take eight while it starts).
 */
const HEADROOM = 6;
/** More clients than the headroom can ever hold. */
const MAX_CLIENTS = 40;

let server: ServerProcess | undefined;
let clients: ReturnType<typeof tcpClient>[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-fds-'));

afterEach(async () => {
  for (const client of clients) client.socket.destroy();
  clients = [];
  if (server) {
    server.child.kill('SIGTERM');
    await exited(server.child);
    server = undefined;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const openFds = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

/** A TCP client signed in with the admin token; 'dropped' when the server closed it unanswered. */
async function signedIn(port: number, token: string): Promise<'answered' | 'dropped'> {
  const client = tcpClient(port);
  clients.push(client);
  client.socket.on('error', () => {
    // Reset by a server that had no descriptor for it: the close tells.
  });
  // Not events.once: it rejects on the reset that a server out of descriptors may send.
  const closed = new Promise<'dropped'>((resolve) =>
    client.socket.once('close', () => resolve('dropped')),
  );
  client.send({ command: 'authorize', subcommand: 'login', token, tan: 1 });
  const answered = client.inbox
    .next((m) => m.tan === 1, 15_000)
    .then((reply) => {
      expect(reply).toMatchObject({ success: true });
      return 'answered' as const;
    });
  return Promise.race([answered, closed]);
}

describe('file descriptor exhaustion', () => {
  it('answers an effect it cannot start for lack of descriptors, and keeps serving', async () => {
    server = await startProcess(dataDir);
    const pid = server.child.pid as number;
    const port = Number(server.tcp?.split(':').pop());
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const control = tcpClient(port);
    clients.push(control);
    let tan = 10;
    const call = async (request: Message): Promise<Message> => {
      const mine = ++tan;
      control.send({ ...request, tan: mine });
      return control.inbox.next((m) => m.tan === mine, 15_000);
    };
    expect(await call({ command: 'authorize', subcommand: 'login', token })).toMatchObject({
      success: true,
    });

    const { stdout } = await run('prlimit', [
      '--pid',
      String(pid),
      '--nofile',
      '--output=SOFT,HARD',
      '--noheadings',
    ]);
    const [soft, hard] = stdout.trim().split(/\s+/);
    // The soft limit only: raising it back needs no privilege (raising a hard limit does).
    const limit = openFds(pid) + HEADROOM;
    await run('prlimit', ['--pid', String(pid), `--nofile=${limit}:${hard}`]);
    // Clients, one after another, until the server has no descriptor for the next one.
    let dropped = false;
    for (let i = 0; i < MAX_CLIENTS && !dropped; i++) {
      dropped = (await signedIn(port, token)) === 'dropped';
    }
    expect(dropped).toBe(true);

    const refused = await call({
      command: 'effect',
      effect: { name: 'Rainbow Wave' },
      priority: 50,
      duration: 5000,
    });
    expect(refused).toMatchObject({ command: 'effect', success: false });
    const reason = JSON.stringify(refused);
    expect(reason).toContain('run out of file descriptors (EMFILE)');
    expect(reason).not.toMatch(/\\n|\bat .*:\d+:\d+/); // one line, no stack
    expect(server.child.exitCode).toBe(null);

    // Descriptors come back (the clients leave, the limit is raised again, as an admin would):
    // the same server runs the effect. Both, since how many descriptors an idle server holds
    // moves a little, and a spawn takes eight at once.
    for (const client of clients.splice(1)) client.socket.destroy();
    await until(() => openFds(pid) <= limit - HEADROOM, 15_000);
    await run('prlimit', ['--pid', String(pid), `--nofile=${soft}:${hard}`]);
    expect(await call({ command: 'serverinfo' })).toMatchObject({ success: true });
    expect(
      await call({
        command: 'effect',
        effect: { name: 'Rainbow Wave' },
        priority: 50,
        duration: 5000,
      }),
    ).toMatchObject({ command: 'effect', success: true });
    expect(server.output()).not.toContain("Unhandled 'error' event");
  });
});
