import { type Check, checkObject, constant, type Field, own, tanField } from './checks.js';
import { instanceIndex } from './control-checks.js';
import {
  checkGroupValue,
  GLOBAL_GROUPS,
  groupValue,
  INSTANCE_GROUPS,
  isGlobalGroup,
  isInstanceGroup,
} from './groups.js';
import { type Parser, parserOf } from './parse.js';
import type { SettingsGroupName } from './settings/defaults.js';
import { validateGroup } from './settings/validate.js';
import { quote, type Violation, violation } from './violations.js';

/**
 * A valid `config setconfig` request: saves some settings groups, each replacing the stored group
 * whole. Without `instance` the groups are global groups; with it, groups of that instance.
 */
export interface SetConfigRequest {
  command: 'config';
  subcommand: 'setconfig';
  tan?: number;
  /** The instance whose groups are saved (0 to 254); absent: the global groups. */
  instance?: number;
  /**
   * Group name → value: an object (an array for `leds`), a string holding one as JSON, or null
   * (the group goes back to its default). At least one group.
   */
  config: Record<string, unknown>;
}

/** What a `config setconfig` reply says the server did to apply the saved groups. */
export const SETCONFIG_RESTARTS = ['none', 'instance', 'service'] as const;

/**
 * How the saved groups were applied: `"none"` (nothing runs on them, or the instance is
 * stopped: they apply when it starts), `"instance"` (that instance alone was rebuilt; sessions
 * stay connected), `"service"` (the whole service restarts after the reply, as after a restore:
 * WebSocket sessions are closed with 1012).
 */
export type SetConfigRestart = (typeof SETCONFIG_RESTARTS)[number];

/** The `info` of a successful `config setconfig` reply. */
export interface SetConfigInfo {
  /**
   * The snapshot holding the configuration as it was before (`config restoresnapshot` undoes the
   * change); null when no group changed, so nothing was written.
   */
  snapshot: number | null;
  /** How the change was applied. */
  restarted: SetConfigRestart;
  /** The groups whose stored value changed, in request order. */
  changed: string[];
  /** The instance the groups belong to; absent for global groups. */
  instance?: number;
}

function unknownGroup(
  level: 'global' | 'instance',
): (key: string, at: string, out: Violation[]) => void {
  return (key, at, out) => {
    let rule: string;
    if (level === 'global' && isInstanceGroup(key)) {
      rule = `${quote(key)} is an instance group: name its instance with "instance" (e.g. "instance": 0)`;
    } else if (level === 'instance' && isGlobalGroup(key)) {
      rule = `${quote(key)} is a global group: send it in a setconfig without "instance"`;
    } else {
      const names = level === 'global' ? GLOBAL_GROUPS : INSTANCE_GROUPS;
      rule = `${quote(key)} is not ${level === 'global' ? 'a global' : 'an instance'} group (${level} groups: ${names.join(', ')})`;
    }
    out.push(violation(at, rule));
  };
}

/**
 * The check of `config`: an object of groups of one level, at least one; each a valid group
 * value, then (when it is one and not null) its content against the group's schema
 * (`validateGroup`), so that all violations come at once in document order, as a restore reports
 * them.
 */
function checkConfig(level: 'global' | 'instance'): Check {
  const names = level === 'global' ? GLOBAL_GROUPS : INSTANCE_GROUPS;
  const fields: ReadonlyMap<string, Field> = new Map(
    names.map((name) => [
      name,
      {
        check: (value: unknown, pointer: string, out: Violation[]) => {
          const found: Violation[] = [];
          checkGroupValue(value, pointer, found);
          out.push(...found);
          if (found.length === 0 && value !== null) {
            out.push(...validateGroup(name as SettingsGroupName, groupValue(value), pointer));
          }
        },
      },
    ]),
  );
  const words = `an object of ${level === 'global' ? 'global' : "the instance's"} setting groups`;
  return (value, pointer, out) => {
    const isObject = checkObject(out, pointer, value, words, fields, unknownGroup(level));
    if (isObject && Object.keys(value).length === 0) {
      out.push(
        violation(pointer, `must name at least one group (${level} groups: ${names.join(', ')})`),
      );
    }
  };
}

const INSTANCE_FIELD: Field = { check: instanceIndex };

/**
 * Every violation of a `config setconfig` request, in document order; `[]` when it is valid
 * (see {@link SetConfigRequest}).
 *
 * `instance`, when present, is an instance id from 0 to 254 (whether that instance exists is
 * the server's to say), and `config` then holds only instance groups (`device`, `leds`,
 * `smoothing`, …); without it, only global groups (`general`, `webConfig`, …). `config` names at
 * least one group; each is an object, an array, a string holding a JSON object or array, or null
 * (back to the default), as in a restore. Other top-level properties are allowed.
 *
 * Each group's content is checked against its schema where it stands (`validateGroup`, as for a
 * restore), so that `/config/device/hardwareLedCount: must be an integer from 1 to 65536` comes
 * with the request's own violations.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateSetConfigRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  // The level follows the presence of `instance`, even a broken one: its own violation says what
  // is wrong, and the groups are not reported a second time for the wrong level.
  const level = own(request, 'instance') === undefined ? 'global' : 'instance';
  const fields: ReadonlyMap<string, Field> = new Map([
    ['command', { required: '"config"', check: constant('config') }],
    ['subcommand', { required: '"setconfig"', check: constant('setconfig') }],
    ['tan', tanField],
    ['instance', INSTANCE_FIELD],
    [
      'config',
      {
        required: `the setting groups to save, e.g. {"${level === 'global' ? 'general' : 'smoothing'}": {…}}`,
        check: checkConfig(level),
      },
    ],
  ]);
  checkObject(out, '', request, 'a JSON object', fields, 'allow');
  return out;
}

/** The typed value of a valid `config setconfig` request (see {@link SetConfigRequest}), or its violations. */
export const parseSetConfigRequest: Parser<SetConfigRequest> = parserOf(validateSetConfigRequest);
