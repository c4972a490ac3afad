import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { rateLimits as authLimits } from './features/auth/rate-limits';
import { createTestApp, newAccount, type TestApp } from './testing/test-app';

/**
 * Issue 34: behind a proxy that appends the address it saw to X-Forwarded-For (nginx's
 * `$proxy_add_x_forwarded_for`), TRUST_PROXY=1 takes that address, never the start of the
 * header, which the client writes. A client forging a new address on every request still
 * meets the sign-up and sign-in limits, and they are counted per real client: a second client
 * (another loopback address) is not refused.
 */
// The proxy's own address (loopback) as a hop count and as an address; each with its own clients.
describe.each([
  ['1', 1],
  ['127.0.0.1/32', 2],
])('behind an appending proxy with TRUST_PROXY=%s', (setting, block) => {
  let testApp: TestApp;
  let proxy: http.Server;
  let proxyPort: number;

  beforeAll(async () => {
    testApp = await createTestApp({
      trustProxy: loadConfig({ NODE_ENV: 'test', TRUST_PROXY: setting }).trustProxy,
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const appPort = (testApp.app.server.address() as AddressInfo).port;
    proxy = http.createServer((request, response) => {
      const forwarded = request.headers['x-forwarded-for'];
      const peer = request.socket.remoteAddress!;
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: appPort,
          method: request.method,
          path: request.url,
          headers: {
            ...request.headers,
            'x-forwarded-for': forwarded ? `${String(forwarded)}, ${peer}` : peer,
          },
        },
        (answer) => {
          response.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyPort = (proxy.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
  });

  const randomAddress = () =>
    Array.from({ length: 4 }, () => Math.floor(Math.random() * 250) + 1).join('.');

  /** A POST through the proxy from `client` (a loopback address), forging X-Forwarded-For. */
  function post(client: string, path: string, body: unknown): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: proxyPort,
          localAddress: client,
          agent: false,
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode!));
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify(body));
    });
  }

  it('holds the sign-up limit for a client that forges X-Forwarded-For, per real client', async () => {
    const client = `127.0.${block}.2`;
    for (let i = 0; i < authLimits.registerPerIp.max; i++) {
      expect(await post(client, '/api/auth/register', { ...newAccount(), firstName: '' })).toBe(
        400,
      );
    }
    expect(await post(client, '/api/auth/register', newAccount())).toBe(429);
    // Another client behind the same proxy has its own budget.
    expect(await post(`127.0.${block}.3`, '/api/auth/register', newAccount())).toBe(201);
  }, 60_000);

  it('holds the sign-in limit for a client that forges X-Forwarded-For, per real client', async () => {
    const client = `127.0.${block}.4`;
    const attempt = (i: number) => ({ email: `guess${i}@example.com`, password: `guess ${i}` });
    for (let i = 0; i < authLimits.loginPerIp.max; i++) {
      expect(await post(client, '/api/auth/login', attempt(i))).toBe(401);
    }
    expect(await post(client, '/api/auth/login', attempt(-1))).toBe(429);
    expect(await post(`127.0.${block}.5`, '/api/auth/login', attempt(-2))).toBe(401);
  }, 60_000);
});
