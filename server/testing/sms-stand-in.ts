import http from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { freePort } from './free-port';

/**
 * A local HTTP server that stands in for an SMS provider's API (Twilio, Africa's Talking):
 * the drivers of server/lib/sms/ talk to it through their vendor's own SDK, pointed at its
 * origin. It keeps every request it received, and answers what the test's `answer` says: a
 * status with a JSON body, or nothing at all (`hang`, for timeouts). Loopback only.
 */
export type ReceivedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body, and its fields when it is a form (both providers' APIs take forms). */
  body: string;
  form: Record<string, string>;
};

export type StandInAnswer =
  | {
      status: number;
      body?: unknown;
      headers?: Record<string, string>;
      /** How long the provider takes to answer (a real one: a few hundred ms). */
      delayMs?: number;
    }
  | 'hang';

export type ProviderStandIn = {
  /** http://127.0.0.1:port, the origin to give the driver. */
  baseUrl: string;
  received: ReceivedRequest[];
  /** What the next requests are answered; a test sets it before sending. */
  answer: (request: ReceivedRequest) => StandInAnswer;
  close: () => Promise<void>;
};

export async function startProviderStandIn(
  answer: ProviderStandIn['answer'],
): Promise<ProviderStandIn> {
  const standIn: ProviderStandIn = {
    baseUrl: '',
    received: [],
    answer,
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const received: ReceivedRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
        form: Object.fromEntries(new URLSearchParams(body)),
      };
      standIn.received.push(received);
      const answered = standIn.answer(received);
      if (answered === 'hang') return;
      setTimeout(() => {
        response.writeHead(answered.status, {
          'content-type': 'application/json',
          ...answered.headers,
        });
        response.end(answered.body === undefined ? '' : JSON.stringify(answered.body));
      }, answered.delayMs ?? 0);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  standIn.baseUrl = `http://127.0.0.1:${port}`;
  standIn.close = () =>
    new Promise((resolve) => {
      // Keep-alive and hanging connections would hold close() open.
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}

/**
 * The stand-in a driver's test file talks to: started before its tests with `api` (the
 * vendor's checks of path, authentication and body, then the test's chosen answer), emptied
 * and given `api` back before each test, closed after them.
 */
export function useProviderStandIn(api: ProviderStandIn['answer']): ProviderStandIn {
  let started: ProviderStandIn | undefined;
  const current = () => {
    if (!started) throw new Error('the provider stand-in starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startProviderStandIn(api);
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(() => {
    current().received.length = 0;
    current().answer = api;
  });
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get received() {
      return current().received;
    },
    get answer() {
      return current().answer;
    },
    set answer(answer) {
      current().answer = answer;
    },
    close: () => current().close(),
  };
}

/** The user and password of an HTTP Basic Authorization header, or undefined. */
export function basicAuth(header: string | undefined): [string, string] | undefined {
  const match = /^Basic (.+)$/.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

/**
 * A stand-in for Twilio's Messages API that accepts every text (201) unless told it is down
 * (503): what a whole server (SMS_PROVIDER=twilio, SMS_API_URL) is pointed at in tests of
 * delivery across processes. `env` is the server's configuration for it.
 */
export async function startTwilioStandIn(options: { delayMs?: number } = {}): Promise<
  ProviderStandIn & {
    env: Record<string, string>;
    down: boolean;
    /** The texts accepted (not those answered 503) for a number (E.164), in order. */
    textsTo: (number: string) => string[];
  }
> {
  const accountSid = 'AC00000000000000000000000000000018';
  const accepted: ReceivedRequest[] = [];
  const standIn = Object.assign(
    await startProviderStandIn((request) => {
      if (result.down)
        return { status: 503, body: { code: 20503, message: 'Service unavailable' } };
      accepted.push(request);
      return {
        status: 201,
        delayMs: options.delayMs ?? 0,
        body: {
          sid: `SM${String(accepted.length).padStart(32, '0')}`,
          status: 'queued',
          to: request.form.To,
          body: request.form.Body,
          account_sid: accountSid,
          error_code: null,
        },
      };
    }),
    { down: false },
  );
  const result = Object.assign(standIn, {
    env: {
      SMS_PROVIDER: 'twilio',
      SMS_API_URL: standIn.baseUrl,
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: '00000000000000000000000000000018',
      TWILIO_FROM: 'Abode',
    },
    textsTo: (number: string) =>
      accepted
        .filter((request) => request.form.To === number)
        .map((request) => request.form.Body ?? ''),
  });
  return result;
}
