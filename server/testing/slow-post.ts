import http from 'node:http';

/** What a slowly sent POST was answered, and whether the server closed the connection. */
export type SlowAnswer = {
  status: number;
  body: { code?: string; images?: string[] };
  closed: boolean;
};

/** A POST being sent slowly: its answer, the end of its connection, and ways to end it. */
export type SlowPost = {
  answer: Promise<SlowAnswer>;
  /** When the connection is gone, whichever side ended it. */
  ended: Promise<void>;
  /** Sends the rest of the body at once. */
  finish(): void;
  abort(): void;
};

/**
 * A POST over a real socket to the app listening on `port` (127.0.0.1), whose body goes out
 * `pieceBytes` at a time, one piece every `everyMs`, until `stopAt` bytes (the whole body by
 * default; less leaves it stalled). `localAddress` (another loopback address, 127.0.0.2 and
 * so on) makes it come from another client address. Its answer may come before the body is
 * all sent (a refusal, a timeout): then sending stops. The upload tests use it to trickle
 * bodies (docs/decisions/023-upload-fairness.md).
 */
export function slowPost(options: {
  port: number;
  url: string;
  cookie: string;
  body: { payload: Buffer; headers: Record<string, string> };
  pieceBytes?: number;
  everyMs?: number;
  stopAt?: number;
  localAddress?: string;
}): SlowPost {
  const { payload } = options.body;
  const pieceBytes = options.pieceBytes ?? 64;
  const stopAt = options.stopAt ?? payload.length;
  let sent = 0;
  const request = http.request({
    host: '127.0.0.1',
    port: options.port,
    method: 'POST',
    path: options.url,
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    headers: {
      ...options.body.headers,
      cookie: options.cookie,
      'content-length': String(payload.length),
    },
  });
  const answer = new Promise<SlowAnswer>((resolve, reject) => {
    request.on('response', (response) => {
      clearInterval(timer);
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({
          status: response.statusCode ?? 0,
          body: text ? (JSON.parse(text) as SlowAnswer['body']) : {},
          closed: response.headers.connection === 'close',
        });
      });
    });
    // Writes after the server answered and closed the connection fail; the answer counts.
    request.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
  });
  const writePiece = () => {
    if (sent >= stopAt || request.destroyed) return;
    const end = Math.min(sent + pieceBytes, stopAt);
    request.write(payload.subarray(sent, end));
    sent = end;
    if (sent === payload.length) {
      clearInterval(timer);
      request.end();
    }
  };
  const ended = new Promise<void>((resolve) => request.on('close', () => resolve()));
  // A request the test aborts has no answer to wait for.
  answer.catch(() => {});
  const timer = setInterval(writePiece, options.everyMs ?? 50);
  writePiece();
  return {
    answer,
    ended,
    finish() {
      clearInterval(timer);
      if (request.destroyed || sent >= payload.length) return;
      request.end(payload.subarray(sent));
      sent = payload.length;
    },
    abort() {
      clearInterval(timer);
      request.destroy();
    },
  };
}
