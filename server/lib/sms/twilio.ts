import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { SmsOutcome, SmsProvider } from '../notifier';
import { notE164, SMS_TIMEOUT_MS, toE164 } from './outcome';

/**
 * Text messages through Twilio's Programmable Messaging, with the official `twilio` package
 * (decision 012): POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth with
 * the Account SID and Auth Token, a form body of To, Body and From (or MessagingServiceSid).
 */
export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  /** A number in E.164, an alphanumeric sender id, or a Messaging Service SID (MG…). */
  from: string;
  /**
   * Tests only: the origin of a stand-in for https://api.twilio.com (http://127.0.0.1:port).
   * The SDK still builds the path, the auth header and the body; only the origin changes.
   */
  baseUrl?: string;
  timeoutMs?: number;
};

/**
 * The SDK's own HTTP client (so auth and body encoding stay the SDK's), configured the way a
 * person-facing request needs: a timeout, and no retries of its own (autoRetry would wait
 * through 429s while someone looks at a spinner; retrying is the caller's choice). The SDK
 * accepts it as `httpClient`, its documented seam; given a base URL, it sends every request
 * to that origin instead.
 */
class TwilioRequestClient extends twilio.RequestClient {
  constructor(
    private readonly baseUrl: string | undefined,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs, autoRetry: false });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    if (!this.baseUrl) return super.request<TData>(opts);
    const uri = new URL(opts.uri);
    const base = new URL(this.baseUrl);
    uri.protocol = base.protocol;
    uri.host = base.host;
    return super.request<TData>({ ...opts, uri: uri.href });
  }
}

/**
 * Twilio error codes that mean this recipient will never take a text from us, whatever we
 * retry (https://www.twilio.com/docs/api/errors). Every other 4xx is about our account, sender
 * or request, which an operator must fix.
 */
const recipientRefused = new Map<number, string>([
  [21211, 'invalid To number'],
  [21265, 'To is a short code'],
  [21407, 'number type does not support SMS'],
  [21610, 'recipient unsubscribed (replied STOP)'],
  [21612, 'number not reachable by SMS'],
  [21614, 'not a mobile number'],
  [21635, 'To is a landline'],
]);

const messagingServiceSid = /^MG[0-9a-fA-F]{32}$/;

export function createTwilioProvider(options: TwilioOptions): SmsProvider {
  const client = twilio(options.accountSid, options.authToken, {
    httpClient: new TwilioRequestClient(options.baseUrl, options.timeoutMs ?? SMS_TIMEOUT_MS),
  });
  // A Messaging Service picks the sending number itself (and handles opt-outs).
  const sender = messagingServiceSid.test(options.from)
    ? { messagingServiceSid: options.from }
    : { from: options.from };

  return {
    name: 'twilio',
    async send(to, text) {
      const number = toE164(to);
      if (!number) return notE164;
      try {
        const message = await client.messages.create({ to: number, body: text, ...sender });
        return { kind: 'delivered', reason: message.status, providerMessageId: message.sid };
      } catch (error) {
        return outcomeOfError(error);
      }
    },
  };
}

/**
 * The SDK throws a RestException (or, for newer APIs, a TwilioServiceException) carrying the
 * HTTP status and Twilio's numeric code for every non-2xx answer, and axios's error when no
 * answer came (refused, reset, DNS, timeout).
 */
function outcomeOfError(error: unknown): SmsOutcome {
  const { status, code, message, isAxiosError } = (error ?? {}) as {
    status?: unknown;
    code?: unknown;
    message?: unknown;
    isAxiosError?: unknown;
  };
  if (typeof status === 'number' && !isAxiosError) {
    const twilioCode = typeof code === 'number' ? code : undefined;
    const reason = `HTTP ${status}${twilioCode ? ` error ${twilioCode}` : ''}: ${String(message)}`;
    if (status === 429 || twilioCode === 20429) return { kind: 'retry-later', reason };
    if (status >= 500) return { kind: 'retry-later', reason };
    const refused = twilioCode === undefined ? undefined : recipientRefused.get(twilioCode);
    if (refused) return { kind: 'permanent-failure', reason: `${refused} (${reason})` };
    // 401 (20003: wrong SID or token), 21606 (From not ours), 21608 (trial account), 21408
    // (country not enabled), and any request Twilio refuses: ours to fix, not the user's.
    return { kind: 'retry-later', reason, needsOperator: true };
  }
  if (isAxiosError) {
    return { kind: 'retry-later', reason: `no answer from Twilio: ${String(code ?? message)}` };
  }
  return {
    kind: 'retry-later',
    reason: `Twilio client failed: ${error instanceof Error ? error.message : String(error)}`,
    needsOperator: true,
  };
}
