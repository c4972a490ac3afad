import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { isLoopback } from './loopback-only';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-loopback-web-'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><title>Abode</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const { app } = await createTestApp({}, { webRoot, pageRenderer: null });
const behindProxy = await createTestApp({ trustProxy: 1 }, { webRoot, pageRenderer: null });

const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, remoteAddress, headers: { accept: 'text/html', ...headers } });

describe('the dev mailbox in development', () => {
  it.each(['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1'])(
    'answers the machine itself (%s): the page and the outbox',
    async (address) => {
      expect((await get('/dev/mailbox', address)).statusCode).toBe(200);
      expect((await get('/api/dev/outbox', address)).statusCode).toBe(200);
    },
  );

  it.each([
    '/dev/mailbox',
    '/api/dev/outbox',
    '/api/dev/outbox?limit=5',
    '/api/%64ev/outbox',
    '/DEV/Mailbox',
    '//dev/mailbox',
    '/dev',
  ])('is not there (404) for another machine: %s', async (url) => {
    for (const address of ['192.168.1.20', '10.0.0.7', 'fe80::1', '::ffff:192.168.1.20']) {
      const response = await get(url, address);
      expect(response.statusCode, `${url} from ${address}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
      expect(response.body).not.toContain('messages');
    }
  });

  it('keeps the rest of the site open to other machines', async () => {
    expect((await get('/search', '192.168.1.20')).statusCode).toBe(200);
    expect((await get('/api/health', '192.168.1.20')).statusCode).not.toBe(404);
  });

  it('behind a local proxy (TRUST_PROXY), judges the client the proxy names, not the proxy', async () => {
    const through = (client: string) =>
      behindProxy.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
    expect((await through('203.0.113.9')).statusCode).toBe(404);
    expect((await through('127.0.0.1')).statusCode).toBe(200);
  });

  it('with TRUST_PROXY, is not fooled by another machine that connects directly and claims to be local', async () => {
    const forged = await behindProxy.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.statusCode).toBe(404);
  });
});

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::2', false],
    ['128.0.0.1', false],
    ['', false],
  ])('%s: %s', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });
});
