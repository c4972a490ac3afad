import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/client';
import type { SmsOutcome, SmsProvider } from '../../lib/notifier';
import { forgetFailedSecrets, SECRET_LIFETIME_MS } from '../../lib/queued-notifier';
import { createTestApp, deliveriesSettled, signUp, signUpAdmin } from '../../testing/test-app';

// The admin panel's Deliveries and the verify page's question (issue 18): a message the
// provider refuses ends failed with the provider's reason, administrators see it (never its
// code) and can send it again, and the person waiting for the code is told.
let outcome: SmsOutcome = { kind: 'delivered', reason: 'accepted' };
const provider: SmsProvider = {
  name: 'stand-in',
  send: vi.fn(async () => outcome),
};
const testApp = await createTestApp({}, { smsProvider: provider });
const { app, database } = testApp;
const admin = await signUpAdmin(testApp);

let number = 0;
const freshPhone = () => `02412${String(70_000 + (number += 1)).padStart(5, '0')}`;
const list = (status: string, cookie = admin.cookie) =>
  app.inject({ method: 'GET', url: `/api/admin/deliveries?status=${status}`, headers: { cookie } });
const retry = (id: string, cookie = admin.cookie) =>
  app.inject({ method: 'POST', url: `/api/admin/deliveries/${id}/retry`, headers: { cookie } });
const codeDelivery = (cookie: string) =>
  app.inject({ method: 'GET', url: '/api/auth/code-delivery?channel=phone', headers: { cookie } });
/** The code inside a queued message: what the panel must never show. */
const queuedCode = async (id: string) =>
  (
    await rowsOf<{ code: string }>(
      database.db,
      sql`SELECT data->'message'->>'code' AS code FROM pgboss.job WHERE id = ${id}::uuid`,
    )
  )[0]!.code;

describe('a text the provider refuses', () => {
  it('fails at once with the reason; the panel lists it without its code, and the user is told', async () => {
    outcome = { kind: 'permanent-failure', reason: '21614: not a mobile number' };
    const renter = await signUp(app, {
      registrationMethod: 'phone',
      email: undefined,
      phone: freshPhone(),
    });
    await deliveriesSettled(database.db);

    const failed = await list('failed');
    expect(failed.statusCode).toBe(200);
    const [delivery] = failed.json().deliveries;
    expect(delivery).toMatchObject({
      channel: 'sms',
      kind: 'phone-verification',
      status: 'failed',
      attempts: 1,
      reason: '21614: not a mobile number',
    });
    expect(failed.body).not.toContain(await queuedCode(delivery.id));
    expect(failed.body).not.toContain('"code"');

    expect((await codeDelivery(renter.cookie)).json()).toEqual({ status: 'failed' });
  });

  it('is sent again on an administrator’s retry, once, and then shows as sent', async () => {
    outcome = { kind: 'permanent-failure', reason: 'unreachable' };
    const renter = await signUp(app, {
      registrationMethod: 'phone',
      email: undefined,
      phone: freshPhone(),
    });
    await deliveriesSettled(database.db);
    const id = (await list('failed')).json().deliveries[0].id as string;
    outcome = { kind: 'delivered', reason: 'accepted' };

    const retried = await retry(id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id, status: 'retrying' });
    await deliveriesSettled(database.db);
    const sent = (await list('sent')).json().deliveries;
    expect(sent.find((d: { id: string }) => d.id === id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      reason: null,
    });
    expect((await codeDelivery(renter.cookie)).json()).toEqual({ status: 'sent' });
    // Only a failed one can be retried.
    expect((await retry(id)).json()).toMatchObject({ code: 'delivery_not_failed' });
    expect((await retry(id)).statusCode).toBe(409);
  });

  it('is retried at most 3 times an hour', async () => {
    outcome = { kind: 'permanent-failure', reason: 'unreachable' };
    await signUp(app, { registrationMethod: 'phone', email: undefined, phone: freshPhone() });
    await deliveriesSettled(database.db);
    const id = (await list('failed')).json().deliveries[0].id as string;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await retry(id)).statusCode);
      await deliveriesSettled(database.db);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('a provider that is down', () => {
  it('keeps the message queued, retrying, with the reason, and tells the user it is late', async () => {
    outcome = { kind: 'retry-later', reason: 'HTTP 503' };
    const renter = await signUp(app, {
      registrationMethod: 'phone',
      email: undefined,
      phone: freshPhone(),
    });
    await deliveriesSettled(database.db);
    const queued = (await list('queued')).json().deliveries;
    expect(queued[0]).toMatchObject({ status: 'retrying', attempts: 1, reason: 'HTTP 503' });
    expect(new Date(queued[0].at).getTime()).toBeGreaterThan(Date.now());
    expect((await codeDelivery(renter.cookie)).json()).toEqual({ status: 'retrying' });
  });
});

describe('a code waits in the queue only until it is sent (issue 34)', () => {
  /** The text last handed to the provider, its recipient and the code in it. */
  const lastText = () => {
    const [to, text] = vi.mocked(provider.send).mock.calls.at(-1)!;
    return { to, text, code: /\d{6}/.exec(text)![0] };
  };
  /** What pg-boss's table holds of the text message to `to`, read by SQL. */
  const stored = async (to: string) => {
    const rows = await rowsOf<{ id: string; state: string; data: string }>(
      database.db,
      sql`SELECT id, state::text AS state, data::text AS data FROM pgboss.job
          WHERE name = 'deliver-sms' AND data->>'to' = ${to}`,
    );
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  it('a sent code is no longer in the job', async () => {
    outcome = { kind: 'delivered', reason: 'accepted' };
    await signUp(app, { registrationMethod: 'phone', email: undefined, phone: freshPhone() });
    await deliveriesSettled(database.db);
    const { to, code } = lastText();
    const job = await stored(to);
    expect(job.state).toBe('completed');
    expect(job.data).not.toContain(code);
    expect(JSON.parse(job.data)).toMatchObject({ to, message: { kind: 'phone-verification' } });
    expect(JSON.parse(job.data).message).not.toHaveProperty('code');
  });

  it('a sent password-reset code is no longer in the job either', async () => {
    outcome = { kind: 'delivered', reason: 'accepted' };
    const phone = freshPhone();
    const account = await signUp(app, { registrationMethod: 'phone', email: undefined, phone });
    await deliveriesSettled(database.db);
    const { to } = lastText();
    // Verified, and past the minute between two codes to one number.
    await database.db.execute(
      sql`UPDATE users SET phone_verified = true WHERE id = ${account.userId}::uuid`,
    );
    await database.db.execute(sql`DELETE FROM code_sends WHERE target = ${to}`);
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { phone },
      remoteAddress: '10.77.0.1',
    });
    expect(asked.statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        await deliveriesSettled(database.db);
        expect(lastText().text).toContain(lastText().code);
        expect(vi.mocked(provider.send).mock.calls.at(-1)![1]).toMatch(/reset/i);
      },
      { timeout: 10_000 },
    );
    const { code } = lastText();
    const rows = await rowsOf<{ state: string; data: string }>(
      database.db,
      sql`SELECT state::text AS state, data::text AS data FROM pgboss.job
          WHERE name = 'deliver-sms' AND data->>'to' = ${to}
            AND data->'message'->>'kind' = 'password-reset-code'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state).toBe('completed');
    expect(rows[0]!.data).not.toContain(code);
  });

  it('a message waiting for a retry keeps its code, and the retry sends it', async () => {
    outcome = { kind: 'retry-later', reason: 'HTTP 503' };
    await signUp(app, { registrationMethod: 'phone', email: undefined, phone: freshPhone() });
    await deliveriesSettled(database.db);
    const first = lastText();
    const waiting = await stored(first.to);
    expect(waiting.state).toBe('retry');
    expect(waiting.data).toContain(first.code);

    outcome = { kind: 'delivered', reason: 'accepted' };
    // Its retry is due now rather than in 5–10 s.
    await database.db.execute(
      sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'deliver-sms' AND id = ${waiting.id}::uuid`,
    );
    await vi.waitFor(async () => expect((await stored(first.to)).state).toBe('completed'), {
      timeout: 10_000,
    });
    expect(lastText()).toEqual(first);
    expect((await stored(first.to)).data).not.toContain(first.code);
  });

  it('a message that failed for good keeps its code while it can be used, then loses it', async () => {
    outcome = { kind: 'permanent-failure', reason: 'unreachable' };
    await signUp(app, { registrationMethod: 'phone', email: undefined, phone: freshPhone() });
    await deliveriesSettled(database.db);
    const { to, code } = lastText();
    expect((await stored(to)).state).toBe('failed');
    // Still usable: an administrator's retry can still help.
    await forgetFailedSecrets(database.db);
    expect((await stored(to)).data).toContain(code);

    const later = new Date(Date.now() + SECRET_LIFETIME_MS + 60_000);
    expect(await forgetFailedSecrets(database.db, later)).toBeGreaterThanOrEqual(1);
    const job = await stored(to);
    expect(job.data).not.toContain(code);

    // A retry now has nothing worth sending: it fails at once, saying why, and sends nothing.
    outcome = { kind: 'delivered', reason: 'accepted' };
    const texts = vi.mocked(provider.send).mock.calls.length;
    expect((await retry(job.id)).statusCode).toBe(200);
    await deliveriesSettled(database.db);
    expect(vi.mocked(provider.send).mock.calls.length).toBe(texts);
    const failed = (await list('failed')).json().deliveries;
    expect(failed.find((d: { id: string }) => d.id === job.id)).toMatchObject({
      status: 'failed',
      reason: 'its code or link has expired',
    });
  });
});

describe('who may see and retry deliveries', () => {
  it('answers 401 to visitors and 403 to other accounts; bad input is a 400, a malformed or unknown id a 404', async () => {
    const renter = await signUp(app);
    expect((await list('failed', '')).statusCode).toBe(401);
    expect((await list('failed', renter.cookie)).statusCode).toBe(403);
    expect((await retry('00000000-0000-4000-8000-000000000000', renter.cookie)).statusCode).toBe(
      403,
    );
    expect((await list('lost')).statusCode).toBe(400);
    // A malformed id answers as an unknown one (server/lib/ids.ts).
    const malformed = await retry('not-an-id');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ code: 'delivery_not_found' });
    const unknown = await retry('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'delivery_not_found' });
  });

  it('the code-delivery question needs a signed-in account and a channel', async () => {
    const renter = await signUp(app);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/code-delivery?channel=phone' }))
        .statusCode,
    ).toBe(401);
    const noChannel = await app.inject({
      method: 'GET',
      url: '/api/auth/code-delivery',
      headers: { cookie: renter.cookie },
    });
    expect(noChannel.statusCode).toBe(400);
    // An e-mail account has no phone code.
    expect((await codeDelivery(renter.cookie)).json()).toEqual({ status: 'none' });
  });
});
