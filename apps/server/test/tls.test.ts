import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { generate } from 'selfsigned';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfiguration } from '../src/config/defaults.js';
import { startServer, type TestServer } from './support/server.js';

let t: TestServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The certificate an HTTPS port presents. */
function presented(port: number): Promise<{ subject: string; fingerprint256: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
      const cert = socket.getPeerCertificate();
      socket.end();
      resolve({ subject: String(cert.subject?.CN), fingerprint256: cert.fingerprint256 });
    });
    socket.on('error', reject);
  });
}

/** A configuration whose webConfig names certificate files. */
function withCertificate(crtPath: string, keyPath: string) {
  const config = defaultConfiguration();
  config.global.settings.webConfig = {
    ...(config.global.settings.webConfig as object),
    crtPath,
    keyPath,
  };
  return config;
}

describe('the HTTPS certificate', () => {
  it('is generated once into the data directory and kept across starts', async () => {
    t = await startServer();
    const first = await presented(t.server.listening.https.port);
    expect(first.subject).toBe('localhost');
    const dataDir = t.dataDir;
    await t.server.stop();
    t = await startServer({ dataDir });
    expect((await presented(t.server.listening.https.port)).fingerprint256).toBe(
      first.fingerprint256,
    );
  });

  it('is the one webConfig.crtPath and keyPath name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'glowkit-cert-'));
    dirs.push(dir);
    const pems = await generate([{ name: 'commonName', value: 'lights.example' }], {
      keyType: 'ec',
      curve: 'P-256',
    });
    writeFileSync(join(dir, 'crt.pem'), pems.cert);
    writeFileSync(join(dir, 'key.pem'), pems.private);
    t = await startServer({
      prepare: (server) =>
        server.store.replace(withCertificate(join(dir, 'crt.pem'), join(dir, 'key.pem')), 'test'),
    });
    expect((await presented(t.server.listening.https.port)).subject).toBe('lights.example');
  });

  it('falls back to the self-signed one, and says why, when those files cannot be read', async () => {
    t = await startServer({
      prepare: (server) =>
        server.store.replace(
          withCertificate('/nonexistent/crt.pem', '/nonexistent/key.pem'),
          'test',
        ),
    });
    expect((await presented(t.server.listening.https.port)).subject).toBe('localhost');
    const error = t.logs.find((l) => String(l.msg).includes('self-signed certificate instead'));
    expect(String(error?.error)).toContain('/nonexistent/crt.pem');
  });
});
