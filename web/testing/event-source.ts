import { vi } from 'vitest';

/**
 * A stand-in for the browser's EventSource (jsdom has none): tests open it through the app's
 * code and play the server's part with `emit` and `refuse`.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.OPEN;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server sends an event. */
  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The server refuses the stream (401, 429): the browser gives up on it. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }

  /** The streams the app holds open now. */
  static open(): FakeEventSource[] {
    return FakeEventSource.instances.filter((one) => one.readyState !== FakeEventSource.CLOSED);
  }
}

/** Puts the stand-in in place of EventSource for the test (vi.unstubAllGlobals removes it). */
export function stubEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}
