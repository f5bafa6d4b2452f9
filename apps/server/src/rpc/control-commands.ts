import {
  createCustomEffect,
  deleteCustomEffect,
  type EngineResult,
  type LedInstance,
  loadEffectImage,
  type RgbImage,
  type SourceRequest,
} from '@glowkit/engine';
import { errorReply, imageEncodingOf, own, successReply } from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import { engineErrorReply } from './engine-errors.js';
import type { Outcome } from './outcome.js';
import type { Session } from './session.js';

/** What the control commands need from the server. */
export interface ControlDeps {
  runtime: ServiceRuntime;
  logger: Logger;
}

/** A failure the server words itself (no instance to send to, a picture it cannot decode). */
type Failure = { ok: false; error: string; details: string[] };

const NO_INSTANCE: Failure = {
  ok: false,
  error: 'No instance running',
  details: [
    'no LED instance runs: start one with {"command":"instance","subcommand":"startInstance"}',
  ],
};

/**
 * The running instances a request goes to: its `instance` list, else the session's instance,
 * else the first running one — to which a WebSocket session is then bound, as in Hyperion.ng.
 */
export function targetsOf(
  request: unknown,
  session: Session,
  runtime: ServiceRuntime,
): { ok: true; instances: LedInstance[] } | Failure {
  const listed = own(request, 'instance');
  if (Array.isArray(listed)) {
    const instances: LedInstance[] = [];
    for (const id of listed as number[]) {
      const instance = runtime.instance(id);
      if (!instance) {
        return {
          ok: false,
          error: `Instance ${id} is not running`,
          details: [`/instance: instance ${id} is not running; start it, or leave it out`],
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

/** "<origin>@<peer>", as Hyperion.ng stores origins; "JsonRpc" when the request names none. */
const originOf = (request: unknown, session: Session): string => {
  const origin = own(request, 'origin');
  return `${typeof origin === 'string' ? origin : 'JsonRpc'}@${session.address}`;
};

/** Where and how long a colour, picture or effect shows: `priority`, `duration` (-1 endless), origin. */
const sourceOf = (request: unknown, session: Session): SourceRequest => {
  const duration = own(request, 'duration');
  return {
    priority: own(request, 'priority') as number,
    durationMs: typeof duration === 'number' ? duration : -1,
    origin: originOf(request, session),
  };
};

async function eachTarget(
  name: string,
  tan: number,
  request: unknown,
  session: Session,
  deps: ControlDeps,
  run: (instance: LedInstance) => EngineResult | Promise<EngineResult>,
): Promise<Outcome> {
  const targets = targetsOf(request, session, deps.runtime);
  if (!targets.ok) return { reply: errorReply(name, tan, targets.error, targets.details) };
  for (const instance of targets.instances) {
    const result = await run(instance);
    if (!result.ok) return { reply: engineErrorReply(name, tan, result.error) };
  }
  return { reply: successReply(name, tan) };
}

/** `effect`: runs an effect; answered once it runs, or with why it did not start. */
export function runEffect(
  request: unknown,
  name: string,
  tan: number,
  session: Session,
  deps: ControlDeps,
): Promise<Outcome> {
  const effect = own(request, 'effect') as Record<string, unknown>;
  const args = effect.args as Record<string, unknown> | undefined;
  const pythonScript = own(request, 'pythonScript');
  const imageData = own(request, 'imageData');
  return eachTarget(name, tan, request, session, deps, (instance) =>
    instance.runEffect({
      name: effect.name as string,
      args,
      ...sourceOf(request, session),
      pythonScript: typeof pythonScript === 'string' ? pythonScript : undefined,
      imageData: typeof imageData === 'string' ? imageData : undefined,
    }),
  );
}

/** `color`: one colour for every LED, or N colours repeated along the strip. */
export function setColor(
  request: unknown,
  name: string,
  tan: number,
  session: Session,
  deps: ControlDeps,
): Promise<Outcome> {
  return eachTarget(name, tan, request, session, deps, (instance) =>
    instance.setColor(sourceOf(request, session), own(request, 'color') as number[]),
  );
}

/** The picture of an `image` request: raw RGB of the given size, or a PNG/JPEG/GIF file. */
async function imageOf(request: unknown): Promise<{ ok: true; image: RgbImage } | Failure> {
  const data = own(request, 'imagedata') as string;
  const width = own(request, 'imagewidth');
  const height = own(request, 'imageheight');
  const bytes = Buffer.from(data, 'base64');
  if (imageEncodingOf(request) === 'raw') {
    // The protocol checked that the data holds exactly 3 bytes per pixel.
    const w = width as number;
    const h = height as number;
    return { ok: true, image: { width: w, height: h, data: new Uint8Array(bytes) } };
  }
  try {
    const [image] = await loadEffectImage({
      source: '',
      crop: [0, 0, 0, 0],
      grayscale: false,
      imageData: data,
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
    };
  }
}

/** `image`: shows a picture at a priority, mapped onto the LEDs. */
export async function setImage(
  request: unknown,
  name: string,
  tan: number,
  session: Session,
  deps: ControlDeps,
): Promise<Outcome> {
  const decoded = await imageOf(request);
  if (!decoded.ok) return { reply: errorReply(name, tan, decoded.error, decoded.details) };
  const imageName = own(request, 'name');
  return eachTarget(name, tan, request, session, deps, (instance) =>
    instance.setImage(
      {
        ...sourceOf(request, session),
        ...(typeof imageName === 'string' ? { name: imageName } : {}),
      },
      decoded.image,
    ),
  );
}

/** `clear` (a priority, or -1 for all) and `clearall`. */
export function clear(
  request: unknown,
  name: string,
  tan: number,
  session: Session,
  deps: ControlDeps,
  all: boolean,
): Promise<Outcome> {
  const priority = all ? -1 : (own(request, 'priority') as number);
  return eachTarget(name, tan, request, session, deps, (instance) => {
    instance.clear(priority);
    return { ok: true };
  });
}

/** `componentstate`: switches ALL, SMOOTHING or LEDDEVICE. */
export function componentState(
  request: unknown,
  name: string,
  tan: number,
  session: Session,
  deps: ControlDeps,
): Promise<Outcome> {
  const change = own(request, 'componentstate') as { component: string; state: boolean };
  return eachTarget(name, tan, request, session, deps, (instance) =>
    instance.setComponent(change.component, change.state),
  );
}

/** `adjustment`: patches a colour adjustment at run time. */
export function adjustment(
  request: unknown,
  name: string,
  tan: number,
  session: Session,
  deps: ControlDeps,
): Promise<Outcome> {
  const patch = own(request, 'adjustment') as Record<string, unknown>;
  return eachTarget(name, tan, request, session, deps, (instance) => instance.adjust(patch));
}

/** `create-effect`: saves a custom effect in the data directory, then reloads the list. */
export async function createEffect(
  request: unknown,
  name: string,
  tan: number,
  deps: ControlDeps,
): Promise<Outcome> {
  const imageData = own(request, 'imageData');
  const result = await createCustomEffect(deps.runtime.catalogue, {
    name: own(request, 'name') as string,
    script: own(request, 'script') as string,
    args: own(request, 'args') as Record<string, unknown>,
    ...(typeof imageData === 'string' ? { imageData } : {}),
  });
  if (!result.ok) return { reply: engineErrorReply(name, tan, result.error) };
  deps.logger.info({ file: result.file }, 'custom effect saved');
  await deps.runtime.reloadEffects();
  return { reply: successReply(name, tan) };
}

/** `delete-effect`: deletes a custom effect's file, then reloads the list. */
export async function deleteEffect(
  request: unknown,
  name: string,
  tan: number,
  deps: ControlDeps,
): Promise<Outcome> {
  const result = await deleteCustomEffect(deps.runtime.catalogue, own(request, 'name') as string);
  if (!result.ok) return { reply: engineErrorReply(name, tan, result.error) };
  deps.logger.info({ file: result.file }, 'custom effect deleted');
  await deps.runtime.reloadEffects();
  return { reply: successReply(name, tan) };
}
