/**
 * What a backup file holds: the configuration in any of the forms Glowkit and Hyperion.ng write
 * or send. One reading for `glowkit config import` and the web UI's backup page; the
 * configuration itself is then checked as a restore request's `config`.
 */
import { isJsonObject } from './checks.js';

/** The forms of a backup file: getconfig's `info`, a whole getconfig reply, a restore request. */
export type BackupForm = 'configuration' | 'getconfig reply' | 'restore request';

/**
 * The configuration found in a file's JSON, its form and its JSON pointer in the file (`""`,
 * `/info` or `/config`, to point a violation into the file); or why there is none, phrased to
 * follow the file's name (`backup.json holds no configuration: …`).
 */
export type BackupContent =
  | { ok: true; config: unknown; form: BackupForm; at: string }
  | { ok: false; problem: string };

const FORMS =
  "getconfig's reply (as `curl … getconfig > file` saves it), its info (Hyperion.ng's backup), or a restore request";

/**
 * The configuration in a backup file's parsed JSON: the `info` of a `config getconfig` reply
 * (`{command, info, success, tan}`), the `config` of a `config restoreconfig` request, or the
 * value itself (getconfig's `info`, which the web UI's download, Hyperion.ng's web UI and its
 * `--exportConfig` save).
 *
 * @param value - the file's parsed JSON.
 * @returns the configuration, its form and pointer, or the problem.
 *
 * @example
 * ```ts
 * configurationInBackup({ command: 'config-getconfig', success: true, info: config });
 * // { ok: true, config, form: 'getconfig reply', at: '/info' }
 * ```
 */
export function configurationInBackup(value: unknown): BackupContent {
  if (!isJsonObject(value)) {
    return { ok: false, problem: `holds no configuration: expected a JSON object, ${FORMS}` };
  }
  const command = value.command;
  if (Object.hasOwn(value, 'config') && (command === undefined || command === 'config')) {
    return { ok: true, config: value.config, form: 'restore request', at: '/config' };
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
    return { ok: true, config: value.info, form: 'getconfig reply', at: '/info' };
  }
  return { ok: true, config: value, form: 'configuration', at: '' };
}
