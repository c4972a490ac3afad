import http from 'node:http';
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
  { status: number; body?: unknown; headers?: Record<string, string> } | 'hang';

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
      response.writeHead(answered.status, {
        'content-type': 'application/json',
        ...answered.headers,
      });
      response.end(answered.body === undefined ? '' : JSON.stringify(answered.body));
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

/** The user and password of an HTTP Basic Authorization header, or undefined. */
export function basicAuth(header: string | undefined): [string, string] | undefined {
  const match = /^Basic (.+)$/.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}
