/**
 * The scenarios' HTTP side: virtual users, each with one keep-alive connection, its own
 * address (X-Forwarded-For, honoured with TRUST_PROXY=1: the server takes its last entry, as
 * one proxy in front would have appended it) and its session cookie; every
 * answer recorded per route with its status and latency, so a 2xx write is counted only when
 * its answer arrived whole.
 */
import http from 'node:http';
import { apiErrorSchema } from '#common/api-error';
import type { ListingInput } from '#common/listings';
import { imageFile, multipart } from '../../server/testing/uploads';
import { percentile, sleep } from './harness';
import type { Mailbox } from './mailbox';

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
  /** performance.now() when the answer was complete. */
  at: number;
  /** performance.now() when the request was sent. */
  sentAt: number;
};

/** A transport failure (refused, reset, timed out): no answer at all. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly sentAt: number,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export function json<T = unknown>(answer: Answer): T {
  return JSON.parse(answer.body) as T;
}

type RouteStats = { statuses: Map<number, number>; latencies: number[] };

/** Every answer and transport error, per route name. */
export class Recorder {
  readonly routes = new Map<string, RouteStats>();
  readonly transportErrors = new Map<string, number>();
  private recording = true;

  pause() {
    this.recording = false;
  }
  resume() {
    this.recording = true;
  }

  answer(route: string, answer: Answer) {
    if (!this.recording) return;
    let stats = this.routes.get(route);
    if (!stats) this.routes.set(route, (stats = { statuses: new Map(), latencies: [] }));
    stats.statuses.set(answer.status, (stats.statuses.get(answer.status) ?? 0) + 1);
    stats.latencies.push(answer.ms);
  }

  error(route: string, error: Error) {
    if (!this.recording) return;
    const key = `${route}: ${error.message}`;
    this.transportErrors.set(key, (this.transportErrors.get(key) ?? 0) + 1);
  }

  get total(): number {
    let total = 0;
    for (const stats of this.routes.values()) total += stats.latencies.length;
    return total;
  }

  /** All statuses over all routes. */
  statusCounts(): Map<number, number> {
    const counts = new Map<number, number>();
    for (const stats of this.routes.values())
      for (const [status, n] of stats.statuses) counts.set(status, (counts.get(status) ?? 0) + n);
    return counts;
  }

  latency(route?: string): { p50: number; p99: number; max: number } {
    const all = route
      ? (this.routes.get(route)?.latencies ?? [])
      : [...this.routes.values()].flatMap((s) => s.latencies);
    const sorted = [...all].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
  }
}

export const formatStatuses = (counts: Map<number, number>) =>
  [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ') || 'none';

const sessionCookiePattern = /(?:^|;\s*)?(abode_session=[^;]*)/;

/** One visitor: one connection, one address, one session. */
export class VirtualUser {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  cookie: string | undefined;
  userId: string | undefined;
  email: string | undefined;
  password: string | undefined;
  /** Whether this account's e-mail is verified: photo uploads need it (issue 50). */
  emailVerified = false;

  constructor(
    readonly baseUrl: string,
    readonly ip: string,
    readonly recorder?: Recorder,
    readonly timeoutMs = 15_000,
  ) {}

  close() {
    this.agent.destroy();
  }

  /** Sends one request; throws TransportError when no whole answer arrives. */
  send(
    route: string,
    method: string,
    path: string,
    options: { json?: unknown; body?: Buffer; headers?: Record<string, string>; ip?: string } = {},
  ): Promise<Answer> {
    const url = new URL(path, this.baseUrl);
    const headers: Record<string, string> = {
      'x-forwarded-for': options.ip ?? this.ip,
      accept: 'application/json',
      ...options.headers,
    };
    if (this.cookie) headers.cookie = this.cookie;
    let payload: Buffer | undefined = options.body;
    if (options.json !== undefined) {
      payload = Buffer.from(JSON.stringify(options.json));
      headers['content-type'] = 'application/json';
    }
    if (payload) headers['content-length'] = String(payload.length);
    const sentAt = performance.now();
    return new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        url,
        { method, headers, agent: this.agent, timeout: this.timeoutMs },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', (error) => reject(new TransportError(error.message, sentAt)));
          response.on('aborted', () => reject(new TransportError('answer aborted', sentAt)));
          response.on('end', () => {
            if (!response.complete) {
              reject(new TransportError('answer incomplete', sentAt));
              return;
            }
            const at = performance.now();
            const setCookie = response.headers['set-cookie'] ?? [];
            for (const cookie of setCookie) {
              const match = sessionCookiePattern.exec(cookie);
              if (match) this.cookie = match[1]!.endsWith('=') ? undefined : match[1];
            }
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: at - sentAt,
              at,
              sentAt,
            });
          });
        },
      );
      request.on('timeout', () =>
        request.destroy(new Error(`no answer within ${this.timeoutMs} ms`)),
      );
      request.on('error', (error: NodeJS.ErrnoException) =>
        reject(new TransportError(error.code ?? error.message, sentAt)),
      );
      request.end(payload);
    }).then(
      (answer) => {
        this.recorder?.answer(route, answer);
        return answer;
      },
      (error: Error) => {
        this.recorder?.error(route, error);
        throw error;
      },
    );
  }

  /** POST /api/auth/register; on 201 this user is signed in as the new account. */
  async signUp(
    account: { email: string; password: string; userType?: 'renter' | 'owner' },
    route = 'POST /api/auth/register',
    ip?: string,
  ): Promise<Answer> {
    const answer = await this.send(route, 'POST', '/api/auth/register', {
      ip,
      json: {
        registrationMethod: 'email',
        email: account.email,
        password: account.password,
        firstName: 'Load',
        lastName: 'Tester',
        userType: account.userType ?? 'renter',
      },
    });
    if (answer.status === 201) {
      this.userId = json<{ user: { id: string } }>(answer).user.id;
      this.email = account.email;
      this.password = account.password;
      this.emailVerified = false;
    }
    return answer;
  }

  /**
   * POST /api/auth/verify-email-code with the code the sign-up e-mailed to this account, read
   * from `mailbox`, waiting up to `waitMs` for it to arrive (0: only if it is there already).
   * Answers the answer, or undefined when no code had come.
   */
  async verifyEmail(
    mailbox: Mailbox,
    route = 'POST /api/auth/verify-email-code',
    waitMs = 0,
  ): Promise<Answer | undefined> {
    if (!this.email) return undefined;
    const until = performance.now() + waitMs;
    let code = mailbox.codeFor(this.email);
    while (!code && performance.now() < until) {
      await sleep(100);
      code = mailbox.codeFor(this.email);
    }
    if (!code) return undefined;
    const answer = await this.send(route, 'POST', '/api/auth/verify-email-code', {
      json: { code },
    });
    if (answer.status === 200) this.emailVerified = true;
    return answer;
  }

  async signIn(route = 'POST /api/auth/login'): Promise<Answer> {
    return this.send(route, 'POST', '/api/auth/login', {
      json: { email: this.email, password: this.password },
    });
  }

  /** POST /api/upload/property-images with one JPEG; the URLs on 201. */
  async uploadJpeg(jpeg: Buffer, route = 'POST /api/upload/property-images'): Promise<Answer> {
    const body = multipart([{ filename: 'room.jpg', type: 'image/jpeg', data: jpeg }]);
    return this.send(route, 'POST', '/api/upload/property-images', {
      body: body.payload,
      headers: body.headers,
    });
  }
}

/** Something that must succeed during set-up: the answer, or an error naming what failed. */
export function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${answer.status} ${answer.body.slice(0, 300)}`,
    );
  }
  return answer;
}

/** A small real JPEG (640×420 gradient, a few KB), as a phone would send. */
export const smallJpeg = () => imageFile('jpeg', { width: 640, height: 420 });

const cities = [
  ['Ghana', 'Accra'],
  ['Ghana', 'Kumasi'],
  ['Ghana', 'Tamale'],
  ['Ghana', 'Cape Coast'],
] as const;

let listingCounter = 0;
export function listingBody(images: string[] = [], random = Math.random): ListingInput {
  listingCounter += 1;
  const [country, city] = cities[Math.floor(random() * cities.length)]!;
  return {
    title: `Resilience flat ${listingCounter} in ${city}`,
    description: 'A listing written by the resilience scripts.',
    propertyType: random() < 0.5 ? 'apartment' : 'house',
    category: random() < 0.3 ? 'student' : 'general',
    address: '',
    country,
    city,
    pricePerNight: String(500 + Math.floor(random() * 5000)),
    pricingPeriod: 'month',
    bedrooms: 1 + Math.floor(random() * 4),
    bathrooms: 1,
    amenities: random() < 0.5 ? ['wifi'] : ['wifi', 'parking'],
    images,
  };
}

/** The error shape of docs/design.md: { message, code, params?, fields?, fieldCodes? }, nothing else. */
export function hasErrorShape(answer: Answer): boolean {
  try {
    const body = json<Record<string, unknown>>(answer);
    const allowed = Object.keys(apiErrorSchema.shape);
    return (
      apiErrorSchema.safeParse(body).success &&
      Object.keys(body).every((key) => allowed.includes(key))
    );
  } catch {
    return false;
  }
}

/** A 429 or 503 as docs/design.md has it: the error shape and a positive Retry-After. */
export function isProperRefusal(answer: Answer): boolean {
  return hasErrorShape(answer) && Number(answer.headers['retry-after']) > 0;
}
