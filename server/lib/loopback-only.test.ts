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
const withPublicUrl = await createTestApp(
  { publicUrl: 'https://abode.test:8443' },
  { webRoot, pageRenderer: null },
);

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

describe('the host names a development server answers (issue 50)', () => {
  const asked = (host: string, url = '/api/dev/outbox', on = app) =>
    on.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { host } });

  it.each(['localhost', 'localhost:5000', '127.0.0.1:5000', '[::1]:5000', 'LOCALHOST:5173'])(
    'answers under its own name: %s',
    async (host) => {
      expect((await asked(host)).statusCode).toBe(200);
    },
  );

  it('answers under its PUBLIC_URL host', async () => {
    expect((await asked('abode.test:8443', '/api/dev/outbox', withPublicUrl.app)).statusCode).toBe(
      200,
    );
  });

  it.each(['rebound.example', 'rebound.example:5000', '127.0.0.1.nip.io:5000', '192.168.1.5:5000'])(
    'answers 421 host_not_allowed under another name, even from this machine: %s',
    async (host) => {
      for (const url of ['/api/dev/outbox', '/dev/mailbox', '/api/health', '/']) {
        const response = await asked(host, url);
        expect(response.statusCode, `${url} as ${host}`).toBe(421);
        expect(response.json()).toEqual({
          message: 'This server does not answer for this host name',
          code: 'host_not_allowed',
        });
      }
    },
  );
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
