import { describe, expect, it } from 'vitest';
import { freePort } from '../../testing/free-port';
import {
  basicAuth,
  useProviderStandIn,
  type ReceivedRequest,
  type StandInAnswer,
} from '../../testing/sms-stand-in';
import { createTwilioProvider, type TwilioOptions } from './twilio';

// Made-up keys of the right shape: nothing here reaches Twilio.
const accountSid = 'AC0123456789abcdef0123456789abcdef';
const authToken = 'fedcba9876543210fedcba9876543210';
const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
const to = '+233244000001';
const text = 'Your Abode code is 493817. 您的验证码';

/** Twilio's error body (the legacy shape its Messages API answers). */
function twilioError(status: number, code: number, message: string): StandInAnswer {
  return {
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  };
}

let next: StandInAnswer;

/**
 * Twilio's Messages API as far as the driver can tell: the path names the account, HTTP Basic
 * auth with its SID and token, a form body; then the answer the test chose.
 */
function twilioApi(request: ReceivedRequest): StandInAnswer {
  if (request.method !== 'POST' || request.path !== messagesPath) {
    return twilioError(404, 20404, 'The requested resource was not found');
  }
  const auth = basicAuth(request.headers.authorization);
  if (auth?.[0] !== accountSid || auth[1] !== authToken) {
    return twilioError(401, 20003, 'Authenticate');
  }
  if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    return twilioError(400, 21600, 'bad content type');
  }
  return next;
}

const standIn = useProviderStandIn(twilioApi);

function provider(overrides: Partial<TwilioOptions> = {}) {
  return createTwilioProvider({
    accountSid,
    authToken,
    from: '+15005550006',
    baseUrl: standIn.baseUrl,
    ...overrides,
  });
}

const accepted: StandInAnswer = {
  status: 201,
  body: {
    sid: 'SM0123456789abcdef0123456789abcdef',
    status: 'queued',
    to,
    from: '+15005550006',
    body: text,
    account_sid: accountSid,
    error_code: null,
  },
};

describe('the Twilio driver', () => {
  it('sends through the SDK with Basic auth and To/From/Body: delivered', async () => {
    next = accepted;
    const outcome = await provider().send(to, text);

    expect(outcome).toEqual({
      kind: 'delivered',
      reason: 'queued',
      providerMessageId: 'SM0123456789abcdef0123456789abcdef',
    });
    expect(standIn.received).toHaveLength(1);
    const [request] = standIn.received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe(messagesPath);
    expect(basicAuth(request!.headers.authorization)).toEqual([accountSid, authToken]);
    expect(request!.form).toEqual({ To: to, From: '+15005550006', Body: text });
  });

  it('sends a Messaging Service SID as MessagingServiceSid, with no From', async () => {
    next = accepted;
    const service = 'MG0123456789abcdef0123456789abcdef';
    await provider({ from: service }).send(to, text);

    expect(standIn.received[0]!.form).toEqual({ To: to, MessagingServiceSid: service, Body: text });
  });

  it('sends an alphanumeric sender id as From', async () => {
    next = accepted;
    await provider({ from: 'Abode' }).send(to, text);
    expect(standIn.received[0]!.form).toMatchObject({ From: 'Abode' });
  });

  it('sends the number in E.164 whatever its spacing', async () => {
    next = accepted;
    await provider().send('+233 24 400 0001', text);
    expect(standIn.received[0]!.form.To).toBe(to);
  });

  it.each([
    [21211, "The 'To' number +233244000001 is not a valid phone number."],
    [21610, 'Attempt to send to unsubscribed recipient'],
    [21614, "'To' number is not a valid mobile number"],
  ])('a rejected number (%i) is a permanent failure', async (code, message) => {
    next = twilioError(400, code, message);
    const outcome = await provider().send(to, text);

    expect(outcome).toMatchObject({ kind: 'permanent-failure' });
    expect(outcome.reason).toContain(String(code));
    expect(standIn.received).toHaveLength(1);
  });

  it('a rate limit (429) is retry later, and the SDK does not retry on its own', async () => {
    next = twilioError(429, 20429, 'Too Many Requests');
    const outcome = await provider().send(to, text);

    expect(outcome).toMatchObject({ kind: 'retry-later' });
    expect(outcome).not.toHaveProperty('needsOperator');
    expect(standIn.received).toHaveLength(1);
  });

  it.each([500, 503])('a %i is retry later, asked once', async (status) => {
    next = twilioError(status, 20500, 'Internal Server Error');
    const outcome = await provider().send(to, text);

    expect(outcome).toMatchObject({ kind: 'retry-later' });
    expect(outcome).not.toHaveProperty('needsOperator');
    expect(standIn.received).toHaveLength(1);
  });

  it('wrong keys are retry later for an operator, never blamed on the number', async () => {
    const outcome = await provider({ authToken: '0'.repeat(32) }).send(to, text);

    expect(outcome).toMatchObject({ kind: 'retry-later', needsOperator: true });
    expect(outcome.reason).toContain('20003');
  });

  it('a sender Twilio refuses (21606) is retry later for an operator', async () => {
    next = twilioError(
      400,
      21606,
      "The 'From' phone number provided is not a valid message-capable Twilio phone number",
    );
    const outcome = await provider().send(to, text);
    expect(outcome).toMatchObject({ kind: 'retry-later', needsOperator: true });
  });

  it.each(['0244000001', '+1234', 'not a number'])(
    'a number that is not E.164 (%s) fails for good without calling Twilio',
    async (number) => {
      const outcome = await provider().send(number, text);
      expect(outcome).toMatchObject({ kind: 'permanent-failure' });
      expect(standIn.received).toEqual([]);
    },
  );

  it('gives up after its timeout: retry later', async () => {
    standIn.answer = () => 'hang';
    const started = Date.now();
    const outcome = await provider({ timeoutMs: 300 }).send(to, text);

    expect(outcome).toMatchObject({ kind: 'retry-later' });
    expect(outcome.reason).toMatch(/no answer/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('no server at all is retry later', async () => {
    const outcome = await provider({ baseUrl: `http://127.0.0.1:${await freePort()}` }).send(
      to,
      text,
    );
    expect(outcome).toMatchObject({
      kind: 'retry-later',
      reason: expect.stringMatching(/ECONNREFUSED/),
    });
  });
});
