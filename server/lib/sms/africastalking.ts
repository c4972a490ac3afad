import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import africastalking, { type SmsAnswer } from 'africastalking';
import type { SmsOutcome, SmsProvider } from '../notifier';
import { notE164, retryAfterSeconds, SMS_TIMEOUT_MS, toE164 } from './outcome';

/**
 * Text messages through Africa's Talking (Ghana and much of Africa), with the official
 * `africastalking` package (decision 012): POST https://api.africastalking.com/version1/messaging
 * with an `apiKey` header and a form body of username, to, message and from. Success is HTTP
 * 201 with a status per recipient in SMSMessageData.Recipients.
 */
export type AfricasTalkingOptions = {
  /** The app's username; `sandbox` talks to the sandbox API (the SDK decides, process-wide). */
  username: string;
  apiKey: string;
  /** An approved sender id or short code of the account. */
  senderId: string;
  /** Tests only: the origin of a stand-in for the API (http://127.0.0.1:port). */
  baseUrl?: string;
  timeoutMs?: number;
};

/**
 * The seam. The SDK takes no HTTP client, timeout or URL: lib/sms.js calls the module-level
 * `axios` it requires, with the URL hard-coded and no timeout (axios's default: wait forever).
 * So we add one request interceptor to that very axios instance (resolved from the SDK's own
 * folder, so a copy nested under the SDK is the one we get) and scope it with
 * AsyncLocalStorage: it touches only requests made inside this driver's send(), which sets
 * the timeout and, in tests, the origin. Anything else in the process that uses the same
 * axios sees no change. axios retries nothing on its own, nor does the SDK.
 */
type RequestSettings = { timeoutMs: number; baseUrl: string | undefined };
type SdkAxios = {
  interceptors: {
    request: {
      use(onFulfilled: (request: { url?: string; timeout?: number }) => unknown): number;
    };
  };
};

const insideSend = new AsyncLocalStorage<RequestSettings>();
let interceptorAdded = false;

function addInterceptor(): void {
  if (interceptorAdded) return;
  const sdkFile = createRequire(import.meta.url).resolve('africastalking/lib/sms.js');
  const sdkAxios = createRequire(sdkFile)('axios') as SdkAxios;
  sdkAxios.interceptors.request.use((request) => {
    const settings = insideSend.getStore();
    if (!settings) return request;
    request.timeout = settings.timeoutMs;
    if (settings.baseUrl && request.url) {
      const url = new URL(request.url);
      const base = new URL(settings.baseUrl);
      url.protocol = base.protocol;
      url.host = base.host;
      request.url = url.href;
    }
    return request;
  });
  interceptorAdded = true;
}

/** Per-recipient status codes (Africa's Talking docs, SMS, Sending: Recipients[].statusCode). */
const accepted = new Set([100, 101, 102]); // Processed, Sent, Queued
/** This number will never take it. */
const recipientRefused = new Set([
  403, // InvalidPhoneNumber
  404, // UnsupportedNumberType
  406, // UserInBlacklist (the person opted out)
  409, // DoNotDisturbRejection
]);
/** Our account or sender: every message fails until someone fixes it. */
const accountProblem = new Set([
  401, // RiskHold
  402, // InvalidSenderId
  405, // InsufficientBalance
]);
// 407 CouldNotRoute, 500 InternalServerError, 501 GatewayError, 502 RejectedByGateway: later.
const transient = new Set([407, 500, 501, 502]);

export function createAfricasTalkingProvider(options: AfricasTalkingOptions): SmsProvider {
  addInterceptor();
  const client = africastalking({ username: options.username, apiKey: options.apiKey });
  const settings: RequestSettings = {
    timeoutMs: options.timeoutMs ?? SMS_TIMEOUT_MS,
    baseUrl: options.baseUrl,
  };

  return {
    name: 'africastalking',
    async send(to, text) {
      const number = toE164(to);
      if (!number) return notE164;
      try {
        const answer = await insideSend.run(settings, () =>
          client.SMS.send({ to: number, message: text, from: options.senderId }),
        );
        return outcomeOfAnswer(answer);
      } catch (error) {
        return outcomeOfError(error);
      }
    },
  };
}

/** HTTP 201: one recipient, whose status code says what became of the message. */
function outcomeOfAnswer(answer: SmsAnswer): SmsOutcome {
  const recipient = answer?.SMSMessageData?.Recipients?.[0];
  if (!recipient) {
    // No recipient at all: the whole request was refused (e.g. "InvalidSenderId").
    const reason = `no recipient in the answer: ${String(answer?.SMSMessageData?.Message)}`;
    return { kind: 'retry-later', reason, needsOperator: true };
  }
  const reason = `${recipient.statusCode} ${recipient.status}`;
  if (accepted.has(recipient.statusCode)) {
    return { kind: 'delivered', reason, providerMessageId: recipient.messageId };
  }
  if (recipientRefused.has(recipient.statusCode)) return { kind: 'permanent-failure', reason };
  if (transient.has(recipient.statusCode)) return { kind: 'retry-later', reason };
  if (accountProblem.has(recipient.statusCode)) {
    return { kind: 'retry-later', reason, needsOperator: true };
  }
  // A code this driver does not know yet: someone should look, and teach it.
  return { kind: 'retry-later', reason: `${reason} (unknown status code)`, needsOperator: true };
}

/**
 * The SDK rejects with axios's error for a non-2xx answer or none, with its own Error when it
 * refuses the parameters, and with the body of a 2xx other than 201.
 */
function outcomeOfError(error: unknown): SmsOutcome {
  const failure = (error ?? {}) as {
    isAxiosError?: boolean;
    code?: string;
    message?: string;
    response?: { status: number; headers?: Record<string, unknown>; data?: unknown };
  };
  if (failure.isAxiosError && failure.response) {
    const { status, headers, data } = failure.response;
    const reason = `HTTP ${status}: ${describe(data)}`;
    if (status === 429) {
      const after = retryAfterSeconds(headers?.['retry-after']);
      return {
        kind: 'retry-later',
        reason,
        ...(after === undefined ? {} : { retryAfterSeconds: after }),
      };
    }
    if (status >= 500) return { kind: 'retry-later', reason };
    // 401 (wrong API key or username), 400 (a request the API refuses): ours to fix.
    return { kind: 'retry-later', reason, needsOperator: true };
  }
  if (failure.isAxiosError) {
    return {
      kind: 'retry-later',
      reason: `no answer from Africa's Talking: ${failure.code ?? failure.message}`,
    };
  }
  if (error instanceof Error) {
    // The SDK checks the number with google-libphonenumber too; ours passed, its did not.
    if (/valid phone number/.test(error.message)) {
      return { kind: 'permanent-failure', reason: error.message };
    }
    return { kind: 'retry-later', reason: error.message, needsOperator: true };
  }
  return {
    kind: 'retry-later',
    reason: `unexpected answer: ${describe(error)}`,
    needsOperator: true,
  };
}

function describe(data: unknown): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return (text ?? '').slice(0, 200);
}
