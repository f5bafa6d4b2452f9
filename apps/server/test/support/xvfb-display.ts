import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';

/** An Xvfb server a test started, on a display number nobody else held. */
export interface XvfbDisplay {
  /** `:N`. */
  display: string;
  /** N. */
  number: number;
  /** The socket the X server listens on, `/tmp/.X11-unix/XN`. */
  socket: string;
  child: ChildProcess;
  /** Stops the X server and waits until it has exited. */
  stop(): Promise<void>;
}

const taken = (n: number) => existsSync(`/tmp/.X11-unix/X${n}`) || existsSync(`/tmp/.X${n}-lock`);

/**
 * Starts `Xvfb :N -screen 0 WxHx24 -nolisten tcp -br -noreset` on a free display number picked at
 * random in 300–899 (other tests on the machine start their own), or on `number` (to start one
 * this test stopped again), and resolves once its socket exists. A number another server took
 * meanwhile makes Xvfb exit: the next one is tried. `-noreset`: without it the server resets when
 * its last client leaves, and what a test painted (or xsetroot set) is gone before ffmpeg looks.
 */
export async function startXvfb(
  width: number,
  height: number,
  number?: number,
): Promise<XvfbDisplay> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const chosen = number ?? 300 + Math.floor(Math.random() * 600);
    if (taken(chosen)) {
      if (number === undefined) continue;
      throw new Error(`display :${number} is still taken`);
    }
    const n = chosen;
    const display = `:${n}`;
    const socket = `/tmp/.X11-unix/X${n}`;
    const child = spawn(
      'Xvfb',
      [display, '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp', '-br', '-noreset'],
      {
        stdio: 'ignore',
      },
    );
    const exited = once(child, 'exit');
    let gone = false;
    void exited.then(() => {
      gone = true;
    });
    // Up to 10 s for the socket, by count: Xvfb is ready in well under a second here.
    for (let i = 0; i < 200 && !gone && !existsSync(socket); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    if (gone || !existsSync(socket)) {
      if (!gone) child.kill('SIGKILL');
      await exited;
      continue;
    }
    return {
      display,
      number: n,
      socket,
      child,
      async stop() {
        if (!gone) child.kill('SIGTERM');
        await exited;
        // Its socket and lock go as it exits: the number is free for the next start.
        for (let i = 0; i < 200 && taken(n); i++) await new Promise((r) => setTimeout(r, 50));
      },
    };
  }
  throw new Error('no free X display number for Xvfb after 20 tries');
}
