/**
 * A backup file, read and checked in the browser before anything is sent: the same JSON parser,
 * backup reading and restore validator as the server's `config import` (`@glowkit/protocol`), so a
 * broken file is explained here, with the line and column of a syntax error and the JSON pointer
 * of every violation. The check carries the settings groups' validators (ajv code generated at
 * build time: the page's CSP forbids compiling a schema here), so the backup page loads this module
 * only when a file is chosen, and the first page stays small.
 */
import {
  type BackupForm,
  configurationInBackup,
  describeJsonSyntaxError,
  parseJson,
  validateRestoreRequest,
} from '@glowkit/protocol';

/** One rule the file breaks, at a JSON pointer into the file itself. */
export interface BackupViolation {
  /** RFC 6901 pointer into the file (`""` is its root). */
  pointer: string;
  /** The rule, as the protocol phrases it (the server's wording). */
  rule: string;
}

/** What a backup file holds, or why it cannot be restored. */
export type BackupCheck =
  | { ok: true; config: unknown; form: BackupForm }
  | { ok: false; reason: 'syntax'; description: string; line: number; column: number }
  | { ok: false; reason: 'form'; problem: string }
  | { ok: false; reason: 'invalid'; violations: BackupViolation[] };

/**
 * Checks a backup file's text: parses it, finds the configuration, and validates it as the
 * `config` of a restore request. Violations point into the file, not into the request built
 * around its configuration.
 */
export function checkBackupText(text: string): BackupCheck {
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { line, column } = parsed.error.position;
    const description = describeJsonSyntaxError(parsed.error);
    return { ok: false, reason: 'syntax', description, line, column };
  }
  const found = configurationInBackup(parsed.value);
  if (!found.ok) return { ok: false, reason: 'form', problem: found.problem };
  const request = { command: 'config', subcommand: 'restoreconfig', config: found.config };
  const violations = validateRestoreRequest(request).map((v) => ({
    // Requests point below /config; the file holds the configuration at `found.at`.
    pointer: v.pointer.startsWith('/config')
      ? found.at + v.pointer.slice('/config'.length)
      : v.pointer,
    rule: v.rule,
  }));
  if (violations.length > 0) return { ok: false, reason: 'invalid', violations };
  return { ok: true, config: found.config, form: found.form };
}
