import {
  errorReply,
  INPUT_SOURCE_TYPES,
  type InputSourceDiscovery,
  type InputSourceRequest,
  successReply,
} from '@glowkit/protocol';
import { type CaptureDiscoveryOptions, discoverInputSources } from '../capture/discovery.js';
import type { Logger } from '../logger.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import type { CommandContext } from './command.js';
import type { Outcome } from './outcome.js';

/** What `inputsource` needs from the server. */
export interface InputSourceDeps {
  logger: Logger;
  /** The running service: `framegrabber.fps` goes into the screens' `default`. */
  runtime: ServiceRuntime;
  /** Where discovery looks and with which tools (tests point it at their own display). */
  captureDiscovery?: CaptureDiscoveryOptions | undefined;
}

type SourceType = InputSourceDiscovery['sourceType'];

function isSourceType(type: string): type is SourceType {
  return (INPUT_SOURCE_TYPES as readonly string[]).includes(type);
}

/**
 * `inputsource discover`: the capture sources of one type on the server's machine (see
 * capture/discovery.ts). `getProperties` answers the same for the one source named in
 * `params.device` (all of them without it), and an error when there is no such source; Hyperion.ng
 * accepts it and never answers. An unknown `sourceType` gets Hyperion.ng's error text.
 */
export async function inputSourceCommand({
  value,
  name,
  tan,
  deps,
}: CommandContext<InputSourceRequest, InputSourceDeps>): Promise<Outcome> {
  const type = value.sourceType.trim();
  if (!isSourceType(type)) {
    return {
      reply: errorReply(name, tan, `Unknown input source type: ${type}`, undefined, {
        code: 'input-source-unknown',
        params: { type },
      }),
    };
  }
  const device = value.subcommand === 'getProperties' ? value.params?.device : undefined;
  const fps = deps.runtime.globalSettings.framegrabber?.fps ?? 10;
  const info = await discoverInputSources(type, deps.captureDiscovery ?? {}, fps, device);
  if (device !== undefined && (info.video_sources ?? info.audio_sources ?? []).length === 0) {
    return {
      reply: errorReply(name, tan, 'Invalid params', [
        `/params/device: no ${type} source ${JSON.stringify(device)} on this machine (inputsource discover lists them)`,
      ]),
    };
  }
  return { reply: successReply(name, tan, info) };
}
