/**
 * The settings groups, from `@glowkit/protocol` (the one list the server, clients and tests
 * share), with what the store adds: the name of any group.
 */
import {
  GLOBAL_GROUPS,
  type GlobalGroup,
  INSTANCE_GROUPS,
  type InstanceGroup,
  isGlobalGroup,
  isInstanceGroup,
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
export type GroupName = GlobalGroup | InstanceGroup;

/** Whether `name` is any known settings group. */
export function isGroupName(name: string): name is GroupName {
  return isGlobalGroup(name) || isInstanceGroup(name);
}
