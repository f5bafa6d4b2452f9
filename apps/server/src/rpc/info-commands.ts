import {
  DEFAULT_SUBSCRIPTION_TOPICS,
  errorReply,
  type LedColorsRequest,
  type PowerStateName,
  type ServerInfoRequest,
  SUBSCRIPTION_TOPICS,
  splitTopics,
  successReply,
} from '@glowkit/protocol';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import type { CommandContext } from './command.js';
import { boundInstance } from './control-commands.js';
import type { Outcome } from './outcome.js';
import type { PushHub } from './pushes.js';
import { type InputsInfo, serverInfo } from './serverinfo.js';
import type { Session } from './session.js';

/** What `serverinfo` and `ledcolors` need from the server. */
export interface InfoDeps {
  runtime: ServiceRuntime;
  pushes: PushHub;
  /** The picture inputs, for `serverinfo` (none: a server without them). */
  inputs?: InputsInfo | undefined;
  /** The service's working / idle / suspended state (`serverinfo.power`). */
  power: { readonly state: PowerStateName };
}

const httpOnly = (name: string, tan: number): Outcome => ({
  reply: errorReply(
    name,
    tan,
    'Command not supported via single API calls using HTTP/S',
    ['subscriptions and live streams need a session: send this over a WebSocket'],
    { code: 'http-unsupported' },
  ),
});

/** Adds topics to a session; returns the warnings for names that are no topic. */
function subscribe(session: Session, topics: readonly string[]): string[] {
  const state = session.state;
  if (!state) return [];
  const { known, unknown } = splitTopics(topics);
  for (const topic of topics.length === 0 ? DEFAULT_SUBSCRIPTION_TOPICS : known) {
    state.subscriptions.add(topic);
  }
  return unknown.length === 0
    ? []
    : [
        `subscribe - Invalid commands provided: ${unknown.join(',')} (known: ${SUBSCRIPTION_TOPICS.join(', ')})`,
      ];
}

/**
 * `serverinfo` and its subcommands. A `subscribe` list in the request subscribes a WebSocket
 * session (over HTTP it is ignored, as in Hyperion.ng); unknown topic names only add a warning.
 */
export function serverinfoCommand({
  value,
  name,
  tan,
  session,
  deps,
}: CommandContext<ServerInfoRequest, InfoDeps>): Outcome {
  // Topics come in `subscribe`, or (subscribe/unsubscribe) in `data.subscriptions`, where
  // Hyperion.ng's handler reads them.
  const list = ('data' in value ? value.data?.subscriptions : undefined) ?? value.subscribe;
  // A session that asks about an instance by number hears of its changes from now on.
  watch(session, value.instance);
  // An empty subcommand, like none, means getInfo.
  switch (value.subcommand || 'getInfo') {
    case 'getInfo': {
      const warnings = list ? subscribe(session, list) : [];
      // An `instance` in the request asks about that one; else the session's (bound now).
      const asked = value.instance;
      const bound = boundInstance(session, deps.runtime);
      const id =
        asked !== undefined
          ? asked
          : bound
            ? (session.state?.instance ?? deps.runtime.firstRunning?.id)
            : undefined;
      return {
        reply: successReply(
          name,
          tan,
          serverInfo(deps.runtime, id, deps.inputs, deps.power.state),
          warnings,
        ),
      };
    }
    case 'subscribe': {
      if (!session.state) return httpOnly(name, tan);
      const warnings = subscribe(session, list ?? []);
      return { reply: successReply(name, tan, undefined, warnings) };
    }
    case 'unsubscribe': {
      if (!session.state) return httpOnly(name, tan);
      if (!list || list.length === 0) session.state.subscriptions.clear();
      else for (const topic of list) session.state.subscriptions.delete(topic);
      return { reply: successReply(name, tan) };
    }
    case 'getSubscriptions':
      if (!session.state) return httpOnly(name, tan);
      return {
        reply: successReply(name, tan, { subscriptions: [...session.state.subscriptions].sort() }),
      };
    default:
      return { reply: successReply(name, tan, { commands: [...SUBSCRIPTION_TOPICS] }) };
  }
}

/** Adds an instance to those a stateful session hears the pushes of (see `SessionState.watched`). */
function watch(session: Session, instance: number | undefined): void {
  const state = session.state;
  if (!state || instance === undefined) return;
  state.watched ??= new Set();
  state.watched.add(instance);
}

/**
 * `ledcolors ledstream-start` / `-stop`: the live LED colours of the instance named by
 * `instance`, else of the session's. One session may stream several instances at once;
 * `ledstream-stop` without `instance` stops them all. `imagestream-start` / `-stop`: the same for
 * the visible picture source's picture (the one shown now at once, as the colours are).
 */
export function ledcolorsCommand({
  value,
  name,
  tan,
  session,
  deps,
}: CommandContext<LedColorsRequest, InfoDeps>): Outcome {
  const state = session.state;
  if (!state) return httpOnly(name, tan);
  const instance = value.instance;
  const start = value.subcommand === 'ledstream-start' || value.subcommand === 'imagestream-start';
  if (!start) {
    if (value.subcommand === 'ledstream-stop') deps.pushes.stopStream(state, instance);
    else deps.pushes.images.stop(state, instance);
    return { reply: successReply(name, tan) };
  }
  const what = value.subcommand === 'ledstream-start' ? 'LED stream' : 'image stream';
  const running =
    instance === undefined ? boundInstance(session, deps.runtime) : deps.runtime.instance(instance);
  if (!running) {
    return {
      reply: errorReply(
        name,
        tan,
        'No instance running',
        [
          instance === undefined
            ? `start an instance before its ${what}`
            : `instance ${instance} is not running: start it before its ${what}`,
        ],
        { code: 'instance-none-running' },
      ),
    };
  }
  watch(session, instance);
  if (value.subcommand === 'imagestream-start') {
    // The picture shown now follows the reply, then every new one.
    return {
      reply: successReply(name, tan),
      after: () => {
        // The border of the last picture detected, which is the one shown now.
        const border = running.view.blackBorder.border;
        deps.pushes.images.start(
          state,
          running.id,
          running.view.picture,
          border.unknown ? undefined : border,
        );
      },
    };
  }
  // The current colours follow the reply, then every change.
  return {
    reply: successReply(name, tan),
    after: () => deps.pushes.startStream(state, instance),
  };
}
