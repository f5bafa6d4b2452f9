/**
 * A self-signed X.509 certificate for the HTTPS port, made with node:crypto alone: a P-256 key,
 * its certificate encoded here in DER (RFC 5280), signed with ECDSA-SHA256. A certificate
 * library (selfsigned, with @peculiar/x509 and asn1js under it) took 0.2 s and about 6 MB of
 * resident memory for good on the first start, for one fixed certificate of a few hundred
 * bytes; node:crypto makes the key, encodes its public half and signs, so only the envelope is
 * left to write.
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isIPv4 } from 'node:net';

/** What the certificate names. */
export interface SelfSignedRequest {
  /** The subject's and issuer's common name. */
  commonName: string;
  /** Host names (subjectAltName dNSName). */
  dnsNames: readonly string[];
  /** IPv4 or IPv6 addresses (subjectAltName iPAddress). */
  ipAddresses: readonly string[];
  /** Valid from now until this date. */
  notAfter: Date;
}

/** A certificate and its private key (PKCS#8), PEM. */
export interface SelfSigned {
  cert: string;
  key: string;
}

/** A DER length: short form below 128, else the long form. */
function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One DER element: tag, length, content. */
function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
const set = (...items: Buffer[]) => tlv(0x31, ...items);
const oid = (...bytes: number[]) => tlv(0x06, Buffer.from(bytes));

/** ecdsa-with-SHA256 (1.2.840.10045.4.3.2). */
const ECDSA_SHA256 = sequence(oid(0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02));
/** commonName (2.5.4.3). */
const COMMON_NAME = oid(0x55, 0x04, 0x03);
/** subjectAltName (2.5.29.17). */
const SUBJECT_ALT_NAME = oid(0x55, 0x1d, 0x11);

/** UTCTime up to 2049, GeneralizedTime from 2050 (RFC 5280 §4.1.2.5), to the second, in UTC. */
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14); // YYYYMMDDHHMMSS
  const year = date.getUTCFullYear();
  return year < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`, 'ascii'))
    : tlv(0x18, Buffer.from(`${iso}Z`, 'ascii'));
}

/** An IP address as the bytes iPAddress holds: 4 for IPv4, 16 for IPv6. */
function ipBytes(address: string): Buffer {
  if (isIPv4(address)) return Buffer.from(address.split('.').map(Number));
  const [head, tail = ''] = address.includes('::') ? address.split('::') : [address, undefined];
  const words = (part: string | undefined) => (part ? part.split(':') : []);
  const front = words(head);
  const back = words(tail);
  const all = [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  const bytes = Buffer.alloc(16);
  for (const [i, word] of all.entries()) bytes.writeUInt16BE(Number.parseInt(word, 16), i * 2);
  return bytes;
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** Makes a key pair and a certificate for it, signed by itself. */
export function selfSignedCertificate(request: SelfSignedRequest): SelfSigned {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = sequence(
    set(sequence(COMMON_NAME, tlv(0x0c, Buffer.from(request.commonName, 'utf8')))),
  );
  // A positive serial number of 16 random bytes (RFC 5280 §4.1.2.2: at most 20).
  const serial = randomBytes(16);
  serial[0] = ((serial[0] as number) & 0x7f) | 0x01;
  const altNames = sequence(
    ...request.dnsNames.map((dns) => tlv(0x82, Buffer.from(dns, 'ascii'))),
    ...request.ipAddresses.map((ip) => tlv(0x87, ipBytes(ip))),
  );
  const tbs = sequence(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))), // version 3
    tlv(0x02, serial),
    ECDSA_SHA256,
    name,
    sequence(time(new Date()), time(request.notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, sequence(sequence(SUBJECT_ALT_NAME, tlv(0x04, altNames)))),
  );
  // node:crypto signs EC keys with a DER ECDSA-Sig-Value, as X.509 wants.
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, ECDSA_SHA256, tlv(0x03, Buffer.from([0]), signature));
  return {
    cert: pem('CERTIFICATE', certificate),
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}
