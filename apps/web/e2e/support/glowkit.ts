// A real Glowkit server for the end-to-end tests: the command line a user runs (`glowkit start`),
// on loopback ports of its own, in a fresh data directory, serving the web UI's build. The admin
// token is read from what the server prints at its first start, as a user reads it.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../../scripts/free-port.mjs';

export { freePort };

const repo = join(import.meta.dirname, '..', '..', '..', '..');
const cli = join(repo, 'apps', 'server', 'bin', 'glowkit.js');
const webDir = join(repo, 'apps', 'web', 'dist');

/** A running server. */
export interface Glowkit {
  /** `http://127.0.0.1:<port>`: the web UI's address. */
  url: string;
  /** The admin token the server printed at its first start. */
  token: string;
  dataDir: string;
  /** Everything the server wrote, for a failing test's message. */
  output(): string;
  /**
   * Kills the server's process (SIGKILL: no goodbye to its clients), keeping its data directory,
   * and resolves once it is gone: what a browser sees of a crash or a pulled plug.
   */
  kill(): Promise<void>;
  /**
   * Stops the server child (if it still runs) and starts it again on the same ports and data
   * directory.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `glowkit start` and resolves once its page answers and its token is printed; `env`
 * adds to the test's environment (a `DISPLAY` of the test's own X server, say).
 */
export async function startGlowkit(env: Record<string, string> = {}): Promise<Glowkit> {
  if (!existsSync(join(webDir, 'index.html'))) {
    throw new Error(`${webDir}/index.html is missing: build the web UI first (npm run build)`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-e2e-'));
  const [port, sslPort, tcpPort] = [await freePort(), await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  let text = '';
  const spawnServer = (): { child: ChildProcess; exited: Promise<void> } => {
    const child: ChildProcess = spawn(
      process.execPath,
      [cli, 'start', '--data-dir', dataDir, '--host', '127.0.0.1', '--port', String(port)]
        .concat(['--ssl-port', String(sslPort), '--tcp-port', String(tcpPort)])
        .concat(['--web-dir', webDir, '--log-level', 'warn']),
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
    );
    child.stdout?.on('data', (chunk) => {
      text += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      text += String(chunk);
    });
    return { child, exited: new Promise<void>((resolve) => child.once('exit', () => resolve())) };
  };
  /** Waits until `ready()` says so, failing when the child exits or 30 s pass. */
  const waitFor = async (child: ChildProcess, what: string, ready: () => Promise<boolean>) => {
    const deadline = Date.now() + 30_000;
    while (!(await ready())) {
      if (child.exitCode !== null) throw new Error(`the server exited at start:\n${text}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the server did not ${what} within 30 s:\n${text}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  let running = spawnServer();
  let token: string | undefined;
  await waitFor(running.child, 'print its admin token', async () => {
    token = /Admin token[^\n]*\n\s*\n\s+(\S+)/.exec(text)?.[1];
    return token !== undefined;
  });
  // The page answers once the listeners are up (the token is printed after they are).
  const page = await fetch(url);
  if (!page.ok) throw new Error(`${url} answered ${page.status}:\n${text}`);
  const stopChild = async () => {
    const { child, exited } = running;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
  };
  return {
    url,
    token: token as string,
    dataDir,
    output: () => text,
    async kill() {
      if (running.child.exitCode === null && running.child.signalCode === null) {
        running.child.kill('SIGKILL');
      }
      await running.exited;
    },
    async restart() {
      await stopChild();
      running = spawnServer();
      const { child } = running;
      // No token is printed again: the server is back once its page answers.
      await waitFor(child, 'answer again', () =>
        fetch(url).then(
          (r) => r.ok,
          () => false,
        ),
      );
    },
    async stop() {
      await stopChild();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
