import type { Configuration } from '../store/config-store.js';

/** Hyperion.ng's JSON server port: what `jsonServer.port` means when it is not set. */
export const DEFAULT_TCP_PORT = 19444;

/**
 * The TCP JSON port a configuration asks for: `jsonServer.port`, else 19444. What `glowkit
 * start` binds without `--tcp-port`, and where the command line finds a running server.
 *
 * A module of its own so that the command line can read it without loading the server.
 */
export const storedTcpPort = (configuration: Configuration): number =>
  configuration.global.settings.jsonServer?.port ?? DEFAULT_TCP_PORT;
