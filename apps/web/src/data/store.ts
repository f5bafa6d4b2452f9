/**
 * What the pages show of the server, read once and kept current by its pushes: the instances,
 * the state of each running one (its device, what it shows, its switches, brightness and
 * layout), the effects, the service's working / idle / suspended state, and (for the Tokens
 * page) the tokens and token requests. One store per
 * connection, in the app's context; pages read it and re-render on its `change` event.
 */
import type {
  DataPush,
  EffectFileProblem,
  EffectInfo,
  GrabberStatus,
  InputSourceInfo,
  InstanceInfo,
  InstanceLatencyInfo,
  LedsSettings,
  PowerStateName,
  PushCommand,
  PushData,
  SubscriptionTopic,
} from '@glowkit/protocol';
import { type ServerConnection, ServerError } from '../api/connection.js';
import type { Session } from '../api/session.js';
import { readServerInfo } from './calls.js';
import { type InputSource, withRates } from './input-sources.js';
import {
  type InstanceState,
  stateOf,
  withAdjustments,
  withComponent,
  withDevice,
  withLeds,
  withPriorities,
} from './instance-state.js';
import { TokenLists } from './tokens.js';

/**
 * The topics the store subscribes to, once per connection: what every instance shows and how
 * it is switched (pushed for each instance the session read by number), its device and the
 * picture inputs' clients (Glowkit's own topics, asked for by name), the instance list, the
 * effects, and the working / idle / suspended state's changes (the footer's power menu).
 */
export const STORE_TOPICS: readonly SubscriptionTopic[] = [
  'instance-update',
  'effects-update',
  'priorities-update',
  'components-update',
  'adjustment-update',
  'leds-update',
  'device-update',
  'input-sources-update',
  'event-update',
];

/** The state each `event-update` leaves the server in (a restart leaves it as it was). */
const STATE_AFTER: Record<PushData['event-update']['event'], PowerStateName | undefined> = {
  Suspend: 'suspended',
  Resume: 'working',
  Idle: 'idle',
  ResumeIdle: 'working',
  Restart: undefined,
};

/** The grabbers' statuses by kind; a kind the server does not report is missing. */
export type GrabberStatuses = Partial<Record<'screen' | 'video', GrabberStatus>>;

/** The statuses of `serverinfo.grabbers` (a server without grabbers reports none). */
function grabbersOf(
  grabbers: { screen?: { status?: GrabberStatus }; video?: { status?: GrabberStatus } } | undefined,
): GrabberStatuses {
  const out: GrabberStatuses = {};
  if (grabbers?.screen?.status) out.screen = grabbers.screen.status;
  if (grabbers?.video?.status) out.video = grabbers.video.status;
  return out;
}

/**
 * The store. It loads when the browser is signed in and the socket open, subscribing in the same
 * request; after a reconnect (a restart of the server, a lost network), which ends the session's
 * subscriptions, it loads and subscribes again. Nothing is read again on a timer: each running
 * instance is read once by number (so that its pushes reach this session), and again only when it
 * starts. Events: `change`.
 */
export class ServerStore extends EventTarget {
  readonly #connection: ServerConnection;
  readonly #session: Session;
  /** The tokens and token requests, read while the Tokens page follows them. */
  readonly tokens: TokenLists;
  /** Counts the sessions the store has been in (a new one after each close or sign-out). */
  #epoch = 0;
  /** The session the store last loaded in; another one loads again. */
  #loadedIn = -1;
  /** The session whose running instances were all read by number. */
  #readIn = -1;
  /** Counts loads, so that a late answer to an older one changes nothing. */
  #load = 0;
  /** The latest read of each instance, so that a late answer to an older one changes nothing. */
  readonly #reads = new Map<number, number>();
  #loaded = false;
  #error: unknown = undefined;
  #instances: readonly InstanceInfo[] = [];
  readonly #states = new Map<number, InstanceState>();
  readonly #layouts = new Map<number, LedsSettings>();
  #effects: readonly EffectInfo[] = [];
  #effectProblems: readonly EffectFileProblem[] = [];
  #inputSources: readonly InputSource[] = [];
  #latency: readonly InstanceLatencyInfo[] = [];
  #grabbers: GrabberStatuses = {};
  #power: PowerStateName | undefined;

  constructor(connection: ServerConnection, session: Session) {
    super();
    this.#connection = connection;
    this.#session = session;
    this.tokens = new TokenLists(connection);
    this.tokens.addEventListener('change', () => this.#changed());
    connection.addEventListener('state', () => {
      // The server forgot this session's subscriptions and watched instances with its socket.
      if (connection.state === 'reconnecting' || connection.state === 'idle') this.#epoch += 1;
      // What pages show depends on it too: a lost connection greys the cards.
      this.#changed();
    });
    // After the session's own hook (it was made first): logged in again by then.
    connection.onOpen(async () => this.#sync());
    session.addEventListener('change', () => {
      if (session.state === 'signed-out') this.#clear();
      this.#sync();
    });
    this.#follow('instance-update', (push) => this.#setInstances(push.data, false));
    // The list itself comes with the push; the files left out come with serverinfo.
    this.#follow('effects-update', () => void this.refresh());
    this.#patch('priorities-update', (s, data) =>
      withPriorities(s, data.priorities, data.priorities_autoselect, performance.now()),
    );
    // Each second while a client is connected or a grabber runs: the rates come from consecutive
    // pushes, and the instances' latency figures and the grabbers' statuses come with them (no
    // polling of serverinfo for any).
    this.#follow('input-sources-update', (push) => {
      this.#setInputSources(push.data.inputSources);
      if (push.data.latency) this.#latency = push.data.latency;
      if (push.data.grabbers) this.#grabbers = push.data.grabbers;
      this.#changed();
    });
    // Whoever changed it (the power menu, a schedule, the machine's sleep, another client).
    this.#follow('event-update', (push) => {
      this.#power = STATE_AFTER[push.data.event] ?? this.#power;
      this.#changed();
    });
    this.#patch('components-update', withComponent);
    this.#patch('adjustment-update', withAdjustments);
    this.#patch('device-update', withDevice);
    this.#patch('leds-update', (s, data, id) => {
      this.#layouts.set(id, data.leds);
      return withLeds(s, data.leds);
    });
  }

  /** Whether the instance list has been read (or refused: see {@link ServerStore.error}). */
  get loaded(): boolean {
    return this.#loaded;
  }

  /** Why the server would not tell its state, as it said it; undefined once it did. */
  get error(): unknown {
    return this.#error;
  }

  /** Every configured instance. */
  get instances(): readonly InstanceInfo[] {
    return this.#instances;
  }

  /** The effects that can run. */
  get effects(): readonly EffectInfo[] {
    return this.#effects;
  }

  /** The effect files the server left out, with why. */
  get effectProblems(): readonly EffectFileProblem[] {
    return this.#effectProblems;
  }

  /**
   * The picture inputs' clients (daemon-wide), with their frame rates: read with everything else,
   * then from their `input-sources-update` pushes (each second while one is connected).
   */
  get inputSources(): readonly InputSource[] {
    return this.#inputSources;
  }

  /**
   * An instance's picture-to-LED latency by stage: read with everything else, then from the
   * `input-sources-update` pushes (each second while a picture input's client is connected; the
   * last figures stay after it left). Undefined for an instance not running when last told.
   */
  latency(instance: number): InstanceLatencyInfo | undefined {
    return this.#latency.find((l) => l.instance === instance);
  }

  /**
   * The grabbers' statuses on the box (`serverinfo.grabbers.<kind>.status`): read with everything
   * else, then from the `input-sources-update` pushes (each second while a grabber starts or runs,
   * and once after it stopped). A kind is missing while the server reports none.
   */
  get grabbers(): GrabberStatuses {
    return this.#grabbers;
  }

  /**
   * The server's working / idle / suspended state (`serverinfo.power`, then the `event-update`
   * pushes); undefined until read, and from a server that does not tell it.
   */
  get power(): PowerStateName | undefined {
    return this.#power;
  }

  /** The state of a running instance once read; undefined while stopped or not yet read. */
  state(instance: number): InstanceState | undefined {
    return this.#states.get(instance);
  }

  /** The last layout known of an instance (a stopped one keeps the one it had). */
  layout(instance: number): LedsSettings | undefined {
    return this.#layouts.get(instance);
  }

  /** Reads the instance list and the effects again (after creating an effect, say). */
  async refresh(): Promise<void> {
    const load = ++this.#load;
    try {
      const info = await readServerInfo(this.#connection, undefined, STORE_TOPICS);
      if (load !== this.#load) return;
      this.#loaded = true;
      this.#error = undefined;
      this.#effects = info.effects;
      this.#effectProblems = info.effectProblems;
      this.#setInputSources(info.inputSources ?? []);
      this.#latency = info.latency ?? [];
      this.#grabbers = grabbersOf(info.grabbers);
      // Older servers do not tell it.
      this.#power = info.power?.state;
      this.#setInstances(info.instance, this.#loadedIn !== this.#readIn);
      this.#readIn = this.#loadedIn;
    } catch (error) {
      if (load !== this.#load || !(error instanceof ServerError)) return;
      // A lost connection is not the server's answer: the next session loads again.
      this.#loaded = true;
      this.#error = error;
    }
    this.#changed();
  }

  /** Loads once per session, when signed in. */
  #sync(): void {
    if (this.#session.state !== 'signed-in' || this.#loadedIn === this.#epoch) return;
    this.#loadedIn = this.#epoch;
    void this.refresh();
    if (this.tokens.followed) void this.tokens.reload();
  }

  /**
   * A new instance list: instances that started (or, with `readAll`, every running one, in a new
   * session) are read by number; stopped ones lose their state, keeping their layout.
   */
  #setInstances(instances: readonly InstanceInfo[], readAll: boolean): void {
    const before = new Map(this.#instances.map((i) => [i.instance, i.running]));
    this.#instances = instances;
    for (const { instance, running } of instances) {
      if (!running) this.#states.delete(instance);
      else if (readAll || before.get(instance) !== true) void this.#read(instance);
    }
    for (const id of [...this.#states.keys()]) {
      if (!instances.some((i) => i.instance === id)) this.#states.delete(id);
    }
    this.#changed();
  }

  /** Reads one instance by number: its state, and its pushes from now on. */
  async #read(id: number): Promise<void> {
    const read = (this.#reads.get(id) ?? 0) + 1;
    this.#reads.set(id, read);
    try {
      const info = await readServerInfo(this.#connection, id);
      if (this.#reads.get(id) !== read) return;
      // A stopped instance reports no layout: the one it had stays known.
      if (info.instance.some((i) => i.instance === id && i.running)) {
        this.#states.set(id, stateOf(info, performance.now()));
        this.#layouts.set(id, info.leds);
      }
      // Stopped meanwhile (or others changed): the list says so.
      this.#setInstances(info.instance, false);
    } catch {
      // A lost connection reads again in the next session; a refusal leaves the instance unread.
    }
  }

  /** Takes the input sources as the server sent them now, each with its rate since the last. */
  #setInputSources(sources: readonly InputSourceInfo[]): void {
    this.#inputSources = withRates(this.#inputSources, sources, performance.now());
  }

  /** Applies pushes of `command`. */
  #follow<C extends PushCommand>(command: C, apply: (push: DataPush<C>) => void): void {
    this.#connection.onPush(command, (push) => {
      if (this.#session.state === 'signed-in') apply(push);
    });
  }

  /** Applies pushes of `command` to the state of the instance they name. */
  #patch<C extends PushCommand>(
    command: C,
    change: (state: InstanceState, data: DataPush<C>['data'], id: number) => InstanceState,
  ): void {
    this.#follow(command, (push) => {
      const id = push.instance;
      const state = id === undefined ? undefined : this.#states.get(id);
      if (id === undefined || !state) return;
      this.#states.set(id, change(state, push.data, id));
      this.#changed();
    });
  }

  /** Forgets everything (signed out): the next browser to sign in reads afresh. */
  #clear(): void {
    this.#epoch += 1;
    this.#load += 1;
    this.#loaded = false;
    this.#error = undefined;
    this.#instances = [];
    this.#states.clear();
    this.#layouts.clear();
    this.#effects = [];
    this.#effectProblems = [];
    this.#inputSources = [];
    this.#latency = [];
    this.#grabbers = {};
    this.tokens.clear();
  }

  #changed(): void {
    this.dispatchEvent(new Event('change'));
  }
}
