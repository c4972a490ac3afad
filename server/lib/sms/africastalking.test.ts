import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../testing/free-port';
import {
  useProviderStandIn,
  type ReceivedRequest,
  type StandInAnswer,
} from '../../testing/sms-stand-in';
import { createAfricasTalkingProvider, type AfricasTalkingOptions } from './africastalking';

// Made-up keys: nothing here reaches Africa's Talking. Not `sandbox`: that username switches
// the SDK to its sandbox URLs for the whole process.
const username = 'abode';
const apiKey = 'atsk_0123456789abcdef0123456789abcdef';
const to = '+233244000001';
const text = 'Your Abode code is 493817. 您的验证码';

function recipient(statusCode: number, status: string): StandInAnswer {
  const ok = statusCode < 200;
  return {
    status: 201,
    body: {
      SMSMessageData: {
        Message: ok ? 'Sent to 1/1 Total Cost: GHS 0.0300' : 'Sent to 0/1 Total Cost: 0',
        Recipients: [
          {
            statusCode,
            number: to,
            status,
            cost: ok ? 'GHS 0.0300' : '0',
            messageId: ok ? 'ATXid_0123456789' : 'None',
          },
        ],
      },
    },
  };
}

let next: StandInAnswer;

/**
 * The messaging endpoint as far as the driver can tell: POST /version1/messaging with the
 * `apiKey` header (HTTP headers ignore case; the SDK spells it `apikey`), a form body with the
 * app's username; then the answer the test chose.
 */
function africasTalkingApi(request: ReceivedRequest): StandInAnswer {
  if (request.method !== 'POST' || request.path !== '/version1/messaging') {
    return { status: 404, body: 'Not Found' };
  }
  if (request.headers.apikey !== apiKey || request.form.username !== username) {
    return { status: 401, body: 'The supplied authentication is invalid' };
  }
  return next;
}

const standIn = useProviderStandIn(africasTalkingApi);

function provider(overrides: Partial<AfricasTalkingOptions> = {}) {
  return createAfricasTalkingProvider({
    username,
    apiKey,
    senderId: 'Abode',
    baseUrl: standIn.baseUrl,
    ...overrides,
  });
}

describe("the Africa's Talking driver", () => {
  it('sends through the SDK with the apiKey header and username/to/message/from: delivered', async () => {
    next = recipient(101, 'Success');
    const outcome = await provider().send(to, text);

    expect(outcome).toEqual({
      kind: 'delivered',
      reason: '101 Success',
      providerMessageId: 'ATXid_0123456789',
    });
    expect(standIn.received).toHaveLength(1);
    const [request] = standIn.received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/version1/messaging');
    expect(request!.headers.apikey).toBe(apiKey);
    expect(request!.headers.accept).toBe('application/json');
    expect(request!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request!.form).toMatchObject({ username, to, message: text, from: 'Abode' });
  });

  it.each([
    [100, 'Processed'],
    [102, 'Queued'],
  ])('%i %s is delivered too', async (statusCode, status) => {
    next = recipient(statusCode, status);
    expect(await provider().send(to, text)).toMatchObject({ kind: 'delivered' });
  });

  it.each([
    [403, 'InvalidPhoneNumber'],
    [404, 'UnsupportedNumberType'],
    [406, 'UserInBlacklist'],
    [409, 'DoNotDisturbRejection'],
  ])('a rejected number (%i %s) is a permanent failure', async (statusCode, status) => {
    next = recipient(statusCode, status);
    expect(await provider().send(to, text)).toEqual({
      kind: 'permanent-failure',
      reason: `${statusCode} ${status}`,
    });
  });

  it.each([
    [401, 'RiskHold'],
    [402, 'InvalidSenderId'],
    [405, 'InsufficientBalance'],
  ])('%i %s is retry later, for an operator', async (statusCode, status) => {
    next = recipient(statusCode, status);
    expect(await provider().send(to, text)).toMatchObject({
      kind: 'retry-later',
      needsOperator: true,
    });
  });

  it.each([
    [407, 'CouldNotRoute'],
    [500, 'InternalServerError'],
    [501, 'GatewayError'],
    [502, 'RejectedByGateway'],
  ])('%i %s is retry later', async (statusCode, status) => {
    next = recipient(statusCode, status);
    const outcome = await provider().send(to, text);
    expect(outcome).toMatchObject({ kind: 'retry-later' });
    expect(outcome).not.toHaveProperty('needsOperator');
  });

  it('a rate limit (429) is retry later with its Retry-After, asked once', async () => {
    next = { status: 429, body: 'Too Many Requests', headers: { 'retry-after': '30' } };
    const outcome = await provider().send(to, text);

    expect(outcome).toMatchObject({ kind: 'retry-later', retryAfterSeconds: 30 });
    expect(outcome).not.toHaveProperty('needsOperator');
    expect(standIn.received).toHaveLength(1);
  });

  it.each([500, 503])('an HTTP %i is retry later, asked once', async (status) => {
    next = { status, body: 'Internal Server Error' };
    const outcome = await provider().send(to, text);

    expect(outcome).toMatchObject({ kind: 'retry-later' });
    expect(outcome).not.toHaveProperty('needsOperator');
    expect(standIn.received).toHaveLength(1);
  });

  it('a wrong API key is retry later for an operator, never blamed on the number', async () => {
    const outcome = await provider({ apiKey: 'atsk_wrongwrongwrongwrongwrong' }).send(to, text);
    expect(outcome).toMatchObject({
      kind: 'retry-later',
      needsOperator: true,
      reason: expect.stringContaining('401'),
    });
  });

  it('an answer with no recipient (the whole request refused) is for an operator', async () => {
    next = {
      status: 201,
      body: { SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } },
    };
    expect(await provider().send(to, text)).toMatchObject({
      kind: 'retry-later',
      needsOperator: true,
      reason: expect.stringContaining('InvalidSenderId'),
    });
  });

  it.each(['0244000001', '+1234', 'not a number'])(
    'a number that is not E.164 (%s) fails for good without calling the API',
    async (number) => {
      expect(await provider().send(number, text)).toMatchObject({ kind: 'permanent-failure' });
      expect(standIn.received).toEqual([]);
    },
  );

  it('gives up after its timeout (the SDK sets none): retry later', async () => {
    standIn.answer = () => 'hang';
    const started = Date.now();
    const outcome = await provider({ timeoutMs: 300 }).send(to, text);

    expect(outcome).toMatchObject({
      kind: 'retry-later',
      reason: expect.stringMatching(/no answer/),
    });
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

  it('leaves alone every other request of the axios the SDK shares', async () => {
    provider();
    // The very axios instance the SDK's lib/sms.js uses, as the driver finds it.
    const sdkFile = createRequire(import.meta.url).resolve('africastalking/lib/sms.js');
    const sdkAxios = createRequire(sdkFile)('axios') as (config: object) => Promise<unknown>;
    const elsewhere = `http://127.0.0.1:${await freePort()}/version1/messaging`;

    // Outside send(): not sent to the stand-in, not given the driver's timeout.
    await expect(sdkAxios({ method: 'POST', url: elsewhere })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
      config: { url: elsewhere, timeout: 0 },
    });
    expect(standIn.received).toEqual([]);
  });
});
