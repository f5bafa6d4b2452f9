/**
 * The settings groups, from `@glowkit/protocol` (the one list the server, clients and tests
 * share), under the names the store uses.
 */
import {
  GLOBAL_GROUPS,
  type GlobalGroup,
  INSTANCE_GROUPS,
  type InstanceGroup,
  isGlobalGroup,
  isInstanceGroup,
  isSettingsGroupName,
  type SettingsGroupName,
} from '@glowkit/protocol';

export {
  GLOBAL_GROUPS,
  type GlobalGroup,
  INSTANCE_GROUPS,
  type InstanceGroup,
  isGlobalGroup,
  isInstanceGroup,
};

/** The name of any settings group. */
export type GroupName = SettingsGroupName;

/** Whether `name` is any known settings group. */
export const isGroupName: (name: string) => name is GroupName = isSettingsGroupName;
