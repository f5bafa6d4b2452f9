// The commands around sources: which one shows (`sourceselect`), how pictures are mapped
// (`processing`) and which half of a 3D picture is used (`videomode`).
import {
  type ProcessingRequest,
  type SourceSelectRequest,
  successReply,
  type VideoModeRequest,
} from '@glowkit/protocol';
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

/**
 * `videomode`: which half of the grabbers' frames (flatbuffers, protobuf) every instance uses,
 * daemon-wide as in Hyperion.ng; pushes `videomode-update`. Not stored. Unlike Hyperion.ng, it
 * acts on a session not yet bound to an instance too.
 */
export function videoMode({ value, name, tan, deps }: Control<VideoModeRequest>): Outcome {
  deps.runtime.setVideoMode(value.videoMode);
  return { reply: successReply(name, tan) };
}
