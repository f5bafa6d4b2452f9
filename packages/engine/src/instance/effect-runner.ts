import { EventEmitter } from 'node:events';
import { resolve as resolvePath } from 'node:path';
import { type ActiveEffectInfo, type EffectErrorInfo, errorFirstLine } from '@glowkit/protocol';
import { EffectCanvas } from '../canvas/effect-canvas.js';
import { loadEffectImage } from '../canvas/image-source.js';
import { validateEffectArgs } from '../effects/effect-args.js';
import type { EffectCatalogue } from '../effects/effect-catalogue.js';
import type { EffectConfinement } from '../effects/effect-confinement.js';
import {
  type EffectExit,
  type EffectLimits,
  EffectProcess,
  type EffectProcessOptions,
  EffectStartError,
} from '../effects/effect-process.js';
import { type EngineResult, failed } from '../errors.js';
import type { PriorityMuxer } from '../muxer/priority-muxer.js';
import { smoothingFromEffectArgs } from '../smoothing/smoothing-config.js';

/** What a request to run an effect carries (the `effect` command, or a boot/background effect). */
export interface EffectRequest {
  /** The effect's name: a definition of the catalogue, or the name a `pythonScript` runs under. */
  name: string;
  /** Replace the definition's args when given and not empty (no merging, as Hyperion.ng). */
  args?: Record<string, unknown> | undefined;
  priority: number;
  /** Milliseconds; negative: endless. */
  durationMs: number;
  origin: string;
  /** The script of a known option schema (as `serverinfo` shows it), run without a definition. */
  pythonScript?: string | undefined;
  /** Base64 picture handed to `getImage()` (gif effects). */
  imageData?: string | undefined;
}

/** An effect running now, as `serverinfo.activeEffects` lists it (protocol's). */
export type ActiveEffect = ActiveEffectInfo;

/** Why an effect stopped by itself, kept for `serverinfo.effectErrors` and the log (protocol's). */
export type EffectProblem = EffectErrorInfo;

/** The effect runner's surroundings, given by the instance. */
export interface EffectRunnerContext {
  muxer: PriorityMuxer;
  catalogue: () => EffectCatalogue;
  /** The canvas size and LED count of the current layout. */
  layout: () => { ledCount: number; width: number; height: number };
  latchTime: () => number;
  /** More folders that `:name` images resolve in, after the effect's own (the catalogue's). */
  resourceDirs: () => readonly string[];
  python?: string | undefined;
  limits?: Partial<EffectLimits> | undefined;
  /** How every effect is confined; `network` comes from each effect's definition. */
  confinement?: EffectConfinement | undefined;
  log: (level: 'info' | 'warn' | 'error', message: string) => void;
}

/** The child process of a running effect (see {@link EffectRunner.children}). */
export interface EffectChild {
  /** The priority it runs at. */
  priority: number;
  /** The effect's name. */
  name: string;
  /** The `python3` child's process id. */
  pid: number;
}

interface Running {
  process: EffectProcess;
  active: ActiveEffect;
}

/** The problems kept for `serverinfo`, newest last. */
const PROBLEMS_KEPT = 20;

/**
 * Runs Python effects at priorities of one instance: checks the request (definition, args
 * against the option schema), starts one child per effect, feeds its frames to the muxer, and
 * stops it when its priority is cleared, replaced or expires. A script that fails, exits or is
 * killed gives its priority up at once, so the next one shows (Hyperion.ng keeps the last frame
 * lit), and the reason is kept in {@link problems}.
 */
export class EffectRunner extends EventEmitter<{ changed: [] }> {
  readonly #context: EffectRunnerContext;
  readonly #running = new Map<number, Running>();
  /** Starts under way, by priority: a newer request at the same priority supersedes them. */
  readonly #starting = new Map<number, symbol>();
  readonly #problems: EffectProblem[] = [];
  #closed = false;

  constructor(context: EffectRunnerContext) {
    super();
    this.#context = context;
    context.muxer.on('removed', (input) => {
      if (input.component !== 'EFFECT') return;
      const running = this.#running.get(input.priority);
      if (running) void this.#stopRunning(input.priority, running);
    });
  }

  /** The effects running now, by ascending priority. */
  get active(): ActiveEffect[] {
    return [...this.#running.values()].map((r) => r.active).sort((a, b) => a.priority - b.priority);
  }

  /**
   * The child process of each running effect, by ascending priority (read-only figures for
   * diagnostics: the server reads their CPU and memory from `/proc/<pid>`). A child that has not
   * spawned yet, or whose spawn failed, is left out.
   */
  get children(): EffectChild[] {
    const out: EffectChild[] = [];
    for (const { process, active } of this.#running.values()) {
      const pid = process.pid;
      if (pid > 0) out.push({ priority: active.priority, name: active.name, pid });
    }
    return out.sort((a, b) => a.priority - b.priority);
  }

  /** Recent effects that failed or were killed, oldest first. */
  get problems(): readonly EffectProblem[] {
    return this.#problems;
  }

  /** Whether an effect runs (or is starting) at a priority. */
  has(priority: number): boolean {
    return this.#running.has(priority) || this.#starting.has(priority);
  }

  /**
   * Checks and starts an effect; resolves once it runs (its first frame, or it is alive without
   * one), or with the reason it was refused or failed at start.
   */
  async run(request: EffectRequest): Promise<EngineResult> {
    if (this.#closed) return failed('instance-closing', {});
    const resolved = this.#resolve(request);
    if (!resolved.ok) return resolved;
    const { script, args, displayScript, resourceDirs, network } = resolved;
    const { muxer } = this.#context;
    const token = Symbol(request.name);
    this.#starting.set(request.priority, token);
    // One effect per priority: the one there stops first, so that two never feed one input.
    const previous = this.#running.get(request.priority);
    if (previous) await this.#stopRunning(request.priority, previous);
    muxer.register(request.priority, {
      component: 'EFFECT',
      origin: request.origin,
      owner: request.name,
      durationMs: request.durationMs,
      ...optional('smoothing', smoothingFromEffectArgs(args)),
    });
    const layout = this.#context.layout();
    const options: EffectProcessOptions = {
      name: request.name,
      script,
      args,
      ledCount: layout.ledCount,
      latchTime: this.#context.latchTime(),
      width: layout.width,
      height: layout.height,
      durationMs: request.durationMs,
      resourceDirs: [
        ...new Set([...resourceDirs, ...this.#context.resourceDirs()].map((d) => resolvePath(d))),
      ],
      createCanvas: (width, height) => new EffectCanvas(width, height),
      loadImage: loadEffectImage,
      ...optional('imageData', request.imageData),
      ...optional('python', this.#context.python),
      ...optional('limits', this.#context.limits),
      confinement: { ...this.#context.confinement, network },
    };
    const process = new EffectProcess(options);
    const running: Running = {
      process,
      active: {
        name: request.name,
        script: displayScript,
        priority: request.priority,
        timeout: request.durationMs,
        args,
      },
    };
    process.on('frame', (frame) => {
      // Its first frames come while it starts: they show at once (its input is registered).
      const starting = this.#starting.get(request.priority) === token;
      if (!starting && this.#running.get(request.priority) !== running) return;
      if (frame.kind === 'colors') muxer.setColors(request.priority, frame.colors);
      else muxer.setImage(request.priority, frame.image);
    });
    process.on('log', (level, text) =>
      this.#context.log(level, `effect '${request.name}': ${text}`),
    );
    // Told only after a successful start (a failed one is answered below).
    process.once('exit', (exit) => {
      // Also after a stop: a script that ignored it was killed, and that is worth telling.
      this.#report(request, exit);
      if (this.#running.get(request.priority) !== running) return;
      this.#running.delete(request.priority);
      // The script is gone: give its priority up, so the next one shows (or black).
      if (muxer.get(request.priority)?.component === 'EFFECT') muxer.clear(request.priority);
      this.emit('changed');
    });
    try {
      await process.start();
    } catch (error) {
      const exit: EffectExit =
        error instanceof EffectStartError
          ? error.exit
          : { reason: 'failed', message: errorFirstLine(error) };
      if (this.#starting.get(request.priority) === token) {
        this.#starting.delete(request.priority);
        if (muxer.get(request.priority)?.owner === request.name) muxer.clear(request.priority);
      }
      this.#remember(request, 'failed', exit.message);
      return failed('effect-start-failed', { exit });
    }
    if (this.#starting.get(request.priority) !== token || this.#closed) {
      // Superseded by a newer request (or the instance closed) while starting; its exit is
      // reported as any other.
      await process.stop();
      return failed('effect-superseded', { priority: request.priority });
    }
    this.#starting.delete(request.priority);
    // The caller of start() resumes before the process can tell of its end: this is in time.
    this.#running.set(request.priority, running);
    this.emit('changed');
    return { ok: true };
  }

  /** Stops the effect at a priority (its muxer input stays: the caller clears it). */
  async stop(priority: number): Promise<void> {
    this.#starting.delete(priority);
    const running = this.#running.get(priority);
    if (running) await this.#stopRunning(priority, running);
  }

  /** Stops every effect; resolves when no child is left. */
  async stopAll(): Promise<void> {
    this.#starting.clear();
    await Promise.all(
      [...this.#running.entries()].map(([priority, running]) =>
        this.#stopRunning(priority, running),
      ),
    );
  }

  /** Stops everything and refuses new effects. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.stopAll();
  }

  async #stopRunning(priority: number, running: Running): Promise<void> {
    if (this.#running.get(priority) === running) {
      this.#running.delete(priority);
      this.emit('changed');
    }
    await running.process.stop();
  }

  #resolve(request: EffectRequest): EngineResult<{
    script: string;
    displayScript: string;
    args: Record<string, unknown>;
    resourceDirs: string[];
    network: boolean;
  }> {
    const catalogue = this.#context.catalogue();
    const requestArgs =
      request.args !== undefined && Object.keys(request.args).length > 0 ? request.args : undefined;
    if (request.pythonScript !== undefined) {
      // Only scripts that have an option schema run this way: a client never names a file.
      const schema = catalogue.schemaFor(request.pythonScript);
      if (!schema) {
        return failed('effect-script-unknown', {
          script: request.pythonScript,
          known: catalogue.schemas.map((s) => s.script),
        });
      }
      const args = requestArgs ?? {};
      const violations = validateEffectArgs(schema.schemaContent, args);
      if (violations.length > 0) return failed('effect-args-invalid', { violations });
      return {
        ok: true,
        script: schema.scriptFile,
        displayScript: schema.script,
        args,
        resourceDirs: catalogue.resourceDirs({ script: schema.scriptFile }),
        // Only a definition can ask for the network, never a client's request.
        network: false,
      };
    }
    const definition = catalogue.find(request.name);
    if (!definition) return failed('effect-not-found', { name: request.name });
    const args = requestArgs ?? definition.args;
    if (requestArgs) {
      const violations = validateEffectArgs(definition.schema, requestArgs);
      if (violations.length > 0) return failed('effect-args-invalid', { violations });
    }
    return {
      ok: true,
      script: definition.script,
      displayScript: catalogue.displayPath(definition.script),
      args,
      resourceDirs: catalogue.resourceDirs(definition),
      network: definition.network,
    };
  }

  /** Logs how an effect ended; a failure or a kill is also kept for {@link problems}. */
  #report(request: EffectRequest, exit: EffectExit): void {
    if (exit.reason === 'finished') this.#context.log('info', exit.message);
    else if (exit.reason !== 'stopped') {
      this.#remember(request, exit.reason, exit.message);
      this.#context.log('warn', exit.message);
    }
  }

  #remember(request: EffectRequest, reason: EffectExit['reason'], message: string): void {
    this.#problems.push({
      name: request.name,
      priority: request.priority,
      reason,
      message,
      at: Date.now(),
    });
    if (this.#problems.length > PROBLEMS_KEPT) this.#problems.shift();
  }
}

/** `{ [key]: value }` when value is defined, else `{}`: for exactOptionalPropertyTypes-safe spreads. */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
