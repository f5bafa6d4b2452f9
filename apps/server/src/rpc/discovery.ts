/**
 * What discovery clients fetch over plain HTTP before they connect: `GET /cgi/cfg_jsonserver`
 * (the TCP JSON port, as Hyperion.ng's web UI asks) and `GET /description.xml` (the UPnP device
 * description an SSDP announcement points to; Home Assistant reads its `serialNumber` as the
 * server's id and `ports.jsonServer` as the port to connect to). No token is needed: they say
 * where the server is and who it is, nothing else.
 */
import { release, type } from 'node:os';
import { isJsonObject } from '@glowkit/protocol';
import type { ConfigStore } from '../store/config-store.js';
import { storedTcpPort } from '../transport/tcp-port.js';
import { GLOWKIT_VERSION, serverId } from './sysinfo.js';

/** What the discovery answers say. */
export interface DiscoveryInfo {
  /** `general.name`. */
  name: string;
  /** The configuration's UUID (see {@link serverId}). */
  id: string;
  /** The TCP JSON port (`jsonServer.port`). */
  jsonServerPort: number;
  /** The HTTPS (and secure WebSocket) port the server listens on. */
  sslServerPort: number;
  /** Whether the TCP JSON server listens (else `jsonServerPort` is only the configured port). */
  jsonServerListening?: boolean | undefined;
  /** The flatbuffers and protobuf picture inputs' ports while they listen. */
  flatBufferPort?: number | undefined;
  protoBufferPort?: number | undefined;
}

/** The SSDP `SERVER` header: `<OS>/<release> UPnP/1.0 Glowkit/<version>`. */
export const ssdpServerHeader = (): string =>
  `${type()}/${release()} UPnP/1.0 Glowkit/${GLOWKIT_VERSION}`;

/**
 * The discovery facts of the stored configuration, with the ports the server is bound to: the
 * HTTPS port, and the TCP JSON port when it listens (else `jsonServer.port` as configured).
 */
export function discoveryInfo(
  store: ConfigStore,
  bound: {
    sslServerPort: number;
    jsonServerPort?: number | undefined;
    flatBufferPort?: number | undefined;
    protoBufferPort?: number | undefined;
  },
): DiscoveryInfo {
  const configuration = store.read();
  const { general } = configuration.global.settings;
  const name = isJsonObject(general) && typeof general.name === 'string' ? general.name : '';
  return {
    name: name === '' ? 'Glowkit' : name,
    id: serverId(store, configuration.global.uuid),
    jsonServerPort: bound.jsonServerPort ?? storedTcpPort(configuration),
    sslServerPort: bound.sslServerPort,
    jsonServerListening: bound.jsonServerPort !== undefined,
    flatBufferPort: bound.flatBufferPort,
    protoBufferPort: bound.protoBufferPort,
  };
}

/** `/cgi/cfg_jsonserver`'s body, as Hyperion.ng answers it: `":19444"`. */
export const cfgJsonServerText = (info: DiscoveryInfo): string => `:${info.jsonServerPort}`;

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Text safe inside an XML element or attribute. Characters XML 1.0 cannot hold at all (control
 * characters, lone surrogates) are dropped, since no escape can carry them.
 */
export function xmlEscape(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/**
 * Hyperion.ng's `manufacturer`, kept as browsers keep "Mozilla": Home Assistant's SSDP matcher
 * offers a server to its `hyperion` integration only when it reads exactly this.
 */
export const HYPERION_MANUFACTURER = 'Hyperion Open Source Ambient Lighting';

/**
 * The UPnP device description, in the layout of Hyperion.ng's `SSDPDescription.h` with the
 * `ports` element of its current releases: the manufacturer string Home Assistant matches,
 * Glowkit in `modelName`/`modelDescription`, Glowkit's version in `modelNumber`, and the ports
 * of the services that listen (jsonServer, flatBuffer, protoBuffer; sslServer always);
 * `baseUrl` is where the client reached this server (`http://192.168.1.5:8090/`). Every value
 * is escaped.
 */
export function descriptionXml(info: DiscoveryInfo, baseUrl: string): string {
  const e = xmlEscape;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<root xmlns="urn:schemas-upnp-org:device-1-0">',
    '<specVersion><major>1</major><minor>0</minor></specVersion>',
    `<URLBase>${e(baseUrl)}</URLBase>`,
    '<device>',
    '<deviceType>urn:schemas-upnp-org:device:Basic:1</deviceType>',
    `<friendlyName>${e(info.name)}</friendlyName>`,
    `<manufacturer>${HYPERION_MANUFACTURER}</manufacturer>`,
    '<manufacturerURL>https://www.hyperion-project.org</manufacturerURL>',
    '<modelDescription>Glowkit LED server, compatible with Hyperion.ng clients</modelDescription>',
    '<modelName>Glowkit</modelName>',
    `<modelNumber>${e(GLOWKIT_VERSION)}</modelNumber>`,
    `<serialNumber>${e(info.id)}</serialNumber>`,
    `<UDN>uuid:${e(info.id)}</UDN>`,
    '<ports>',
    ...(info.jsonServerListening === false
      ? []
      : [`<jsonServer>${info.jsonServerPort}</jsonServer>`]),
    `<sslServer>${info.sslServerPort}</sslServer>`,
    ...(info.protoBufferPort === undefined
      ? []
      : [`<protoBuffer>${info.protoBufferPort}</protoBuffer>`]),
    ...(info.flatBufferPort === undefined
      ? []
      : [`<flatBuffer>${info.flatBufferPort}</flatBuffer>`]),
    '</ports>',
    '<presentationURL>index.html</presentationURL>',
    '</device>',
    '</root>',
    '',
  ].join('\n');
}

/** `http://<address>:<port>/` of a local socket address (IPv6 in brackets, IPv4-mapped unwrapped). */
export function baseUrlOf(scheme: 'http' | 'https', address: string, port: number): string {
  const plain = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  const host = plain.includes(':') ? `[${plain}]` : plain;
  return `${scheme}://${host}:${port}/`;
}
