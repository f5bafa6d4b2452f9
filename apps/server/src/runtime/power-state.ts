/**
 * The service's one working / idle / suspended state (automation.md §6), which every source of
 * events feeds: the `system` command, the schedules (`schedEvents`), the operating system's
 * sleep (`osEvents`), and whatever comes later. It applies the state to every running instance,
 * and to every instance that starts while it holds (`instance startInstance`, a restart, a
 * `config setconfig` that rebuilds one).
 */
import type { ComponentName, LedInstance } from '@glowkit/engine';
import type { PowerStateName } from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import type { ServiceRuntime } from './service-runtime.js';

export type { PowerStateName };

/** What a source may ask for: the actions of Hyperion.ng's `schema-eventActions.json`. */
export type PowerAction =
  | 'Suspend'
  | 'Resume'
  | 'ToggleSuspend'
  | 'Idle'
  | 'ResumeIdle'
  | 'ToggleIdle'
  | 'Restart';

/** What happened, as `event-update` tells it: the toggles resolved. */
export type PowerEvent = 'Suspend' | 'Resume' | 'Idle' | 'ResumeIdle' | 'Restart';

/**
 * The components idle switches off, as Hyperion.ng does (every one but `LEDDEVICE` and
 * `SMOOTHING`): the grabbers on the box, the boblight server, the forwarder, the black border
 * detection. The LED device stays on, so that the background effect (or black) shows and a
 * colour or effect a client sets meanwhile shows too.
 */
export const IDLE_OFF: readonly ComponentName[] = [
  'GRABBER',
  'V4L',
  'BOBLIGHTSERVER',
  'FORWARDER',
  'BLACKBORDER',
];

/** What the state switched off on one instance, to switch on again that and nothing more. */
interface Taken {
  /** Its `ALL` (a suspension). */
  all: boolean;
  /** The {@link IDLE_OFF} components that were on (idle). */
  components: ComponentName[];
}

/** What a {@link PowerState} needs of the server. */
export interface PowerStateOptions {
  runtime: ServiceRuntime;
  logger: Logger;
  /** Tells the sessions subscribed to `event-update` what happened. */
  event(event: PowerEvent): void;
  /** Restarts the service (the `Restart` action of a schedule or an event source). */
  requestRestart(reason: string): void;
}

/**
 * The working / idle / suspended state machine. Unlike Hyperion.ng's two flags, it is one state:
 *
 * | action      | working        | idle                  | suspended       |
 * |-------------|----------------|-----------------------|-----------------|
 * | Suspend     | → suspended    | → suspended           | —               |
 * | Resume      | —              | → working (ResumeIdle)| → working       |
 * | Idle        | → idle         | —                     | — (stays)       |
 * | ResumeIdle  | —              | → working             | —               |
 *
 * Suspend switches every instance's `ALL` off: effects cached (restarted on resume), every source
 * cleared, the LED device switched off and closed (a WLED handed back), the grabbers stopped
 * (their ffmpeg children end once no instance takes them). Idle clears the colours, effects and
 * pictures set by clients (`clear -1`, so the background effect or black shows) and switches the
 * {@link IDLE_OFF} components off. Leaving a state switches on what it switched off, never what a
 * user had switched off before. Each change is pushed as an `event-update`.
 */
export class PowerState {
  readonly #options: PowerStateOptions;
  #state: PowerStateName = 'working';
  /** The instances the state acts on, and what it switched off on each. */
  readonly #taken = new Map<LedInstance, Taken>();
  /** Changes run one after the other: an instance is never switched two ways at once. */
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;
  readonly #follow = (): void => {
    void this.#serial(() => this.#takeNewInstances());
  };

  constructor(options: PowerStateOptions) {
    this.#options = options;
    options.runtime.on('instance-started', this.#follow);
    options.runtime.on('instances', this.#follow);
  }

  /** The state now. */
  get state(): PowerStateName {
    return this.#state;
  }

  /**
   * Does what `action` asks, if it changes anything; resolves to the event that happened
   * (undefined when nothing did, e.g. `Resume` while working). `origin` names the source in the
   * log line (`system command`, `schedule 23:00`, `system sleep`).
   */
  request(action: PowerAction, origin: string): Promise<PowerEvent | undefined> {
    return this.#serial(async () => {
      if (this.#closed) return undefined;
      const event = this.#resolve(action);
      if (event === undefined) return undefined;
      const { logger } = this.#options;
      switch (event) {
        case 'Suspend':
          await this.#suspend();
          logger.info({ origin }, 'suspended: every LED device is off and released until resumed');
          break;
        case 'Idle':
          await this.#idle();
          logger.info({ origin }, 'idle: captures are off until resumed');
          break;
        case 'Resume':
        case 'ResumeIdle':
          await this.#work();
          logger.info({ origin }, event === 'Resume' ? 'resumed' : 'idle ended');
          break;
        case 'Restart':
          logger.info({ origin }, 'restart asked for');
          break;
      }
      this.#options.event(event);
      if (event === 'Restart') this.#options.requestRestart(origin);
      return event;
    });
  }

  /**
   * For the runtime, with each instance built before it starts: one that starts while the
   * service is suspended starts off (its device never opened), and comes on at resume.
   */
  beforeStart(instance: LedInstance): void {
    if (this.#state !== 'suspended' || this.#closed) return;
    instance.startOff();
    this.#takenOf(instance).all = true;
  }

  /** Stops following the runtime; the instances stay as they are. */
  close(): void {
    this.#closed = true;
    this.#options.runtime.off('instance-started', this.#follow);
    this.#options.runtime.off('instances', this.#follow);
  }

  /** The event an action leads to from the state now; undefined when it changes nothing. */
  #resolve(action: PowerAction): PowerEvent | undefined {
    const state = this.#state;
    switch (action) {
      case 'Suspend':
        return state === 'suspended' ? undefined : 'Suspend';
      case 'Resume':
        if (state === 'suspended') return 'Resume';
        return state === 'idle' ? 'ResumeIdle' : undefined;
      case 'ToggleSuspend':
        return state === 'suspended' ? 'Resume' : 'Suspend';
      case 'Idle':
        return state === 'working' ? 'Idle' : undefined;
      case 'ResumeIdle':
        return state === 'idle' ? 'ResumeIdle' : undefined;
      case 'ToggleIdle':
        if (state === 'working') return 'Idle';
        return state === 'idle' ? 'ResumeIdle' : undefined;
      case 'Restart':
        return 'Restart';
    }
  }

  #serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(step, step);
    this.#queue = run.catch((error: unknown) => {
      this.#options.logger.error(
        { error: error instanceof Error ? error.message : String(error) },
        'switching the instances to the new state failed',
      );
    });
    return run;
  }

  /** The running instances, by the object that runs now (a rebuilt instance is a new one). */
  #running(): LedInstance[] {
    const { runtime } = this.#options;
    return runtime.instances.flatMap(({ id }) => {
      const instance = runtime.instance(id);
      return instance ? [instance] : [];
    });
  }

  async #suspend(): Promise<void> {
    this.#state = 'suspended';
    for (const instance of this.#running()) await this.#suspendOne(instance);
  }

  async #suspendOne(instance: LedInstance): Promise<void> {
    const taken = this.#takenOf(instance);
    // Off already: switched off by its user (it stays off at resume), or started off.
    if (!instance.components.get('ALL')) return;
    taken.all = true;
    await instance.setComponent('ALL', false);
  }

  async #idle(): Promise<void> {
    this.#state = 'idle';
    for (const instance of this.#running()) await this.#idleOne(instance);
  }

  async #idleOne(instance: LedInstance): Promise<void> {
    const taken = this.#takenOf(instance);
    instance.clear(-1);
    for (const name of IDLE_OFF) {
      if (!instance.components.get(name)) continue;
      taken.components.push(name);
      await instance.setComponent(name, false);
    }
  }

  /** Back to working: what the state switched off goes on again, on the instances still running. */
  async #work(): Promise<void> {
    this.#state = 'working';
    const running = new Set(this.#running());
    const taken = [...this.#taken];
    this.#taken.clear();
    for (const [instance, { all, components }] of taken) {
      if (!running.has(instance)) continue;
      for (const name of components) await instance.setComponent(name, true);
      if (all) await instance.setComponent('ALL', true);
    }
  }

  /** Instances started since the last change take the state; stopped ones are forgotten. */
  async #takeNewInstances(): Promise<void> {
    const running = new Set(this.#running());
    for (const instance of this.#taken.keys()) {
      if (!running.has(instance)) this.#taken.delete(instance);
    }
    if (this.#state === 'working' || this.#closed) return;
    for (const instance of running) {
      if (this.#taken.has(instance)) continue;
      if (this.#state === 'suspended') await this.#suspendOne(instance);
      else await this.#idleOne(instance);
    }
  }

  #takenOf(instance: LedInstance): Taken {
    let taken = this.#taken.get(instance);
    if (!taken) {
      taken = { all: false, components: [] };
      this.#taken.set(instance, taken);
    }
    return taken;
  }
}
