import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
/** The built command line, as a user runs it. */
export const GLOWKIT = join(root, 'bin', 'glowkit.js');

/** Fails clearly when the server has not been built (turbo builds it before the tests). */
export function requireBuild(): void {
  if (!existsSync(join(root, 'dist', 'cli.js'))) {
    throw new Error('apps/server is not built: run `npm run build -w @glowkit/server` first');
  }
}

/** A `glowkit start` child process on loopback, with its HTTP port once it is ready. */
export interface ServerProcess {
  child: ChildProcess;
  http: string;
  /** The TCP JSON port's `host:port`, when it listens. */
  tcp: string | undefined;
  output(): string;
}

/**
 * Starts `glowkit start` in a data directory on ephemeral loopback ports, with `args` after the
 * usual flags; resolves when ready. `glowkit` is the program to run, by default this checkout's.
 */
export function startProcess(
  dataDir: string,
  timeoutMs = 45_000,
  args: readonly string[] = [],
  glowkit: readonly [string, ...string[]] = [process.execPath, GLOWKIT],
): Promise<ServerProcess> {
  if (glowkit[1] === GLOWKIT) requireBuild();
  const child = spawn(
    glowkit[0],
    [
      ...glowkit.slice(1),
      'start',
      '--data-dir',
      dataDir,
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--ssl-port',
      '0',
      '--tcp-port',
      '0',
      // Not the default 19400 and 19445: a real server or another test may hold them.
      '--flatbuf-port',
      '0',
      '--proto-port',
      '0',
      '--log-level',
      'info',
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let http = '';
  let tcp: string | undefined;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`glowkit did not become ready within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += String(chunk);
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as { msg?: string; http?: string; tcp?: string };
          if (entry.http) http = entry.http;
          if (entry.tcp) tcp = entry.tcp;
          if (entry.msg === 'ready' && http) {
            clearTimeout(timer);
            resolve({ child, http, tcp, output: () => out });
          }
        } catch {
          // A partial line: wait for the rest.
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      out += String(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`glowkit exited with ${code} before it was ready:\n${out}`));
    });
  });
}

/** Waits until a process has printed some text. */
export async function waitForOutput(
  server: ServerProcess,
  text: string,
  timeoutMs = 15_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (Date.now() > until) throw new Error(`glowkit did not print "${text}":\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves with the exit code (or signal) once a child has exited, even if it already has. */
export function exited(child: ChildProcess): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(child.exitCode ?? child.signalCode);
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}
