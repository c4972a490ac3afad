import { useEffect, useRef } from 'react';
import {
  LIVE_EVENTS_PATH,
  liveEventTypes,
  type LiveEventType,
  type LiveEvents,
} from '#common/live-events';

/**
 * Live updates from the server (issue 35): one EventSource per tab, open while some screen
 * listens (the dashboard, the admin panel) and closed when none does. The browser reconnects a
 * dropped stream on its own and sends the last event's id, so nothing is missed; a refused one
 * (signed out, too many tabs) is tried again a minute later, while someone still listens.
 */
type Handler = (data: unknown) => void;

const handlers = new Map<LiveEventType, Set<Handler>>();
let source: EventSource | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;

/** How long a refused stream waits before trying again. */
export const REFUSED_RETRY_MS = 60_000;

const listening = () => [...handlers.values()].some((set) => set.size > 0);

function open(): void {
  if (source || typeof EventSource === 'undefined') return;
  const opened = new EventSource(LIVE_EVENTS_PATH);
  source = opened;
  for (const type of liveEventTypes) {
    opened.addEventListener(type, (event) => {
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      for (const handler of handlers.get(type) ?? []) handler(data);
    });
  }
  opened.onerror = () => {
    // CONNECTING: the browser is reconnecting by itself. CLOSED: the server refused it.
    if (opened.readyState !== EventSource.CLOSED) return;
    if (source === opened) source = null;
    clearTimeout(retry);
    retry = setTimeout(() => {
      if (listening()) open();
    }, REFUSED_RETRY_MS);
  };
}

function closeIfUnused(): void {
  if (listening()) return;
  clearTimeout(retry);
  source?.close();
  source = null;
}

/** Calls `handler` with each live event of `type` while mounted (and `enabled`: signed in). */
export function useLiveEvent<K extends LiveEventType>(
  type: K,
  handler: (data: LiveEvents[K]) => void,
  enabled = true,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    const listener: Handler = (data) => latest.current(data as LiveEvents[K]);
    const set = handlers.get(type) ?? new Set();
    handlers.set(type, set);
    set.add(listener);
    open();
    return () => {
      set.delete(listener);
      closeIfUnused();
    };
  }, [type, enabled]);
}
