import {
  errorReply,
  type ServiceDiscovery,
  type ServiceRequest,
  successReply,
} from '@glowkit/protocol';
import type { MdnsBrowser } from '../discovery/mdns-browser.js';
import type { CommandContext } from './command.js';
import type { Outcome } from './outcome.js';

/** What `service` needs from the server. */
export interface ServiceDeps {
  /** The mDNS browser; undefined when the server browses nothing (announcements off). */
  mdnsBrowser?: MdnsBrowser | undefined;
}

/**
 * `service discover`: the instances of one kind the mDNS browser has found (a first call waits
 * up to 2 s for the browse it starts), in Hyperion.ng's reply shape. An unknown key, or a server
 * that does not browse, gets Hyperion.ng's error text.
 */
export async function serviceCommand({
  value,
  name,
  tan,
  deps,
}: CommandContext<ServiceRequest, ServiceDeps>): Promise<Outcome> {
  const key = value.serviceType;
  const services = await deps.mdnsBrowser?.discover(key);
  if (services === undefined) {
    return {
      reply: errorReply(name, tan, `Discovery of service type [${key}] via mDNS not supported`),
    };
  }
  const info: ServiceDiscovery = { discoveryMethod: 'mDNS', services: { [key]: services } };
  return { reply: successReply(name, tan, info) };
}
