import { describe, expect, it } from 'vitest';
import { createTestApp, signUpAdmin } from '../testing/test-app';
import { unstorableTextPath } from './text-guard';

// PostgreSQL refuses NUL and lone surrogates in text; these requests answered 500 before the
// guard (found by server/api-fuzz.test.ts).
const testApp = await createTestApp();
const { app } = testApp;

describe('text the database cannot hold', () => {
  it('refuse a JSON body field with one, naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/support/message',
      payload: { email: 'ama@example.com', subject: 'Hello', message: 'a\u0000b' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Invalid body',
      code: 'invalid_input',
      fields: { message: 'This value is not valid' },
      fieldCodes: { message: 'invalidValue' },
    });
  });

  it('refuse a lone surrogate (not Unicode) in a body field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/service-providers',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        categoryId: 'contractor',
        businessName: '中文\udfff\ud800',
        contactPerson: 'Kofi',
        email: 'kofi@example.com',
        phone: '+233 24 412 3456',
        businessAddress: '1 Ring Road',
        serviceArea: 'Accra',
        yearsExperience: 0,
        servicesOffered: 'Repairs',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ businessName: 'This value is not valid' });
  });

  it('refuse a query parameter with one', async () => {
    const search = await app.inject({
      method: 'GET',
      url: '/api/properties/search?location=%C4%B0%00',
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().fields).toEqual({ location: 'This value is not valid' });

    const admin = await signUpAdmin(testApp);
    const listings = await app.inject({
      method: 'GET',
      url: '/api/admin/properties?search=%00',
      headers: { cookie: admin.cookie },
    });
    expect(listings.statusCode).toBe(400);
    expect(listings.json().fields).toEqual({ search: 'This value is not valid' });
  });

  it('refuse one deep in a body, and survive bodies nested thousands deep', async () => {
    const nested = await app.inject({
      method: 'POST',
      url: '/api/analytics/track-visitor',
      payload: { visitorId: 'visitor-123456', pageUrl: '/', pageTitle: '\u0000' },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().fields).toEqual({ pageTitle: 'This value is not valid' });

    const deep = await app.inject({
      method: 'POST',
      url: '/api/support/message',
      headers: { 'content-type': 'application/json' },
      payload: '['.repeat(20_000) + ']'.repeat(20_000),
    });
    expect(deep.statusCode).toBe(400);
  });

  it('names the path of the first string with one', () => {
    expect(unstorableTextPath({ a: 'fine', b: [{ c: 'x\u0000' }] })).toBe('b.0.c');
    expect(unstorableTextPath('\u0000')).toBe('body');
    expect(unstorableTextPath({ ['k\u0000']: 1 })).toBe('k');
    expect(unstorableTextPath({ a: ['ok', 1, null, true, '😀 中文'] })).toBeNull();
    expect(unstorableTextPath({ a: 'x\ud800y' })).toBe('a');
    expect(unstorableTextPath({ a: '\udfff\ud83d' })).toBe('a');
    expect(unstorableTextPath(Buffer.from([0, 0, 0]))).toBeNull();
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(unstorableTextPath(deep)).toBe(`${'0.'.repeat(50_000)}`.slice(0, -1));
  });
});
