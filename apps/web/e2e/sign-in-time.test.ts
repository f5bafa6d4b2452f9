// The server closes a WebSocket that has not signed in within its time (here 3 s). The sign-in
// page must not then reconnect over and over while the user reads or types: it opens the
// connection again only when it needs it (signing in, asking for a token), and signing in works.
// The server is started in this process, since only a program can shorten that time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, createServer, type GlowkitServer } from '@glowkit/server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newContext } from './support/browser.js';

// Short for a test, and yet long enough for a loaded machine's browser to sign in once it connects.
const GRACE_MS = 3000;
const webDir = join(import.meta.dirname, '..', 'dist');

let server: GlowkitServer;
let dataDir: string;
let url: string;
let token: string;
let browser: Browser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'glowkit-e2e-'));
  server = createServer({
    dataDir,
    host: '127.0.0.1',
    port: 0,
    sslPort: 0,
    tcpPort: 0,
    webDir,
    signInGraceMs: GRACE_MS,
    logger: createLogger({ level: 'silent' }),
    // Not to be found: no SSDP or mDNS (announce.test.ts in apps/server tests them).
    announce: false,
  });
  token = server.store.tokens.create('e2e admin').token;
  const [{ http }, started] = await Promise.all([server.start(), launch()]);
  url = `http://127.0.0.1:${http.port}`;
  browser = started;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the time to sign in', () => {
  it('does not reconnect in a loop on the sign-in page, and still signs in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    let opened = 0;
    let closed = 0;
    page.on('websocket', (socket) => {
      opened += 1;
      socket.on('close', () => {
        closed += 1;
      });
    });
    await page.goto(`${url}/`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    // The server closes the page's socket once its time is up.
    await expect.poll(() => closed, { timeout: 30_000 }).toBe(1);
    // Two more of its times pass: a page that reconnects after each close would have opened
    // more sockets by now.
    await page.waitForTimeout(2 * GRACE_MS);
    expect(opened).toBe(1);
    expect(await page.getByRole('status').filter({ hasText: 'Reconnecting' }).count()).toBe(0);
    // Signing in opens the connection again, and works.
    await page.getByLabel('Token', { exact: true }).fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Overview' }).waitFor();
    expect(opened).toBe(2);
    // Signed in, the session is not closed any more.
    await page.waitForTimeout(2 * GRACE_MS);
    expect(closed).toBe(1);
    await context.close();
  }, 60_000);
});
