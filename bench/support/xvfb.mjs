// An Xvfb of the bench's own, and painting its root window: the screen the capture benches grab.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

/** `#rrggbb` of an RGB triple. */
export const hex = ([r, g, b]) =>
  `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/**
 * Starts `Xvfb` at `width`×`height` on a display it picks free itself (`-displayfd`), `-noreset`
 * so that the root's colour outlives the client that set it; resolves once it accepts clients.
 * It is killed if the bench exits early.
 */
export async function startXvfb(width, height) {
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp', '-noreset'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] },
  );
  const kill = () => xvfb.kill('SIGKILL');
  process.on('exit', kill);
  const failed = once(xvfb, 'error').then(([error]) => {
    throw error;
  });
  let text = '';
  const display = new Promise((resolve) => {
    xvfb.stdio[3].on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
  });
  return {
    display: await Promise.race([display, failed]),
    async stop() {
      xvfb.kill();
      await once(xvfb, 'exit');
      process.off('exit', kill);
    },
  };
}

/** Paints the root window; resolves with when xsetroot had exited (the repaint is done then). */
export async function paint(display, rgb) {
  const child = spawn('xsetroot', ['-solid', hex(rgb)], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: display },
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`xsetroot exited with ${code} on ${display}`);
  return performance.now();
}
