/**
 * The configuration as a bug report may show it: every field named like a secret (the log's
 * {@link SECRET_KEYS}: tokens, passwords, the TLS pass phrase, the MQTT password) replaced by
 * `"[redacted]"`, at any depth.
 */
import { REDACTED, SECRET_KEYS } from '../logger.js';

const SECRET_NAMES = new Set(SECRET_KEYS.map((key) => key.toLowerCase()));

/**
 * A deep copy of `value` with every secret's value redacted. An empty secret stays `""`, so a
 * report still tells "not set" from "set".
 *
 * @param value - JSON data (a configuration).
 */
export function redactSecrets<T>(value: T): T {
  return redact(value) as T;
}

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] =
      SECRET_NAMES.has(key.toLowerCase()) && field !== '' && field !== null
        ? REDACTED
        : redact(field);
  }
  return out;
}
