import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

// The browser itself is tested in a network namespace (announce.test.ts); here, what a server
// with announcements off (the test harness's) answers.
describe('service discover without a browser', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(async () => {
    await t?.close();
  });
  const rpc = async (body: Record<string, unknown>, token: string | null = t.token) =>
    (
      await post(`${t.http}/json-rpc`, body, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      })
    ).json;

  it("answers Hyperion.ng's error for a key, and checks the request", async () => {
    expect(
      await rpc({ command: 'service', subcommand: 'discover', serviceType: 'jsonapi', params: {} }),
    ).toMatchObject({
      command: 'service-discover',
      success: false,
      error: 'Discovery of service type [jsonapi] via mDNS not supported',
    });
    const bad = await rpc({ command: 'service', subcommand: 'discover', params: [] });
    expect(bad).toMatchObject({ success: false, error: 'Invalid params' });
    expect(JSON.stringify(bad.errorData)).toContain('/serviceType');
    expect(JSON.stringify(bad.errorData)).toContain('/params');
  });

  it('needs a token', async () => {
    const reply = await rpc(
      { command: 'service', subcommand: 'discover', serviceType: 'jsonapi' },
      null,
    );
    expect(reply).toMatchObject({ success: false, error: 'No Authorization' });
  });

  it('leddevice discover wled lists nothing when the server browses nothing', async () => {
    expect(
      await rpc({ command: 'leddevice', subcommand: 'discover', ledDeviceType: 'wled' }),
    ).toMatchObject({ success: true, info: { devices: [], ledDeviceType: 'wled' } });
  });
});
