/**
 * A pair of connected pseudo-terminals made by socat, for tests and benchmarks of serial devices:
 * Glowkit opens one end as its serial port, the test plays the LED controller on the other.
 *
 * socat is started as `socat -d -d pty,raw,echo=0 pty,raw,echo=0`; it prints the two `/dev/pts/N`
 * names on stderr (`… N PTY is /dev/pts/3`), then `starting data transfer loop` once both are
 * ready, which is when {@link openPtyPair} resolves. Bytes written to one end come out of the
 * other unchanged (raw mode, no echo). Killing socat closes both ends at once: to the process
 * holding an end, that is a serial cable pulled out.
 *
 * Always {@link PtyPair.close} a pair (in `afterEach`, or `finally`): a test that leaves socat
 * running is a bug.
 *
 * @example
 * ```ts
 * const pair = await openPtyPair();
 * try {
 *   const device = new AdalightDevice(config({ output: pair.device }));
 *   const controller = new SerialPort({ path: pair.controller, baudRate: 115200 });
 *   // …
 * } finally {
 *   await pair.close();
 * }
 * ```
 */
import { type ChildProcess, spawn } from 'node:child_process';

/** Where socat is installed on the machines Glowkit is tested on. */
export const SOCAT = '/usr/bin/socat';

/** Two connected pseudo-terminals and the socat process joining them. */
export interface PtyPair {
  /** The first end (`/dev/pts/N`): give it to the device under test. */
  readonly device: string;
  /** The second end: open it to read what the device sent (and to answer). */
  readonly controller: string;
  /** socat's process id. */
  readonly pid: number;
  /** Whether socat has exited (the pair is gone). */
  readonly exited: boolean;
  /**
   * Stops socat (SIGTERM, SIGKILL after 2 s) and resolves once it has exited, which closes both
   * ends. Safe to call more than once and after socat exited.
   */
  close(): Promise<void>;
}

/** Options of {@link openPtyPair}. */
export interface PtyPairOptions {
  /** How long to wait for socat to report both ends; default 10 000 ms. */
  timeoutMs?: number;
}

/**
 * Starts socat and resolves with the two ends once data can flow. Rejects (leaving nothing
 * running) when socat cannot be started or does not report both ends in time.
 */
export function openPtyPair(options: PtyPairOptions = {}): Promise<PtyPair> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const child = spawn(SOCAT, ['-d', '-d', 'pty,raw,echo=0', 'pty,raw,echo=0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    // Failing to spawn emits 'error' and maybe no 'exit'.
    child.once('error', () => {
      exited = true;
      resolve();
    });
  });
  const close = () => stop(child, exit, () => exited);

  return new Promise<PtyPair>((resolve, reject) => {
    let stderr = '';
    const names: string[] = [];
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void close().then(() => reject(new Error(message)));
    };
    const timer = setTimeout(
      () => fail(`socat did not report two ptys within ${timeoutMs} ms; stderr: ${stderr.trim()}`),
      timeoutMs,
    );
    child.once('error', (error) => fail(`cannot start ${SOCAT}: ${error.message}`));
    child.once('exit', (code, signal) =>
      fail(
        `socat exited (${signal ?? code}) before both ptys were ready; stderr: ${stderr.trim()}`,
      ),
    );
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      // Keep only what is needed to find the names; socat stays quiet once it runs.
      if (settled) return;
      stderr += text;
      for (const match of stderr.matchAll(/PTY is (\/dev\/\S+)/g)) {
        const name = match[1] as string;
        if (!names.includes(name)) names.push(name);
      }
      if (names.length >= 2 && stderr.includes('starting data transfer loop')) {
        settled = true;
        clearTimeout(timer);
        resolve({
          device: names[0] as string,
          controller: names[1] as string,
          pid: child.pid as number,
          get exited() {
            return exited;
          },
          close,
        });
      }
    });
  });
}

/** SIGTERM, then SIGKILL if socat is still there after 2 s; resolves once it has exited. */
async function stop(child: ChildProcess, exit: Promise<void>, hasExited: () => boolean) {
  if (hasExited()) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (!hasExited()) child.kill('SIGKILL');
  }, 2000);
  await exit;
  clearTimeout(timer);
  child.stderr?.destroy();
}
