import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageRenderer } from '#common/page-render';
import { createTestApp, signUp } from '../../testing/test-app';

// Issue 34: what a signed-in reader is answered carries Cache-Control: no-store; what a
// visitor is answered keeps its own caching.

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-private-answers-'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><title>Abode</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const renderer: PageRenderer = {
  reads: (url) => (url.startsWith('/search') ? [] : null),
  render: async () => ({ html: '<main>rendered</main>', state: '{}', script: null }),
};
const { app } = await createTestApp({}, { webRoot, pageRenderer: renderer });
const reader = await signUp(app);

const get = (url: string, cookie?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html, application/json', ...(cookie ? { cookie } : {}) },
  });

describe('Cache-Control of private answers', () => {
  it('a public route keeps its caching for a visitor and is no-store for a signed-in reader', async () => {
    const visitor = await get('/api/exchange-rate');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('public, max-age=60');
    const signedIn = await get('/api/exchange-rate', reader.cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');

    expect((await get('/api/properties/search')).headers['cache-control']).toBeUndefined();
    expect((await get('/api/properties/search', reader.cookie)).headers['cache-control']).toBe(
      'no-store',
    );
  });

  it("the reader's own data is no-store: favourites, saved searches", async () => {
    for (const url of ['/api/favorites', '/api/saved-searches']) {
      const response = await get(url, reader.cookie);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('every answer of the account routes is no-store, to visitors too (the current user, sign-in)', async () => {
    const current = await get('/api/auth/user', reader.cookie);
    expect(current.statusCode).toBe(200);
    expect(current.headers['cache-control']).toBe('no-store');
    const nobody = await get('/api/auth/user');
    expect(nobody.statusCode).toBe(401);
    expect(nobody.headers['cache-control']).toBe('no-store');
    const methods = await get('/api/auth/sign-up-methods');
    expect(methods.headers['cache-control']).toBe('no-store');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: reader.body.email, password: reader.body.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('a page rendered for a signed-in reader is no-store; a visitor’s stays private, no-cache', async () => {
    const visitor = await get('/search');
    expect(visitor.body).toContain('rendered');
    expect(visitor.headers['cache-control']).toBe('private, no-cache');
    const signedIn = await get('/search', reader.cookie);
    expect(signedIn.body).toContain('rendered');
    expect(signedIn.headers['cache-control']).toBe('no-store');
  });
});
