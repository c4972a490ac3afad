import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cspDirectives } from '../testing/markup';
import { createTestApp } from '../testing/test-app';

/**
 * GET /api/reference (issue 51): the OpenAPI document to browse, with Scalar's script from
 * this server, never a CDN (e2e/api-reference.spec.ts opens it in a browser with no network).
 */
const { app } = await createTestApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('GET /api/reference', () => {
  it('answers a page that reads /api/docs and loads its script from this server only', async () => {
    const response = await get('/api/reference', { accept: 'text/html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<script id="api-reference" data-url="/api/docs"');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    // No inline script (the CSP allows none): the settings are an attribute, the code a file.
    expect(scripts.map(([, , body]) => body)).toEqual(['', '']);
    expect(scripts[1]![1]).toMatch(/^ src="\/api\/reference\/scalar\.js\?v=[\w-]{16}"$/);
    // Nothing from another host: no CDN, no web fonts.
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    const settings = JSON.parse(
      /data-configuration="([^"]*)"/.exec(html)![1]!.replaceAll('&quot;', '"'),
    );
    expect(settings).toMatchObject({ withDefaultFonts: false, telemetry: false });
  });

  it('keeps the site’s CSP: scripts from this site only, no inline or eval script', async () => {
    const response = await get('/api/reference', { accept: 'text/html' });
    const csp = cspDirectives(String(response.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('font-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('serves Scalar’s script from the package, compressed once, cached for good by its version', async () => {
    const page = (await get('/api/reference')).body;
    const scriptUrl = /src="(\/api\/reference\/scalar\.js\?v=[\w-]+)"/.exec(page)![1]!;
    const br = await get(scriptUrl, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    const script = brotliDecompressSync(br.rawPayload).toString();
    expect(script).toContain('createApiReference');
    expect(br.rawPayload.length).toBeLessThan(script.length / 3);

    const gzip = await get(scriptUrl, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get(scriptUrl);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // Without the page's version (an old or hand-typed link): revalidated, 304 when unchanged.
    const bare = await get('/api/reference/scalar.js');
    expect(bare.headers['cache-control']).toBe('no-cache');
    const again = await get('/api/reference/scalar.js', { 'if-none-match': bare.headers.etag! });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is in the document as a page (HTML) of the system tag; its script is not', async () => {
    const document = (await get('/api/docs')).json();
    const operation = document.paths['/api/reference'].get;
    expect(operation.tags).toEqual(['system']);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/html']);
    expect(document.paths['/api/reference/scalar.js']).toBeUndefined();
  });
});
