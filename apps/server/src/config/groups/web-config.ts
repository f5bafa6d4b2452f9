import { checkObject, type GroupProblem, integer, type ObjectShape, string } from './rules.js';

/** Global group `webConfig`: the HTTP and HTTPS servers (web UI, JSON-RPC and WebSocket). */
export interface WebConfigSettings {
  /** TCP port of the plain HTTP server. Integer 1..65535; default 8090. */
  port?: number;
  /** TCP port of the HTTPS server. Integer 1..65535; default 8092. */
  sslPort?: number;
  /** Path of the TLS certificate (PEM) for HTTPS. Empty: a certificate of the server's own. */
  crtPath?: string;
  /** Path of the TLS private key (PEM) matching `crtPath`. Empty: the server's own key. */
  keyPath?: string;
  /** Passphrase of an encrypted `keyPath`. Empty: the key is not encrypted. */
  keyPassPhrase?: string;
  /** Directory served as the web UI. Empty: the built-in web UI. */
  document_root?: string;
  /** Fields of other versions are kept as they are. */
  [key: string]: unknown;
}

const webConfigShape: ObjectShape = {
  fields: {
    port: integer(1, 65535),
    sslPort: integer(1, 65535),
    crtPath: string(),
    keyPath: string(),
    keyPassPhrase: string(),
    document_root: string(),
  },
};

/** Checks a `webConfig` value; every field is optional. */
export function validateWebConfig(value: unknown): GroupProblem[] {
  return checkObject(value, webConfigShape);
}
