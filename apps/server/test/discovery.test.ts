import { once } from 'node:events';
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrlOf, descriptionXml, xmlEscape } from '../src/rpc/discovery.js';
import { post } from './support/client.js';
import { configuration, restoreRequest } from './support/configs.js';
import { startServer, type TestServer } from './support/server.js';

/** The text of an element (the first one named so), unescaped enough for these tests. */
function element(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
}

describe('xmlEscape and descriptionXml', () => {
  it('escapes every value and drops what XML cannot hold', () => {
    expect(xmlEscape(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
    expect(xmlEscape('bell\u0007 and \uD800 tab\t')).toBe('bell and  tab\t');
    const xml = descriptionXml(
      { name: '</friendlyName><evil/>', id: 'a&b', jsonServerPort: 19444, sslServerPort: 8092 },
      'http://[::1]:8090/',
    );
    expect(element(xml, 'friendlyName')).toBe('&lt;/friendlyName&gt;&lt;evil/&gt;');
    expect(element(xml, 'serialNumber')).toBe('a&amp;b');
    expect(xml).not.toContain('<evil/>');
  });

  it('writes the base URL of the local address', () => {
    expect(baseUrlOf('http', '::ffff:192.168.1.5', 8090)).toBe('http://192.168.1.5:8090/');
    expect(baseUrlOf('https', 'fe80::1', 8092)).toBe('https://[fe80::1]:8092/');
  });
});

describe('discovery endpoints', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startServer({ tcpPort: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (path: string) => {
    const response = await fetch(`${t.http}${path}`);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
    };
  };

  it('GET /cgi/cfg_jsonserver: the TCP JSON port as text, without a token', async () => {
    const reply = await get('/cgi/cfg_jsonserver');
    expect(reply.status).toBe(200);
    expect(reply.type).toMatch(/^text\/plain/);
    expect(reply.text).toBe(`:${t.server.listening.tcp?.port}`);
  });

  it('GET /description.xml: the UPnP description Home Assistant reads, without a token', async () => {
    const reply = await get('/description.xml');
    expect(reply.status).toBe(200);
    expect(reply.type).toMatch(/^text\/xml/);
    const xml = reply.text;
    const uuid = t.server.store.read().global.uuid;
    const { http, https, tcp } = t.server.listening;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(element(xml, 'URLBase')).toBe(`http://127.0.0.1:${http.port}/`);
    expect(element(xml, 'deviceType')).toBe('urn:schemas-upnp-org:device:Basic:1');
    expect(element(xml, 'friendlyName')).toBe('My Glowkit Config');
    // Home Assistant's SSDP matcher wants Hyperion.ng's exact manufacturer string.
    expect(element(xml, 'manufacturer')).toBe('Hyperion Open Source Ambient Lighting');
    expect(element(xml, 'modelName')).toBe('Glowkit');
    expect(element(xml, 'modelDescription')).toContain('Glowkit');
    expect(element(xml, 'modelNumber')).toBe('0.1.0');
    expect(element(xml, 'serialNumber')).toBe(uuid);
    expect(element(xml, 'UDN')).toBe(`uuid:${uuid}`);
    // Home Assistant: discovery_info.upnp["ports"]["jsonServer"].
    const ports = /<ports>(.*?)<\/ports>/s.exec(xml)?.[1] ?? '';
    expect(element(ports, 'jsonServer')).toBe(String(tcp?.port));
    expect(element(ports, 'sslServer')).toBe(String(https.port));
    // The picture inputs' ports while they listen, none for one that does not.
    const { flatbuf, proto } = t.server.listening;
    expect(element(ports, 'flatBuffer')).toBe(flatbuf ? String(flatbuf.port) : undefined);
    expect(element(ports, 'protoBuffer')).toBe(proto ? String(proto.port) : undefined);
    expect(flatbuf !== undefined || proto !== undefined).toBe(true);
  });

  it('is served on the HTTPS port too, with its own base URL', async () => {
    const { https } = t.server.listening;
    const body = await new Promise<string>((resolve, reject) => {
      const req = httpsRequest(`${t.https}/description.xml`, { ca: t.ca }, (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += String(chunk);
        });
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    expect(element(body, 'URLBase')).toBe(`https://127.0.0.1:${https.port}/`);
  });

  it('follows the configuration: general.name (escaped), jsonServer.port', async () => {
    const config = configuration([0]);
    const settings = (config.global as { settings: Record<string, Record<string, unknown>> })
      .settings;
    settings.general = { ...settings.general, name: 'Den <1> & "b"' };
    const restarted = once(t.server, 'restart-complete');
    const restore = await post(`${t.http}/json-rpc`, restoreRequest(config, 1), {
      headers: { Authorization: `Bearer ${t.token}` },
    });
    expect(restore.json.errorData).toBeUndefined();
    expect(restore.json).toMatchObject({ success: true });
    await restarted;
    const xml = (await get('/description.xml')).text;
    expect(element(xml, 'friendlyName')).toBe('Den &lt;1&gt; &amp; &quot;b&quot;');
    expect(element(xml, 'serialNumber')).toBe(t.server.store.read().global.uuid);
    // The restored configuration turns the picture inputs on: their bound ports are advertised.
    const { flatbuf, proto } = t.server.listening;
    expect(element(xml, 'flatBuffer')).toBe(String(flatbuf?.port));
    expect(element(xml, 'protoBuffer')).toBe(String(proto?.port));
    // The TCP port option (0: the port already bound) wins over jsonServer.port.
    expect((await get('/cgi/cfg_jsonserver')).text).toBe(`:${t.server.listening.tcp?.port}`);
  });

  it('answers other GET paths with 404 and POST to these paths as before', async () => {
    expect((await get('/cgi/run/evil.py')).status).toBe(404);
    const reply = await fetch(`${t.http}/description.xml`, { method: 'POST', body: '{}' });
    expect(reply.status).toBe(404);
  });
});
