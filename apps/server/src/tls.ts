import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { selfSignedCertificate } from './self-signed.js';

/** A certificate and its private key, PEM. */
export interface Certificate {
  cert: string;
  key: string;
  /** Where they came from, for the log. */
  source: string;
  /** The key's passphrase, when `webConfig.keyPassPhrase` gives one. */
  passphrase?: string;
}

/** The TLS part of the `webConfig` group. */
export interface TlsSettings {
  crtPath?: unknown;
  keyPath?: unknown;
  keyPassPhrase?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Writes a file readable by the user only, whole or not at all (temporary file, then rename). */
export async function writePrivateFile(file: string, content: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}

/**
 * The HTTPS certificate: the files `webConfig.crtPath` and `keyPath` name when both are set;
 * else a self-signed certificate for localhost generated on first start into
 * `<data dir>/tls/` (kept, so that clients that trusted it keep trusting it).
 */
export async function certificateFor(dataDir: string, settings: TlsSettings): Promise<Certificate> {
  const crtPath = text(settings.crtPath);
  const keyPath = text(settings.keyPath);
  const passphrase = text(settings.keyPassPhrase) || undefined;
  if (crtPath && keyPath) {
    try {
      const [cert, key] = await Promise.all([readFile(crtPath, 'utf8'), readFile(keyPath, 'utf8')]);
      return { cert, key, source: `${crtPath} and ${keyPath} (webConfig)`, passphrase };
    } catch (error) {
      throw new Error(
        `cannot read the certificate named in webConfig (${crtPath}, ${keyPath}): ${(error as Error).message}; fix the paths or clear them to use a self-signed certificate`,
      );
    }
  }
  const dir = join(dataDir, 'tls');
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  if (existsSync(certFile) && existsSync(keyFile)) {
    const [cert, key] = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]);
    return { cert, key, source: `${certFile} (self-signed)` };
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const pems = selfSignedCertificate({
    commonName: 'localhost',
    dnsNames: ['localhost'],
    ipAddresses: ['127.0.0.1', '::1'],
    notAfter: new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000),
  });
  await writePrivateFile(keyFile, pems.key);
  await writeFile(certFile, pems.cert);
  return { cert: pems.cert, key: pems.key, source: `${certFile} (self-signed, generated now)` };
}
