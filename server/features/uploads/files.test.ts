import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';

const { app, storage } = await createTestApp();

describe('GET /files/:name', () => {
  it('serves a stored variant as WebP with a year-long immutable cache', async () => {
    const bytes = Buffer.from('RIFF....WEBPVP8 fake image bytes');
    await storage.put('pdeadbeef-800.webp', bytes);
    const response = await app.inject({ method: 'GET', url: '/files/pdeadbeef-800.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 404 for a file that does not exist', async () => {
    const response = await app.inject({ method: 'GET', url: '/files/pmissing-400.webp' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'File not found', code: 'file_not_found' });
  });

  it.each([
    '..%2F..%2Fetc%2Fpasswd',
    'abode.lock',
    'pdeadbeef-800.png',
    '%2e%2e-800.webp',
    'P-800.webp',
    // Names the storage refuses (they start with `_`): answered 500 before (API fuzz test).
    '_a-00.webp',
    '_-800.webp',
  ])('refuses the name %s without touching the disk', async (name) => {
    const response = await app.inject({ method: 'GET', url: `/files/${name}` });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.headers['content-type']).toMatch(/json/);
  });
});
