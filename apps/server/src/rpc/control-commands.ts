import {
  createCustomEffect,
  deleteCustomEffect,
  type EngineResult,
  type LedInstance,
  loadEffectImage,
  type RgbImage,
  type SourceRequest,
} from '@glowkit/engine';
import {
  type AdjustmentRequest,
  type ClearAllRequest,
  type ClearRequest,
  type ColorRequest,
  type ComponentStateRequest,
  type CreateEffectRequest,
  type DeleteEffectRequest,
  type EffectRequest,
  type ErrorCoded,
  errorReply,
  type ImageRequest,
  imageEncodingOf,
  successReply,
} from '@glowkit/protocol';
import type { ForwardedRequest } from '../forwarder/json-target.js';
import type { Logger } from '../logger.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import type { CommandContext } from './command.js';
import { engineErrorReply } from './engine-errors.js';
import type { Outcome } from './outcome.js';
import type { Session } from './session.js';

/** What the control commands need from the server. */
export interface ControlDeps {
  runtime: ServiceRuntime;
  logger: Logger;
  /** Hears each `color`, `image`, `effect`, `clear` and `clearall` an instance took (the forwarder). */
  forwarder?: { jsonCommand(instanceId: number, request: ForwardedRequest): void } | undefined;
}

/** A control command's handler argument: its request's typed value and what it needs. */
export type Control<T> = CommandContext<T, ControlDeps>;

/** A failure the server words itself (no instance to send to, a picture it cannot decode). */
type Failure = { ok: false; error: string; details: string[]; coded: ErrorCoded };

const NO_INSTANCE: Failure = {
  ok: false,
  error: 'No instance running',
  details: [
    'no LED instance runs: start one with {"command":"instance","subcommand":"startInstance"}',
  ],
  coded: { code: 'instance-none-running' },
};

/**
 * The running instances a request goes to: its `instance` list, else the session's instance,
 * else the first running one — to which a WebSocket session is then bound, as in Hyperion.ng.
 */
export function targetsOf(
  listed: readonly number[] | undefined,
  session: Session,
  runtime: ServiceRuntime,
): { ok: true; instances: LedInstance[] } | Failure {
  if (listed !== undefined) {
    const instances: LedInstance[] = [];
    for (const id of listed) {
      const instance = runtime.instance(id);
      if (!instance) {
        return {
          ok: false,
          error: `Instance ${id} is not running`,
          details: [`/instance: instance ${id} is not running; start it, or leave it out`],
          coded: { code: 'instance-not-running', params: { id } },
        };
      }
      instances.push(instance);
    }
    return { ok: true, instances };
  }
  const bound = boundInstance(session, runtime);
  return bound ? { ok: true, instances: [bound] } : NO_INSTANCE;
}

/** The session's running instance; an unbound session is bound to the first running one. */
export function boundInstance(session: Session, runtime: ServiceRuntime): LedInstance | undefined {
  const state = session.state;
  if (state?.instance !== undefined) return runtime.instance(state.instance);
  const first = runtime.firstRunning;
  if (state && first) state.instance = first.id;
  return first;
}

/** What places a colour, picture or effect: `priority`, `duration`, `origin` of its request. */
interface Placed {
  priority: number;
  duration?: number;
  origin?: string;
}

/**
 * Where and how long a colour, picture or effect shows: `priority`, `duration` (-1 endless when
 * absent), and the origin as Hyperion.ng stores it, "<origin>@<peer>" ("JsonRpc" when unnamed).
 */
const sourceOf = (value: Placed, session: Session): SourceRequest => ({
  priority: value.priority,
  durationMs: value.duration ?? -1,
  origin: `${value.origin ?? 'JsonRpc'}@${session.address}`,
});

/** Runs `run` on every instance the request goes to (see {@link targetsOf}), stopping at a failure. */
export async function eachTarget(
  { value, name, tan, session, deps }: Control<{ instance?: number[] }>,
  run: (instance: LedInstance) => EngineResult | Promise<EngineResult>,
): Promise<Outcome> {
  const targets = targetsOf(value.instance, session, deps.runtime);
  if (!targets.ok)
    return { reply: errorReply(name, tan, targets.error, targets.details, targets.coded) };
  for (const instance of targets.instances) {
    const result = await run(instance);
    if (!result.ok) return { reply: engineErrorReply(name, tan, result.error) };
  }
  return { reply: successReply(name, tan) };
}

/** An instance took a command the forwarder re-sends to its JSON targets: it hears of it. */
function forwarded(
  { value, deps }: Control<ForwardedRequest>,
  instance: LedInstance,
  result: EngineResult,
): EngineResult {
  if (result.ok) deps.forwarder?.jsonCommand(instance.id, value);
  return result;
}

/** `effect`: runs an effect; answered once it runs, or with why it did not start. */
export function runEffect(context: Control<EffectRequest>): Promise<Outcome> {
  const { value, session } = context;
  return eachTarget(context, async (instance) =>
    forwarded(
      context,
      instance,
      await instance.runEffect({
        name: value.effect.name,
        args: value.effect.args,
        ...sourceOf(value, session),
        pythonScript: value.pythonScript,
        imageData: value.imageData,
      }),
    ),
  );
}

/** `color`: one colour for every LED, or N colours repeated along the strip. */
export function setColor(context: Control<ColorRequest>): Promise<Outcome> {
  const { value, session } = context;
  return eachTarget(context, (instance) =>
    forwarded(context, instance, instance.setColor(sourceOf(value, session), value.color)),
  );
}

/** The picture of an `image` request: raw RGB of the given size, or a PNG/JPEG/GIF file. */
async function imageOf(value: ImageRequest): Promise<{ ok: true; image: RgbImage } | Failure> {
  const bytes = Buffer.from(value.imagedata, 'base64');
  const { imagewidth: width, imageheight: height } = value;
  // The parser checked that raw data comes with its size and holds exactly 3 bytes per pixel.
  if (imageEncodingOf(value) === 'raw' && width !== undefined && height !== undefined) {
    return { ok: true, image: { width, height, data: new Uint8Array(bytes) } };
  }
  try {
    const [image] = await loadEffectImage({
      source: '',
      crop: [0, 0, 0, 0],
      grayscale: false,
      imageData: value.imagedata,
      resourceDirs: [],
    });
    if (!image) throw new Error('the picture has no frames');
    return { ok: true, image };
  } catch (error) {
    return {
      ok: false,
      error: 'Image could not be decoded',
      details: [
        `/imagedata: ${(error as Error).message}; send a PNG, JPEG or GIF, or raw RGB with "format":"raw", imagewidth and imageheight`,
      ],
      coded: { code: 'image-undecodable' },
    };
  }
}

/** `image`: shows a picture at a priority, mapped onto the LEDs. */
export async function setImage(context: Control<ImageRequest>): Promise<Outcome> {
  const { value, name, tan, session } = context;
  const decoded = await imageOf(value);
  if (!decoded.ok)
    return { reply: errorReply(name, tan, decoded.error, decoded.details, decoded.coded) };
  return eachTarget(context, (instance) =>
    forwarded(
      context,
      instance,
      instance.setImage(
        { ...sourceOf(value, session), ...(value.name === undefined ? {} : { name: value.name }) },
        decoded.image,
      ),
    ),
  );
}

/** `clear`: a priority, or -1 for all. */
export function clear(context: Control<ClearRequest>): Promise<Outcome> {
  return eachTarget(context, (instance) => {
    instance.clear(context.value.priority);
    return forwarded(context, instance, { ok: true });
  });
}

/** `clearall`: every colour, effect and picture. */
export function clearAll(context: Control<ClearAllRequest>): Promise<Outcome> {
  return eachTarget(context, (instance) => {
    instance.clear(-1);
    return forwarded(context, instance, { ok: true });
  });
}

/** `componentstate`: switches ALL, SMOOTHING, BLACKBORDER, FORWARDER, BOBLIGHTSERVER or LEDDEVICE. */
export function componentState(context: Control<ComponentStateRequest>): Promise<Outcome> {
  const { component, state } = context.value.componentstate;
  return eachTarget(context, (instance) => instance.setComponent(component, state));
}

/** `adjustment`: patches a colour adjustment at run time. */
export function adjustment(context: Control<AdjustmentRequest>): Promise<Outcome> {
  const patch = context.value.adjustment;
  return eachTarget(context, (instance) => instance.adjust(patch));
}

/** `create-effect`: saves a custom effect in the data directory, then reloads the list. */
export async function createEffect({
  value,
  name,
  tan,
  deps,
}: Control<CreateEffectRequest>): Promise<Outcome> {
  const result = await createCustomEffect(deps.runtime.catalogue, {
    name: value.name,
    script: value.script,
    args: value.args,
    ...(value.imageData === undefined ? {} : { imageData: value.imageData }),
  });
  if (!result.ok) return { reply: engineErrorReply(name, tan, result.error) };
  deps.logger.info({ file: result.file }, 'custom effect saved');
  await deps.runtime.reloadEffects();
  return { reply: successReply(name, tan) };
}

/** `delete-effect`: deletes a custom effect's file, then reloads the list. */
export async function deleteEffect({
  value,
  name,
  tan,
  deps,
}: Control<DeleteEffectRequest>): Promise<Outcome> {
  const result = await deleteCustomEffect(deps.runtime.catalogue, value.name);
  if (!result.ok) return { reply: engineErrorReply(name, tan, result.error) };
  deps.logger.info({ file: result.file }, 'custom effect deleted');
  await deps.runtime.reloadEffects();
  return { reply: successReply(name, tan) };
}
