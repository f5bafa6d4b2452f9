/** The settings forms of `config getschema`. */
import type { SettingsSchemasInfo } from '@glowkit/protocol';
import { deviceForms } from './device-forms.js';
import { groupForms } from './group-forms.js';

/**
 * What `config getschema` answers: the group forms and one `device` form per device type.
 *
 * @param effects - the names of the effects the server has (the boot and background effects'
 *   select lists them).
 * @param deviceTypes - the device types the instances can drive.
 */
export function settingsForms(
  effects: readonly string[],
  deviceTypes: readonly string[],
): SettingsSchemasInfo {
  return { groups: groupForms(effects), devices: deviceForms(deviceTypes) };
}
