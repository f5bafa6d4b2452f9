/**
 * `osEvents` on Linux: the machine going to sleep and waking, as systemd-logind tells every
 * program on the system bus (`org.freedesktop.login1.Manager.PrepareForSleep(bool)`), suspends
 * and resumes the LEDs through the server's {@link PowerState}. Listening needs no root: any
 * program may receive logind's signals. The screen lock (`lockEnable`, `suspendOnLockEnable`)
 * is told on a desktop user's session bus, which a service has none of: those keys are stored,
 * not acted on.
 *
 * D-Bus is spoken with dbus-next (plain JavaScript over the bus's Unix socket), not through a
 * `gdbus monitor` child: no text output to parse, no process to keep alive, and the bus's absence
 * is an error event rather than an exit code.
 */
import { existsSync } from 'node:fs';
import type { MessageBus } from 'dbus-next';
import type { Logger } from '../logger.js';
import type { PowerState } from '../runtime/power-state.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';

/** Where the system bus is when neither the option nor `DBUS_SYSTEM_BUS_ADDRESS` says. */
const DEFAULT_SYSTEM_BUS = 'unix:path=/var/run/dbus/system_bus_socket';

const LOGIND = {
  sender: 'org.freedesktop.login1',
  path: '/org/freedesktop/login1',
  interface: 'org.freedesktop.login1.Manager',
  member: 'PrepareForSleep',
} as const;

/** The match rule that has the bus send us logind's sleep signal, and only logind's. */
export const PREPARE_FOR_SLEEP_RULE = `type='signal',sender='${LOGIND.sender}',path='${LOGIND.path}',interface='${LOGIND.interface}',member='${LOGIND.member}'`;

/** What {@link OsEvents} needs. */
export interface OsEventsOptions {
  runtime: ServiceRuntime;
  power: PowerState;
  logger: Logger;
  /**
   * The system bus's D-Bus address (`unix:path=…`). Default `DBUS_SYSTEM_BUS_ADDRESS`, else
   * `/var/run/dbus/system_bus_socket`.
   */
  systemBusAddress?: string | undefined;
}

/**
 * Follows the machine's sleep while `osEvents.suspendEnable` is on (its default). Going to sleep
 * suspends; waking resumes, but only what the sleep suspended: LEDs a user suspended before stay
 * suspended. Without a system bus (a container, another OS) it says so in one info line and does
 * nothing more until the settings change or the service restarts.
 */
export class OsEvents {
  readonly #options: OsEventsOptions;
  #bus: MessageBus | undefined;
  /** Whether the last sleep suspended the LEDs (so that waking resumes them). */
  #sleepSuspended = false;
  #listening = false;
  #closed = false;
  /** Whether dbus-next is being loaded for a connection (so that apply does not start another). */
  #loading = false;
  /** Counts disconnections, so that a load that finishes after one connects nothing. */
  #generation = 0;
  readonly #onSettings = (): void => this.apply();

  constructor(options: OsEventsOptions) {
    this.#options = options;
    options.runtime.on('settings', this.#onSettings);
  }

  /** Whether it listens to the system bus now (connected, the match rule added). */
  get listening(): boolean {
    return this.#listening;
  }

  /** Connects or disconnects as the running `osEvents` group says. */
  apply(): void {
    if (this.#closed) return;
    const wanted = this.#options.runtime.globalSettings.osEvents?.suspendEnable !== false;
    if (!wanted) this.#disconnect();
    else if (!this.#bus && !this.#loading) this.#connect();
  }

  /** Disconnects and stops following the settings. */
  close(): void {
    this.#closed = true;
    this.#options.runtime.off('settings', this.#onSettings);
    this.#disconnect();
  }

  #connect(): void {
    const address =
      this.#options.systemBusAddress ?? process.env.DBUS_SYSTEM_BUS_ADDRESS ?? DEFAULT_SYSTEM_BUS;
    // No socket, no bus (a container, a box without D-Bus): said without loading dbus-next, whose
    // code (about 2 MB resident with xml2js) would only report the same.
    const socket = /^unix:path=([^,;]+)/.exec(address)?.[1];
    if (socket !== undefined && !existsSync(socket)) {
      this.#noBus(address, new Error(`connect ENOENT ${socket}`));
      return;
    }
    const generation = this.#generation;
    this.#loading = true;
    import('dbus-next').then(
      (dbus) => {
        if (generation !== this.#generation || this.#closed) return;
        this.#loading = false;
        this.#open(dbus, address);
      },
      (error: unknown) => {
        if (generation !== this.#generation) return;
        this.#loading = false;
        this.#noBus(address, error);
      },
    );
  }

  #open(dbus: typeof import('dbus-next'), address: string): void {
    const { Message, MessageType, sessionBus } = dbus;
    let bus: MessageBus;
    try {
      bus = sessionBus({ busAddress: address });
    } catch (error) {
      this.#noBus(address, error);
      return;
    }
    this.#bus = bus;
    bus.on('error', (error: unknown) => {
      if (this.#bus !== bus) return;
      this.#noBus(address, error);
      this.#disconnect();
    });
    bus.on('message', (message) => {
      if (
        message.type !== MessageType.SIGNAL ||
        message.path !== LOGIND.path ||
        message.interface !== LOGIND.interface ||
        message.member !== LOGIND.member
      ) {
        return;
      }
      void this.#sleep(message.body[0] === true);
    });
    bus.on('connect', () => {
      void this.#addMatch(Message, bus, address);
    });
  }

  async #addMatch(
    Message: typeof import('dbus-next').Message,
    bus: MessageBus,
    address: string,
  ): Promise<void> {
    try {
      await bus.call(
        new Message({
          destination: 'org.freedesktop.DBus',
          path: '/org/freedesktop/DBus',
          interface: 'org.freedesktop.DBus',
          member: 'AddMatch',
          signature: 's',
          body: [PREPARE_FOR_SLEEP_RULE],
        }),
      );
    } catch (error) {
      if (this.#bus !== bus) return;
      this.#noBus(address, error);
      this.#disconnect();
      return;
    }
    if (this.#bus !== bus) return;
    this.#listening = true;
    this.#options.logger.info(
      { bus: address },
      'system events: the LEDs suspend when the machine sleeps and resume when it wakes (osEvents.suspendEnable)',
    );
  }

  async #sleep(goingToSleep: boolean): Promise<void> {
    const { power, logger } = this.#options;
    logger.info(
      goingToSleep
        ? 'system events: the machine goes to sleep'
        : 'system events: the machine woke up',
    );
    if (goingToSleep) {
      this.#sleepSuspended = (await power.request('Suspend', 'system sleep')) === 'Suspend';
    } else if (this.#sleepSuspended) {
      this.#sleepSuspended = false;
      await power.request('Resume', 'system wake');
    }
  }

  #noBus(address: string, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.#options.logger.info(
      { bus: address, reason },
      'system events: no system bus, so the LEDs do not follow the machine sleeping (set DBUS_SYSTEM_BUS_ADDRESS if it lives elsewhere)',
    );
  }

  #disconnect(): void {
    this.#generation++;
    this.#loading = false;
    const bus = this.#bus;
    this.#bus = undefined;
    this.#listening = false;
    bus?.disconnect();
  }
}
