import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { storeInOutbox } from './outbox';

describe('dev outbox', () => {
  it('lists stored messages newest first', async () => {
    const { app, database } = await createTestApp();
    await storeInOutbox(database.db, {
      channel: 'email',
      recipient: 'first@example.com',
      subject: 'Your code',
      textBody: 'Code 123456',
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await storeInOutbox(database.db, {
      channel: 'sms',
      recipient: '+233244123456',
      textBody: 'Code 654321',
    });

    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { messages } = response.json();
    expect(messages.map((m: { recipient: string }) => m.recipient)).toEqual([
      '+233244123456',
      'first@example.com',
    ]);
    expect(messages[1]).toMatchObject({
      channel: 'email',
      subject: 'Your code',
      textBody: 'Code 123456',
      htmlBody: null,
    });
  });

  it('rejects a bad limit with 400', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox?limit=0' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('limit');
  });

  it('does not exist in production', async () => {
    const { app, database } = await createTestApp({ nodeEnv: 'production', isProduction: true });
    await storeInOutbox(database.db, {
      channel: 'email',
      recipient: 'x@example.com',
      textBody: 'secret',
    });
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret');
  });
});
