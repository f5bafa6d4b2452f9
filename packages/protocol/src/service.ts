import { checkObject, jsonObject, oneOf, string, tanField } from './checks.js';
import { commandField } from './control-checks.js';
import { COMMANDS, type SubcommandOf } from './envelope.js';
import { type Parser, parserOf } from './parse.js';
import type { Violation } from './violations.js';

/**
 * A valid `service` request: `discover` lists the servers and devices of one kind the server's
 * mDNS browser has found on the network (`serviceType`: `jsonapi`, `flatbuffer`, `wled`, …; an
 * unknown key is the server's to refuse).
 */
export interface ServiceRequest {
  command: 'service';
  subcommand: SubcommandOf<'service'>;
  tan?: number;
  /** The kind to list, as Hyperion.ng names it: `jsonapi`, `flatbuffer`, `wled`, … */
  serviceType: string;
  /** Hyperion.ng's clients send an empty object here; Glowkit takes none. */
  params?: Record<string, unknown>;
}

/**
 * One DNS-SD service instance found, in Hyperion.ng's shape (automation.md §3), with the
 * address it resolved to.
 */
export interface DiscoveredService {
  /** `<instance name>.<type>`, e.g. `den._hyperiond-json._tcp.local.` */
  id: string;
  /** {@link id} without its final dot. */
  service: string;
  /** The DNS-SD type, e.g. `_hyperiond-json._tcp.local.` */
  type: string;
  /** The instance name, e.g. `den`. */
  name: string;
  /** The host's mDNS name, e.g. `den.local`. */
  hostname: string;
  /** The host's first IPv4 address (else its first address); absent until resolved. */
  address?: string;
  domain: string;
  /** Whether the instance is this machine's own (its name is the local host name). */
  sameHost: boolean;
  port: number;
  txt: Record<string, string>;
}

/** The `info` of a successful `service discover` reply. */
export interface ServiceDiscovery {
  discoveryMethod: 'mDNS';
  services: Record<string, DiscoveredService[]>;
}

/** The longest `serviceType` taken: longer than any key. */
export const SERVICE_TYPE_LENGTH = 64;

const SUBCOMMANDS = COMMANDS.service;

const REQUEST_FIELDS = new Map([
  ['command', commandField('service')],
  ['subcommand', { required: `one of: ${SUBCOMMANDS.join(', ')}`, check: oneOf(SUBCOMMANDS) }],
  ['tan', tanField],
  [
    'serviceType',
    { required: 'the service key, e.g. "jsonapi"', check: string(1, SERVICE_TYPE_LENGTH) },
  ],
  ['params', { check: jsonObject }],
]);

/**
 * Every violation of a `service` request; `[]` when it is valid (see {@link ServiceRequest}).
 * `serviceType` is required (1 to 64 characters); `params`, if present, is an object. Other
 * top-level properties are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateServiceRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `service` request (see {@link ServiceRequest}), or its violations. */
export const parseServiceRequest: Parser<ServiceRequest> = parserOf(validateServiceRequest);
