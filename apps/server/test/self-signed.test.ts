import { createPrivateKey, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../src/self-signed.js';

describe('the self-signed certificate', () => {
  const notAfter = new Date(Date.UTC(2031, 4, 6, 7, 8, 9));
  const made = selfSignedCertificate({
    commonName: 'localhost',
    dnsNames: ['localhost'],
    ipAddresses: ['127.0.0.1', '::1', 'fe80::12:ab'],
    notAfter,
  });
  const cert = new X509Certificate(made.cert);

  it('names the host, its addresses and its lifetime as asked', () => {
    expect(cert.subject).toBe('CN=localhost');
    expect(cert.issuer).toBe('CN=localhost');
    expect(cert.subjectAltName).toBe(
      'DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, IP Address:FE80:0:0:0:0:0:12:AB',
    );
    expect(new Date(cert.validTo).getTime()).toBe(notAfter.getTime());
    expect(Math.abs(new Date(cert.validFrom).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('is signed by its own key, which is the key given with it', () => {
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.checkPrivateKey(createPrivateKey(made.key))).toBe(true);
    expect(cert.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
  });

  it('writes dates from 2050 as GeneralizedTime', () => {
    const late = new Date(Date.UTC(2051, 0, 2, 3, 4, 5));
    const far = new X509Certificate(
      selfSignedCertificate({ commonName: 'a', dnsNames: [], ipAddresses: [], notAfter: late })
        .cert,
    );
    expect(new Date(far.validTo).getTime()).toBe(late.getTime());
  });
});
