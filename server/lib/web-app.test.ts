import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { localStorage } from './storage';
import { createTestDatabase } from '../testing/test-database';
import { dereference } from '../testing/fuzz/openapi';
import { cspDirectives } from '../testing/markup';

const indexHtml =
  '<!doctype html><html lang="en"><head><title>Abode</title>' +
  '<script type="module" src="/assets/app-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
// A few KB of script, well over the compression threshold.
const appJs = Array.from(
  { length: 200 },
  (_, i) => `export function listing${i}(price) { return 'GH₵ ' + price.toFixed(2); }\n`,
).join('');

const precompressedJs = brotliCompressSync(appJs);

let webRoot: string;
let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), appJs);
  // As the build writes them (vite.config.ts): the asset compressed once, at the best level.
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.br'), precompressedJs);
  fs.writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Abode"}');
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig(),
    db: database.db,
    storage: localStorage(path.join(webRoot, '..', 'files')),
    webRoot,
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const asPage = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('built assets', () => {
  it('serves the service worker revalidated on every visit, so a deploy installs its own at once', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web app manifest as a manifest', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it('serves a hashed asset with a year-long immutable cache', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(response.body).toBe(appJs);
  });

  it('compresses it with gzip for a client that accepts gzip', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = gunzipSync(response.rawPayload).toString('utf8');
    expect(body).toBe(appJs);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(appJs));
  });

  it('compresses it with brotli for a client that accepts br', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(appJs);
  });

  it('sends the file the build compressed instead of compressing on every request', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.equals(precompressedJs)).toBe(true);
  });

  it('answers 404, not the page, for an asset that no longer exists after a deploy', async () => {
    const response = await get('/assets/app-old999.js', { accept: '*/*' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });
});

describe('client routes', () => {
  it.each(['/', '/dashboard', '/search?location=Osu'])(
    'GET %s from a browser answers index.html with its own head, never cached',
    async (url) => {
      const response = await get(url, asPage);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      // The page's head (features/seo) in place of the static title, before the script.
      expect(response.body).not.toContain('<title>Abode</title>');
      expect(response.body).toMatch(
        /^<!doctype html><html lang="en"><head>\s*<title>[^<]+<\/title>[\s\S]*<script type="module" src="\/assets\/app-abc123.js"><\/script><\/head><body><div id="root"><\/div><\/body><\/html>$/,
      );
    },
  );

  // Most of a first visit on a slow phone is waiting; the page itself is compressed too.
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('compresses the page with %s', async (encoding, decompress) => {
    const plain = await get('/dashboard', asPage);
    const response = await get('/dashboard', { ...asPage, 'accept-encoding': encoding });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(decompress(response.rawPayload).toString('utf8')).toBe(plain.body);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body));
  });

  // Link previews and some crawlers accept anything, or send no Accept at all.
  it.each<Record<string, string>>([{ accept: '*/*' }, {}])(
    'answers the page to Accept %j as well',
    async (headers) => {
      const response = await get('/dashboard', headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    },
  );

  // Issue 51: a broken link or a mistyped address is told it found nothing, with the app's
  // page all the same (its script renders the not-found screen), never cached either.
  it.each(['/some/client/route', '/property/42', '/listers/nobody'])(
    'GET %s, no page of the app, answers 404 with the page',
    async (url) => {
      const response = await get(url, asPage);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<script type="module" src="/assets/app-abc123.js">');
    },
  );

  it('answers 404 to such a request for a missing file', async () => {
    for (const url of ['/favicon.ico', '/files/gone-800.webp', '/assets/app-old999.js']) {
      const response = await get(url, {});
      expect(response.statusCode, url).toBe(404);
    }
  });

  // index.html names the hashed assets of one build; a cached copy after a deploy points at
  // files that are gone. web-app.ts promises it is never cached, whichever URL fetches it.
  it('GET /index.html is not cached either', async () => {
    const response = await get('/index.html', asPage);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  // HEAD must answer as GET would, without the body (RFC 9110, 9.3.2); uptime monitors and
  // link checkers send HEAD / and would report the site as down.
  it('HEAD of a client route answers 200 like GET', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/', headers: asPage });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });

  it('answers an unknown API path with a JSON 404, even to a browser', async () => {
    for (const headers of [{}, asPage]) {
      const response = await get('/api/unknown', headers);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });

  it('does not answer the page to a request that does not ask for HTML', async () => {
    const response = await get('/some/client/route', { accept: 'application/json' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });
});

describe('GET /api/docs', () => {
  it('answers an OpenAPI 3 document that lists the auth calls', async () => {
    const response = await get('/api/docs');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Abode API');
    expect(document.paths['/api/auth/register']).toHaveProperty('post');
    expect(document.paths['/api/auth/login']).toHaveProperty('post');
    expect(document.paths['/api/auth/logout']).toHaveProperty('post');
    expect(document.paths['/api/auth/user']).toHaveProperty('get');
    expect(document.paths['/api/login']).toHaveProperty('get');
    // The document describes the API, not itself.
    expect(document.paths).not.toHaveProperty('/api/docs');
  });

  // Issue 51: a document clients can be generated from and validated against.
  it('gives every operation a unique operationId, and the session cookie as a security scheme', async () => {
    const document = (await get('/api/docs')).json();
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, { operationId?: string; security?: unknown }>).map(
        ([method, operation]) => ({ path, method, ...operation }),
      ),
    );
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => !id || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/properties/{id}/reviews'].get.operationId).toBe(
      'getPropertiesIdReviews',
    );
    expect(document.components.securitySchemes.session).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'abode_session' }),
    );
    // Signed-in routes say so; a public one does not.
    expect(document.paths['/api/viewings'].get.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/admin/properties'].get.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/properties/search'].get.security).toBeUndefined();
  });

  it('lists null in every nullable enum, as OpenAPI 3.0 reads them', async () => {
    const document = (await get('/api/docs')).json();
    const wrong: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const schema = node as { nullable?: boolean; enum?: unknown[] };
      if (schema.nullable && schema.enum && !schema.enum.includes(null)) wrong.push(at);
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
    };
    walk(document, '#');
    expect(wrong).toEqual([]);
    const user =
      dereference(document).paths['/api/auth/user'].get.responses['200'].content[
        'application/json'
      ];
    expect(JSON.stringify(user)).toContain('null');
  });

  it('describes request bodies from the shared schemas', async () => {
    const document = (await get('/api/docs')).json();
    const register = document.paths['/api/auth/register'].post;
    const schema = register.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['email', 'phone', 'password', 'firstName', 'lastName', 'userType']),
    );
  });
});

describe('security headers', () => {
  const directives = cspDirectives;

  it.each([
    ['an API answer', '/api/health', {}],
    ['the page', '/dashboard', asPage],
    ['an asset', '/assets/app-abc123.js', {}],
  ])('are set on %s', async (_what, url, headers) => {
    const response = await get(url, headers);
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = directives(csp).get('script-src');
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBeTruthy();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  // Issue 8: fonts, icons and images come from our own server; the CSP holds us to it, since
  // a browser refuses what it does not list. The one other host is the map's (issue 39), as
  // configured, for requests only.
  it('let fonts, images, styles and requests come from this site only (and the map’s host)', async () => {
    const csp = directives(
      String((await get('/dashboard', asPage)).headers['content-security-policy']),
    );
    for (const name of ['default-src', 'img-src', 'font-src', 'style-src', 'connect-src']) {
      const sources = csp.get(name) ?? [];
      expect(sources, name).toContain("'self'");
      const mapHost = name === 'connect-src' ? [new URL(testConfig().map.styleUrl).origin] : [];
      for (const source of sources) {
        expect(
          ["'self'", 'data:', 'blob:', "'unsafe-inline'", ...mapHost],
          `${name} ${source}`,
        ).toContain(source);
      }
    }
  });

  it('are set on error answers too', async () => {
    const response = await get('/api/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-security-policy']).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
