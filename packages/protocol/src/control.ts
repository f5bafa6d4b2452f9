import { type AdjustmentRequest, validateAdjustmentRequest } from './adjustment.js';
import { validateAuthorizeRequest } from './authorize.js';
import {
  type ClearAllRequest,
  type ClearRequest,
  validateClearAllRequest,
  validateClearRequest,
} from './clear.js';
import { type ColorRequest, validateColorRequest } from './color.js';
import { type ComponentStateRequest, validateComponentStateRequest } from './componentstate.js';
import { type EffectRequest, validateEffectRequest } from './effect.js';
import {
  type CreateEffectRequest,
  type DeleteEffectRequest,
  validateCreateEffectRequest,
  validateDeleteEffectRequest,
} from './effect-files.js';
import type { CommandName, ResolvedEnvelope } from './envelope.js';
import { validateGetConfigRequest } from './getconfig.js';
import { validateGetSchemaRequest } from './getschema.js';
import { type ImageRequest, validateImageRequest } from './image.js';
import { type InstanceRequest, validateInstanceRequest } from './instance.js';
import { type LedColorsRequest, validateLedColorsRequest } from './ledcolors.js';
import { type LedDeviceRequest, validateLedDeviceRequest } from './leddevice.js';
import { validateRestoreRequest } from './restore.js';
import { type ServerInfoRequest, validateServerInfoRequest } from './serverinfo.js';
import { validateSetConfigRequest } from './setconfig.js';
import { validateSnapshotRequest } from './snapshots.js';
import { validateSysinfoRequest } from './sysinfo.js';
import type { Violation } from './violations.js';

/** A valid request of one of the LED control commands, told apart by `command`. */
export type ControlRequest =
  | EffectRequest
  | ColorRequest
  | ImageRequest
  | ClearRequest
  | ClearAllRequest
  | ComponentStateRequest
  | AdjustmentRequest
  | CreateEffectRequest
  | DeleteEffectRequest
  | InstanceRequest
  | ServerInfoRequest
  | LedColorsRequest
  | LedDeviceRequest;

type Validator = (request: unknown, envelope: ResolvedEnvelope) => Violation[];

function validateConfigRequest(request: unknown, envelope: ResolvedEnvelope): Violation[] {
  switch (envelope.subcommand) {
    case 'restoreconfig':
      return validateRestoreRequest(request);
    case 'getconfig':
      return validateGetConfigRequest(request);
    case 'setconfig':
      return validateSetConfigRequest(request);
    case 'getschema':
      return validateGetSchemaRequest(request);
    default:
      return validateSnapshotRequest(request);
  }
}

// One validator per command; the mapped type makes a new command in COMMANDS fail to compile
// until it has one here.
const VALIDATORS: { readonly [C in CommandName]: Validator } = {
  config: validateConfigRequest,
  authorize: validateAuthorizeRequest,
  instance: validateInstanceRequest,
  serverinfo: validateServerInfoRequest,
  sysinfo: validateSysinfoRequest,
  ledcolors: validateLedColorsRequest,
  leddevice: validateLedDeviceRequest,
  effect: validateEffectRequest,
  color: validateColorRequest,
  image: validateImageRequest,
  clear: validateClearRequest,
  clearall: validateClearAllRequest,
  componentstate: validateComponentStateRequest,
  adjustment: validateAdjustmentRequest,
  'create-effect': validateCreateEffectRequest,
  'delete-effect': validateDeleteEffectRequest,
};

/**
 * Every violation of a request whose envelope resolved, by the validator of its command: the
 * control commands (`effect`, `color`, `image`, `clear`, `clearall`, `componentstate`,
 * `adjustment`, `create-effect`, `delete-effect`, `instance`, `serverinfo`, `ledcolors`,
 * `leddevice`) and also `config` (by subcommand) and `authorize`, so that a dispatcher needs only this call.
 * When it returns `[]`, the request is the matching interface of {@link ControlRequest} (or a
 * valid config or authorize request).
 *
 * @param envelope - what `readEnvelope` returned for the request, when `ok`.
 * @param request - the same parsed request.
 * @returns all violations at once, `[]` when the request is valid.
 */
export function validateControlRequest(envelope: ResolvedEnvelope, request: unknown): Violation[] {
  return VALIDATORS[envelope.command](request, envelope);
}
