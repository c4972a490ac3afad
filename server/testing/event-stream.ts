/**
 * A Server-Sent Events client for tests (GET /api/events): reads the stream as a browser's
 * EventSource would, keeping each event (type, id, parsed data) as it arrives.
 */
export type StreamEvent = { type: string; id: string | null; data: unknown };

export type TestEventStream = {
  status: number;
  /** Events so far ("ready" first). */
  events: StreamEvent[];
  /** The first event of `type` (after the ones already taken), within `timeoutMs`. */
  next(type: string, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The refusal's JSON, when the server did not open a stream. */
  refusal: unknown;
  close(): void;
};

export async function openEventStream(
  url: string,
  options: { cookie?: string; lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<TestEventStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    signal: controller.signal,
    headers: {
      accept: 'text/event-stream',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
      ...options.headers,
    },
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const taken = new Set<StreamEvent>();
  const stream: TestEventStream = {
    status: response.status,
    events,
    refusal: null,
    ended: Promise.resolve(),
    close: () => controller.abort(),
    next(type, timeoutMs = 2_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = events.find((event) => event.type === type && !taken.has(event));
          if (!found) return false;
          taken.add(found);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const check = () => void look();
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no ${type} event within ${timeoutMs} ms (had: ${events.map((e) => e.type).join(', ')})`,
            ),
          );
        }, timeoutMs);
        if (!look()) waiters.add(check);
      });
    },
  };
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    stream.refusal = await response.json().catch(() => null);
    return stream;
  }
  stream.ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = { event: 'message', id: null as string | null, data: [] as string[] };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const name = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (name === 'event') fields.event = value;
            else if (name === 'id') fields.id = value;
            else if (name === 'data') fields.data.push(value);
          }
          if (fields.data.length === 0) continue;
          const text = fields.data.join('\n');
          let data: unknown = text;
          try {
            data = JSON.parse(text);
          } catch {
            // Plain text data stays as it is.
          }
          events.push({ type: fields.event, id: fields.id, data });
          for (const waiter of [...waiters]) waiter();
        }
      }
    } catch {
      // Aborted by close(), or the connection dropped: the stream has ended either way.
    }
  })();
  return stream;
}
