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
 * Starts `Xvfb :N -screen 0 WxHx24 -nolisten tcp` on a free display number picked at random in
 * 300–899 (other tests on the machine start their own), and resolves once its socket exists. A
 * number another server took meanwhile makes Xvfb exit: the next one is tried.
 */
export async function startXvfb(width: number, height: number): Promise<XvfbDisplay> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const number = 300 + Math.floor(Math.random() * 600);
    if (taken(number)) continue;
    const display = `:${number}`;
    const socket = `/tmp/.X11-unix/X${number}`;
    const child = spawn(
      'Xvfb',
      [display, '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp'],
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
      number,
      socket,
      child,
      async stop() {
        if (!gone) child.kill('SIGTERM');
        await exited;
      },
    };
  }
  throw new Error('no free X display number for Xvfb after 20 tries');
}
