import { type Check, checkObject, type Field, oneOf, own, tanField } from './checks.js';
import { commandField, instanceIndex } from './control-checks.js';
import { COMMANDS, type SubcommandOf } from './envelope.js';
import { type Parser, parserOf } from './parse.js';
import { childPointer, type Violation, violation } from './violations.js';

/**
 * The topics of Hyperion.ng's pushes (`JsonApiSubscription.h`); each push carries its topic as
 * `command`. `sessions-update` (gone since 2.1, still sent by hyperion-py) and `all` (from
 * Hyperion.ng's old documentation) are not among them.
 */
export const HYPERION_SUBSCRIPTION_TOPICS = [
  'adjustment-update',
  'components-update',
  'effects-update',
  'event-update',
  'imageToLedMapping-update',
  'instance-update',
  'leds-update',
  'logmsg-update',
  'priorities-update',
  'settings-update',
  'token-update',
  'videomode-update',
  'ledcolors-ledstream-update',
  'ledcolors-imagestream-update',
] as const;

/**
 * Glowkit's own topics, which Hyperion.ng does not have. A client asks for them by name: they
 * are not among the {@link DEFAULT_SUBSCRIPTION_TOPICS}, so that Hyperion.ng's clients, which
 * subscribe to everything, get no push they do not know.
 *
 * - `device-update`: an instance's LED device changed state (`data` as `serverinfo.device`:
 *   `{ type, state, enabled, error?, attempts, frames, dropped }`), e.g. it went to `error`
 *   when its port was lost, and back to `on`.
 * - `input-sources-update`: the picture inputs' clients (`data: { inputSources, latency,
 *   grabbers }`, as `serverinfo.inputSources`, `.latency` and each `.grabbers.<kind>.status`,
 *   daemon-wide: sent without `instance`), at most once a second while a client is connected or
 *   a grabber on the box starts or runs, once more when the last client left and the grabbers
 *   stopped, and not at all meanwhile: a page shows each client's frame rate and the grabbers'
 *   status without polling `serverinfo`.
 */
export const GLOWKIT_SUBSCRIPTION_TOPICS = ['device-update', 'input-sources-update'] as const;

/** The topics a client may subscribe to: Hyperion.ng's, then Glowkit's own. */
export const SUBSCRIPTION_TOPICS = [
  ...HYPERION_SUBSCRIPTION_TOPICS,
  ...GLOWKIT_SUBSCRIPTION_TOPICS,
] as const;

/** A topic of {@link SUBSCRIPTION_TOPICS}, e.g. `'priorities-update'`. */
export type SubscriptionTopic = (typeof SUBSCRIPTION_TOPICS)[number];

/**
 * What an empty subscription list subscribes to: every topic of Hyperion.ng's but the two LED
 * streams and the log, which are started on purpose (`ledcolors`, `logging`), as in Hyperion.ng.
 */
export const DEFAULT_SUBSCRIPTION_TOPICS: readonly SubscriptionTopic[] =
  HYPERION_SUBSCRIPTION_TOPICS.filter(
    (topic) => !topic.startsWith('ledcolors-') && topic !== 'logmsg-update',
  );

/** True when `name` is one of {@link SUBSCRIPTION_TOPICS}. */
export function isSubscriptionTopic(name: unknown): name is SubscriptionTopic {
  return (SUBSCRIPTION_TOPICS as readonly unknown[]).includes(name);
}

/**
 * Splits requested topic names into those Glowkit knows and the others, each once, in the order
 * given. Unknown names are not violations: as in Hyperion.ng, the reply is a success with the
 * warning `subscribe - Invalid commands provided: <names>` in its `errorData`, so that clients
 * asking for topics of other versions (hyperion-py's `sessions-update`) still connect.
 *
 * @param names - the `subscribe` (or `data.subscriptions`) list of a valid request.
 * @returns `{ known, unknown }`.
 */
export function splitTopics(names: readonly string[]): {
  known: SubscriptionTopic[];
  unknown: string[];
} {
  const known = new Set<SubscriptionTopic>();
  const unknown = new Set<string>();
  for (const name of names) {
    if (isSubscriptionTopic(name)) known.add(name);
    else unknown.add(name);
  }
  return { known: [...known], unknown: [...unknown] };
}

/** The `data` of `serverinfo subscribe` and `serverinfo unsubscribe`. */
export interface SubscriptionData {
  /** Topic names; `[]` means every default topic (subscribe) or every subscription (unsubscribe). */
  subscriptions: string[];
}

/** A valid `serverinfo` request: the state of the server, and subscriptions to its pushes. */
export type ServerInfoRequest =
  | {
      command: 'serverinfo';
      /** Absent (or `""`) means `getInfo`. */
      subcommand?: Exclude<SubcommandOf<'serverinfo'>, 'subscribe' | 'unsubscribe'>;
      tan?: number;
      /** The instance to report on; the session's instance when absent. */
      instance?: number;
      /** With `getInfo` on a WebSocket or TCP session: topics to subscribe to at once. */
      subscribe?: string[];
    }
  | {
      command: 'serverinfo';
      subcommand: 'subscribe' | 'unsubscribe';
      tan?: number;
      instance?: number;
      /** The topics, where Hyperion.ng's handler reads them; or else in `subscribe`. */
      data?: SubscriptionData;
      /** The topics, when `data` is absent: the same list `getInfo` takes. */
      subscribe?: string[];
    };

const SUBCOMMANDS = COMMANDS.serverinfo;

const checkSubcommand: Check = (value, pointer, out) => {
  if (value !== '') oneOf(SUBCOMMANDS)(value, pointer, out);
};

const TOPICS_WORDS = 'an array of topic names (strings, e.g. "priorities-update")';

const checkTopics: Check = (value, pointer, out) => {
  if (!Array.isArray(value)) {
    out.push(violation(pointer, `must be ${TOPICS_WORDS}`));
    return;
  }
  value.forEach((item: unknown, index) => {
    if (typeof item !== 'string') {
      out.push(violation(childPointer(pointer, index), 'must be a topic name (a string)'));
    }
  });
};

const DATA_WORDS = 'an object with subscriptions, an array of topic names';

const DATA_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['subscriptions', { required: TOPICS_WORDS, check: checkTopics }],
]);

const COMMON: ReadonlyArray<readonly [string, Field]> = [
  ['command', commandField('serverinfo')],
  ['subcommand', { check: checkSubcommand }],
  ['tan', tanField],
  ['instance', { check: instanceIndex }],
  ['subscribe', { check: checkTopics }],
];

const INFO_FIELDS: ReadonlyMap<string, Field> = new Map(COMMON);

const SUBSCRIPTION_FIELDS: ReadonlyMap<string, Field> = new Map([
  ...COMMON,
  [
    'data',
    {
      check: (value, pointer, out) => {
        checkObject(out, pointer, value, DATA_WORDS, DATA_FIELDS, 'reject');
      },
    },
  ],
]);

/**
 * Every violation of a `serverinfo` request, in document order; `[]` when it is valid (see
 * {@link ServerInfoRequest}).
 *
 * `subcommand` is optional (absent or `""` means `getInfo`); `instance` an index from 0 to 254;
 * `subscribe` an array of strings (on `getInfo`, the topics to subscribe to; unknown names are
 * for the reply to warn about, see {@link splitTopics}). `subscribe` and `unsubscribe` need
 * their topics, in `data: { subscriptions: [...] }` (where Hyperion.ng's handler reads them) or
 * in `subscribe`; an empty list means all. Quirk: Hyperion.ng's own schema refuses that `data`
 * object, and its handler refuses an empty list; Glowkit takes both. Other top-level properties
 * are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateServerInfoRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  const subcommand = own(request, 'subcommand');
  const subscribing = subcommand === 'subscribe' || subcommand === 'unsubscribe';
  // The topics may come in either place, so neither is required by itself; one of them is.
  if (
    subscribing &&
    own(request, 'data') === undefined &&
    own(request, 'subscribe') === undefined
  ) {
    out.push(violation('/data', `is required (${DATA_WORDS}; or the topics in subscribe)`));
  }
  checkObject(
    out,
    '',
    request,
    'a JSON object',
    subscribing ? SUBSCRIPTION_FIELDS : INFO_FIELDS,
    'allow',
  );
  return out;
}

/** The typed value of a valid `serverinfo` request (see {@link ServerInfoRequest}), or its violations. */
export const parseServerInfoRequest: Parser<ServerInfoRequest> =
  parserOf(validateServerInfoRequest);
