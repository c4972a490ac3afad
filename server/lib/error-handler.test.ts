import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';

const { app } = await createTestApp();

// The router answers these before any route; they came in Fastify's own shape
// ({ error, code, message, statusCode }, the whole path in the message) until the app set
// frameworkErrors (found by server/api-fuzz.test.ts).
describe('errors the router answers', () => {
  it('a path that does not decode is 400 in the API shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/properties/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'The address is not valid' });
  });

  it('a path parameter past the length limit is 414 in the API shape', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/properties/${'x'.repeat(500)}`,
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'The address is too long' });
  });
});
