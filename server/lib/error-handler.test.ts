import { describe, expect, it } from 'vitest';
import { errorCodeList } from '#common/error-codes';
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
    expect(response.json()).toEqual({
      message: 'The address is not valid',
      code: 'address_invalid',
    });
  });

  it('a path parameter past the length limit is 414 in the API shape', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/properties/${'x'.repeat(500)}`,
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      message: 'The address is too long',
      code: 'address_too_long',
    });
  });
});

// Clients branch on and translate the code, never the English (issue 17).
describe('every error answer carries a code', () => {
  it('a refused form: the code, its values, and each field with its text and code', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'not an email' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ message: 'Invalid body', code: 'invalid_input' });
    expect(body.fields.password).toBe('Password is required');
    expect(body.fieldCodes.password).toBe('passwordRequired');
    expect(Object.keys(body.fieldCodes).sort()).toEqual(Object.keys(body.fields).sort());
  });

  it('an unknown address and a visitor on a signed-in route', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.json()).toEqual({ message: 'Not found', code: 'not_found' });
    const visitor = await app.inject({ method: 'GET', url: '/api/favorites' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: 'Not signed in', code: 'unauthenticated' });
  });

  it('a listing that does not exist', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/properties/00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Property not found', code: 'listing_not_found' });
  });

  it('lists every code in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs' })).body;
    for (const code of errorCodeList) expect(document, code).toContain(`"${code}"`);
  });
});
