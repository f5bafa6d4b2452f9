import { ERRORS, errorReply, type Reply, type RequestKey } from '@glowkit/protocol';
import { COMMAND_TABLE } from '../rpc/dispatcher.js';
import type { Outcome } from '../rpc/outcome.js';
import { invalidParams } from '../rpc/params.js';
import type { Session } from '../rpc/session.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import { componentRequest, lightRequests, type Translated } from './commands.js';
import type { MqttMessage } from './discovery.js';
import type { MqttSettings } from './settings.js';

/** The dispatcher's entry point (see createDispatcher). */
export type Dispatch = (request: unknown, session: Session) => Outcome | Promise<Outcome>;

/**
 * Who MQTT commands run as: signed in (the broker's credentials are the gate to the topics), not
 * an admin, so that they drive the LEDs as a token granted through a token request does, and
 * configuration and token commands are refused. `broker` is its address (`host:port`).
 */
export const mqttSession = (broker: string): Session => ({
  address: broker,
  transport: 'mqtt',
  auth: {
    ok: true,
    token: { id: 'mqtt', comment: 'MQTT broker', admin: false, createdAt: '', lastUse: null },
  },
});

/**
 * Runs the commands published to a server through its dispatcher: Home Assistant's light
 * commands (`<base>/<instance>/set`, and `<groupTopic>/set` for every running instance), the
 * component switches (`<base>/<instance>/component/<NAME>/set`) and raw JSON-RPC
 * (`<base>/jsonrpc`). It publishes nothing itself: it returns what to publish (refusals on
 * `<base>/error`, replies on `<base>/jsonrpc/response`).
 */
export class CommandBridge {
  readonly #runtime: ServiceRuntime;
  readonly #dispatch: Dispatch;

  constructor(runtime: ServiceRuntime, dispatch: Dispatch) {
    this.#runtime = runtime;
    this.#dispatch = dispatch;
  }

  /** Runs the message `payload` on `topic` as `session`; resolves to what to publish. */
  async handle(
    settings: MqttSettings,
    session: Session,
    topic: string,
    payload: string,
  ): Promise<MqttMessage[]> {
    const base = `${settings.baseTopic}/`;
    if (topic === `${base}jsonrpc`) return this.#jsonRpc(settings, session, payload);
    if (settings.groupTopic !== '' && topic === `${settings.groupTopic}/set`) {
      const ids = this.#runtime.instances.filter((i) => i.running).map((i) => i.id);
      return this.#light(settings, session, topic, payload, ids);
    }
    if (!topic.startsWith(base)) return [];
    const parts = topic.slice(base.length).split('/');
    if (!/^\d+$/.test(parts[0] ?? '')) return [];
    const id = Number(parts[0]);
    if (parts.length === 2 && parts[1] === 'set') {
      return this.#light(settings, session, topic, payload, [id]);
    }
    if (parts.length === 4 && parts[1] === 'component' && parts[3] === 'set') {
      return this.#run(settings, session, topic, componentRequest(payload, parts[2] ?? '', id));
    }
    return [];
  }

  #light(
    settings: MqttSettings,
    session: Session,
    topic: string,
    payload: string,
    ids: number[],
  ): Promise<MqttMessage[]> | MqttMessage[] {
    let command: unknown;
    try {
      command = JSON.parse(payload);
    } catch {
      return [
        refusal(
          settings,
          topic,
          errorReply('mqtt-light', 0, ERRORS.parse, [
            `/: the payload is not JSON: send e.g. {"state":"ON","color":{"r":255,"g":0,"b":0}}`,
          ]),
        ),
      ];
    }
    const runtime = this.#runtime;
    const views = ids.map((id) => runtime.instance(id)?.view);
    const translated = lightRequests(command, {
      instances: ids,
      effects: runtime.catalogue.serverInfo().map((effect) => effect.name),
      ledOn: views.every((v) => v?.components.find((c) => c.name === 'LEDDEVICE')?.enabled),
      adjustable: views.every((v) => v === undefined || v.adjustments.length > 0),
      showing: views.every((v) => v === undefined || v.priorities.some((p) => p.visible)),
    });
    return this.#run(settings, session, topic, translated);
  }

  /**
   * Runs a translated command: every request is checked by its parser first (the dispatcher's
   * own), and only when all pass are they dispatched, in order; a refusal goes to the error topic.
   */
  async #run(
    settings: MqttSettings,
    session: Session,
    topic: string,
    translated: Translated,
  ): Promise<MqttMessage[]> {
    if (!translated.ok) {
      const reply = errorReply('mqtt-command', 0, ERRORS.invalidParams, translated.errors);
      return [refusal(settings, topic, reply)];
    }
    for (const request of translated.requests) {
      const name = String(request.command);
      const parsed = COMMAND_TABLE[name as RequestKey].parse(request);
      if (!parsed.ok) {
        return [refusal(settings, topic, invalidParams(name, 0, parsed.violations).reply)];
      }
    }
    for (const request of translated.requests) {
      const outcome = await this.#dispatch(request, session);
      if (!outcome.reply.success) return [refusal(settings, topic, outcome.reply)];
    }
    return [];
  }

  /**
   * HyperHDR's remote-control channel: one JSON-RPC request, or an array run in order, answered
   * on `<base>/jsonrpc/response` (one reply, or an array of them).
   */
  async #jsonRpc(
    settings: MqttSettings,
    session: Session,
    payload: string,
  ): Promise<MqttMessage[]> {
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      body = undefined;
    }
    const requests = Array.isArray(body) ? body : [body];
    const replies: unknown[] = [];
    for (const request of requests) {
      const outcome =
        request === undefined
          ? { reply: errorReply('unknown', 0, ERRORS.parse, ['/: the payload is not JSON']) }
          : await this.#dispatch(request, session);
      replies.push(outcome.text === undefined ? outcome.reply : JSON.parse(outcome.text));
    }
    const answer = JSON.stringify(Array.isArray(body) ? replies : replies[0]);
    return [{ topic: `${settings.baseTopic}/jsonrpc/response`, payload: answer }];
  }
}

/** A refusal on `<base>/error`: the reply as JSON-RPC words it, with the topic it answers. */
const refusal = (settings: MqttSettings, topic: string, reply: Reply): MqttMessage => ({
  topic: `${settings.baseTopic}/error`,
  payload: JSON.stringify({ ...reply, topic }),
});
