/**
 * @packageDocumentation
 * Glowkit's reference LED server: {@link createServer} starts JSON-RPC over HTTP, HTTPS and
 * WebSocket on a SQLite configuration store.
 */
export { Authenticator } from './auth/authenticator.js';
export { FailureThrottle, type ThrottleOptions } from './auth/throttle.js';
export { adminTokenFile, databaseFile, defaultDataDir } from './data-dir.js';
export { ensureAdminToken, type FirstToken } from './first-start.js';
export { createLogger, type Logger, type LogOptions } from './logger.js';
export type { InstanceInfo } from './runtime/service-runtime.js';
export { ServiceRuntime } from './runtime/service-runtime.js';
export {
  createServer,
  GlowkitServer,
  type Listening,
  type RestartReport,
  type ServerEvents,
  type ServerOptions,
} from './server.js';
export { ConfigStore, type Configuration, type StoredInstance } from './store/config-store.js';
