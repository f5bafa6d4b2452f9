// The commands around sources: which one shows (`sourceselect`), how pictures are mapped
// (`processing`) and which half of a 3D picture is used (`videomode`).
import type { ProcessingRequest, SourceSelectRequest } from '@glowkit/protocol';
import { type Control, eachTarget } from './control-commands.js';
import type { Outcome } from './outcome.js';

/**
 * `sourceselect`: pins a priority on each instance (`priorities_autoselect` false), or goes back
 * to auto-select with `auto: true` (which wins when both are given). Pinning a priority nobody
 * holds is an error (Hyperion.ng ignores it silently). When the pinned source leaves — it is
 * cleared, it times out, its client disconnects — auto-select comes back by itself.
 */
export function sourceSelect(context: Control<SourceSelectRequest>): Promise<Outcome> {
  const { auto, priority } = context.value;
  return eachTarget(context, (instance) => {
    if (auto === true || priority === undefined) {
      instance.selectAuto();
      return { ok: true };
    }
    return instance.selectSource(priority);
  });
}

/**
 * `processing`: each instance maps pictures with `mappingType` from now on (pushes
 * `imageToLedMapping-update`). Not stored, as in Hyperion.ng: a restart or a setconfig of the
 * instance's groups goes back to `color.imageToLedMappingType`.
 */
export function processing(context: Control<ProcessingRequest>): Promise<Outcome> {
  return eachTarget(context, (instance) => {
    instance.setMappingType(context.value.mappingType);
    return { ok: true };
  });
}
