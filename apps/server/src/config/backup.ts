/**
 * What a backup file holds, for `glowkit config import`: the configuration in any of the forms
 * Glowkit and Hyperion.ng write or send. The configuration itself is checked afterwards, as a
 * restore request's `config`.
 */
import { isJsonObject } from '@glowkit/protocol';

/** The configuration found in a file's JSON, and in which form; or why there is none. */
export type BackupContent =
  | { ok: true; config: unknown; form: 'getconfig reply' | 'restore request' | 'configuration' }
  | { ok: false; problem: string };

const FORMS =
  "getconfig's reply (as `curl … getconfig > file` saves it), its info (Hyperion.ng's backup), or a restore request";

/**
 * The configuration in a backup file's parsed JSON: the `info` of a `config getconfig` reply
 * (`{command, info, success, tan}`), the `config` of a `config restoreconfig` request, or the
 * value itself (getconfig's `info`, which Hyperion.ng's web UI and `--exportConfig` save).
 */
export function configurationInBackup(value: unknown): BackupContent {
  if (!isJsonObject(value)) {
    return { ok: false, problem: `holds no configuration: expected a JSON object, ${FORMS}` };
  }
  const command = value.command;
  if (Object.hasOwn(value, 'config') && (command === undefined || command === 'config')) {
    return { ok: true, config: value.config, form: 'restore request' };
  }
  if (typeof command === 'string' && command.startsWith('config-')) {
    if (command !== 'config-getconfig') {
      return { ok: false, problem: `is the reply of ${command}, not of config getconfig` };
    }
    if (value.success !== true || !Object.hasOwn(value, 'info')) {
      const error = typeof value.error === 'string' ? `: ${value.error}` : '';
      return {
        ok: false,
        problem: `is a failed getconfig reply${error}; it holds no configuration`,
      };
    }
    return { ok: true, config: value.info, form: 'getconfig reply' };
  }
  return { ok: true, config: value, form: 'configuration' };
}
